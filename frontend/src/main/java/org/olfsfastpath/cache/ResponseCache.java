package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Policy;
import com.github.benmanes.caffeine.cache.Ticker;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;

/**
 * Keeps whole BES answers (the metadata responses: DAS, DDS, DMR, DDX, info; and by default data
 * answers up to 1 MiB) in memory as immutable bytes with their gzip form and a strong ETag, so a
 * warm metadata request, or a repeated small slice, sends the BES no message at all. Thread-safe;
 * build one per web application with {@link #newBuilder()} and share it.
 *
 * <p><b>Validity.</b> An entry is served exactly while the {@link DataSource} it was made from is
 * the one the {@link DataSourceCache} answers for its path now: {@link #lookup} compares the two by
 * identity. The data-source cache hands the same instance to every hit and a new one after any
 * reload: when its TTL runs out, on a refresh-ahead, and when a disk check (with {@code dataRoot})
 * finds the file changed, replaced or deleted. So an answer made from a file that has since changed
 * is never served once the data-source cache has seen the change, which with {@code dataRoot} set
 * is the very next request after the check interval; a deleted file's path answers "not found" from
 * the data-source cache before this cache is asked. Identity, not equality: a file rewritten within
 * the same second with the same size gives an equal {@code DataSource} (the BES reports times to
 * the second) but a new instance, because the disk check that saw the change forced the reload. The
 * price: a refresh-ahead that finds the same answer also makes a new instance ({@code
 * DataSourceCache} builds a new {@code DataSource} for every load), so each entry is loaded again
 * at most once per {@code refreshAfter} (default 5 minutes) of its path. An entry made from a
 * replaced source stays until the next load of its key replaces it or eviction drops it; it is
 * never served.
 *
 * <p><b>Bounds.</b> At most {@code maximumWeight} bytes (Caffeine's size-based eviction, weighing
 * each entry's body, gzip form, key and a fixed overhead); an answer over the caller's cap ({@code
 * maxEntryBytes} by default) is not kept but streamed to its caller as it would be without a cache:
 * the cache reads at most the cap plus one byte of it (into one of a few head buffers kept for
 * reuse, {@link #maxHeadBufferBytes()}), then hands those bytes and the open rest on. So beyond
 * {@code maximumWeight} a load in flight holds at most its cap (a large answer's head, until its
 * caller has read it), and the kept head buffers at most four times the largest cap. The length of
 * each answer loaded is remembered apart (at most 8,192 of them, a few hundred bytes each), so that
 * an answer known to be over its cap is streamed at once the next time, with no head read, and one
 * known to fit is a short request for the BES's reserve. BES errors and failed loads are never
 * kept.
 *
 * <p><b>BES messages.</b> A warm key costs none. A cold one costs one get, however many requests
 * ask for it at once: loads are single-flight per key, the requests that arrive during a load wait
 * for it (at most {@code loadTimeout}) and share its answer, or its failure. When that answer turns
 * out too large to keep, each waiting request then sends its own get, since each needs its own
 * stream. A load runs on the requesting thread and holds no lock.
 *
 * <p>Background work: only Caffeine's maintenance (eviction bookkeeping), on the executor given to
 * the builder or else on the thread that wrote. With the cache {@linkplain
 * ResponseCacheBuilder#enabled(boolean) switched off}, {@link #lookup} finds nothing and {@link
 * #load} streams every answer from the BES.
 */
public final class ResponseCache implements Closeable {

  private final boolean enabled;
  private final long maximumWeight;
  private final long maxEntryBytes;
  private final long maxDataEntryBytes;
  private final Set<String> dataTypes;
  private final long loadTimeoutNanos;
  private final @Nullable AnswerOpener opener;
  private final Function<String, String> groups;

  /** Every count of {@link #stats()}, and the statistics Caffeine itself reports. */
  private final CacheCounters counters = new CacheCounters();

