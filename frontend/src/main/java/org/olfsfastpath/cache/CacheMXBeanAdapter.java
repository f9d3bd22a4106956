package org.olfsfastpath.cache;

/** Serves {@link DataSourceCacheMXBean} from a cache; each getter reads one fresh snapshot. */
final class CacheMXBeanAdapter implements DataSourceCacheMXBean {
  private final DataSourceCache cache;

  CacheMXBeanAdapter(DataSourceCache cache) {
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

  @Override public long getNotFoundCount() {
    return cache.stats().notFoundCount();
  }

  @Override public long getNegativeHitCount() {
    return cache.stats().negativeHitCount();
  }

  @Override public long getTotalLoadTimeNanos() {
    return cache.stats().totalLoadTimeNanos();
  }

  @Override public double getAverageLoadPenaltyNanos() {
    return cache.stats().averageLoadPenaltyNanos();
  }

  @Override public long getRefreshCount() {
    return cache.stats().refreshCount();
  }

  @Override public long getEvictionCount() {
    return cache.stats().evictionCount();
  }

  @Override public long getExpirationCount() {
    return cache.stats().expirationCount();
  }

  @Override public long getEstimatedSize() {
    return cache.stats().estimatedSize();
  }

  @Override public long getMtimeCheckCount() {
    return cache.stats().mtimeCheckCount();
  }

  @Override public long getMtimeReloadCount() {
    return cache.stats().mtimeReloadCount();
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
