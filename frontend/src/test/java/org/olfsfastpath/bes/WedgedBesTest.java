package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.emulator.FaultRule;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptTimeoutException;
import org.olfsfastpath.testing.Regression;

/**
 * Issue 15, "a restarted BES that accepts connections but never answers the handshake makes every
 * request wait the read timeout": the BES layer's part, in real time. The first command pays the
 * short handshake timeout and takes the BES out; later ones fail at once, with no connect; one
 * probe at a time brings it back as soon as it answers handshakes again. A BES that answers the
 * handshake but not the command is slow, not wedged: that command still waits the read timeout.
 */
final class WedgedBesTest {
  private static final Duration HANDSHAKE_TIMEOUT = Duration.ofMillis(300);
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
  private static final String DATASET = "/coads_climatology.nc";

  @RegisterExtension
  final EmulatorExtension bes = EmulatorExtension.create(b -> b.faithfulWrites(false));

  private final List<String> requestThreadConnects =
      Collections.synchronizedList(new ArrayList<>());
  private final AtomicInteger probesRunning = new AtomicInteger();
  private final AtomicInteger mostProbesAtOnce = new AtomicInteger();
  private BesGroup group;

  @BeforeEach
  void start() {
    Thread testThread = Thread.currentThread();
    BesEventListener listener =
        new BesEventListener() {
          @Override
          public void connectStart(PptEndpoint endpoint) {
            if (Thread.currentThread() == testThread) {
              requestThreadConnects.add(endpoint.toString());
            }
          }

          @Override
          public void probeStart(PptEndpoint endpoint) {
            mostProbesAtOnce.accumulateAndGet(probesRunning.incrementAndGet(), Math::max);
          }

          @Override
          public void probeFailed(PptEndpoint endpoint, IOException cause, Duration backoff) {
            probesRunning.decrementAndGet();
          }

          @Override
          public void readmitted(PptEndpoint endpoint, Duration downFor) {
            probesRunning.decrementAndGet();
          }
        };
    BesClient client =
        BesClient.newBuilder()
            .endpoint(bes.endpoint())
            .eventListener(listener)
            .pptOptions(
                PptOptions.newBuilder()
                    .handshakeTimeout(HANDSHAKE_TIMEOUT)
                    .readTimeout(READ_TIMEOUT)
                    .build())
            .build();
    group =
        BesGroup.newBuilder()
            .addMember(client)
            .eventListener(listener)
            .ejectionBase(Duration.ofMillis(100))
            .ejectionMax(Duration.ofMillis(400))
            .build();
  }

  @AfterEach
  void stop() {
    group.close();
  }

  @Test
  @Regression(
      "issue 15 (38ca7cd): a BES that accepts connections and never answers the handshake "
          + "must cost one request the handshake timeout, the rest nothing, until a probe brings it "
          + "back")
  void silentHandshake_firstFailsAfterTheHandshakeTimeout_thenFast_probeBringsItBack()
      throws Exception {
    assertEquals(DATASET, group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL).name());
    group.evictIdle(); // the old BES processes are gone; new connections meet the wedge
    bes.emulator().setConnectionFault(Fault.silentHandshake());
    requestThreadConnects.clear();

    long start = System.nanoTime();
    BesUnavailableException first =
        assertThrows(
            BesUnavailableException.class,
            () -> group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL));
    long firstMillis = (System.nanoTime() - start) / 1_000_000;
    PptTimeoutException cause = assertInstanceOf(PptTimeoutException.class, first.getCause());
    assertTrue(cause.getMessage().contains("handshake"), cause.getMessage());
    assertTrue(
        first.getMessage().startsWith("the BES of group / is down: " + bes.endpoint() + " since "),
        first.getMessage());
    assertTrue(firstMillis >= HANDSHAKE_TIMEOUT.toMillis(), firstMillis + " ms");
    assertTrue(firstMillis < READ_TIMEOUT.toMillis(), "not the read timeout: " + firstMillis);
    assertEquals(1, requestThreadConnects.size());

    // While it is out: no connect from a request, whatever the probes do meanwhile.
    start = System.nanoTime();
    int refused = 0;
    for (int i = 0; i < 200; i++) {
      try {
        group
            .send(BesCommand.GET, GetRequest.of(DATASET, BesGetType.DAS, ""), Caller.INTERNAL_LONG)
            .close();
      } catch (BesUnavailableException e) {
        refused++;
        assertEquals(bes.endpoint(), e.endpoint());
        assertTrue(e.retryAfterSeconds() >= 1);
      }
    }
    long fastMicros = (System.nanoTime() - start) / 1000 / 200;
    assertEquals(200, refused);
    assertEquals(1, requestThreadConnects.size(), "no request connected while the BES was out");
    BesGroupStats down = group.stats();
    assertTrue(down.down());
    assertTrue(down.members().get(0).ejected());

    // Let probes fail a few times, then the BES answers handshakes again.
    awaitProbes(3);
    bes.emulator().setConnectionFault(null);
    long back = System.nanoTime();
    while (group.isDown()) {
      assertTrue(System.nanoTime() - back < 5_000_000_000L, "not readmitted within 5 s");
      Thread.sleep(10);
    }
    long backMillis = (System.nanoTime() - back) / 1_000_000;
    assertEquals(DATASET, group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL).name());
    assertEquals(1, mostProbesAtOnce.get(), "one probe at a time");
    BesMemberStats member = group.stats().members().get(0);
    assertFalse(member.ejected());
    assertEquals(member.probes(), member.probeFailures() + 1);
    System.out.printf(
        "wedged BES: first command %d ms (handshake timeout %d ms), then %d us per"
            + " refused command, %d probes, back %d ms after the BES answered again%n",
        firstMillis, HANDSHAKE_TIMEOUT.toMillis(), fastMicros, member.probes(), backMillis);
  }

  @Test
  void handshakeAnswered_commandNeverAnswered_waitsTheReadTimeout_notEjected() throws Exception {
    BesClient client =
        BesClient.newBuilder()
            .endpoint(bes.endpoint())
            .pptOptions(
                PptOptions.newBuilder()
                    .handshakeTimeout(HANDSHAKE_TIMEOUT)
                    .readTimeout(Duration.ofMillis(700))
                    .build())
            .build();
    try (BesGroup slow = BesGroup.newBuilder().addMember(client).build()) {
      assertEquals(
          DATASET,
          slow.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL)
              .name()); // warm: only the stall may be slow
      bes.emulator().addFaultRule(FaultRule.forCommand("get", Fault.stall()));
      long start = System.nanoTime();
      assertThrows(
          PptTimeoutException.class,
          () ->
              slow.send(
                  BesCommand.GET,
                  GetRequest.of(DATASET, BesGetType.DAS, ""),
                  Caller.INTERNAL_LONG));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertTrue(millis >= 700, "waited the read timeout: " + millis + " ms");
      assertFalse(slow.isDown(), "a slow BES is not taken out");
      assertEquals(DATASET, slow.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL).name());
      assertEquals(1, slow.stats().members().get(0).timeouts());
    }
  }

  private void awaitProbes(int count) throws InterruptedException {
    long start = System.nanoTime();
    while (group.stats().members().get(0).probeFailures() < count) {
      assertTrue(System.nanoTime() - start < 10_000_000_000L, "probes did not run");
      Thread.sleep(20);
    }
  }
}
