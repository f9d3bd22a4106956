package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import com.github.benmanes.caffeine.cache.stats.StatsCounter;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters of a cache, in one place for both caches (each counts the ones it has), and the only
 * statistics Caffeine sees: the snapshots {@link DataSourceCacheStats}, {@link ResponseCacheStats}
 * and Caffeine's own {@code CacheStats} (for metrics binders such as Micrometer's {@code
 * CaffeineCacheMetrics}) all read these adders, so the metrics endpoint, the status page and JMX
 * report the same hits, misses and loads.
 *
 * <p>Why Caffeine's own calls for hits, misses and loads are ignored: the caches read the map
 * directly on the hit path (allocation free, and recording nothing) and claim their loads
 * themselves, so Caffeine would see a cold lookup twice (a miss on the read, another on the claim),
 * count a joined load differently, and see a failed load as a success (a failure completes the
 * claim normally). Evictions are the one thing only Caffeine sees; it reports them here with their
 * cause (size, expiry, collection).
 */
final class CacheCounters implements StatsCounter {
  final LongAdder hits = new LongAdder();
  final LongAdder misses = new LongAdder();
  final LongAdder loadSuccesses = new LongAdder();
  final LongAdder loadFailures = new LongAdder();
  final LongAdder totalLoadNanos = new LongAdder();
  // The data-source cache's own.
  final LongAdder notFoundLoads = new LongAdder();
  final LongAdder negativeHits = new LongAdder();
  final LongAdder refreshes = new LongAdder();
  final LongAdder mtimeChecks = new LongAdder();
  final LongAdder mtimeReloads = new LongAdder();
  // The response cache's own.
  final LongAdder tooLarge = new LongAdder();
  final LongAdder staleMisses = new LongAdder();
  // As Caffeine reports them: every removal it counts as an eviction, then by cause.
  private final LongAdder evictions = new LongAdder();
  private final LongAdder evictionWeight = new LongAdder();
  private final LongAdder sizeEvictions = new LongAdder();
  private final LongAdder expirations = new LongAdder();

  DataSourceCacheStats dataSourceStats(boolean enabled, long estimatedSize) {
    return new DataSourceCacheStats(
        enabled,
        hits.sum(),
        misses.sum(),
        loadSuccesses.sum(),
        loadFailures.sum(),
        notFoundLoads.sum(),
        negativeHits.sum(),
        totalLoadNanos.sum(),
        refreshes.sum(),
        sizeEvictions.sum(),
        expirations.sum(),
        estimatedSize,
        mtimeChecks.sum(),
        mtimeReloads.sum());
  }

  ResponseCacheStats responseStats(
      boolean enabled, long entryCount, long weightedBytes, long maximumWeight) {
    return new ResponseCacheStats(
        enabled,
        hits.sum(),
        misses.sum(),
        loadSuccesses.sum(),
        loadFailures.sum(),
        tooLarge.sum(),
        staleMisses.sum(),
        totalLoadNanos.sum(),
        evictions.sum(),
        evictionWeight.sum(),
        entryCount,
        weightedBytes,
        maximumWeight);
  }

  @Override
  public void recordHits(int count) {}

  @Override
  public void recordMisses(int count) {}

  @Override
  public void recordLoadSuccess(long loadTime) {}

  @Override
  public void recordLoadFailure(long loadTime) {}

  @Override
  public void recordEviction(int weight, RemovalCause cause) {
    evictions.increment();
    evictionWeight.add(weight);
    if (cause == RemovalCause.SIZE) {
      sizeEvictions.increment();
    } else if (cause == RemovalCause.EXPIRED) {
      expirations.increment();
    }
  }

  @Override
  public CacheStats snapshot() {
    return CacheStats.of(
        hits.sum(),
        misses.sum(),
        loadSuccesses.sum(),
        loadFailures.sum(),
        totalLoadNanos.sum(),
        evictions.sum(),
        evictionWeight.sum());
  }

  @Override
  public String toString() {
    return snapshot().toString();
  }
}
