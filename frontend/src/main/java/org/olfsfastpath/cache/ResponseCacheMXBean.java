package org.olfsfastpath.cache;

/**
 * The response cache as operators see it over JMX: its statistics and two actions. Register it
 * with {@link ResponseCache#registerMBean}. Each getter reads a fresh {@link ResponseCacheStats}
 * snapshot; see there for what each count means.
 */
public interface ResponseCacheMXBean {
  boolean isEnabled();

  long getHitCount();

  long getMissCount();

  double getHitRate();

  long getLoadSuccessCount();

  long getLoadFailureCount();

  long getTooLargeCount();

  long getStaleMissCount();

  long getTotalLoadTimeNanos();

  double getAverageLoadPenaltyNanos();

  long getEvictionCount();

  long getEvictedBytes();

  long getEntryCount();

  long getWeightedBytes();

  long getMaximumWeight();

  /** Returns all counters as one JSON object ({@link ResponseCacheStats#toJson()}). */
  String getStatsJson();

  /** Drops every answer cached for one catalog path, in every group, e.g. {@code /data/sst.nc}. */
  void invalidate(String path);

  /** Drops everything cached. */
  void invalidateAll();
}
