package org.olfsfastpath.cache;

/**
 * A snapshot of a {@link ResponseCache}'s counters, all counted since it was built. Value-based;
 * the counters are read one by one, so a snapshot taken under load may be off by the few operations
 * that ran meanwhile.
 *
 * <p>Each call of {@link ResponseCache#lookup} that finds a valid entry counts one hit (one that
 * finds none counts nothing: the {@code load} that follows counts); each call of {@link
 * ResponseCache#load} counts exactly one hit or one miss.
 *
 * @param enabled false when the cache is switched off and every load streams from the BES
 * @param hitCount answers served from memory without a BES message of their own: valid entries, and
 *     requests that waited for another request's load of the same key and shared its answer
 * @param missCount requests that ran a load themselves, or waited for another's load that failed
 *     (with the cache off: all of them)
 * @param loadSuccessCount loads whose answer was read: kept, or over the cap and streamed
 * @param loadFailureCount loads that failed (BES errors, transport errors), never cached
 * @param tooLargeCount answers over their size cap, streamed to their caller and not kept
 * @param staleMissCount misses that found an entry made from an earlier data source (the file
 *     changed, or the data-source cache reloaded the path) and replaced it
 * @param totalLoadTimeNanos time spent in loads, successful or not, up to the point the answer was
 *     kept or handed over to stream
 * @param evictionCount entries dropped to keep the cache within its bound
 * @param evictedBytes the weight of those entries, in bytes
 * @param entryCount entries held now, approximately
 * @param weightedBytes what they weigh now, in bytes: bodies, gzip forms, keys and overhead
 * @param maximumWeight the bound on {@code weightedBytes}
 */
public record ResponseCacheStats(
    boolean enabled,
    long hitCount,
    long missCount,
    long loadSuccessCount,
    long loadFailureCount,
    long tooLargeCount,
    long staleMissCount,
    long totalLoadTimeNanos,
    long evictionCount,
    long evictedBytes,
    long entryCount,
    long weightedBytes,
    long maximumWeight)
    implements LoadStats {

  /** Returns this snapshot as one JSON object, derived values included, for a status page. */
  public String toJson() {
    return StatsJson.of(this);
  }
}
