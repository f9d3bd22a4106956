package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.testing.Regression;

/**
 * A BES that went away while pooled connections idled (restarted, or its processes killed) costs no
 * failed request and no retry: the pool looks at an idle connection's socket before lending it and
 * discards the dead ones.
 */
final class BesIdleConnectionHealthTest {
  private BesEmulator bes;
  private BesClient client;
  private final List<String> discards = new ArrayList<>();

  @BeforeEach
  void start() throws IOException {
    bes = BesEmulator.newBuilder().faithfulWrites(false).build();
    bes.start();
    client =
        BesClient.newBuilder()
            .endpoint(bes.endpoint())
            .pptOptions(PptOptions.newBuilder().readTimeout(Duration.ofSeconds(5)).build())
            .eventListener(
                new BesEventListener() {
                  @Override
                  public void connectionDiscarded(long connectionId, String reason) {
                    synchronized (discards) {
                      discards.add(reason);
                    }
                  }
                })
            .build();
  }

  @AfterEach
  void stop() {
    client.close();
    bes.close();
  }

  @Test
  @Regression(
      "5ac788b: a BES restarted while connections idled cost the next request a failed "
          + "send and a retry")
  void besRestartedWhileIdle_nextRequestSucceedsOnAFreshConnectionWithoutRetry() throws Exception {
    assertEquals("/coads_climatology.nc", client.showNode("/coads_climatology.nc").name());
    assertEquals(1, client.poolStats().idle());

    bes.pause(); // every BES process ends: the idle connection's socket is at end of stream
    awaitEndOfStreamDelivered();
    bes.resume();

    assertEquals("/coads_climatology.nc", client.showNode("/coads_climatology.nc").name());
    BesPoolStats stats = client.poolStats();
    assertEquals(0, stats.retried(), "no request was sent on the dead connection");
    assertEquals(2, stats.created());
    assertEquals(1, stats.discarded());
    assertEquals(1, stats.total());
    assertEquals(List.of("closed by the BES, or holding stray bytes, while idle"), discards);
    // The BES saw exactly the two showNode commands: nothing went to the dead connection.
    assertEquals(2, bes.commandCount("showNode"));
  }

  @Test
  void manyIdleConnectionsDead_allDiscardedByOneRequest_noneRetried() throws Exception {
    assertEquals(4, client.prewarm(4));
    assertEquals(4, client.poolStats().idle());

    bes.pause();
    awaitEndOfStreamDelivered();
    bes.resume();

    try (BesResponse response =
        client.get(GetRequest.of("/coads_climatology.nc", BesGetType.DDS, ""))) {
      assertTrue(response.body().readAllBytes().length > 0);
    }
    BesPoolStats stats = client.poolStats();
    assertEquals(0, stats.retried());
    assertEquals(4, stats.discarded());
    assertEquals(1, stats.total());
    assertEquals(1, bes.commandCount("get"));
  }

  /**
   * Waits until the kernel has delivered the BES's FIN to every client socket (none of them is
   * ESTABLISHED any more), bounded. The FIN crosses loopback in a softirq that a busy machine can
   * defer; a request racing it would find the socket still quiet and be saved by the retry instead,
   * which is not what these tests are about.
   */
  private void awaitEndOfStreamDelivered() throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        Files.isReadable(Path.of("/proc/net/tcp")),
        "needs Linux's /proc/net/tcp to see when the BES's FIN has arrived");
    String remote = String.format(Locale.ROOT, ":%04X", bes.port());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (System.nanoTime() < deadline) {
      boolean established = false;
      for (String line : Files.readAllLines(Path.of("/proc/net/tcp"))) {
        String[] f = line.trim().split("\\s+");
        // f[2] is the remote address:port, f[3] the state (01 = ESTABLISHED).
        if (f.length > 3 && f[2].endsWith(remote) && f[3].equals("01")) {
          established = true;
        }
      }
      if (!established) {
        return;
      }
      Thread.sleep(5);
    }
    throw new AssertionError(
        "client sockets to port " + bes.port() + " still ESTABLISHED after 5 s");
  }

  @Test
  void healthyIdleConnection_isReused() throws Exception {
    client.showNode("/");
    client.showNode("/");
    BesPoolStats stats = client.poolStats();
    assertEquals(1, stats.created(), "the look at an idle socket keeps a healthy connection");
    assertEquals(0, stats.discarded());
  }
}
