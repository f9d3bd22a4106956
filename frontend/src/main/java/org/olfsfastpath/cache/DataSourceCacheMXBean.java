package org.olfsfastpath.cache;

/**
 * The data-source cache as operators see it over JMX: its statistics and two actions. Register it
 * with {@link DataSourceCache#registerMBean}. Each getter reads a fresh {@link
 * DataSourceCacheStats} snapshot; see there for what each count means.
 */
public interface DataSourceCacheMXBean {
  boolean isEnabled();

  long getHitCount();

  long getMissCount();

  double getHitRate();

  long getLoadSuccessCount();

  long getLoadFailureCount();

  long getNotFoundCount();

  long getNegativeHitCount();

  long getTotalLoadTimeNanos();

  double getAverageLoadPenaltyNanos();

  long getRefreshCount();

  long getEvictionCount();

  long getExpirationCount();

  long getEstimatedSize();

  long getMtimeCheckCount();

  long getMtimeReloadCount();

  /**
   * Returns all counters as one JSON object ({@link DataSourceCacheStats#toJson()}); the status
   * page's {@code cache} section shows the same counters under some other names.
   */
  String getStatsJson();

  /** Drops what is cached for one catalog path, e.g. {@code /data/sst.nc}. */
  void invalidate(String path);

  /** Drops everything cached. */
  void invalidateAll();
}
