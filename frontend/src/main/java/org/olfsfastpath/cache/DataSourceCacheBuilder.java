package org.olfsfastpath.cache;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireConsistent;
import static org.olfsfastpath.spec.Checks.requireState;

import com.github.benmanes.caffeine.cache.Ticker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.Specs;

/**
 * Configures a {@link DataSourceCache}: {@link DataSourceCache#newBuilder()} returns one with every
 * default, {@link DataSourceCache#from} one configured from a text spec whose keys are this
 * builder's method names. Each setter validates at once and may be called once; {@link #build()}
 * checks the settings that depend on each other. Not thread-safe.
 */
public final class DataSourceCacheBuilder {
  static final long DEFAULT_MAXIMUM_SIZE = 200_000L;
  static final long DEFAULT_TTL_NANOS = TimeUnit.MINUTES.toNanos(10);
  static final long DEFAULT_NEGATIVE_TTL_NANOS = TimeUnit.SECONDS.toNanos(10);
  static final long DEFAULT_MTIME_CHECK_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
  static final long DEFAULT_LOAD_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
  static final int REFRESH_THREADS = 4;

  /**
   * The longest duration a cache setting takes: any, saturated to about 292 years (an entry kept
   * "forever" lives until its file changes or it is evicted).
   */
  static final Duration MAX_DURATION = ChronoUnit.FOREVER.getDuration();

  /**
   * The settings a text spec sets, for {@link DataSourceCache#from}: keys are the setters' names.
   */
  private final Settings settings = new Settings("data-source cache");

  private final Setting<Boolean> enabled = settings.add(Setting.bool("enabled", true));
  private final Setting<NodeLoader> loader = Setting.of("loader", null);
  private final Setting<Long> maximumSize =
      settings.add(
          Setting.of("maximumSize", DEFAULT_MAXIMUM_SIZE)
              .text(Specs::integer)
              .check(
                  size -> bound("maximumSize", size, "maximumWeight", this.maximumWeight.ifSet())));
  private final Setting<Long> maximumWeight =
      settings.add(
          Setting.of("maximumWeight", (Long) null)
              .text(Specs::integer)
              .check(
                  weight ->
                      bound("maximumWeight", weight, "maximumSize", this.maximumSize.ifSet())));
  private final Setting<Duration> ttl = settings.add(duration("ttl", Duration.ofMillis(1)));
  private final Setting<Duration> refreshAfter =
      settings.add(duration("refreshAfter", Duration.ofMillis(1)));
  private final Setting<Duration> negativeTtl =
      settings.add(duration("negativeTtl", Duration.ZERO));
  private final Setting<Path> dataRoot =
      settings.add(
          Setting.of("dataRoot", (Path) null)
              .text(Path::of)
              .check(
                  root -> {
                    requireArgument(
                        root.isAbsolute(), "dataRoot was %s, must be an absolute path", root);
                    requireArgument(
                        Files.isDirectory(root), "dataRoot %s is not a directory", root);
                    return root.toAbsolutePath().normalize();
                  }));
  private final Setting<Duration> mtimeCheckInterval =
      settings.add(duration("mtimeCheckInterval", Duration.ZERO));
  private final Setting<Duration> loadTimeout =
      settings.add(duration("loadTimeout", Duration.ofMillis(1)));
  private final Setting<Executor> executor = Setting.of("executor", null);
  private final Setting<Ticker> ticker = Setting.of("ticker", null);

  DataSourceCacheBuilder() {}

  /** Applies a text spec to {@link #settings}; for {@link DataSourceCache#from}. */
  DataSourceCacheBuilder apply(Map<String, String> spec) {
    settings.apply(spec);
    return this;
  }

  /**
   * Sets how paths are loaded, normally {@code besClient::showNode}. Required.
   *
   * @throws NullPointerException if {@code loader} is null
   * @throws IllegalStateException if a loader was already set
   */
  public DataSourceCacheBuilder loader(NodeLoader loader) {
    this.loader.set(loader);
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
    this.maximumSize.set(maximumSize);
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
    this.maximumWeight.set(maximumWeight);
    return this;
  }

  /**
   * Sets how long an answer is kept after its load. Default 10 minutes (upstream OLFS's node cache
   * refreshInterval is 600 s).
   *
   * @throws IllegalArgumentException if under 1 ms
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder ttl(Duration ttl) {
    this.ttl.set(ttl);
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
    this.refreshAfter.set(refreshAfter);
    return this;
  }

  /** Same as {@link #refreshAfter(Duration)}. */
  public DataSourceCacheBuilder refreshAfter(long duration, TimeUnit unit) {
    return refreshAfter(toDuration(duration, unit));
  }

  /**
   * Sets how long a "not found" answer is kept. Default 10 seconds; 0 keeps none (every lookup of a
   * missing path asks the BES, concurrent ones still share one showNode).
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder negativeTtl(Duration negativeTtl) {
    this.negativeTtl.set(negativeTtl);
    return this;
  }

  /** Same as {@link #negativeTtl(Duration)}. */
  public DataSourceCacheBuilder negativeTtl(long duration, TimeUnit unit) {
    return negativeTtl(toDuration(duration, unit));
  }

