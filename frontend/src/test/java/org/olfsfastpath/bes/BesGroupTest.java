package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
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
 * A group's choice, ejection, probes, failover and down state against real emulated BES, with a
 * fake clock and probes run by hand: no test sleeps through a back-off.
 */
final class BesGroupTest {
  private static final String DATASET = "/coads_climatology.nc";
  private static final GetRequest DAS = GetRequest.of(DATASET, BesGetType.DAS, "");

  @RegisterExtension
  final EmulatorExtension a = EmulatorExtension.create(b -> b.faithfulWrites(false));

  @RegisterExtension
  final EmulatorExtension b = EmulatorExtension.create(b -> b.faithfulWrites(false));

  @RegisterExtension
  final EmulatorExtension c = EmulatorExtension.create(b -> b.faithfulWrites(false));

  private final FakePoolClock clock = new FakePoolClock();
  private final ManualScheduler scheduler = new ManualScheduler(clock);
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private BesGroup group;

  @AfterEach
  void close() {
    if (group != null) {
      group.close();
    }
  }

  /** Names each emulator's endpoint A, B or C in the recorded events. */
  private String name(PptEndpoint endpoint) {
    return endpoint.equals(a.endpoint()) ? "A" : endpoint.equals(b.endpoint()) ? "B" : "C";
  }

  private final BesEventListener recorder =
      new BesEventListener() {
        @Override
        public void connectStart(PptEndpoint endpoint) {
          events.add("connect " + name(endpoint));
        }

        @Override
        public void ejected(PptEndpoint endpoint, IOException cause, Duration backoff) {
          events.add("ejected " + name(endpoint) + " " + backoff.toMillis() + " ms");
        }

        @Override
        public void probeStart(PptEndpoint endpoint) {
          events.add("probe " + name(endpoint));
        }

        @Override
        public void probeFailed(PptEndpoint endpoint, IOException cause, Duration backoff) {
          events.add("probe failed " + name(endpoint) + " " + backoff.toMillis() + " ms");
        }

        @Override
        public void readmitted(PptEndpoint endpoint, Duration downFor) {
          events.add("readmitted " + name(endpoint) + " after " + downFor.toMillis() + " ms");
        }

        @Override
        public void failover(PptEndpoint from, PptEndpoint to, IOException cause) {
          events.add("failover " + name(from) + " -> " + name(to));
        }
      };

  /** A client with a read timeout that a cold emulator's first answer never reaches. */
  private BesClient client(EmulatorExtension bes) {
    return client(bes, Duration.ofSeconds(10));
  }

  private BesClient client(EmulatorExtension bes, Duration readTimeout) {
    return BesClient.newBuilder()
        .endpoint(bes.endpoint())
        .eventListener(recorder)
        .pptOptions(PptOptions.newBuilder().readTimeout(readTimeout).build())
        .build();
  }

  private BesGroupBuilder builder() {
    return BesGroup.newBuilder().clock(clock).scheduler(scheduler).eventListener(recorder);
  }

  private List<String> events(String kind) {
    synchronized (events) {
      return events.stream().filter(e -> e.startsWith(kind)).toList();
    }
  }

  private static long showNodes(EmulatorExtension bes) {
    return bes.emulator().commandCount("showNode");
  }

  private static String stackTrace(Throwable e) {
    java.io.StringWriter out = new java.io.StringWriter();
    e.printStackTrace(new java.io.PrintWriter(out));
    return out.toString();
  }

  private BesMemberStats member(int index) {
    return group.stats().members().get(index);
  }

