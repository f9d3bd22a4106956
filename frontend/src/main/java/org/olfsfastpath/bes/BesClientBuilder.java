package org.olfsfastpath.bes;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireConsistent;
import static org.olfsfastpath.spec.Checks.requireState;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.Specs;

/**
 * Builds a {@link BesClient}: {@link BesClient#newBuilder()} returns one with every default, {@link
 * BesClient#from} one configured from a text spec whose keys are this builder's method names. Every
 * setter validates its value at once and may be called only once; {@link #build()} checks the
 * settings that depend on each other. Unset settings keep their defaults, named by the {@code
 * DEFAULT_} constants and returned by the getters. Not thread-safe.
 */
public final class BesClientBuilder {
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

  /**
   * Default connections kept for short requests: a tenth of maxConnections, at least one (3 of the
   * default 32, 20 of upstream's shipped 200).
   */
  public static final String DEFAULT_RESERVE = "10%";

  private static final Duration MAX_DURATION = Duration.ofDays(1);

  /** The settings a text spec sets, for {@link BesClient#from}: keys are the setters' names. */
  private final Settings settings = new Settings("BES client");

  private final Setting<PptEndpoint> endpoint = Setting.of("endpoint", null);
  private final Setting<PptOptions> pptOptions = Setting.of("pptOptions", PptOptions.defaults());
  private final Setting<Integer> maxConnections =
      settings.add(Setting.between("maxConnections", DEFAULT_MAX_CONNECTIONS, 1, 10_000));
  private final Setting<Long> maxCommandsPerConnection =
      settings.add(
          Setting.atLeast(
              "maxCommandsPerConnection", DEFAULT_MAX_COMMANDS_PER_CONNECTION, 1, Specs::integer));
  private final Setting<Duration> acquireTimeout =
      settings.add(
          Setting.duration("acquireTimeout", DEFAULT_ACQUIRE_TIMEOUT, Duration.ZERO, MAX_DURATION));
  private final Setting<Duration> maxIdle =
      settings.add(
          Setting.duration("maxIdle", DEFAULT_MAX_IDLE, Duration.ofMillis(1), MAX_DURATION));
  private final Setting<Integer> prewarm = settings.add(Setting.atLeast("prewarm", 0, 0));
  private final Setting<Integer> maxConcurrentConnects =
      settings.add(
          Setting.between("maxConcurrentConnects", DEFAULT_MAX_CONCURRENT_CONNECTS, 1, 1000));
  private final Setting<Portion> reserve =
      settings.add(
          Setting.of("reserve", Portion.parse("reserve", DEFAULT_RESERVE))
              .text(text -> Portion.parse("reserve", text)));
  private final Setting<String> uid =
      settings.add(
          Setting.of("uid", BesContexts.ANONYMOUS_UID)
              .text(String::strip)
              .check(
                  value -> {
                    requireArgument(!value.isEmpty(), "uid was empty");
                    BesRequests.checkXmlText("uid", value);
                    return value;
                  }));
  private final Setting<Duration> besTimeout =
      settings.add(
          Setting.duration("besTimeout", null, Duration.ofSeconds(1), MAX_DURATION)
              .check(
                  value -> {
                    requireArgument(
                        value.getNano() == 0,
                        "besTimeout was %s, must be whole seconds between 1 s and 1 day",
                        value);
                    return value;
                  })
              .shownAs(value -> value.getSeconds() + " s"));
  private final Setting<Long> maxResponseSize =
      settings.add(Setting.atLeast("maxResponseSize", null, 0, Specs::size));
  private final Setting<Long> maxVariableSize =
      settings.add(Setting.atLeast("maxVariableSize", null, 0, Specs::size));
  private final Setting<Boolean> sendEdlToken = Setting.of("sendEdlToken", true);
  private final Setting<BesEventListener> listener =
      Setting.of("eventListener", BesEventListener.NONE);
  private final Setting<PoolClock> clock = Setting.of("clock", PoolClock.SYSTEM);
  private final Setting<BesConnectionPool.Connector> connector = Setting.of("connector", null);

