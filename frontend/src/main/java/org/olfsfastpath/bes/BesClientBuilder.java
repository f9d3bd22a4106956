package org.olfsfastpath.bes;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireConsistent;
import static org.olfsfastpath.spec.Checks.requireState;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.spec.Specs;
import org.olfsfastpath.spec.SpecParser;
import org.jspecify.annotations.Nullable;

/**
 * Builds a {@link BesClient}: {@link BesClient#newBuilder()} returns one with every default,
 * {@link BesClient#from} one configured from a text spec whose keys are this builder's method
 * names. Every setter validates its value at once and may be called only once; {@link #build()}
 * checks the settings that depend on each other. Unset settings keep their defaults, named by the
 * {@code DEFAULT_} constants and returned by the getters. Not thread-safe.
 */
public final class BesClientBuilder {
  /** The text settings: keys are the builder's method names. */
  private static final SpecParser<BesClientBuilder> SPEC =
      SpecParser.<BesClientBuilder>named("BES client")
      .intValue("maxConnections", BesClientBuilder::maxConnections)
      .integer("maxCommandsPerConnection", BesClientBuilder::maxCommandsPerConnection)
      .duration("acquireTimeout", BesClientBuilder::acquireTimeout)
      .duration("maxIdle", BesClientBuilder::maxIdle)
      .intValue("prewarm", BesClientBuilder::prewarm)
      .intValue("maxConcurrentConnects", BesClientBuilder::maxConcurrentConnects)
      .text("uid", BesClientBuilder::uid)
      .duration("besTimeout", BesClientBuilder::besTimeout)
      .size("maxResponseSize", BesClientBuilder::maxResponseSize)
      .size("maxVariableSize", BesClientBuilder::maxVariableSize);

  /** Default most connections open at once. */
  public static final int DEFAULT_MAX_CONNECTIONS = 32;
  /** Default commands per connection before it is replaced (the OLFS's {@code maxCmds}). */
  public static final long DEFAULT_MAX_COMMANDS_PER_CONNECTION = 2000;
  /** Default wait for a free connection. */
  public static final Duration DEFAULT_ACQUIRE_TIMEOUT = Duration.ofSeconds(5);
  /** Default idle time after which a connection is closed. */
  public static final Duration DEFAULT_MAX_IDLE = Duration.ofMinutes(5);
  /** Default most connects in flight: the BES listens with an accept backlog of 5. */
  public static final int DEFAULT_MAX_CONCURRENT_CONNECTS = 4;

  private static final int UNSET = -1;
  private static final Duration MAX_DURATION = Duration.ofDays(1);

  @Nullable PptEndpoint endpoint;
  private @Nullable PptOptions pptOptions;
  private int maxConnections = UNSET;
  private long maxCommandsPerConnection = UNSET;
  private @Nullable Duration acquireTimeout;
  private @Nullable Duration maxIdle;
  private int prewarm = UNSET;
  private int maxConcurrentConnects = UNSET;
  private @Nullable String uid;
  private long besTimeoutSeconds = UNSET;
  private long maxResponseSize = Long.MIN_VALUE;
  private long maxVariableSize = Long.MIN_VALUE;
  private @Nullable BesEventListener listener;
  private @Nullable PoolClock clock;
  BesConnectionPool.@Nullable Connector connector;

  BesClientBuilder() {}

  /** A builder with the settings of a text spec; see {@link BesClient#from}. */
  static BesClientBuilder from(Map<String, String> spec) {
    return SPEC.apply(spec, new BesClientBuilder());
  }

