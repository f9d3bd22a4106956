package org.olfsfastpath.cache;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireConsistent;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.Specs;

/**
 * Configures a {@link ResponseCache}: {@link ResponseCache#newBuilder()} returns one with every
 * default, {@link ResponseCache#from} one configured from a text spec whose keys are this builder's
 * method names. Each setter validates at once and may be called once; {@link #build()} checks the
 * settings that depend on each other. Not thread-safe.
 */
public final class ResponseCacheBuilder {
  private static final Pattern TYPE_SEPARATORS = Pattern.compile("[\\s,]+");
  private static final Pattern TYPE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  /** Default bound: 64 MiB, room for thousands of DAS, DDS and DMR answers. */
  static final long DEFAULT_MAXIMUM_WEIGHT = 64L << 20;

  /** Default cap of a metadata answer: 256 KiB, above nearly every DAS, DDS or DMR. */
  static final long DEFAULT_MAX_ENTRY_BYTES = 256L << 10;

  /**
   * Default cap of a data answer: 1 MiB, room for a repeated slice of a large dataset (a few
   * hundred thousand values), 1/64 of the default bound.
   */
  static final long DEFAULT_MAX_DATA_ENTRY_BYTES = 1L << 20;

  /** The name of {@link #dataTypes} that means every data response the web layer may keep. */
  public static final String ALL_DATA_TYPES = "all";

  static final long DEFAULT_LOAD_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

  /** The largest cap: 1 GiB, well below the largest Java array. */
  static final long MAX_ENTRY_BYTES = 1L << 30;

  static final Duration MAX_DURATION = ChronoUnit.FOREVER.getDuration();

  /** The settings a text spec sets, for {@link ResponseCache#from}: keys are the setters' names. */
  private final Settings settings = new Settings("response cache");

  private final Setting<Boolean> enabled = settings.add(Setting.bool("enabled", true));
  private final Setting<Long> maximumWeight =
      settings.add(
          Setting.atLeast("maximumWeight", DEFAULT_MAXIMUM_WEIGHT, 0, Specs::size)
              .shownAs(Specs::formatSize));
  private final Setting<Long> maxEntryBytes = settings.add(cap("maxEntryBytes"));
  private final Setting<Collection<String>> dataTypes =
      settings.add(
          Setting.of("dataTypes", (Collection<String>) null)
              .text(ResponseCacheBuilder::parseTypes)
              .check(ResponseCacheBuilder::checkTypes));
  private final Setting<Long> maxDataEntryBytes = settings.add(cap("maxDataEntryBytes"));
  private final Setting<Duration> loadTimeout =
      settings.add(
          Setting.duration("loadTimeout", null, Duration.ofMillis(1), MAX_DURATION)
              .shownAs(value -> Duration.ofNanos(Specs.toNanosSaturated(value))));
  private final Setting<Executor> executor = Setting.of("executor", null);
  private final Setting<AnswerOpener> opener = Setting.of("opener", null);
  private final Setting<Function<String, String>> groups = Setting.of("groups", null);
  private final Setting<Ticker> ticker = Setting.of("ticker", null);

  ResponseCacheBuilder() {}

  /** Applies a text spec to {@link #settings}; for {@link ResponseCache#from}. */
  ResponseCacheBuilder apply(Map<String, String> spec) {
    settings.apply(spec);
    return this;
  }

  /**
   * Switches caching on (the default) or off. Off, every load streams from the BES as without a
   * cache: for comparisons.
   *
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder enabled(boolean enabled) {
    this.enabled.set(enabled);
    return this;
  }

  /**
   * Bounds what the entries weigh, in bytes: each weighs its body, its gzip form, its key and about
   * 350 bytes more. Default 64 MiB.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder maximumWeight(long bytes) {
    maximumWeight.set(bytes);
    return this;
  }

  /**
   * Sets the largest metadata answer kept, in bytes; a larger one streams to its caller and is not
   * kept. Default 256 KiB, or {@code maximumWeight} if that is less.
   *
   * @throws IllegalArgumentException if negative or over 1 GiB
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder maxEntryBytes(long bytes) {
    maxEntryBytes.set(bytes);
    return this;
  }

  /**
   * Names the data response types (e.g. {@code dods}, {@code ascii}) whose answers are kept too, up
   * to {@link #maxDataEntryBytes}; {@value #ALL_DATA_TYPES} (the default) names every one the web
   * layer may keep, and an empty collection (an empty text) none. The cache stores the names; the
   * web layer decides what each means. A repeated small slice is then answered from memory, with no
   * BES message; an answer over the cap streams on and is never kept, and the cache's bound ({@link
   * #maximumWeight}) is shared with the metadata, which Caffeine keeps in preference when it is
   * asked for more often.
   *
   * @throws IllegalArgumentException if a name is not letters, digits, {@code . _ -}
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder dataTypes(Collection<String> types) {
    dataTypes.set(types);
    return this;
  }

  /**
   * Sets the largest answer of a kept data type kept, in bytes. Default 1 MiB, or {@code
   * maximumWeight} if that is less. The cache reads at most this many bytes (plus one) of an answer
   * before it knows that it is larger, and then streams it on.
   *
   * @throws IllegalArgumentException if negative or over 1 GiB
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder maxDataEntryBytes(long bytes) {
    maxDataEntryBytes.set(bytes);
    return this;
  }

  /**
   * Sets how long a request waits for another request's load of the same key before giving up with
   * InterruptedIOException. Default 60 seconds. The thread running a load is bounded by the
   * loader's own timeouts instead.
   *
   * @throws IllegalArgumentException if under 1 ms
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder loadTimeout(Duration loadTimeout) {
    this.loadTimeout.set(loadTimeout);
    return this;
  }

  /** Same as {@link #loadTimeout(Duration)}. */
  public ResponseCacheBuilder loadTimeout(long duration, TimeUnit unit) {
    return loadTimeout(
        Duration.of(duration, Objects.requireNonNull(unit, "unit == null").toChronoUnit()));
  }