  @Test
  void choice_equalLoad_roundRobin() throws IOException {
    group = builder().addMember(client(a)).addMember(client(b)).addMember(client(c)).build();
    for (int i = 0; i < 6; i++) {
      assertEquals(DATASET, group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL).name());
    }
    assertEquals(List.of(2L, 2L, 2L), List.of(showNodes(a), showNodes(b), showNodes(c)));
    assertEquals(6, group.stats().requests());
    assertEquals(0, group.stats().inFlight());
  }

  @Test
  @SuppressWarnings("try") // the responses are held open only to keep their BES in flight
  void choice_fewestInFlight() throws IOException {
    group = builder().addMember(client(a)).addMember(client(b)).addMember(client(c)).build();
    try (BesResponse first = group.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG);
        BesResponse second = group.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG)) {
      assertEquals(2, group.stats().inFlight());
      for (int i = 0; i < 4; i++) {
        group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
      }
      List<Long> gets =
          List.of(
              a.emulator().commandCount("get"),
              b.emulator().commandCount("get"),
              c.emulator().commandCount("get"));
      List<Long> nodes = List.of(showNodes(a), showNodes(b), showNodes(c));
      assertEquals(2, gets.stream().mapToLong(Long::longValue).sum());
      for (int i = 0; i < 3; i++) {
        // The BES holding a get got no showNode; the free one got all four.
        assertEquals(gets.get(i) == 1 ? 0L : 4L, nodes.get(i), "BES " + i + ": " + gets + nodes);
      }
    }
    assertEquals(0, group.stats().inFlight());
  }

  @Test
  @SuppressWarnings("try") // the responses are held open only to keep their BES in flight
  void choice_weights_lightTrafficAndInFlight() throws IOException {
    group = builder().addMember(client(a), 2).addMember(client(b)).build();
    for (int i = 0; i < 30; i++) {
      group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    }
    assertEquals(20, showNodes(a));
    assertEquals(10, showNodes(b));
    // In flight per unit of weight: three held gets sit two on A, one on B.
    try (BesResponse r1 = group.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG);
        BesResponse r2 = group.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG);
        BesResponse r3 = group.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG)) {
      assertEquals(2, member(0).inFlight());
      assertEquals(1, member(1).inFlight());
      assertEquals(2, member(0).weight());
    }
  }

  @Test
  void connectRefused_ejectsAtOnce_failsOver_noTrafficWhileOut() throws IOException {
    group = builder().addMember(client(a)).addMember(client(b)).build();
    a.emulator().pause();

    for (int i = 0; i < 6; i++) {
      assertEquals(
          DATASET,
          group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL).name(),
          "no command fails");
    }
    assertEquals(List.of("ejected A 1000 ms"), events("ejected"));
    assertEquals(List.of("failover A -> B"), events("failover"));
    assertEquals(List.of("connect A"), events("connect A"), "one connect to A, none after");
    BesMemberStats stats = member(0);
    assertTrue(stats.ejected());
    assertEquals(FakePoolClock.EPOCH, stats.ejectedSince());
    assertTrue(
        stats
            .ejectionCause()
            .startsWith(
                "java.net.ConnectException: cannot connect to the" + " BES at " + a.endpoint()),
        stats.ejectionCause());
    assertEquals(Duration.ofSeconds(1), stats.nextProbeIn());
    assertEquals(1, stats.requests());
    assertEquals(1, stats.connectFailures());
    assertEquals(1, stats.failovers());
    assertEquals(1, stats.ejections());
    assertEquals(6, showNodes(b));
    assertEquals(1, group.stats().failovers());
    assertFalse(group.isDown());
  }

  @Test
  void probes_afterTheBackOff_oneAtATime_doubling_upToTheMax_thenReadmit() throws IOException {
    group =
        builder()
            .addMember(client(a))
            .addMember(client(b))
            .ejectionBase(Duration.ofSeconds(1))
            .ejectionMax(Duration.ofSeconds(4))
            .build();
    a.emulator().pause();
    group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    assertTrue(member(0).ejected());

    clock.advance(Duration.ofMillis(999));
    assertEquals(0, scheduler.runDue(), "nothing before the back-off");
    clock.advance(Duration.ofMillis(1));
    // Ten requests notice the due probe: one probe is queued, not ten.
    for (int i = 0; i < 10; i++) {
      group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    }
    scheduler.runDue();
    assertEquals(List.of("probe A"), events("probe A"));
    assertEquals(List.of("probe failed A 2000 ms"), events("probe failed"));
    assertEquals(Duration.ofSeconds(2), member(0).nextProbeIn());

    clock.advance(Duration.ofMillis(1999));
    scheduler.runDue();
    assertEquals(1, events("probe A").size(), "no probe before the back-off");
    clock.advance(Duration.ofMillis(1));
    scheduler.runDue();
    clock.advance(Duration.ofSeconds(4));
    scheduler.runDue();
    assertEquals(
        List.of("probe failed A 2000 ms", "probe failed A 4000 ms", "probe failed A 4000 ms"),
        events("probe failed"));
    assertEquals(FakePoolClock.EPOCH, member(0).ejectedSince(), "since the first failure");
    assertEquals(3, member(0).probes());
    assertEquals(3, member(0).probeFailures());

    a.emulator().pause(); // still down; now it comes back
    a.emulator().resume();
    int connections = a.emulator().connectionCount();
    clock.advance(Duration.ofSeconds(4));
    scheduler.runDue();
    assertEquals(List.of("readmitted A after 11000 ms"), events("readmitted"));
    assertFalse(member(0).ejected());
    assertNull(member(0).ejectionCause());
    assertEquals(connections + 1, a.emulator().connectionCount(), "the probe connected");
    assertEquals(0, a.emulator().requestCount(), "the probe sent no command");
    assertEquals(1, member(0).pool().idle(), "the probe's connection waits in the pool");

    // Back in the rotation, with its share at once: the picks it missed are not made up for.
    long before = showNodes(b);
    for (int i = 0; i < 4; i++) {
      group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    }
    assertEquals(2, showNodes(a));
    assertEquals(before + 2, showNodes(b));
    assertEquals(
        1,
        member(0).pool().created() - member(0).pool().discarded(),
        "the probe's connection served the commands");
  }

  @Test
  void ejectionAgainWithoutASuccess_doublesTheBackOff_aSuccessResetsIt() throws IOException {
    group = builder().addMember(client(a)).addMember(client(b)).build();
    a.emulator().pause();
    group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    a.emulator().resume();
    clock.advance(Duration.ofSeconds(1));
    scheduler.runDue();
    assertFalse(member(0).ejected());

    // Down again before it answered anything: the next stay out is longer.
    a.emulator().pause();
    a.emulator().resume();
    a.emulator().pause();
    group.evictIdle();
    while (member(0).ejections() < 2) {
      group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    }
    a.emulator().resume();
    clock.advance(Duration.ofSeconds(2));
    scheduler.runDue();
    assertFalse(member(0).ejected());
    while (showNodes(a) == 0) {
      group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    }

    // It answered: the streak is over.
    a.emulator().pause();
    group.evictIdle();
    while (member(0).ejections() < 3) {
      group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    }
    assertEquals(
        List.of("ejected A 1000 ms", "ejected A 2000 ms", "ejected A 1000 ms"), events("ejected"));
  }

  @Test
  void everyBesOut_failsFast_namingTheBesAndCause_noConnect() throws IOException {
    group = builder().addMember(client(a)).build();
    a.emulator().pause();

    BesUnavailableException first =
        assertThrows(
            BesUnavailableException.class,
            () -> group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL));
    assertInstanceOf(ConnectException.class, first.getCause());
    assertEquals(a.endpoint(), first.endpoint());
    assertEquals(FakePoolClock.EPOCH, first.downSince());
    assertEquals(Duration.ofSeconds(1), first.retryAfter());
    assertEquals(1, first.retryAfterSeconds());
    assertEquals(
        "the BES of group / is down: "
            + a.endpoint()
            + " since 2026-01-01T00:00:00Z"
            + " after "
            + first.getCause()
            + "; next probe in 1000 ms",
        first.getMessage());

    int connects = events("connect A").size();
    clock.advance(Duration.ofMillis(400));
    long start = System.nanoTime();
    for (int i = 0; i < 100; i++) {
      BesUnavailableException e =
          assertThrows(
              BesUnavailableException.class,
              () -> group.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG));
      assertEquals(Duration.ofSeconds(1), e.retryAfter(), "600 ms, rounded up");
      assertEquals(first.getCause(), e.ejectionCause());
    }
    long micros = (System.nanoTime() - start) / 1000 / 100;
    assertEquals(connects, events("connect A").size(), "no connect while down");
    System.out.printf("down group: a refused command took %d us on average%n", micros);

    BesGroupStats stats = group.stats();
    assertTrue(stats.down());
    assertEquals(FakePoolClock.EPOCH, stats.downSince());
    assertEquals(101, stats.unavailable());
    assertEquals(0, stats.available());
    assertTrue(group.isDown());
  }

  @Test
  void ioFailureBeforeAnyByte_failsOverOnce_showNodeAndGet() throws IOException {
    group = builder().addMember(client(a)).addMember(client(b)).build();
    a.emulator().addFaultRule(FaultRule.forCommand("showNode", Fault.closeConnection()));
    a.emulator().addFaultRule(FaultRule.forCommand("get", Fault.closeConnection()));

    assertEquals(
        DATASET,
        group
            .send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL)
            .name()); // A first in turn, then B
    try (BesResponse response = group.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG)) {
      assertTrue(new String(response.body().readAllBytes()).contains("Attributes"));
    }
    assertEquals(List.of("failover A -> B", "failover A -> B"), events("failover"));
    assertEquals(1, showNodes(b));
    assertEquals(1, b.emulator().commandCount("get"));
    assertEquals(2, member(0).ioFailures());
    assertFalse(member(0).ejected(), "under the threshold of 3");
  }

  @Test
  void bothFail_oneFailoverOnly_theSecondFailureThrown_theFirstSuppressed() {
    group = builder().addMember(client(a)).addMember(client(b)).addMember(client(c)).build();
    for (EmulatorExtension bes : List.of(a, b, c)) {
      bes.emulator().addFaultRule(FaultRule.forCommand("showNode", Fault.closeConnection()));
    }
    IOException e =
        assertThrows(
            IOException.class, () -> group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL));
    assertFalse(e instanceof BesUnavailableException);
    assertEquals(1, e.getSuppressed().length, () -> stackTrace(e));
    assertEquals(2, showNodes(a) + showNodes(b) + showNodes(c), "tried twice, not three times");
    assertEquals(1, group.stats().failovers());
  }

  @Test
  void failureAfterTheResponseWasHandedOut_neverRetried() throws IOException {
    group = builder().addMember(client(a)).addMember(client(b)).build();
    for (EmulatorExtension bes : List.of(a, b)) {
      bes.emulator().addFaultRule(FaultRule.forCommand("get", Fault.truncatedChunk()));
    }
    try (BesResponse response = group.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG)) {
      assertThrows(IOException.class, () -> response.body().readAllBytes());
    }
    assertEquals(1, a.emulator().commandCount("get") + b.emulator().commandCount("get"));
    assertEquals(0, group.stats().failovers());
    assertEquals(1, member(0).streamFailures() + member(1).streamFailures());
    assertEquals(0, group.stats().inFlight());
  }

  @Test
  void brokenOffRepeatedly_ejectedAtTheThreshold() throws IOException {
    group = builder().addMember(client(a)).addMember(client(b)).ejectionThreshold(2).build();
    a.emulator().addFaultRule(FaultRule.forCommand("showNode", Fault.closeConnection()));
    while (!member(0).ejected()) {
      group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    }
    assertEquals(2, member(0).ioFailures());
    assertEquals(2, showNodes(a));
    assertTrue(
        member(0).ejectionCause().contains("PptProtocolException"), member(0).ejectionCause());
  }

  @Test
  void brokenOffRepeatedly_lastAvailableBesNeverEjected() {
    group = builder().addMember(client(a)).ejectionThreshold(2).build();
    a.emulator().addFaultRule(FaultRule.forCommand("showNode", Fault.closeConnection()));
    for (int i = 0; i < 5; i++) {
      IOException e =
          assertThrows(
              IOException.class, () -> group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL));
      assertFalse(e instanceof BesUnavailableException, e.toString());
    }
    assertFalse(member(0).ejected());
    // Each command went twice: once more on a new connection (retry), broken off both times.
    assertEquals(10, member(0).ioFailures());
    assertEquals(5, group.stats().retries());
  }

  @Test
  void besError_neitherRetriedNorEjected() {
    group = builder().addMember(client(a)).addMember(client(b)).build();
    BesErrorException e =
        assertThrows(
            BesErrorException.class,
            () -> group.send(BesCommand.SHOW_NODE, "/no_such_file.nc", Caller.INTERNAL));
    assertTrue(e.error().isNotFound());
    assertEquals(1, showNodes(a) + showNodes(b));
    assertEquals(0, group.stats().failovers());
    assertEquals(1, member(0).besErrors() + member(1).besErrors());
  }

  @Test
  void readTimeout_slowNotDead_neitherRetriedNorEjected() {
    group = builder().addMember(client(a, Duration.ofMillis(500))).addMember(client(b)).build();
    a.emulator().addFaultRule(FaultRule.forCommand("showNode", Fault.stall()));
    assertThrows(
        PptTimeoutException.class,
        () -> group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL)); // A first in turn
    assertEquals(0, showNodes(b));
    assertFalse(member(0).ejected());
    assertEquals(1, member(0).timeouts());
    assertEquals(0, group.stats().failovers());
  }

  @Test
  void showVersion_everyBes_theOneOutReportedUnasked() throws IOException {
    group = builder().addMember(client(a)).addMember(client(b)).build();
    List<MemberVersion> versions = group.showVersion();
    assertEquals(
        List.of(a.endpoint(), b.endpoint()),
        versions.stream().map(MemberVersion::endpoint).toList());
    assertTrue(versions.get(0).answered() && versions.get(1).answered());
    assertTrue(versions.get(0).document().contains("<Administrator>"), versions.get(0).document());

    a.emulator().pause();
    versions = group.showVersion();
    assertInstanceOf(ConnectException.class, versions.get(0).failure(), "the connect failure");
    assertTrue(member(0).ejected());
    int connects = events("connect A").size();
    versions = group.showVersion();
    BesUnavailableException out =
        assertInstanceOf(BesUnavailableException.class, versions.get(0).failure());
    assertEquals(a.endpoint(), out.endpoint());
    assertNotNull(versions.get(1).document());
    assertEquals(connects, events("connect A").size(), "not asked while out");
  }

  @Test
  void stats_andSpecSettings() {
    group =
        BesGroup.from(
                Map.of(
                    "prefix",
                    "/data/",
                    "ejectionBase",
                    "250ms",
                    "ejectionMax",
                    "10s",
                    "ejectionThreshold",
                    "5",
                    "failover",
                    "false"))
            .addMember(client(a))
            .addMember(client(b), 3)
            .build();
    assertEquals("/data", group.prefix());
    assertEquals(Duration.ofMillis(250), group.ejectionBase());
    assertEquals(Duration.ofSeconds(10), group.ejectionMax());
    assertEquals(5, group.ejectionThreshold());
    assertFalse(group.failover());
    BesGroupStats stats = group.stats();
    assertEquals("/data", stats.prefix());
    assertEquals(2, stats.available());
    assertNull(stats.downSince());
    assertEquals(List.of(1, 3), stats.members().stream().map(BesMemberStats::weight).toList());
    assertEquals(group.members().get(1).endpoint(), stats.members().get(1).endpoint());
  }

  @Test
  void failoverOff_connectFailureStillEjects_butIsNotRetried() {
    group = builder().addMember(client(a)).addMember(client(b)).failover(false).build();
    a.emulator().pause();
    assertThrows(
        ConnectException.class,
        () -> group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL)); // A first in turn
    assertTrue(member(0).ejected());
    assertEquals(0, showNodes(b));
  }

  /** The events of the group's own listener, without the clients' connects. */
  private List<String> groupEvents() {
    synchronized (events) {
      return events.stream().filter(e -> !e.startsWith("connect")).toList();
    }
  }

  /**
   * A client of A whose connects are refused, fail with a bug, or connect, as {@code mode} says.
   */
  private BesClient flakyClient(java.util.concurrent.atomic.AtomicReference<String> mode) {
    return BesClient.newBuilder()
        .endpoint(a.endpoint())
        .eventListener(recorder)
        .connector(
            () ->
                switch (mode.get()) {
                  case "refuse" -> throw new ConnectException("Connection refused");
                  case "bug" -> throw new IllegalArgumentException("a bug in the connect");
                  default ->
                      org.olfsfastpath.ppt.PptConnection.open(a.endpoint(), PptOptions.defaults());
                })
        .build();
  }

  @Test
  @Regression(
      "b208f56: a probe that failed with an unexpected runtime exception ended the probes,"
          + " so the BES stayed out of service")
  void probeFailingWithARuntimeException_countsAsAFailedProbe_andTheNextProbeRuns()
      throws IOException {
    java.util.concurrent.atomic.AtomicReference<String> mode =
        new java.util.concurrent.atomic.AtomicReference<>("refuse");
    group =
        builder()
            .addMember(flakyClient(mode))
            .addMember(client(b))
            .ejectionBase(Duration.ofSeconds(1))
            .ejectionMax(Duration.ofSeconds(4))
            .build();
    group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL);
    assertTrue(member(0).ejected());

    mode.set("bug");
    clock.advance(Duration.ofSeconds(1));
    scheduler.runDue();
    assertEquals(List.of("probe failed A 2000 ms"), events("probe failed"));
    assertEquals(1, member(0).probeFailures());
    assertTrue(
        member(0).ejectionCause().contains("a bug in the connect"), member(0).ejectionCause());

    mode.set("connect");
    clock.advance(Duration.ofSeconds(2));
    scheduler.runDue();
    assertEquals(1, events("readmitted A").size(), "the next probe ran and brought A back");
    assertFalse(member(0).ejected());
  }

  @Test
  @Regression(
      "b208f56: a probe timer that found a probe still running dropped its turn, so a BES"
          + " taken out again just as its last probe ended waited for a request to notice it")
  void probeTimer_findingAProbeStillRunning_looksAgainAfterTheBaseBackOff() throws IOException {
    java.util.concurrent.atomic.AtomicReference<String> mode =
        new java.util.concurrent.atomic.AtomicReference<>("refuse");
    java.util.concurrent.atomic.AtomicBoolean takeOutAgain =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    BesClient flaky = flakyClient(mode);
    group =
        BesGroup.newBuilder()
            .clock(clock)
            .scheduler(scheduler)
            .addMember(flaky)
            .ejectionBase(Duration.ofSeconds(1))
            .ejectionMax(Duration.ofSeconds(4))
            .eventListener(
                new BesEventListener() {
                  @Override
                  public void probeStart(PptEndpoint endpoint) {
                    events.add("probe A");
                  }

                  @Override
                  public void readmitted(PptEndpoint endpoint, Duration downFor) {
                    events.add("readmitted A");
                    if (!takeOutAgain.getAndSet(false)) {
                      return;
                    }
                    // Still inside the probe that readmitted A: A goes out again, and its new
                    // stay's
                    // timer comes due while that probe has not yet ended.
                    mode.set("refuse");
                    flaky.evictIdle();
                    assertThrows(
                        IOException.class,
                        () -> group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL));
                    clock.advance(member(0).nextProbeIn());
                    scheduler.runDue();
                  }
                })
            .build();
    assertThrows(
        IOException.class, () -> group.send(BesCommand.SHOW_NODE, DATASET, Caller.INTERNAL));
    assertTrue(member(0).ejected());

    mode.set("connect");
    clock.advance(Duration.ofSeconds(1));
    scheduler.runDue();
    assertEquals(List.of("probe A", "readmitted A"), groupEvents());
    assertTrue(member(0).ejected(), "out again");

    // No request comes: the timer that found the probe running looks again by itself.
    mode.set("connect");
    clock.advance(Duration.ofSeconds(1));
    scheduler.runDue();
    assertEquals(List.of("probe A", "readmitted A", "probe A", "readmitted A"), groupEvents());
    assertFalse(member(0).ejected());
  }
}
