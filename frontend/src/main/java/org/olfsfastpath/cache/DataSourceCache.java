package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.bes.Caller;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Caches what the BES said about each catalog path, so a warm request needs no showNode.
 * Thread-safe; build one per web application with {@link #newBuilder()} and share it.
 *
 * <p>BES messages per lookup: a warm path costs none; a cold one costs exactly one showNode,
 * however many requests ask for it at once (loads are single-flight per path); a path the BES does
 * not know costs one showNode, then none while its negative entry lives. A load runs on the
 * requesting thread and holds no lock, so a slow or failing load never delays hits or loads for
 * other paths. Transport failures and BES errors other than "not found" are never cached.
 *
 * <p>Freshness comes in three layers, each configurable:
 *
 * <ol>
 *   <li>Time to live: an entry is dropped {@code ttl} after it was loaded ({@code negativeTtl} for
 *       "not found" entries).
 *   <li>Refresh-ahead: a hit on an entry older than {@code refreshAfter} is answered at once from
 *       the cache while one background showNode, on the cache's own executor, replaces it.
 *   <li>Disk checks: with {@code dataRoot} set (the BES catalog root as this host sees it), a hit
 *       compares the file's existence, modification time, size and identity with what they were
 *       when the entry was loaded, at most once per {@code mtimeCheckInterval} per entry, and on
 *       any difference reloads before answering: a changed file is served fresh and a deleted one
 *       answers "not found" on the very next request.
 * </ol>
 *
 * <p>Background work: refreshes run on the executor given to the builder, or else on a small pool
 * of daemon threads this cache owns and {@link #close() closes}; Caffeine's maintenance runs on the
 * thread that reads or writes, a few microseconds now and then. With the cache {@linkplain
 * DataSourceCacheBuilder#enabled(boolean) switched off} every lookup asks the BES.
 */
public final class DataSourceCache implements Closeable {
  private static final Logger log = LoggerFactory.getLogger(DataSourceCache.class);

  private final boolean enabled;
  private final NodeLoader loader;
  private final Ticker ticker;
  private final @Nullable DiskProbe disk;
  private final long mtimeCheckIntervalNanos;
  private final long loadTimeoutNanos;
  private final long ttlNanos;
  private final long negativeTtlNanos;
  private final long refreshAfterNanos;
  private final long maximum;
  private final boolean weighted;
  private final @Nullable Path dataRoot;

  /** Every count of {@link #stats()}, and the statistics Caffeine itself reports. */
  private final CacheCounters counters = new CacheCounters();

  private final AsyncLoadingCache<String, CachedNode> cache;

  /** The same entries as {@link #cache}, read directly on the hit path. */
  private final ConcurrentMap<String, CompletableFuture<CachedNode>> entries;

  private final @Nullable ExecutorService ownedExecutor;
  private volatile boolean closed;

  DataSourceCache(DataSourceCacheBuilder builder) {
    this.enabled = builder.isEnabled();
    this.loader = Objects.requireNonNull(builder.getLoader(), "loader was not set");
    Ticker givenTicker = builder.getTicker();
    this.ticker = givenTicker != null ? givenTicker : Ticker.systemTicker();
    Path root = builder.getDataRoot();
    this.disk = root != null ? new DiskProbe(root) : null;
    this.mtimeCheckIntervalNanos = builder.mtimeCheckIntervalNanos();
    this.loadTimeoutNanos = builder.loadTimeoutNanos();
    Executor given = builder.getExecutor();
    ExecutorService owned = given == null ? NodeRefresher.ownPool() : null;
    this.ownedExecutor = owned;
    Executor executor = given != null ? given : Objects.requireNonNull(owned, "owned executor");

    this.dataRoot = root;
    this.ttlNanos = builder.ttlNanos();
    this.negativeTtlNanos = builder.negativeTtlNanos();
    this.refreshAfterNanos = builder.refreshAfterNanos(ttlNanos);
    this.weighted = builder.isWeighted();
    this.maximum = builder.maximum();
    Caffeine<String, CachedNode> caffeine =
        Caffeine.newBuilder()
            // Maintenance on the reading thread: handed to a pool, each drain of the read buffers
            // (every few dozen hits) woke a thread, which cost a warm request more than the drain.
            .executor(Runnable::run)
            .ticker(ticker)
            .expireAfter(new NodeExpiry(ttlNanos, negativeTtlNanos))
            .refreshAfterWrite(refreshAfterNanos, TimeUnit.NANOSECONDS)
            // The hit path below reads the map, which records nothing, and loads are claimed by
            // hand: Caffeine's statistics are this cache's own counters instead (CacheCounters).
            .recordStats(() -> counters);
    if (weighted) {
      caffeine.maximumWeight(maximum).weigher((String path, CachedNode node) -> node.weight());
    } else {
      caffeine.maximumSize(maximum);
    }
    this.cache =
        caffeine.buildAsync(
            new NodeRefresher(path -> loadNode(path, Caller.INTERNAL), counters, executor));
    this.entries = cache.asMap();
  }

  /** Returns a builder with every setting at its default; only the loader is required. */
  public static DataSourceCacheBuilder newBuilder() {
    return new DataSourceCacheBuilder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names: {@code
   * enabled} (boolean), {@code maximumSize}, {@code maximumWeight} (integers), {@code ttl}, {@code
   * refreshAfter}, {@code negativeTtl}, {@code mtimeCheckInterval}, {@code loadTimeout} (durations
   * in the grammar of {@link org.olfsfastpath.spec.Specs#duration}: {@code 600}, {@code 600s},
   * {@code 10m}, {@code 250ms}) and {@code dataRoot} (a path). The loader (and optionally executor
   * and ticker) still have to be set.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and its value, if a key is unknown
   *     or a value cannot be parsed or is out of range
   */
  public static DataSourceCacheBuilder from(Map<String, String> settings) {
    return newBuilder().apply(settings);
  }

  /**
   * Returns what is known about {@code path}, loading it with one showNode on a miss.
   *
   * @param path the normalized catalog path, starting with {@code /}
   * @return the cached or freshly loaded data source; the same instance for every hit
   * @throws org.olfsfastpath.bes.BesErrorException if the BES said the path does not exist (type 5,
   *     cached for the negative TTL) or answered another error (not cached)
   * @throws InterruptedIOException if this thread was interrupted, or waited longer than the load
   *     timeout for another thread's load of the same path
   * @throws IOException if the BES could not be reached (never cached)
   * @throws IllegalStateException if the cache was closed
   */
  public DataSource lookup(String path) throws IOException {
    return lookup(path, Caller.INTERNAL);
  }

  /**
   * Same as {@link #lookup(String)}, for {@code caller}: a load it runs is sent for that request
   * (its id, its user), which the BES logs.
   */
  public DataSource lookup(String path, Caller caller) throws IOException {
    return lookup(path, caller, mtimeCheckIntervalNanos);
  }

  /**
   * Same as {@link #lookup(String, Caller)}, with the file check of a hit made now, whatever the
   * check interval (one {@code stat}, with a data root): for a conditional request, by which a
   * cache in front revalidates its copy, so that each revalidation sees the file as it is.
   */
  public DataSource lookupChecked(String path, Caller caller) throws IOException {
    return lookup(path, caller, 0L);
  }

  private DataSource lookup(String path, Caller caller, long checkIntervalNanos)
      throws IOException {
    Objects.requireNonNull(path, "path == null");
    if (closed) {
      throw new IllegalStateException("DataSourceCache was closed");
    }
    if (!enabled) {
      counters.misses.increment();
      return loadNode(path, caller).dataSourceOrThrow();
    }
    CompletableFuture<CachedNode> future = entries.get(path);
    CachedNode node;
    if (future == null) {
      node = loadOrJoin(path, caller, true);
    } else {
      counters.hits.increment();
      node = await(path, future);
      if (disk != null && node.claimDiskCheck(ticker.read(), checkIntervalNanos)) {
        node = checkDisk(path, caller, future, node);
      }
      if (node.isNotFound()) {
        counters.negativeHits.increment();
      }
    }
    return node.dataSourceOrThrow();
  }

  /**
   * Drops what is cached for one path; a load under way for it still answers the lookups waiting on
   * it, but is not kept.
   *
   * @param path the catalog path, as given to {@link #lookup}
   */
  public void invalidate(String path) {
    Objects.requireNonNull(path, "path == null");
    cache.synchronous().invalidate(path);
  }

  /** Drops everything. */
  public void invalidateAll() {
    cache.synchronous().invalidateAll();
  }

  /** Whether lookups are cached at all. */
  public boolean isEnabled() {
    return enabled;
  }

  /** How long an answer is kept after its load. */
  public Duration ttl() {
    return Duration.ofNanos(ttlNanos);
  }

  /** How long a "not found" answer is kept. */
  public Duration negativeTtl() {
    return Duration.ofNanos(negativeTtlNanos);
  }

  /** The age after which a hit also reloads in the background. */
  public Duration refreshAfter() {
    return Duration.ofNanos(refreshAfterNanos);
  }

  /** The least time between two disk checks of one entry. */
  public Duration mtimeCheckInterval() {
    return Duration.ofNanos(mtimeCheckIntervalNanos);
  }

  /** How long a lookup waits for another request's load of the same path. */
  public Duration loadTimeout() {
    return Duration.ofNanos(loadTimeoutNanos);
  }

  /** The bound: entries, or weight when {@link #isWeighted()}. */
  public long maximum() {
    return maximum;
  }

  /** Whether the bound is a weight (a directory weighs 1 plus its entries) rather than entries. */
  public boolean isWeighted() {
    return weighted;
  }

  /** The BES catalog root as this host sees it, when disk checks are on. */
  public Optional<Path> dataRoot() {
    return Optional.ofNullable(dataRoot);
  }

  /** Returns the approximate number of entries held, loads under way included. */
  public long size() {
    return cache.synchronous().estimatedSize();
  }

  /** Returns a snapshot of the counters. */
  public DataSourceCacheStats stats() {
    return counters.dataSourceStats(enabled, size());
  }

  /**
   * Returns the underlying Caffeine cache (the synchronous view of its futures), for metrics
   * binders only (Micrometer's {@code CaffeineCacheMetrics}): its {@code stats()} are this cache's
   * own counters (hits, misses, loads and load time as {@link #stats()} counts them, plus
   * Caffeine's evictions and expirations), its {@code estimatedSize()} the entries. Changing it
   * through this view is not supported.
   */
  public com.github.benmanes.caffeine.cache.Cache<?, ?> caffeine() {
    return cache.synchronous();
  }

  /**
   * Drops everything and stops the refresh threads this cache owns (an executor given to the
   * builder is left to its owner). Lookups afterwards throw IllegalStateException.
   */
  @Override
  public void close() {
    closed = true;
    invalidateAll();
    if (ownedExecutor != null) {
      ownedExecutor.shutdownNow();
    }
  }

  /** Runs Caffeine's pending maintenance (evictions, expirations) now; for tests. */
  void cleanUp() {
    cache.synchronous().cleanUp();
  }

  /**
   * Joins the load under way for {@code path}, or claims and runs it on this thread. The claim is
   * an empty future inserted atomically; the showNode itself runs outside any map lock, so a slow
   * load blocks only the lookups for the same path.
   *
   * @param countLookup whether this is a lookup's cold path, to be counted as a miss if it runs the
   *     load and as a hit if it joins one another lookup claimed after this one found no entry (so
   *     misses equal the loads lookups started however the threads interleave); false for a reload
   *     after a disk check, whose lookup was already counted
   */
  private CachedNode loadOrJoin(String path, Caller caller, boolean countLookup)
      throws IOException {
    LoadClaim claim = new LoadClaim();
    CompletableFuture<CachedNode> future = cache.get(path, claim);
    boolean claimed = future == claim.future;
    if (countLookup) {
      (claimed ? counters.misses : counters.hits).increment();
    }
    return claimed ? runClaimedLoad(path, caller, claim) : await(path, future);
  }

  /** Runs the showNode for a claim this thread won and completes the claim with its outcome. */
  private CachedNode runClaimedLoad(String path, Caller caller, LoadClaim claim)
      throws IOException {
    CompletableFuture<CachedNode> claimed =
        Objects.requireNonNull(claim.future, "the claim was not taken");
    CachedNode node;
    try {
      node = loadNode(path, caller);
    } catch (IOException | RuntimeException | Error e) {
      // Out of the map before it completes, so later lookups load again (failures are never
      // cached), and completed normally so Caffeine does not log an expected failure as a bug.
      entries.remove(path, claimed);
      claimed.complete(CachedNode.failed(e));
      throw e;
    }
    claimed.complete(node);
    return node;
  }

  /** One showNode, timed and counted; "not found" becomes a negative entry. */
  private CachedNode loadNode(String path, Caller caller) throws IOException {
    long start = ticker.read();
    // Stat before asking the BES: a change racing the load then causes a reload, never staleness.
    DiskState diskState = disk != null ? disk.stat(path) : null;
    try {
      BesNode node = loader.load(path, caller);
      Objects.requireNonNull(node, () -> "loader " + loader + " returned null for " + path);
      CachedNode loaded = CachedNode.found(toDataSource(path, node), diskState, start);
      counters.loadSuccesses.increment();
      return loaded;
    } catch (BesErrorException e) {
      if (!e.error().isNotFound()) {
        counters.loadFailures.increment();
        throw e;
      }
      counters.loadSuccesses.increment();
      counters.notFoundLoads.increment();
      return CachedNode.notFound(e.error(), diskState, start);
    } catch (IOException | RuntimeException | Error e) {
      counters.loadFailures.increment();
      throw e;
    } finally {
      counters.totalLoadNanos.add(ticker.read() - start);
    }
  }

  /** Stats the file behind a hit and, if it changed since the load, reloads before answering. */
  private CachedNode checkDisk(
      String path, Caller caller, CompletableFuture<CachedNode> seen, CachedNode node)
      throws IOException {
    DiskState seenOnDisk = node.disk();
    DiskProbe probe = disk;
    if (seenOnDisk == null || probe == null) {
      return node; // Only entries loaded with a data root are checked (the caller asks so).
    }
    counters.mtimeChecks.increment();
    if (!seenOnDisk.isStaleComparedTo(probe.stat(path))) {
      return node;
    }
    counters.mtimeReloads.increment();
    // Only the entry this lookup saw: a fresher one put there meanwhile stays.
    entries.remove(path, seen);
    return loadOrJoin(path, caller, false);
  }

  /** Waits for a load under way, at most the load timeout; returns a completed one at once. */
  private CachedNode await(String path, CompletableFuture<CachedNode> future) throws IOException {
    CachedNode node = future.getNow(null);
    if (node != null) {
      return node; // The hit path: no message is built.
    }
    return SharedLoads.await(
        future,
        loadTimeoutNanos,
        "interrupted waiting for the showNode of " + path,
        "showNode of " + path,
        path);
  }

  private static DataSource toDataSource(String path, BesNode node) {
    return new DataSource(
        path,
        node.isData(),
        node.lastModified(),
        node.size(),
        !node.isLeaf(),
        node.children().stream()
            .map(
                child ->
                    new DataSource.Child(
                        child.name(),
                        child.isData(),
                        child.lastModified(),
                        child.size(),
                        !child.isLeaf()))
            .toList());
  }

  /** Claims a load: the future it creates marks the path as being loaded by the caller. */
  private static final class LoadClaim
      implements BiFunction<String, Executor, CompletableFuture<CachedNode>> {
    @Nullable CompletableFuture<CachedNode> future;

    @Override
    public CompletableFuture<CachedNode> apply(String path, Executor executor) {
      future = new CompletableFuture<>();
      return future;
    }
  }
}
