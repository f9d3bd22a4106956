package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.testing.Regression;

/**
 * A request that noticed a due probe just before the timer's probe failed must not probe again: its
 * probe would double the new back-off at once, so a BES that came back a moment later waited twice
 * as long to be readmitted (seen as FaultsIT's "no data request succeeded after the BES came back":
 * probes 6 ms apart, the next one 4 s away).
 */
final class ProbeRaceTest {
  private final FakePoolClock clock = new FakePoolClock();
  private final ManualScheduler scheduler = new ManualScheduler(clock);
  private final List<String> events = new ArrayList<>();
  private BesClient client;

  @AfterEach
  void close() {
    if (client != null) {
      client.close();
    }
  }

  @Test
  @Regression("a request's probe queued for a stay out that a failed probe had just renewed")
  void aProbeQueuedForAnEndedStayOut_doesNotRun_andTheBackOffDoublesOnce() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort(); // Closed below: nothing listens, every connect is refused.
    }
    client = BesClient.newBuilder().endpoint(PptEndpoint.tcp("127.0.0.1", port)).build();
    BesEventListener recorder =
        new BesEventListener() {
          @Override
          public void probeStart(PptEndpoint endpoint) {
            events.add("probe");
          }

          @Override
          public void probeFailed(PptEndpoint endpoint, IOException cause, Duration wait) {
            events.add("probe failed " + wait.toMillis() + " ms");
          }
        };
    GroupMember member = new GroupMember(client, 1);
    GroupHealth health =
        new GroupHealth(
            "/",
            new GroupMember[] {member},
            Duration.ofSeconds(1).toNanos(),
            Duration.ofSeconds(4).toNanos(),
            1,
            clock,
            recorder,
            scheduler);
    long now = clock.nanoTime();
    GroupMember.Ejection due =
        new GroupMember.Ejection(
            now, clock.instant(), new ConnectException("refused"), 1_000_000_000L, now);
    member.ejection.set(due);

    // One request sees the stay out due and has a probe queued; the probe fails.
    health.probeIfDue(member, due, now);
    scheduler.runDue();
    // Another request read the same stay out before that probe renewed it, and acts on it now.
    health.probeIfDue(member, due, now);
    scheduler.runDue();

    assertEquals(List.of("probe", "probe failed 2000 ms"), events);
    assertEquals(
        now + Duration.ofSeconds(2).toNanos(), member.ejection.get().nextProbeNanos(), "2 s away");
  }
}
