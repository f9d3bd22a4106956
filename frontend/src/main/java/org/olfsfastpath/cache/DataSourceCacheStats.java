package org.olfsfastpath.cache;

/**
 * A snapshot of a {@link DataSourceCache}'s counters, all counted since it was built. Value-based;
 * the counters are read one by one, so a snapshot taken under load may be off by the few operations
 * that ran meanwhile.
 *
 * @param enabled false when the cache is switched off and every lookup asks the BES
 * @param hitCount lookups answered from the cache, including those that joined a load already under
 *     way for the same path
 * @param missCount lookups that found nothing cached and loaded (with the cache off: all of them)
 * @param loadSuccessCount showNode loads the BES answered, "not found" included; refreshes included
 * @param loadFailureCount showNode loads that failed (transport errors, other BES errors), never
 *     cached; refreshes included
 * @param notFoundCount loads the BES answered "not found" (type 5), cached as negative entries
 * @param negativeHitCount hits on a negative entry, answered "not found" with no BES message
 * @param totalLoadTimeNanos time spent in loads, successful or not
 * @param refreshCount background refresh-ahead loads started
 * @param evictionCount entries dropped to keep the cache within its bound
 * @param expirationCount entries dropped because their time to live (or negative TTL) ran out
 * @param estimatedSize entries held now, approximately (loads under way included)
 * @param mtimeCheckCount hits that compared the file on disk with the cached entry
 * @param mtimeReloadCount of those, the ones that found the file changed, added or deleted and
 *     reloaded before answering
 */
public record DataSourceCacheStats(
    boolean enabled,
    long hitCount,
    long missCount,
    long loadSuccessCount,
    long loadFailureCount,
    long notFoundCount,
    long negativeHitCount,
    long totalLoadTimeNanos,
    long refreshCount,
    long evictionCount,
    long expirationCount,
    long estimatedSize,
    long mtimeCheckCount,
    long mtimeReloadCount)
    implements LoadStats {

  /** Returns this snapshot as one JSON object, derived values included, for a status page. */
  public String toJson() {
    return StatsJson.of(this);
  }
}
