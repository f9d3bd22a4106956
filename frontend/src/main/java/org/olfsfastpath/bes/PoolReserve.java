package org.olfsfastpath.bes;

import java.util.Locale;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * A {@link BesConnectionPool}'s reserve for short requests: the connections that requests whose
 * answer may hold its connection long never take. Those take one of {@code maxConnections -
 * reserve} long leases (a fair semaphore) before the pool's own lease, and give it back with it.
 * Without a reserve there is no semaphore, so a long request costs nothing more. Thread-safe.
 */
final class PoolReserve {
  private final int maxConnections;
  private final int reserved;
  private final @Nullable Semaphore longLeases;
  private final LongAdder refusals = new LongAdder();

  /**
   * @param reserve the connections asked for; at most {@code maxConnections - 1} are kept
   */
  PoolReserve(int maxConnections, int reserve) {
    this.maxConnections = maxConnections;
    this.reserved = Math.max(0, Math.min(reserve, maxConnections - 1));
    this.longLeases = reserved == 0 ? null : new Semaphore(maxConnections - reserved, true);
  }

  /** The long leases a long request takes first; null without a reserve. */
  @Nullable Semaphore longLeases() {
    return longLeases;
  }

  /** A long request gives back its long lease. */
  void giveBack() {
    Semaphore longs = longLeases;
    if (longs != null) {
      longs.release();
    }
  }

  /** The connections kept for short requests. */
  int reserved() {
    return reserved;
  }

  /** Long leases held now. */
  int longInUse() {
    Semaphore longs = longLeases;
    return longs == null ? 0 : Math.max(0, maxConnections - reserved - longs.availablePermits());
  }

  /** Long requests refused so far. */
  long refusals() {
    return refusals.sum();
  }

  /** A long request found no long lease for {@code waitedNanos}: counted, and its refusal. */
  BesLimitException refused(long waitedNanos) {
    refusals.increment();
    return new BesLimitException(
        BesLimitException.Limit.RESERVE,
        "",
        String.format(
            Locale.US,
            "every BES connection that long downloads may use is busy (%d of the %d to this BES; the"
                + " other %d are kept for short requests such as metadata) and none came free in %d"
                + " ms; retry shortly",
            maxConnections - reserved,
            maxConnections,
            reserved,
            TimeUnit.NANOSECONDS.toMillis(waitedNanos)));
  }
}