  /**
   * The BES to talk to (required).
   *
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder endpoint(PptEndpoint endpoint) {
    requireState(this.endpoint == null, "endpoint was already set to %s", this.endpoint);
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint == null");
    return this;
  }

  /**
   * Socket options and timeouts of every connection (default {@link PptOptions#defaults()}).
   *
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder pptOptions(PptOptions options) {
    requireState(this.pptOptions == null, "pptOptions was already set to %s", this.pptOptions);
    this.pptOptions = Objects.requireNonNull(options, "pptOptions == null");
    return this;
  }

  /**
   * The most connections open at once (default 32). Each is a forked BES process with its own
   * memory and caches, and the BES works one command per process, so beyond a few per BES core
   * more connections add memory, not throughput; 32 still leaves room for slow clients holding a
   * connection while a large response streams. The upstream OLFS default of 200 lets an overload
   * pile up 200 BES processes on one host; here it is answered with a 503 after acquireTimeout.
   *
   * @throws IllegalArgumentException if not in 1-10000
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxConnections(int max) {
    requireState(maxConnections == UNSET, "maxConnections was already set to %s", maxConnections);
    requireArgument(max >= 1 && max <= 10_000, "maxConnections was %s, must be 1-10000", max);
    this.maxConnections = max;
    return this;
  }

  /**
   * Commands after which a connection is closed and its BES process replaced (default 2000, the
   * OLFS's {@code maxCmds}), which bounds whatever a long-lived BES process accumulates.
   *
   * @throws IllegalArgumentException if less than 1
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxCommandsPerConnection(long max) {
    requireState(maxCommandsPerConnection == UNSET,
        "maxCommandsPerConnection was already set to %s", maxCommandsPerConnection);
    requireArgument(max >= 1, "maxCommandsPerConnection was %s, must be >= 1", max);
    this.maxCommandsPerConnection = max;
    return this;
  }

  /**
   * How long a request waits for a free connection before failing with
   * {@link BesPoolExhaustedException} (default 5 s). Zero fails at once.
   *
   * @throws IllegalArgumentException if negative, between 0 and 1 ms, or over a day
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder acquireTimeout(Duration timeout) {
    requireState(acquireTimeout == null, "acquireTimeout was already set to %s", acquireTimeout);
    this.acquireTimeout = Specs.checkDuration("acquireTimeout", timeout, Duration.ZERO,
        MAX_DURATION);
    return this;
  }

  /** Same as {@link #acquireTimeout(Duration)}. */
  public BesClientBuilder acquireTimeout(long duration, TimeUnit unit) {
    return acquireTimeout(toDuration(duration, unit));
  }

  /**
   * How long an idle connection is kept before it is closed (default 5 min). A kept connection
   * holds a BES process and its memory; a closed one costs the next request a connect and a
   * cold BES process (about 5 ms).
   *
   * @throws IllegalArgumentException if not between 1 ms and 1 day
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxIdle(Duration duration) {
    requireState(maxIdle == null, "maxIdle was already set to %s", maxIdle);
    this.maxIdle = Specs.checkDuration("maxIdle", duration, Duration.ofMillis(1), MAX_DURATION);
    return this;
  }

  /** Same as {@link #maxIdle(Duration)}. */
  public BesClientBuilder maxIdle(long duration, TimeUnit unit) {
    return maxIdle(toDuration(duration, unit));
  }

  /**
   * Connections to open in the background right after {@link #build()} (default 0), best effort:
   * a failure is logged, and requests open connections as usual.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder prewarm(int connections) {
    requireState(prewarm == UNSET, "prewarm was already set to %s", prewarm);
    requireArgument(connections >= 0, "prewarm was %s, must be >= 0", connections);
    this.prewarm = connections;
    return this;
  }

  /**
   * The most connects in flight at once (default 4): the BES listens with an accept backlog of 5
   * and refuses connections beyond it, so a burst of cold requests must not open dozens at once.
   *
   * @throws IllegalArgumentException if not in 1-1000
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxConcurrentConnects(int max) {
    requireState(maxConcurrentConnects == UNSET, "maxConcurrentConnects was already set to %s",
        maxConcurrentConnects);
    requireArgument(max >= 1 && max <= 1000, "maxConcurrentConnects was %s, must be 1-1000", max);
    this.maxConcurrentConnects = max;
    return this;
  }

  /**
   * The {@code uid} context sent with data requests (default {@code not_logged_in}, as the OLFS
   * sends for anonymous users).
   *
   * @throws IllegalArgumentException if empty or holding a character XML 1.0 cannot carry
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder uid(String uid) {
    requireState(this.uid == null, "uid was already set to %s", this.uid);
    Objects.requireNonNull(uid, "uid == null");
    if (uid.isEmpty()) {
      throw new IllegalArgumentException("uid was empty");
    }
    BesRequests.checkXmlText("uid", uid);
    this.uid = uid;
    return this;
  }

  /**
   * The {@code bes_timeout} context sent first in every command (default: none), after which the
   * BES abandons the command itself. The OLFS sends its own BES timeout here.
   *
   * @throws IllegalArgumentException if not a whole number of seconds between 1 s and 1 day
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder besTimeout(Duration timeout) {
    requireState(besTimeoutSeconds == UNSET, "besTimeout was already set to %s s",
        besTimeoutSeconds);
    Specs.checkDuration("besTimeout", timeout, Duration.ofSeconds(1), MAX_DURATION);
    requireArgument(timeout.getNano() == 0,
        "besTimeout was %s, must be whole seconds between 1 s and 1 day", timeout);
    this.besTimeoutSeconds = timeout.getSeconds();
    return this;
  }

  /**
   * The {@code max_response_size} context in bytes (default: none sent): the BES refuses a
   * response larger than this with an error before sending it.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxResponseSize(long bytes) {
    requireState(maxResponseSize == Long.MIN_VALUE, "maxResponseSize was already set to %s",
        maxResponseSize);
    requireArgument(bytes >= 0, "maxResponseSize was %s, must be >= 0", bytes);
    this.maxResponseSize = bytes;
    return this;
  }

  /**
   * The {@code max_variable_size} context in bytes (default: none sent): the BES refuses a
   * variable larger than this.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxVariableSize(long bytes) {
    requireState(maxVariableSize == Long.MIN_VALUE, "maxVariableSize was already set to %s",
        maxVariableSize);
    requireArgument(bytes >= 0, "maxVariableSize was %s, must be >= 0", bytes);
    this.maxVariableSize = bytes;
    return this;
  }

  /**
   * Receives pool and command events (default {@link BesEventListener#NONE}).
   *
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder eventListener(BesEventListener listener) {
    requireState(this.listener == null, "eventListener was already set to %s", this.listener);
    this.listener = Objects.requireNonNull(listener, "eventListener == null");
    return this;
  }

  /** The pool's and the commands' time and waits (default {@link PoolClock#SYSTEM}); for tests. */
  BesClientBuilder clock(PoolClock clock) {
    requireState(this.clock == null, "clock was already set to %s", this.clock);
    this.clock = Objects.requireNonNull(clock, "clock == null");
    return this;
  }