  /**
   * Sets where Caffeine's maintenance runs; its owner shuts it down. Default: the thread that wrote
   * (the work is a little bookkeeping), so the cache owns no thread.
   *
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder executor(Executor executor) {
    this.executor.set(executor);
    return this;
  }

  /**
   * Sets the time source for load times. Default {@link Ticker#systemTicker()}; tests pass a fake
   * one.
   *
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder ticker(Ticker ticker) {
    this.ticker.set(ticker);
    return this;
  }

  /**
   * How the cache opens the BES's answer to a get it loads by request ({@link
   * ResponseCache#load(GetRequest, Caller, DataSource, long, boolean)}): the BES router's {@code
   * get}. Without one only loads with a loader of their own can be made.
   *
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder opener(AnswerOpener opener) {
    this.opener.set(Objects.requireNonNull(opener, "opener == null"));
    return this;
  }

  /**
   * Which BES group serves a catalog path: the BES router's {@code groupOf}. Answers are keyed by
   * it ({@link ResponseKey#forGet}), so two groups never share one. Default: every path in {@code
   * /}.
   *
   * @throws IllegalStateException if already set
   */
  public ResponseCacheBuilder groups(Function<String, String> groups) {
    this.groups.set(Objects.requireNonNull(groups, "groups == null"));
    return this;
  }

  @Nullable AnswerOpener getOpener() {
    return opener.isSet() ? opener.get() : null;
  }

  Function<String, String> getGroups() {
    return groups.isSet() ? groups.get() : path -> "/";
  }

  /**
   * Builds the cache.
   *
   * @throws IllegalStateException if maxEntryBytes or maxDataEntryBytes exceeds maximumWeight
   */
  public ResponseCache build() {
    long weight = maximumWeight();
    requireConsistent(
        maxEntryBytes() <= weight,
        List.of("maxEntryBytes", "maximumWeight"),
        "maxEntryBytes (%s) must not exceed maximumWeight (%s)",
        Specs.formatSize(maxEntryBytes()),
        Specs.formatSize(weight));
    requireConsistent(
        maxDataEntryBytes() <= weight,
        List.of("maxDataEntryBytes", "maximumWeight"),
        "maxDataEntryBytes (%s) must not exceed maximumWeight (%s)",
        Specs.formatSize(maxDataEntryBytes()),
        Specs.formatSize(weight));
    return new ResponseCache(this);
  }

  long loadTimeoutNanos() {
    return loadTimeout.isSet()
        ? Specs.toNanosSaturated(loadTimeout.get())
        : DEFAULT_LOAD_TIMEOUT_NANOS;
  }

  long maximumWeight() {
    return maximumWeight.get();
  }

  /** The cap as set, or the default within the bound (a small cache takes smaller answers). */
  long maxEntryBytes() {
    return maxEntryBytes.isSet()
        ? maxEntryBytes.get()
        : Math.min(DEFAULT_MAX_ENTRY_BYTES, maximumWeight());
  }

  long maxDataEntryBytes() {
    return maxDataEntryBytes.isSet()
        ? maxDataEntryBytes.get()
        : Math.min(DEFAULT_MAX_DATA_ENTRY_BYTES, maximumWeight());
  }

  boolean isEnabled() {
    return enabled.get();
  }

  Set<String> getDataTypes() {
    Collection<String> types = dataTypes.orNull();
    return types == null
        ? Set.of(ALL_DATA_TYPES)
        : Collections.unmodifiableSet(new LinkedHashSet<>(types));
  }

  @Nullable Executor getExecutor() {
    return executor.orNull();
  }

  @Nullable Ticker getTicker() {
    return ticker.orNull();
  }

  /** A cap of 0 to 1 GiB; shown as a size. */
  private static Setting<Long> cap(String name) {
    return Setting.of(name, (Long) null)
        .text(Specs::size)
        .shownAs(Specs::formatSize)
        .check(
            bytes -> {
              requireArgument(
                  bytes >= 0 && bytes <= MAX_ENTRY_BYTES,
                  "%s was %s, must be between 0 and 1GiB",
                  name,
                  bytes);
              return bytes;
            });
  }

  /** Names of letters, digits, '.', '_' and '-', kept in order, each once. */
  private static Collection<String> checkTypes(Collection<String> types) {
    Set<String> names = new LinkedHashSet<>();
    for (String type : types) {
      Objects.requireNonNull(type, "dataTypes contains null");
      requireArgument(
          TYPE_NAME.matcher(type).matches(),
          "dataTypes contains '%s', must be names of letters, digits, '.', '_' and '-'",
          type);
      names.add(type);
    }
    return names;
  }

  /** Parses {@code dataTypes}: names separated by blanks or commas; blank means none. */
  static Set<String> parseTypes(String text) {
    Set<String> types = new LinkedHashSet<>();
    for (String name : TYPE_SEPARATORS.split(text.strip())) {
      if (!name.isEmpty()) {
        types.add(name);
      }
    }
    return types;
  }
}
