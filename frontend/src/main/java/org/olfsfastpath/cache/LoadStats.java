package org.olfsfastpath.cache;

/**
 * What both caches count alike, and the values derived from it, as Caffeine's {@code CacheStats}
 * names them: each cache's statistics value ({@link DataSourceCacheStats}, {@link
 * ResponseCacheStats}) is one of these, plus its own counters.
 */
public interface LoadStats {
  /** Requests answered from the cache. */
  long hitCount();

  /** Requests that ran a load, or waited for one that failed. */
  long missCount();

  /** Loads whose answer was read. */
  long loadSuccessCount();

  /** Loads that failed; never cached. */
  long loadFailureCount();

  /** Time spent in loads, successful or not. */
  long totalLoadTimeNanos();

  /** Returns hits plus misses: every request. */
  default long requestCount() {
    return hitCount() + missCount();
  }

  /** Returns the share of requests answered from the cache, or 1.0 when there was none. */
  default double hitRate() {
    long requests = requestCount();
    return requests == 0 ? 1.0 : (double) hitCount() / requests;
  }

  /** Returns all loads, successful or not. */
  default long loadCount() {
    return loadSuccessCount() + loadFailureCount();
  }

  /** Returns the mean time of a load in nanoseconds, or 0.0 when there was none. */
  default double averageLoadPenaltyNanos() {
    long loads = loadCount();
    return loads == 0 ? 0.0 : (double) totalLoadTimeNanos() / loads;
  }
}