  /** Opens connections instead of {@link PptConnection#open}; for tests. */
  BesClientBuilder connector(BesConnectionPool.Connector connector) {
    requireState(this.connector == null, "connector was already set to %s", this.connector);
    this.connector = Objects.requireNonNull(connector, "connector == null");
    return this;
  }

  public PptOptions getPptOptions() {
    return pptOptions == null ? PptOptions.defaults() : pptOptions;
  }

  public int getMaxConnections() {
    return maxConnections == UNSET ? DEFAULT_MAX_CONNECTIONS : maxConnections;
  }

  public long getMaxCommandsPerConnection() {
    return maxCommandsPerConnection == UNSET
        ? DEFAULT_MAX_COMMANDS_PER_CONNECTION : maxCommandsPerConnection;
  }

  public Duration getAcquireTimeout() {
    return acquireTimeout == null ? DEFAULT_ACQUIRE_TIMEOUT : acquireTimeout;
  }

  public Duration getMaxIdle() {
    return maxIdle == null ? DEFAULT_MAX_IDLE : maxIdle;
  }

  public int getPrewarm() {
    return prewarm == UNSET ? 0 : prewarm;
  }

  public int getMaxConcurrentConnects() {
    return maxConcurrentConnects == UNSET ? DEFAULT_MAX_CONCURRENT_CONNECTS
        : maxConcurrentConnects;
  }

  public String getUid() {
    return uid == null ? BesContexts.ANONYMOUS_UID : uid;
  }

  /** The bes_timeout context in seconds, or 0 when none is sent. */
  public long getBesTimeoutSeconds() {
    return besTimeoutSeconds == UNSET ? 0 : besTimeoutSeconds;
  }

  /** The max_response_size context in bytes, or -1 when none is sent. */
  public long getMaxResponseSize() {
    return maxResponseSize == Long.MIN_VALUE ? -1 : maxResponseSize;
  }

  /** The max_variable_size context in bytes, or -1 when none is sent. */
  public long getMaxVariableSize() {
    return maxVariableSize == Long.MIN_VALUE ? -1 : maxVariableSize;
  }

  /** The listener, guarded: its exceptions are logged, never propagated. */
  BesEventListener getEventListener() {
    return GuardedListener.guard(listener == null ? BesEventListener.NONE : listener);
  }

  PoolClock getClock() {
    return clock == null ? PoolClock.SYSTEM : clock;
  }

  /**
   * Builds the client and, if asked, starts pre-warming in the background.
   *
   * @throws IllegalStateException if the endpoint is missing or prewarm exceeds maxConnections
   */
  public BesClient build() {
    requireState(endpoint != null, "endpoint is required");
    requireConsistent(getPrewarm() <= getMaxConnections(), List.of("prewarm", "maxConnections"),
        "prewarm (%s) exceeds maxConnections (%s)", getPrewarm(), getMaxConnections());
    BesClient client = new BesClient(this);
    client.startPrewarm();
    return client;
  }

  private static Duration toDuration(long duration, TimeUnit unit) {
    Objects.requireNonNull(unit, "unit == null");
    return Duration.ofNanos(unit.toNanos(duration));
  }
}