  BesClientBuilder() {}

  /** Applies a text spec to {@link #settings}; for {@link BesClient#from}. */
  BesClientBuilder apply(Map<String, String> spec) {
    settings.apply(spec);
    return this;
  }

  /**
   * The BES to talk to (required).
   *
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder endpoint(PptEndpoint endpoint) {
    this.endpoint.set(endpoint);
    return this;
  }

  /**
   * Socket options and timeouts of every connection (default {@link PptOptions#defaults()}).
   *
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder pptOptions(PptOptions options) {
    pptOptions.set(options);
    return this;
  }

  /**
   * The most connections open at once (default 32). Each is a forked BES process with its own
   * memory and caches, and the BES works one command per process, so beyond a few per BES core more
   * connections add memory, not throughput; 32 still leaves room for slow clients holding a
   * connection while a large response streams. The upstream OLFS default of 200 lets an overload
   * pile up 200 BES processes on one host; here it is answered with a 503 after acquireTimeout.
   *
   * @throws IllegalArgumentException if not in 1-10000
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxConnections(int max) {
    maxConnections.set(max);
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
    maxCommandsPerConnection.set(max);
    return this;
  }

  /**
   * How long a request waits for a free connection before failing with {@link
   * BesPoolExhaustedException} (default 5 s). Zero fails at once.
   *
   * @throws IllegalArgumentException if negative, between 0 and 1 ms, or over a day
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder acquireTimeout(Duration timeout) {
    acquireTimeout.set(timeout);
    return this;
  }

  /** Same as {@link #acquireTimeout(Duration)}. */
  public BesClientBuilder acquireTimeout(long duration, TimeUnit unit) {
    return acquireTimeout(toDuration(duration, unit));
  }

  /**
   * How long an idle connection is kept before it is closed (default 5 min). A kept connection
   * holds a BES process and its memory; a closed one costs the next request a connect and a cold
   * BES process (about 5 ms).
   *
   * @throws IllegalArgumentException if not between 1 ms and 1 day
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxIdle(Duration duration) {
    maxIdle.set(duration);
    return this;
  }

  /** Same as {@link #maxIdle(Duration)}. */
  public BesClientBuilder maxIdle(long duration, TimeUnit unit) {
    return maxIdle(toDuration(duration, unit));
  }

  /**
   * Connections to open in the background right after {@link #build()} (default 0), best effort: a
   * failure is logged, and requests open connections as usual.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder prewarm(int connections) {
    prewarm.set(connections);
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
    maxConcurrentConnects.set(max);
    return this;
  }

  /**
   * The connections kept for short requests (default {@value #DEFAULT_RESERVE}): a count ({@code
   * 4}) or a percentage of maxConnections ({@code 10%}, rounded down but at least one). A request
   * whose answer may hold its connection long (a data answer streamed at its client's pace; see
   * {@link Caller#longHold()}) never takes the last of them, so metadata and pages are answered
   * while long downloads hold every other connection; such a request that finds only the reserve
   * left for the acquire timeout is refused with {@link BesLimitException}. At most maxConnections
   * - 1; {@code 0} keeps none.
   *
   * @throws IllegalArgumentException if neither a count 0-10000 nor a percentage 0-100%
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder reserve(String reserve) {
    this.reserve.set(Portion.parse("reserve", Objects.requireNonNull(reserve, "reserve == null")));
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
    this.uid.set(uid);
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
    besTimeout.set(timeout);
    return this;
  }

  /**
   * The {@code max_response_size} context in bytes (default: none sent): the BES refuses a response
   * larger than this with an error before sending it.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxResponseSize(long bytes) {
    maxResponseSize.set(bytes);
    return this;
  }

  /**
   * The {@code max_variable_size} context in bytes (default: none sent): the BES refuses a variable
   * larger than this.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder maxVariableSize(long bytes) {
    maxVariableSize.set(bytes);
    return this;
  }

  /**
   * Whether a logged-in user's Earthdata Login token and client id go to this BES ({@code
   * edl_auth_token}, {@code edl_client_application_id}; default true, as upstream sends them to
   * every BES). Set from olfs.xml's {@code FastPath/Access@sendEdlToken} by the BES's prefix.
   *
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder sendEdlToken(boolean send) {
    sendEdlToken.set(send);
    return this;
  }

  /** Whether the EDL token and client id go to this BES. */
  public boolean getSendEdlToken() {
    return sendEdlToken.get();
  }