  private final Cache<ResponseKey, CachedResponse> cache;

  /** The same entries as {@link #cache}, read directly on the hit path. */
  private final ConcurrentMap<ResponseKey, CachedResponse> entries;

  /** Loads what is not there, once per key at a time, and keeps what fits in {@link #entries}. */
  private final ResponseLoads loads;

  private volatile boolean closed;

  ResponseCache(ResponseCacheBuilder builder) {
    this.enabled = builder.isEnabled();
    this.maximumWeight = builder.maximumWeight();
    this.maxEntryBytes = builder.maxEntryBytes();
    this.maxDataEntryBytes = builder.maxDataEntryBytes();
    this.dataTypes = builder.getDataTypes();
    this.loadTimeoutNanos = builder.loadTimeoutNanos();
    this.opener = builder.getOpener();
    this.groups = builder.getGroups();
    Ticker givenTicker = builder.getTicker();
    Ticker ticker = givenTicker != null ? givenTicker : Ticker.systemTicker();
    // Maintenance is a little bookkeeping after writes: on the writing thread unless told
    // otherwise, so this cache owns no thread.
    Executor given = builder.getExecutor();
    Executor executor = given != null ? given : Runnable::run;
    this.cache =
        Caffeine.newBuilder()
            .maximumWeight(maximumWeight)
            .weigher((ResponseKey key, CachedResponse response) -> weigh(key, response))
            .executor(executor)
            .recordStats(() -> counters)
            .build();
    this.entries = cache.asMap();
    this.loads =
        new ResponseLoads(
            entries,
            counters,
            ticker,
            (int)
                Math.min(
                    Math.max(maxEntryBytes, maxDataEntryBytes) + 1,
                    ResponseCacheBuilder.MAX_ENTRY_BYTES + 1),
            loadTimeoutNanos,
            executor);
  }

