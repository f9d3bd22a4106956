package org.olfsfastpath.cache;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireConsistent;
import static org.olfsfastpath.spec.Checks.requireState;

import com.github.benmanes.caffeine.cache.Ticker;
import java.util.List;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.spec.SpecParser;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Specs;

/**
 * Configures a {@link DataSourceCache}: {@link DataSourceCache#newBuilder()} returns one with every
 * default, {@link DataSourceCache#from} one configured from a text spec whose keys are this
 * builder's method names. Each setter validates at once and may be called once; {@link #build()}
 * checks the settings that depend on each other. Not thread-safe.
 */
public final class DataSourceCacheBuilder {
  /** The text settings: keys are the builder's method names. */
  private static final SpecParser<DataSourceCacheBuilder> SPEC =
      SpecParser.<DataSourceCacheBuilder>named("data-source cache")
      .bool("enabled", DataSourceCacheBuilder::enabled)
      .integer("maximumSize", DataSourceCacheBuilder::maximumSize)
      .integer("maximumWeight", DataSourceCacheBuilder::maximumWeight)
      .duration("ttl", DataSourceCacheBuilder::ttl)
      .duration("refreshAfter", DataSourceCacheBuilder::refreshAfter)
      .duration("negativeTtl", DataSourceCacheBuilder::negativeTtl)
      .with("dataRoot", Path::of, DataSourceCacheBuilder::dataRoot)
      .duration("mtimeCheckInterval", DataSourceCacheBuilder::mtimeCheckInterval)
      .duration("loadTimeout", DataSourceCacheBuilder::loadTimeout);

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

  @Nullable NodeLoader loader;
  long maximumSize = UNSET;
  long maximumWeight = UNSET;
  long ttlNanos = UNSET;
  long refreshAfterNanos = UNSET;
  long negativeTtlNanos = UNSET;
  @Nullable Path dataRoot;
  long mtimeCheckIntervalNanos = UNSET;
  long loadTimeoutNanos = UNSET;
  boolean enabled = true;
  boolean enabledSet;
  @Nullable Executor executor;
  @Nullable Ticker ticker;

  DataSourceCacheBuilder() {}

  /** A builder with the settings of a text spec; see {@link DataSourceCache#from}. */
  static DataSourceCacheBuilder from(Map<String, String> spec) {
    return SPEC.apply(spec, new DataSourceCacheBuilder());
  }

  /**
   * Sets how paths are loaded, normally {@code besClient::showNode}. Required.
   *
   * @throws NullPointerException if {@code loader} is null
   * @throws IllegalStateException if a loader was already set
   */
  public DataSourceCacheBuilder loader(NodeLoader loader) {
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
  public DataSourceCacheBuilder maximumSize(long maximumSize) {
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
  public DataSourceCacheBuilder maximumWeight(long maximumWeight) {
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
  public DataSourceCacheBuilder ttl(Duration ttl) {
    requireState(ttlNanos == UNSET, "ttl was already set to %s", Duration.ofNanos(ttlNanos));
    this.ttlNanos = requirePositive("ttl", ttl);
    return this;
  }

  /** Same as {@link #ttl(Duration)}. */
  public DataSourceCacheBuilder ttl(long duration, TimeUnit unit) {
    return ttl(toDuration(duration, unit));
  }

  /**
   * Sets the age after which a hit also starts one background reload, answering from the cache
   * meanwhile. Must be shorter than the TTL; default half of it.
   *
   * @throws IllegalArgumentException if under 1 ms
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder refreshAfter(Duration refreshAfter) {
    requireState(refreshAfterNanos == UNSET, "refreshAfter was already set to %s",
        Duration.ofNanos(refreshAfterNanos));
    this.refreshAfterNanos = requirePositive("refreshAfter", refreshAfter);
    return this;
  }

  /** Same as {@link #refreshAfter(Duration)}. */
  public DataSourceCacheBuilder refreshAfter(long duration, TimeUnit unit) {
    return refreshAfter(toDuration(duration, unit));
  }

  /**
   * Sets how long a "not found" answer is kept. Default 10 seconds; 0 keeps none (every lookup
   * of a missing path asks the BES, concurrent ones still share one showNode).
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder negativeTtl(Duration negativeTtl) {
    requireState(negativeTtlNanos == UNSET, "negativeTtl was already set to %s",
        Duration.ofNanos(negativeTtlNanos));
    this.negativeTtlNanos = requireNotNegative("negativeTtl", negativeTtl);
    return this;
  }

  /** Same as {@link #negativeTtl(Duration)}. */
  public DataSourceCacheBuilder negativeTtl(long duration, TimeUnit unit) {
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
  public DataSourceCacheBuilder dataRoot(Path dataRoot) {
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
  public DataSourceCacheBuilder mtimeCheckInterval(Duration interval) {
    requireState(mtimeCheckIntervalNanos == UNSET, "mtimeCheckInterval was already set to %s",
        Duration.ofNanos(mtimeCheckIntervalNanos));
    this.mtimeCheckIntervalNanos = requireNotNegative("mtimeCheckInterval", interval);
    return this;
  }

  /** Same as {@link #mtimeCheckInterval(Duration)}. */
  public DataSourceCacheBuilder mtimeCheckInterval(long duration, TimeUnit unit) {
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
  public DataSourceCacheBuilder loadTimeout(Duration loadTimeout) {
    requireState(loadTimeoutNanos == UNSET, "loadTimeout was already set to %s",
        Duration.ofNanos(loadTimeoutNanos));
    this.loadTimeoutNanos = requirePositive("loadTimeout", loadTimeout);
    return this;
  }

  /** Same as {@link #loadTimeout(Duration)}. */
  public DataSourceCacheBuilder loadTimeout(long duration, TimeUnit unit) {
    return loadTimeout(toDuration(duration, unit));
  }

  /**
   * Switches caching on (the default) or off. Off, every lookup asks the BES: for comparisons.
   *
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder enabled(boolean enabled) {
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
  public DataSourceCacheBuilder executor(Executor executor) {
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
  public DataSourceCacheBuilder ticker(Ticker ticker) {
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
    requireConsistent(refreshAfter < ttl, List.of("refreshAfter", "ttl"),
        "refreshAfter (%s) must be shorter than ttl (%s)", Duration.ofNanos(refreshAfter),
        Duration.ofNanos(ttl));
    return new DataSourceCache(this);
  }

  long ttlNanos() {
    return orDefault(ttlNanos, DEFAULT_TTL_NANOS);
  }

  long negativeTtlNanos() {
    return orDefault(negativeTtlNanos, DEFAULT_NEGATIVE_TTL_NANOS);
  }

  long mtimeCheckIntervalNanos() {
    return orDefault(mtimeCheckIntervalNanos, DEFAULT_MTIME_CHECK_INTERVAL_NANOS);
  }

  long loadTimeoutNanos() {
    return orDefault(loadTimeoutNanos, DEFAULT_LOAD_TIMEOUT_NANOS);
  }

  boolean isWeighted() {
    return maximumWeight != UNSET;
  }

  /** The bound: the weight when one was set, else the entries. */
  long maximum() {
    return isWeighted() ? maximumWeight : orDefault(maximumSize, DEFAULT_MAXIMUM_SIZE);
  }

  private static long orDefault(long setting, long defaultValue) {
    return setting != UNSET ? setting : defaultValue;
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
}
