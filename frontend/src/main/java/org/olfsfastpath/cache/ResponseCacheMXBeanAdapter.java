package org.olfsfastpath.cache;

/** Serves {@link ResponseCacheMXBean} from a cache; each getter reads one fresh snapshot. */
final class ResponseCacheMXBeanAdapter implements ResponseCacheMXBean {
  private final ResponseCache cache;

  ResponseCacheMXBeanAdapter(ResponseCache cache) {
    this.cache = cache;
  }

  @Override public boolean isEnabled() {
    return cache.stats().enabled();
  }

  @Override public long getHitCount() {
    return cache.stats().hitCount();
  }

  @Override public long getMissCount() {
    return cache.stats().missCount();
  }

  @Override public double getHitRate() {
    return cache.stats().hitRate();
  }

  @Override public long getLoadSuccessCount() {
    return cache.stats().loadSuccessCount();
  }

  @Override public long getLoadFailureCount() {
    return cache.stats().loadFailureCount();
  }

  @Override public long getTooLargeCount() {
    return cache.stats().tooLargeCount();
  }

  @Override public long getStaleMissCount() {
    return cache.stats().staleMissCount();
  }

  @Override public long getTotalLoadTimeNanos() {
    return cache.stats().totalLoadTimeNanos();
  }

  @Override public double getAverageLoadPenaltyNanos() {
    return cache.stats().averageLoadPenaltyNanos();
  }

  @Override public long getEvictionCount() {
    return cache.stats().evictionCount();
  }

  @Override public long getEvictedBytes() {
    return cache.stats().evictedBytes();
  }

  @Override public long getEntryCount() {
    return cache.stats().entryCount();
  }

  @Override public long getWeightedBytes() {
    return cache.stats().weightedBytes();
  }

  @Override public long getMaximumWeight() {
    return cache.stats().maximumWeight();
  }

  @Override public String getStatsJson() {
    return cache.stats().toJson();
  }

  @Override public void invalidate(String path) {
    cache.invalidate(path);
  }

  @Override public void invalidateAll() {
    cache.invalidateAll();
  }
}