  /** Returns a builder with every setting at its default. */
  public static ResponseCacheBuilder newBuilder() {
    return new ResponseCacheBuilder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names: {@code
   * enabled} (boolean), {@code maximumWeight}, {@code maxEntryBytes}, {@code maxDataEntryBytes}
   * (sizes in the grammar of {@link org.olfsfastpath.spec.Specs#size}: {@code 65536}, {@code
   * 256KiB}, {@code 64MiB}), {@code dataTypes} (names separated by blanks or commas: {@code "dods
   * ascii"}) and {@code loadTimeout} (a duration: {@code 60}, {@code 30s}). The executor and
   * ticker, for tests, can still be set.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and its value, if a key is unknown
   *     or a value cannot be parsed or is out of range
   */
  public static ResponseCacheBuilder from(Map<String, String> settings) {
    return newBuilder().apply(settings);
  }

  /**
   * Returns the cached answer for {@code key} if it was made from {@code current}; the hit path,
   * which allocates nothing and sends nothing. Counts a hit when it finds one, nothing otherwise
   * (the {@link #load} that follows a null answer counts).
   *
   * @param current what the data-source cache answers for the key's path now
   * @return the entry, or null if there is none, it was made from another data source, or the cache
   *     is off
   * @throws IllegalStateException if the cache was closed
   */
  public @Nullable CachedResponse lookup(ResponseKey key, DataSource current) {
    Objects.requireNonNull(key, "key == null");
    Objects.requireNonNull(current, "current == null");
    checkOpen();
    CachedResponse entry = entries.get(key);
    if (entry != null && entry.source() == current) {
      counters.hits.increment();
      return entry;
    }
    return null;
  }

  /**
   * The length of {@code key}'s answer as last seen, whichever data source it was made from: the
   * answer kept, else the length remembered of the last load (kept or not, until some 8,000 other
   * answers have been loaded since); {@link Integer#MAX_VALUE} for one that was over its cap; -1
   * when unknown. The next answer is most likely of about that size: the web layer sends a get
   * known to fit as a short request.
   */
  public int knownLength(ResponseKey key) {
    return loads.knownLength(Objects.requireNonNull(key, "key == null"));
  }

  /** The key of exactly what {@code get} sends, in the group that serves its path. */
  public ResponseKey keyOf(GetRequest get) {
    return ResponseKey.forGet(groups.apply(get.path()), get);
  }

  /**
   * The answer to {@code get}, as {@link #load(ResponseKey, DataSource, long, boolean,
   * ResponseLoader)} loads it under {@link #keyOf(GetRequest)}: a load sends the get for {@code
   * caller} through the opener the cache was built with.
   *
   * @throws IllegalStateException if the cache was built without an opener, or was closed
   */
  public LoadedResponse load(
      GetRequest get, Caller caller, DataSource current, long maxBytes, boolean gzip)
      throws IOException {
    AnswerOpener given = opener;
    if (given == null) {
      throw new IllegalStateException("this response cache was built without an opener");
    }
    return load(keyOf(get), current, maxBytes, gzip, new BesAnswerLoader(given, get, caller));
  }

  /**
   * Same as {@link #load(ResponseKey, DataSource, long, boolean, ResponseLoader)} with the cap
   * {@link #maxEntryBytes()} and the gzip form made: for metadata responses.
   */
  public LoadedResponse load(ResponseKey key, DataSource current, ResponseLoader loader)
      throws IOException {
    return load(key, current, maxEntryBytes, true, loader);
  }

  /**
   * Returns the answer for {@code key}: from memory if an entry made from {@code current} is there,
   * else from the load under way for the same key, else by loading it on this thread.
   *
   * <p>A load opens the loader's stream and reads it. An answer of at most {@code maxBytes} bytes
   * is read to its end, kept, handed to every request that waited for it, and returned as a {@link
   * CachedResponse}. A longer one is not kept: reading stops after {@code maxBytes + 1} bytes and
   * the caller gets a {@link StreamedResponse} of those bytes followed by the rest of the open
   * stream, which it must close; the requests that waited then load on their own.
   *
   * @param current what the data-source cache answers for the key's path now: the entry is made
   *     from it and valid only while it is current
   * @param maxBytes the largest answer to keep, in bytes (e.g. {@link #maxEntryBytes()} for
   *     metadata, {@link #maxDataEntryBytes()} for an opted-in data type)
   * @param gzip whether to make the gzip form (for types the web layer compresses)
   * @param loader opens the answer, normally one BES get
   * @return a {@link CachedResponse}, or a {@link StreamedResponse} that the caller must close
   * @throws IOException what the loader threw, opening or reading, on this thread or on the one
   *     whose load this request waited for; never cached
   * @throws InterruptedIOException if this thread was interrupted, or waited longer than the load
   *     timeout for another request's load of the same key
   * @throws IllegalArgumentException if {@code maxBytes} is negative
   * @throws IllegalStateException if the cache was closed
   */
  public LoadedResponse load(
      ResponseKey key, DataSource current, long maxBytes, boolean gzip, ResponseLoader loader)
      throws IOException {
    Objects.requireNonNull(key, "key == null");
    Objects.requireNonNull(current, "current == null");
    Objects.requireNonNull(loader, "loader == null");
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes was " + maxBytes + ", must be >= 0");
    }
    checkOpen();
    int cap = (int) Math.min(maxBytes, ResponseCacheBuilder.MAX_ENTRY_BYTES);
    if (!enabled) {
      return loads.streamAlone(loader);
    }
    return loads.load(key, current, cap, gzip, loader);
  }

  /**
   * Drops every answer cached for {@code path}, in every group. A load under way for it still
   * answers the requests waiting on it, but is not kept.
   *
   * @param path the catalog path, as in {@link ResponseKey#path()}
   */
  public void invalidate(String path) {
    Objects.requireNonNull(path, "path == null");
    invalidateMatching(key -> key.path().equals(path));
  }

  /**
   * Drops every answer cached for {@code path} in one group; loads under way as in {@link
   * #invalidate(String)}.
   *
   * @param group the group, as in {@link ResponseKey#group()}
   * @param path the catalog path, as in {@link ResponseKey#path()}
   */
  public void invalidate(String group, String path) {
    Objects.requireNonNull(group, "group == null");
    Objects.requireNonNull(path, "path == null");
    invalidateMatching(key -> key.path().equals(path) && key.group().equals(group));
  }

  /** Drops everything; loads under way as in {@link #invalidate(String)}. */
  public void invalidateAll() {
    invalidateMatching(key -> true);
  }

  /**
   * Marks the matching loads under way as not to be kept, then drops the matching entries: in this
   * order, a load that kept its entry before seeing the mark has it dropped here.
   */
  private void invalidateMatching(Predicate<ResponseKey> matches) {
    loads.dropMatching(matches);
    entries.keySet().removeIf(matches);
  }

  /** Whether answers are kept at all. */
  public boolean isEnabled() {
    return enabled;
  }

  /** The bound on what the entries weigh, in bytes. */
  public long maximumWeight() {
    return maximumWeight;
  }

  /**
   * The largest metadata answer kept, in bytes: the cap {@link #load(ResponseKey, DataSource,
   * ResponseLoader)} uses.
   */
  public long maxEntryBytes() {
    return maxEntryBytes;
  }

  /** The largest answer of a kept data type kept, in bytes, for the web layer to pass. */
  public long maxDataEntryBytes() {
    return maxDataEntryBytes;
  }

  /**
   * The data response types kept (e.g. {@code dods}, {@code ascii}), as written; the web layer
   * decides what they mean and refuses names it does not know. {@code [all]} by default ({@link
   * ResponseCacheBuilder#ALL_DATA_TYPES}: every one it may keep); empty for none.
   */
  public Set<String> dataTypes() {
    return dataTypes;
  }

  /** How long a request waits for another request's load of the same key. */
  public Duration loadTimeout() {
    return Duration.ofNanos(loadTimeoutNanos);
  }

  /**
   * The most memory the cache may hold beyond its entries' bound: the head buffers kept for reuse,
   * into which the first bytes of large answers are read before they are known to be large.
   */
  public long maxHeadBufferBytes() {
    return loads.maxHeadBufferBytes();
  }

  /** Returns the approximate number of entries held. */
  public long size() {
    return cache.estimatedSize();
  }

  /** Returns what the entries weigh now, in bytes, approximately. */
  public long weightedBytes() {
    return cache
        .policy()
        .eviction()
        .map(Policy.Eviction::weightedSize)
        .map(weight -> weight.orElse(0L))
        .orElse(0L);
  }

  /** Returns a snapshot of the counters. */
  public ResponseCacheStats stats() {
    return counters.responseStats(enabled, size(), weightedBytes(), maximumWeight);
  }

  /**
   * Returns the underlying Caffeine cache, for metrics binders only (Micrometer's {@code
   * CaffeineCacheMetrics}): its {@code stats()} are this cache's counters, its {@code
   * estimatedSize()} and eviction policy the entries. Changing it through this view is not
   * supported.
   */
  public Cache<?, ?> caffeine() {
    return cache;
  }

  /**
   * Drops everything. Lookups and loads afterwards throw IllegalStateException; loads under way
   * finish and answer their waiters without keeping anything.
   */
  @Override
  public void close() {
    closed = true;
    invalidateAll();
    loads.clear();
  }

  /** Runs Caffeine's pending maintenance (evictions, weights) now; for tests. */
  void cleanUp() {
    cache.cleanUp();
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("ResponseCache was closed");
    }
  }

  private static int weigh(ResponseKey key, CachedResponse response) {
    return (int) Math.min(Integer.MAX_VALUE, key.weight() + response.weight());
  }
}