  /**
   * Turns on disk checks: {@code dataRoot} is the BES catalog root ({@code BES.Catalog.catalog
   * .RootDirectory}) as this host sees it, normally the same directory when the web server and the
   * BES share a host. Off by default.
   *
   * @throws IllegalArgumentException if it is not an absolute path to a directory
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder dataRoot(Path dataRoot) {
    this.dataRoot.set(dataRoot);
    return this;
  }

  /**
   * Sets the least time between two disk checks of one entry. Default 1 second; 0 checks on every
   * hit. Has no effect without a data root.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder mtimeCheckInterval(Duration interval) {
    mtimeCheckInterval.set(interval);
    return this;
  }

  /** Same as {@link #mtimeCheckInterval(Duration)}. */
  public DataSourceCacheBuilder mtimeCheckInterval(long duration, TimeUnit unit) {
    return mtimeCheckInterval(toDuration(duration, unit));
  }

  /**
   * Sets how long a lookup waits for another request's load of the same path before giving up with
   * InterruptedIOException. Default 60 seconds. The thread running a load is bounded by the
   * loader's own timeouts instead.
   *
   * @throws IllegalArgumentException if under 1 ms
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder loadTimeout(Duration loadTimeout) {
    this.loadTimeout.set(loadTimeout);
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
    this.enabled.set(enabled);
    return this;
  }

  /**
   * Sets where background refreshes and cache maintenance run; its owner shuts it down. Default: a
   * pool of 4 daemon threads owned by the cache. Never use the common fork-join pool: a refresh
   * blocks on the BES.
   *
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder executor(Executor executor) {
    this.executor.set(executor);
    return this;
  }

  /**
   * Sets the time source for expiry, refresh and disk-check intervals. Default {@link
   * Ticker#systemTicker()}; tests pass a fake one.
   *
   * @throws IllegalStateException if already set
   */
  public DataSourceCacheBuilder ticker(Ticker ticker) {
    this.ticker.set(ticker);
    return this;
  }

  /**
   * Builds the cache.
   *
   * @throws IllegalStateException if no loader was set, or refreshAfter is not shorter than ttl
   */
  public DataSourceCache build() {
    requireState(loader.isSet(), "loader is required: call loader(besClient::showNode)");
    long ttl = ttlNanos();
    long refreshAfter = refreshAfterNanos(ttl);
    requireConsistent(
        refreshAfter < ttl,
        List.of("refreshAfter", "ttl"),
        "refreshAfter (%s) must be shorter than ttl (%s)",
        Duration.ofNanos(refreshAfter),
        Duration.ofNanos(ttl));
    return new DataSourceCache(this);
  }

  long ttlNanos() {
    return nanos(ttl, DEFAULT_TTL_NANOS);
  }

  long negativeTtlNanos() {
    return nanos(negativeTtl, DEFAULT_NEGATIVE_TTL_NANOS);
  }

  long mtimeCheckIntervalNanos() {
    return nanos(mtimeCheckInterval, DEFAULT_MTIME_CHECK_INTERVAL_NANOS);
  }

  long loadTimeoutNanos() {
    return nanos(loadTimeout, DEFAULT_LOAD_TIMEOUT_NANOS);
  }

  long refreshAfterNanos(long ttl) {
    return nanos(refreshAfter, Math.max(1L, ttl / 2));
  }

  boolean isWeighted() {
    return maximumWeight.isSet();
  }

  /** The bound: the weight when one was set, else the entries. */
  long maximum() {
    return isWeighted() ? maximumWeight.get() : maximumSize.get();
  }

  boolean isEnabled() {
    return enabled.get();
  }

  @Nullable NodeLoader getLoader() {
    return loader.orNull();
  }

  @Nullable Path getDataRoot() {
    return dataRoot.orNull();
  }

  @Nullable Executor getExecutor() {
    return executor.orNull();
  }

  @Nullable Ticker getTicker() {
    return ticker.orNull();
  }

  /**
   * A duration of at least {@code min}, kept in nanoseconds saturated at about 292 years: any
   * duration up to {@link #MAX_DURATION} is taken.
   */
  private static Setting<Duration> duration(String name, Duration min) {
    return Setting.duration(name, null, min, MAX_DURATION)
        .shownAs(value -> Duration.ofNanos(Specs.toNanosSaturated(value)));
  }

  private static long nanos(Setting<Duration> setting, long defaultNanos) {
    return setting.isSet() ? Specs.toNanosSaturated(setting.get()) : defaultNanos;
  }

  /** Checks a bound that excludes the other kind of bound. */
  private static long bound(String name, long value, String other, @Nullable Long otherValue) {
    requireState(
        otherValue == null,
        "%s cannot be combined with %s (already set to %s)",
        name,
        other,
        otherValue);
    requireArgument(value >= 0, "%s was %s, must be >= 0", name, value);
    return value;
  }

  private static Duration toDuration(long duration, TimeUnit unit) {
    return Duration.of(duration, Objects.requireNonNull(unit, "unit == null").toChronoUnit());
  }
}
