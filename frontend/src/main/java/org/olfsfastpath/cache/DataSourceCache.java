package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.AsyncCacheLoader;
import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.olfsfastpath.bes.BesErrorException;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.spec.SpecParser;
import org.olfsfastpath.spec.Specs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Caches what the BES said about each catalog path, so a warm request needs no showNode.
 * Thread-safe; build one per web application with {@link #newBuilder()} and share it.
 *
 * <p>BES messages per lookup: a warm path costs none; a cold one costs exactly one showNode,
 * however many requests ask for it at once (loads are single-flight per path); a path the BES
 * does not know costs one showNode, then none while its negative entry lives. A load runs on the
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
 *       any difference reloads before answering: a changed file is served fresh and a deleted
 *       one answers "not found" on the very next request.
 * </ol>
 *
 * <p>Background work: refreshes and Caffeine's maintenance run on the executor given to the
 * builder, or else on a small pool of daemon threads this cache owns and {@link #close() closes}.
 * With the cache {@linkplain Builder#enabled(boolean) switched off} every lookup asks the BES.
 */
public final class DataSourceCache implements Closeable {
  private static final Logger log = LoggerFactory.getLogger(DataSourceCache.class);

  /** The text settings: keys are the builder's method names. */
  private static final SpecParser<Builder> SPEC = SpecParser.<Builder>named("data-source cache")
      .bool("enabled", Builder::enabled)
      .integer("maximumSize", Builder::maximumSize)
      .integer("maximumWeight", Builder::maximumWeight)
      .duration("ttl", Builder::ttl)
      .duration("refreshAfter", Builder::refreshAfter)
      .duration("negativeTtl", Builder::negativeTtl)
      .with("dataRoot", Path::of, Builder::dataRoot)
      .duration("mtimeCheckInterval", Builder::mtimeCheckInterval)
      .duration("loadTimeout", Builder::loadTimeout);

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
  private volatile boolean refreshFailing;
  private volatile boolean closed;

  private DataSourceCache(Builder builder) {
    this.enabled = builder.enabled;
    this.loader = Objects.requireNonNull(builder.loader, "loader was not set");
    this.ticker = builder.ticker != null ? builder.ticker : Ticker.systemTicker();
    this.disk = builder.dataRoot != null ? new DiskProbe(builder.dataRoot) : null;
    this.mtimeCheckIntervalNanos =
        orDefault(builder.mtimeCheckIntervalNanos, Builder.DEFAULT_MTIME_CHECK_INTERVAL_NANOS);
    this.loadTimeoutNanos = orDefault(builder.loadTimeoutNanos, Builder.DEFAULT_LOAD_TIMEOUT_NANOS);
    ExecutorService owned = builder.executor == null ? newRefreshPool() : null;
    this.ownedExecutor = owned;
    Executor executor = builder.executor != null ? builder.executor
        : Objects.requireNonNull(owned, "owned executor");

    this.dataRoot = builder.dataRoot;
    this.ttlNanos = builder.ttlNanos();
    this.negativeTtlNanos =
        orDefault(builder.negativeTtlNanos, Builder.DEFAULT_NEGATIVE_TTL_NANOS);
    this.refreshAfterNanos = builder.refreshAfterNanos(ttlNanos);
    this.weighted = builder.maximumWeight != Builder.UNSET;
    this.maximum = weighted ? builder.maximumWeight
        : orDefault(builder.maximumSize, Builder.DEFAULT_MAXIMUM_SIZE);
    Caffeine<String, CachedNode> caffeine = Caffeine.newBuilder()
        .executor(executor)
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
    this.cache = caffeine.buildAsync(new Refresher());
    this.entries = cache.asMap();
  }

  /** Returns a builder with every setting at its default; only the loader is required. */
  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names:
   * {@code enabled} (boolean), {@code maximumSize}, {@code maximumWeight} (integers), {@code ttl},
   * {@code refreshAfter}, {@code negativeTtl}, {@code mtimeCheckInterval}, {@code loadTimeout}
   * (durations in the grammar of {@link org.olfsfastpath.spec.Specs#duration}: {@code 600},
   * {@code 600s}, {@code 10m}, {@code 250ms}) and {@code dataRoot} (a path). The loader (and
   * optionally executor and ticker) still have to be set.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and its value, if a key is unknown
   *     or a value cannot be parsed or is out of range
   */
  public static Builder from(Map<String, String> settings) {
    return SPEC.apply(settings, newBuilder());
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
    Objects.requireNonNull(path, "path == null");
    if (closed) {
      throw new IllegalStateException("DataSourceCache was closed");
    }
    if (!enabled) {
      counters.misses.increment();
      return loadNode(path).dataSourceOrThrow();
    }
    CompletableFuture<CachedNode> future = entries.get(path);
    CachedNode node;
    if (future == null) {
      node = loadOrJoin(path, true);
    } else {
      counters.hits.increment();
      node = await(path, future);
      if (disk != null && node.claimDiskCheck(ticker.read(), mtimeCheckIntervalNanos)) {
        node = checkDisk(path, future, node);
      }
      if (node.isNotFound()) {
        counters.negativeHits.increment();
      }
    }
    return node.dataSourceOrThrow();
  }

  /**
   * Drops what is cached for one path; a load under way for it still answers the lookups waiting
   * on it, but is not kept.
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
   * binders only (Micrometer's {@code CaffeineCacheMetrics}): its {@code stats()} are this
   * cache's own counters (hits, misses, loads and load time as {@link #stats()} counts them, plus
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
   * @param countLookup whether this is a lookup's cold path, to be counted as a miss if it runs
   *     the load and as a hit if it joins one another lookup claimed after this one found no entry
   *     (so misses equal the loads lookups started however the threads interleave); false for a
   *     reload after a disk check, whose lookup was already counted
   */
  private CachedNode loadOrJoin(String path, boolean countLookup) throws IOException {
    LoadClaim claim = new LoadClaim();
    CompletableFuture<CachedNode> future = cache.get(path, claim);
    boolean claimed = future == claim.future;
    if (countLookup) {
      (claimed ? counters.misses : counters.hits).increment();
    }
    return claimed ? runClaimedLoad(path, claim) : await(path, future);
  }

  /** Runs the showNode for a claim this thread won and completes the claim with its outcome. */
  private CachedNode runClaimedLoad(String path, LoadClaim claim) throws IOException {
    CompletableFuture<CachedNode> claimed =
        Objects.requireNonNull(claim.future, "the claim was not taken");
    CachedNode node;
    try {
      node = loadNode(path);
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
  private CachedNode loadNode(String path) throws IOException {
    long start = ticker.read();
    // Stat before asking the BES: a change racing the load then causes a reload, never staleness.
    DiskState diskState = disk != null ? disk.stat(path) : null;
    try {
      BesNode node = loader.load(path);
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
  private CachedNode checkDisk(String path, CompletableFuture<CachedNode> seen, CachedNode node)
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
    return loadOrJoin(path, false);
  }

  /** Waits for a load under way, at most the load timeout; returns a completed one at once. */
  private CachedNode await(String path, CompletableFuture<CachedNode> future) throws IOException {
    CachedNode node = future.getNow(null);
    if (node != null) {
      return node;
    }
    try {
      return future.get(loadTimeoutNanos, TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException interrupted =
          new InterruptedIOException("interrupted waiting for the showNode of " + path);
      interrupted.initCause(e);
      throw interrupted;
    } catch (TimeoutException e) {
      InterruptedIOException timeout = new InterruptedIOException(String.format(Locale.US,
          "timeout: waited %d ms for another request's showNode of %s",
          TimeUnit.NANOSECONDS.toMillis(loadTimeoutNanos), path));
      timeout.initCause(e);
      throw timeout;
    } catch (ExecutionException e) {
      // Our futures complete normally, failures included; this is a broken invariant.
      throw new IOException("load of " + path + " failed unexpectedly", e.getCause());
    }
  }

  private static DataSource toDataSource(String path, BesNode node) {
    return new DataSource(path, node.isData(), node.lastModified(), node.size(), !node.isLeaf(),
        node.children().stream()
            .map(child -> new DataSource.Child(child.name(), child.isData(), child.lastModified(),
                child.size(), !child.isLeaf()))
            .toList());
  }

  private static long orDefault(long setting, long defaultValue) {
    return setting != Builder.UNSET ? setting : defaultValue;
  }

  private static ExecutorService newRefreshPool() {
    AtomicInteger threadNumber = new AtomicInteger();
    ThreadFactory threads = runnable -> {
      Thread thread = new Thread(runnable, "DataSourceCache-refresh-" + threadNumber.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
    // Unbounded queue: a burst of refreshes waits its turn rather than being refused; readers are
    // answered from the cache meanwhile. Idle threads end, so an idle cache holds none.
    ThreadPoolExecutor pool = new ThreadPoolExecutor(Builder.REFRESH_THREADS,
        Builder.REFRESH_THREADS, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threads);
    pool.allowCoreThreadTimeOut(true);
    return pool;
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

  /** Background refresh-ahead loads, on the cache's executor. */
  private final class Refresher implements AsyncCacheLoader<String, CachedNode> {
    @Override
    public CompletableFuture<CachedNode> asyncLoad(String path, Executor executor) {
      // Not reached: lookups claim their loads themselves (loadOrJoin) and never call the
      // loading get; refreshes go through asyncReload. Kept equivalent to a refresh for safety.
      return asyncReload(path, null, executor);
    }

    @Override
    public CompletableFuture<CachedNode> asyncReload(String path, @Nullable CachedNode old,
        Executor executor) {
      counters.refreshes.increment();
      CompletableFuture<CachedNode> refreshed = new CompletableFuture<>();
      try {
        executor.execute(() -> {
          try {
            refreshed.complete(loadNode(path));
            if (refreshFailing) {
              refreshFailing = false;
              log.info("refresh-ahead works again (showNode of {} succeeded)", path);
            }
          } catch (Throwable e) {
            refreshed.completeExceptionally(refreshFailed(path, e));
          }
        });
      } catch (RejectedExecutionException e) {
        refreshed.completeExceptionally(refreshFailed(path, e));
      }
      return refreshed;
    }

    /**
     * Logs a failed refresh once per run of failures (an unreachable BES would otherwise log one
     * stack trace per hit) and reports it to Caffeine as a cancellation, which keeps the old entry
     * until it expires without Caffeine logging it again.
     */
    private CancellationException refreshFailed(String path, Throwable e) {
      if (!refreshFailing) {
        refreshFailing = true;
        log.warn("refresh-ahead showNode of {} failed; cached answers are kept until they expire"
            + " (further failures are logged at debug level until one succeeds)", path, e);
      } else {
        log.debug("refresh-ahead showNode of {} failed: {}", path, e.toString());
      }
      CancellationException cancelled =
          new CancellationException("refresh of " + path + " failed: " + e);
      cancelled.initCause(e);
      return cancelled;
    }
  }

  /** Positive entries live for the TTL, negative ones for the negative TTL, both from their load. */
  private static final class NodeExpiry implements Expiry<String, CachedNode> {
    private final long ttlNanos;
    private final long negativeTtlNanos;

    NodeExpiry(long ttlNanos, long negativeTtlNanos) {
      this.ttlNanos = ttlNanos;
      this.negativeTtlNanos = negativeTtlNanos;
    }

    @Override
    public long expireAfterCreate(String path, CachedNode node, long currentTime) {
      return node.isNotFound() ? negativeTtlNanos : ttlNanos;
    }

    @Override
    public long expireAfterUpdate(String path, CachedNode node, long currentTime,
        long currentDuration) {
      // A refresh or reload starts a new life.
      return expireAfterCreate(path, node, currentTime);
    }

    @Override
    public long expireAfterRead(String path, CachedNode node, long currentTime,
        long currentDuration) {
      return currentDuration;
    }
  }

  /**
   * Configures a {@link DataSourceCache}. Each setter validates at once and may be called once.
   * Not thread-safe.
   */
  public static final class Builder {
    static final long UNSET = -1L;
    static final long DEFAULT_MAXIMUM_SIZE = 200_000L;
    static final long DEFAULT_TTL_NANOS = TimeUnit.MINUTES.toNanos(10);
    static final long DEFAULT_NEGATIVE_TTL_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final long DEFAULT_MTIME_CHECK_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final long DEFAULT_LOAD_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    static final int REFRESH_THREADS = 4;
    /**
     * The longest duration a cache setting takes: any, saturated to about 292 years (an entry
     * kept "forever" lives until its file changes or it is evicted).
     */
    static final Duration MAX_DURATION = ChronoUnit.FOREVER.getDuration();

    private @Nullable NodeLoader loader;
    private long maximumSize = UNSET;
    private long maximumWeight = UNSET;
    private long ttlNanos = UNSET;
    private long refreshAfterNanos = UNSET;
    private long negativeTtlNanos = UNSET;
    private @Nullable Path dataRoot;
    private long mtimeCheckIntervalNanos = UNSET;
    private long loadTimeoutNanos = UNSET;
    private boolean enabled = true;
    private boolean enabledSet;
    private @Nullable Executor executor;
    private @Nullable Ticker ticker;

    private Builder() {}

    /**
     * Sets how paths are loaded, normally {@code besClient::showNode}. Required.
     *
     * @throws NullPointerException if {@code loader} is null
     * @throws IllegalStateException if a loader was already set
     */
    public Builder loader(NodeLoader loader) {
      requireState(this.loader == null, "loader was already set to %s", this.loader);
      this.loader = Objects.requireNonNull(loader, "loader == null");
      return this;
    }

    /**
     * Bounds the cache to {@code maximumSize} entries, each path counting one whatever its size.
     * Default 200,000: room for 100,000 datasets and their directories.
     *
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if it or maximumWeight was already set
     */
    public Builder maximumSize(long maximumSize) {
      requireState(this.maximumSize == UNSET, "maximumSize was already set to %s", this.maximumSize);
      requireState(maximumWeight == UNSET,
          "maximumSize cannot be combined with maximumWeight (already set to %s)", maximumWeight);
      requireArgument(maximumSize >= 0, "maximumSize was %s, must be >= 0", maximumSize);
      this.maximumSize = maximumSize;
      return this;
    }

    /**
     * Bounds the cache by weight instead of entries: a dataset weighs 1, a directory listing 1 plus
     * its number of children, so a few huge listings cannot crowd memory.
     *
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if it or maximumSize was already set
     */
    public Builder maximumWeight(long maximumWeight) {
      requireState(this.maximumWeight == UNSET, "maximumWeight was already set to %s",
          this.maximumWeight);
      requireState(maximumSize == UNSET,
          "maximumWeight cannot be combined with maximumSize (already set to %s)", maximumSize);
      requireArgument(maximumWeight >= 0, "maximumWeight was %s, must be >= 0", maximumWeight);
      this.maximumWeight = maximumWeight;
      return this;
    }

    /**
     * Sets how long an answer is kept after its load. Default 10 minutes (upstream OLFS's node
     * cache refreshInterval is 600 s).
     *
     * @throws IllegalArgumentException if under 1 ms
     * @throws IllegalStateException if already set
     */
    public Builder ttl(Duration ttl) {
      requireState(ttlNanos == UNSET, "ttl was already set to %s", Duration.ofNanos(ttlNanos));
      this.ttlNanos = requirePositive("ttl", ttl);
      return this;
    }

    /** Same as {@link #ttl(Duration)}. */
    public Builder ttl(long duration, TimeUnit unit) {
      return ttl(toDuration(duration, unit));
    }

    /**
     * Sets the age after which a hit also starts one background reload, answering from the cache
     * meanwhile. Must be shorter than the TTL; default half of it.
     *
     * @throws IllegalArgumentException if under 1 ms
     * @throws IllegalStateException if already set
     */
    public Builder refreshAfter(Duration refreshAfter) {
      requireState(refreshAfterNanos == UNSET, "refreshAfter was already set to %s",
          Duration.ofNanos(refreshAfterNanos));
      this.refreshAfterNanos = requirePositive("refreshAfter", refreshAfter);
      return this;
    }

    /** Same as {@link #refreshAfter(Duration)}. */
    public Builder refreshAfter(long duration, TimeUnit unit) {
      return refreshAfter(toDuration(duration, unit));
    }

    /**
     * Sets how long a "not found" answer is kept. Default 10 seconds; 0 keeps none (every lookup
     * of a missing path asks the BES, concurrent ones still share one showNode).
     *
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if already set
     */
    public Builder negativeTtl(Duration negativeTtl) {
      requireState(negativeTtlNanos == UNSET, "negativeTtl was already set to %s",
          Duration.ofNanos(negativeTtlNanos));
      this.negativeTtlNanos = requireNotNegative("negativeTtl", negativeTtl);
      return this;
    }

    /** Same as {@link #negativeTtl(Duration)}. */
    public Builder negativeTtl(long duration, TimeUnit unit) {
      return negativeTtl(toDuration(duration, unit));
    }

    /**
     * Turns on disk checks: {@code dataRoot} is the BES catalog root ({@code BES.Catalog.catalog
     * .RootDirectory}) as this host sees it, normally the same directory when the web server and
     * the BES share a host. Off by default.
     *
     * @throws IllegalArgumentException if it is not an absolute path to a directory
     * @throws IllegalStateException if already set
     */
    public Builder dataRoot(Path dataRoot) {
      requireState(this.dataRoot == null, "dataRoot was already set to %s", this.dataRoot);
      Objects.requireNonNull(dataRoot, "dataRoot == null");
      requireArgument(dataRoot.isAbsolute(), "dataRoot was %s, must be an absolute path", dataRoot);
      requireArgument(Files.isDirectory(dataRoot), "dataRoot %s is not a directory", dataRoot);
      this.dataRoot = dataRoot.toAbsolutePath().normalize();
      return this;
    }

    /**
     * Sets the least time between two disk checks of one entry. Default 1 second; 0 checks on
     * every hit. Has no effect without a data root.
     *
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if already set
     */
    public Builder mtimeCheckInterval(Duration interval) {
      requireState(mtimeCheckIntervalNanos == UNSET, "mtimeCheckInterval was already set to %s",
          Duration.ofNanos(mtimeCheckIntervalNanos));
      this.mtimeCheckIntervalNanos = requireNotNegative("mtimeCheckInterval", interval);
      return this;
    }

    /** Same as {@link #mtimeCheckInterval(Duration)}. */
    public Builder mtimeCheckInterval(long duration, TimeUnit unit) {
      return mtimeCheckInterval(toDuration(duration, unit));
    }

    /**
     * Sets how long a lookup waits for another request's load of the same path before giving up
     * with InterruptedIOException. Default 60 seconds. The thread running a load is bounded by the
     * loader's own timeouts instead.
     *
     * @throws IllegalArgumentException if under 1 ms
     * @throws IllegalStateException if already set
     */
    public Builder loadTimeout(Duration loadTimeout) {
      requireState(loadTimeoutNanos == UNSET, "loadTimeout was already set to %s",
          Duration.ofNanos(loadTimeoutNanos));
      this.loadTimeoutNanos = requirePositive("loadTimeout", loadTimeout);
      return this;
    }

    /** Same as {@link #loadTimeout(Duration)}. */
    public Builder loadTimeout(long duration, TimeUnit unit) {
      return loadTimeout(toDuration(duration, unit));
    }

    /**
     * Switches caching on (the default) or off. Off, every lookup asks the BES: for comparisons.
     *
     * @throws IllegalStateException if already set
     */
    public Builder enabled(boolean enabled) {
      requireState(!enabledSet, "enabled was already set to %s", this.enabled);
      this.enabled = enabled;
      this.enabledSet = true;
      return this;
    }

    /**
     * Sets where background refreshes and cache maintenance run; its owner shuts it down. Default:
     * a pool of 4 daemon threads owned by the cache. Never use the common fork-join pool: a
     * refresh blocks on the BES.
     *
     * @throws IllegalStateException if already set
     */
    public Builder executor(Executor executor) {
      requireState(this.executor == null, "executor was already set to %s", this.executor);
      this.executor = Objects.requireNonNull(executor, "executor == null");
      return this;
    }

    /**
     * Sets the time source for expiry, refresh and disk-check intervals. Default {@link
     * Ticker#systemTicker()}; tests pass a fake one.
     *
     * @throws IllegalStateException if already set
     */
    public Builder ticker(Ticker ticker) {
      requireState(this.ticker == null, "ticker was already set to %s", this.ticker);
      this.ticker = Objects.requireNonNull(ticker, "ticker == null");
      return this;
    }

    /**
     * Builds the cache.
     *
     * @throws IllegalStateException if no loader was set, or refreshAfter is not shorter than ttl
     */
    public DataSourceCache build() {
      requireState(loader != null, "loader is required: call loader(besClient::showNode)");
      long ttl = ttlNanos();
      long refreshAfter = refreshAfterNanos(ttl);
      requireState(refreshAfter < ttl, "refreshAfter (%s) must be shorter than ttl (%s)",
          Duration.ofNanos(refreshAfter), Duration.ofNanos(ttl));
      return new DataSourceCache(this);
    }

    long ttlNanos() {
      return orDefault(ttlNanos, DEFAULT_TTL_NANOS);
    }

    long refreshAfterNanos(long ttl) {
      return refreshAfterNanos != UNSET ? refreshAfterNanos : Math.max(1L, ttl / 2);
    }

    private static long requirePositive(String name, Duration duration) {
      return toNanosSaturated(
          Specs.checkDuration(name, duration, Duration.ofMillis(1), MAX_DURATION));
    }

    private static long requireNotNegative(String name, Duration duration) {
      return toNanosSaturated(Specs.checkDuration(name, duration, Duration.ZERO, MAX_DURATION));
    }

    /** Nanoseconds, saturating at Long.MAX_VALUE instead of overflowing. */
    private static long toNanosSaturated(Duration duration) {
      try {
        return duration.toNanos();
      } catch (ArithmeticException e) {
        return Long.MAX_VALUE;
      }
    }

    private static Duration toDuration(long duration, TimeUnit unit) {
      return Duration.of(duration, Objects.requireNonNull(unit, "unit == null").toChronoUnit());
    }

    private static void requireArgument(boolean ok, String format,
        @Nullable Object... args) {
      if (!ok) {
        throw new IllegalArgumentException(String.format(Locale.US, format, args));
      }
    }

    private static void requireState(boolean ok, String format,
        @Nullable Object... args) {
      if (!ok) {
        throw new IllegalStateException(String.format(Locale.US, format, args));
      }
    }
  }
}