  /**
   * Receives pool and command events (default {@link BesEventListener#NONE}).
   *
   * @throws IllegalStateException if already set
   */
  public BesClientBuilder eventListener(BesEventListener listener) {
    this.listener.set(listener);
    return this;
  }

  /** The pool's and the commands' time and waits (default {@link PoolClock#SYSTEM}); for tests. */
  BesClientBuilder clock(PoolClock clock) {
    this.clock.set(clock);
    return this;
  }

  /** Opens connections instead of {@link PptConnection#open}; for tests. */
  BesClientBuilder connector(BesConnectionPool.Connector connector) {
    this.connector.set(connector);
    return this;
  }

  public PptOptions getPptOptions() {
    return pptOptions.get();
  }

  public int getMaxConnections() {
    return maxConnections.get();
  }

  public long getMaxCommandsPerConnection() {
    return maxCommandsPerConnection.get();
  }

  public Duration getAcquireTimeout() {
    return acquireTimeout.get();
  }

  public Duration getMaxIdle() {
    return maxIdle.get();
  }

  public int getPrewarm() {
    return prewarm.get();
  }

  public int getMaxConcurrentConnects() {
    return maxConcurrentConnects.get();
  }

  /** The reserve as written: a count or a percentage of maxConnections. */
  public String getReserve() {
    return reserve.get().toString();
  }

  /** The connections the reserve keeps of maxConnections: never all of them. */
  public int getReservedConnections() {
    return Math.max(0, Math.min(reserve.get().of(getMaxConnections()), getMaxConnections() - 1));
  }

  public String getUid() {
    return uid.get();
  }

  /** The bes_timeout context in seconds, or 0 when none is sent. */
  public long getBesTimeoutSeconds() {
    return besTimeout.isSet() ? besTimeout.get().getSeconds() : 0;
  }

  /** The max_response_size context in bytes, or -1 when none is sent. */
  public long getMaxResponseSize() {
    return maxResponseSize.isSet() ? maxResponseSize.get() : -1;
  }

  /** The max_variable_size context in bytes, or -1 when none is sent. */
  public long getMaxVariableSize() {
    return maxVariableSize.isSet() ? maxVariableSize.get() : -1;
  }

  /** The listener, guarded: its exceptions are logged, never propagated. */
  BesEventListener getEventListener() {
    return GuardedListener.guard(listener.get());
  }

  PoolClock getClock() {
    return clock.get();
  }

  @Nullable PptEndpoint getEndpoint() {
    return endpoint.orNull();
  }

  BesConnectionPool.@Nullable Connector getConnector() {
    return connector.orNull();
  }

  /**
   * Builds the client and, if asked, starts pre-warming in the background.
   *
   * @throws IllegalStateException if the endpoint is missing or prewarm exceeds maxConnections
   */
  public BesClient build() {
    requireState(endpoint.isSet(), "endpoint is required");
    requireConsistent(
        getPrewarm() <= getMaxConnections(),
        List.of("prewarm", "maxConnections"),
        "prewarm (%s) exceeds maxConnections (%s)",
        getPrewarm(),
        getMaxConnections());
    BesClient client = new BesClient(this);
    client.startPrewarm();
    return client;
  }

  private static Duration toDuration(long duration, TimeUnit unit) {
    Objects.requireNonNull(unit, "unit == null");
    return Duration.ofNanos(unit.toNanos(duration));
  }
}
