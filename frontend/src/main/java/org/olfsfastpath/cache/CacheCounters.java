package org.olfsfastpath.cache;

import java.util.concurrent.atomic.LongAdder;

/**
 * The cache's counters, in one place. Caffeine's own statistics stay off: the hit path reads the
 * map directly (Caffeine's {@code get} allocates on every call), so Caffeine would see only part
 * of the traffic; counting everything here keeps hits, misses and loads consistent.
 */
final class CacheCounters {
  final LongAdder hits = new LongAdder();
  final LongAdder misses = new LongAdder();
  final LongAdder loadSuccesses = new LongAdder();
  final LongAdder loadFailures = new LongAdder();
  final LongAdder notFoundLoads = new LongAdder();
  final LongAdder negativeHits = new LongAdder();
  final LongAdder totalLoadNanos = new LongAdder();
  final LongAdder refreshes = new LongAdder();
  final LongAdder evictions = new LongAdder();
  final LongAdder expirations = new LongAdder();
  final LongAdder mtimeChecks = new LongAdder();
  final LongAdder mtimeReloads = new LongAdder();

  DataSourceCacheStats snapshot(boolean enabled, long estimatedSize) {
    return new DataSourceCacheStats(enabled, hits.sum(), misses.sum(), loadSuccesses.sum(),
        loadFailures.sum(), notFoundLoads.sum(), negativeHits.sum(), totalLoadNanos.sum(),
        refreshes.sum(), evictions.sum(), expirations.sum(), estimatedSize, mtimeChecks.sum(),
        mtimeReloads.sum());
  }
}
