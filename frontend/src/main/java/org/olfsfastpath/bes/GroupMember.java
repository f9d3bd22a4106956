package org.olfsfastpath.bes;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * One BES of a {@link BesGroup}: its client, its weight, and the state the group's choice and
 * ejection read and write, all in atomics so that no request ever takes a lock. The group holds the
 * logic; this class holds the state and its snapshot.
 */
final class GroupMember {
  final BesClient client;
  final PptEndpoint endpoint;
  final int weight;

  /** Commands sent and not yet ended; a get ends when its response closes. */
  final AtomicInteger inFlight = new AtomicInteger();

  /** Times the group chose this BES; divided by the weight, the tie-breaker of the choice. */
  final AtomicLong picks = new AtomicLong();

  /** Null while the BES takes requests; replaced only by the thread that holds {@link #probing}. */
  final AtomicReference<Ejection> ejection = new AtomicReference<>();

  /** Held by the one probe queued or running. */
  final AtomicBoolean probing = new AtomicBoolean();

  /** I/O failures since the last success; at the group's threshold the BES is taken out. */
  final AtomicInteger consecutiveIoFailures = new AtomicInteger();

  /** Ejections since the last success: each doubles the next back-off. */
  final AtomicInteger ejectionStreak = new AtomicInteger();

  final LongAdder requests = new LongAdder();
  final LongAdder connectFailures = new LongAdder();
  final LongAdder ioFailures = new LongAdder();
  final LongAdder timeouts = new LongAdder();
  final LongAdder besErrors = new LongAdder();
  final LongAdder exhausted = new LongAdder();
  final LongAdder streamFailures = new LongAdder();
  final LongAdder failovers = new LongAdder();
  final LongAdder ejections = new LongAdder();
  final LongAdder probes = new LongAdder();
  final LongAdder probeFailures = new LongAdder();

  GroupMember(BesClient client, int weight) {
    this.client = client;
    this.endpoint = client.endpoint();
    this.weight = weight;
  }

  /** A command starts on this BES. */
  void enter() {
    inFlight.incrementAndGet();
    requests.increment();
  }

  /** A command on this BES ended, however. */
  void exit() {
    inFlight.decrementAndGet();
  }

  /** The BES answered: failure streaks end. Writes only when there is something to reset. */
  void succeeded() {
    if (consecutiveIoFailures.get() != 0) {
      consecutiveIoFailures.set(0);
    }
    if (ejectionStreak.get() != 0) {
      ejectionStreak.set(0);
    }
  }

  BesMemberStats stats(long nowNanos) {
    Ejection e = ejection.get();
    return new BesMemberStats(
        endpoint,
        weight,
        Math.max(0, inFlight.get()),
        requests.sum(),
        connectFailures.sum(),
        ioFailures.sum(),
        timeouts.sum(),
        besErrors.sum(),
        exhausted.sum(),
        streamFailures.sum(),
        failovers.sum(),
        e == null ? null : e.since(),
        e == null ? null : e.cause().toString(),
        e == null ? null : Duration.ofNanos(Math.max(0, e.nextProbeNanos() - nowNanos)),
        ejections.sum(),
        probes.sum(),
        probeFailures.sum(),
        client.poolStats());
  }

  @Override
  public String toString() {
    return endpoint + (weight == 1 ? "" : " weight " + weight);
  }

  /**
   * One stay out of service; a failed probe replaces it with a longer back-off, keeping {@code
   * since}.
   *
   * @param sinceNanos the clock's reading when the BES was taken out
   * @param since the same moment on the wall clock
   * @param cause the failure that took it out, or that its last probe met
   * @param backoffNanos the wait before the next probe
   * @param nextProbeNanos the clock's reading at which the next probe is due
   */
  record Ejection(
      long sinceNanos, Instant since, IOException cause, long backoffNanos, long nextProbeNanos) {}
}
