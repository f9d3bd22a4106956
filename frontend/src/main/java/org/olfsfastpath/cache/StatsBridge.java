package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import com.github.benmanes.caffeine.cache.stats.StatsCounter;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Gives Caffeine's statistics ({@code cache.stats()}, read by metrics binders such as Micrometer's
 * {@code CaffeineCacheMetrics}) the cache's own counters, so the metrics endpoint, the status page
 * and JMX report the same hits, misses and loads.
 *
 * <p>Why not let Caffeine count: our caches read the map directly on the hit path (allocation
 * free, and recording nothing) and claim their loads themselves, so Caffeine would see a cold
 * lookup twice (a miss on the read, another on the claim), count a joined load differently, and
 * see a failed load as a success (a failure completes the claim normally). So hits, misses, loads
 * and load time come from the cache's counters, and Caffeine's own calls for them are ignored.
 * Evictions are the one thing only Caffeine sees; they are counted here as it reports them
 * (size, expiry, collection: every removal Caffeine counts as an eviction).
 */
final class StatsBridge implements StatsCounter {
  private final LongSupplier hits;
  private final LongSupplier misses;
  private final LongSupplier loadSuccesses;
  private final LongSupplier loadFailures;
  private final LongSupplier totalLoadNanos;
  private final LongAdder evictions = new LongAdder();
  private final LongAdder evictionWeight = new LongAdder();

  StatsBridge(LongSupplier hits, LongSupplier misses, LongSupplier loadSuccesses,
      LongSupplier loadFailures, LongSupplier totalLoadNanos) {
    this.hits = hits;
    this.misses = misses;
    this.loadSuccesses = loadSuccesses;
    this.loadFailures = loadFailures;
    this.totalLoadNanos = totalLoadNanos;
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
  }

  /** Entries Caffeine removed on its own: size, expiry. */
  long evictionCount() {
    return evictions.sum();
  }

  /** Their weight. */
  long evictionWeight() {
    return evictionWeight.sum();
  }

  @Override
  public CacheStats snapshot() {
    return CacheStats.of(hits.getAsLong(), misses.getAsLong(), loadSuccesses.getAsLong(),
        loadFailures.getAsLong(), totalLoadNanos.getAsLong(), evictions.sum(),
        evictionWeight.sum());
  }

  @Override
  public String toString() {
    return snapshot().toString();
  }
}
