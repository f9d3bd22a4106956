package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptResponse;
import org.olfsfastpath.spec.SpecParser;
import org.olfsfastpath.spec.Specs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.jspecify.annotations.Nullable;

/**
 * Sends BES commands over a pool of warm PPT connections. Thread-safe; build one per web
 * application with {@link #newBuilder()} and share it.
 *
 * <p>Every command is one request document in one write; a warm request costs exactly that one
 * command (no status check follows it). If sending on a connection taken from the idle pool fails
 * before any answer byte reached the caller, the command is sent once more on a fresh connection;
 * a timeout is never retried, since it means the BES is slow rather than the connection stale.
 *
 * <p>The client owns one daemon thread, named after the endpoint, that closes connections idle
 * longer than {@code maxIdle} and pre-warms the pool after {@link Builder#build()} when asked to.
 * {@link #close()} stops it and closes every connection.
 */
public final class BesClient implements Closeable {
  private static final Logger log = LoggerFactory.getLogger(BesClient.class);

  /** Cap on a non-streamed answer (showNode of a large directory, an error document). */
  static final int MAX_ANSWER_BYTES = 32 << 20;

  /** The text settings: keys are the builder's method names. */
  private static final SpecParser<Builder> SPEC = SpecParser.<Builder>named("BES client")
      .intValue("maxConnections", Builder::maxConnections)
      .integer("maxCommandsPerConnection", Builder::maxCommandsPerConnection)
      .duration("acquireTimeout", Builder::acquireTimeout)
      .duration("maxIdle", Builder::maxIdle)
      .intValue("prewarm", Builder::prewarm)
      .intValue("maxConcurrentConnects", Builder::maxConcurrentConnects)
      .text("uid", Builder::uid)
      .duration("besTimeout", Builder::besTimeout)
      .size("maxResponseSize", Builder::maxResponseSize)
      .size("maxVariableSize", Builder::maxVariableSize);

  private final PptEndpoint endpoint;
  private final PptOptions pptOptions;
  private final int maxConnections;
  private final long maxCommandsPerConnection;
  private final Duration acquireTimeout;
  private final Duration maxIdle;
  private final int prewarm;
  private final BesContexts contexts;
  private final BesRequests requests;
  private final BesConnectionPool pool;
  private final ScheduledExecutorService maintenance;
  private final PoolClock clock;
  private final BesEventListener listener;

  private BesClient(Builder b) {
    PptEndpoint target = Objects.requireNonNull(b.endpoint, "endpoint was not set");
    this.endpoint = target;
    this.pptOptions = b.getPptOptions();
    this.maxConnections = b.getMaxConnections();
    this.maxCommandsPerConnection = b.getMaxCommandsPerConnection();
    this.acquireTimeout = b.getAcquireTimeout();
    this.maxIdle = b.getMaxIdle();
    this.prewarm = b.getPrewarm();
    this.contexts = new BesContexts(b.getUid(), b.getBesTimeoutSeconds(), b.getMaxResponseSize(),
        b.getMaxVariableSize());
    this.requests = new BesRequests(contexts, "olfs-fastpath-");
    PptOptions options = pptOptions;
    BesConnectionPool.Connector connector = b.connector != null
        ? b.connector
        : () -> PptConnection.open(target, options);
    ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, task -> {
      Thread thread = new Thread(task, "olfs-fastpath BES pool " + target);
      thread.setDaemon(true);
      return thread;
    });
    executor.setRemoveOnCancelPolicy(true);
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.maintenance = executor;
    this.clock = b.getClock();
    this.listener = b.getEventListener();
    this.pool = new BesConnectionPool(target, connector, maxConnections,
        maxCommandsPerConnection, acquireTimeout.toNanos(), maxIdle.toNanos(),
        b.getMaxConcurrentConnects(), b.getClock(), b.getEventListener(), executor);
  }

  /** Returns a builder holding the defaults; only the endpoint must be set. */
  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names:
   * {@code maxConnections}, {@code maxCommandsPerConnection}, {@code prewarm},
   * {@code maxConcurrentConnects} (integers), {@code acquireTimeout}, {@code maxIdle},
   * {@code besTimeout} (durations), {@code maxResponseSize}, {@code maxVariableSize} (sizes) and
   * {@code uid}. The endpoint and the PPT options are set on the builder.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value, if a key is
   *     unknown or the builder refuses its value
   */
  public static Builder from(Map<String, String> spec) {
    return SPEC.apply(spec, newBuilder());
  }

  /**
   * Asks the BES about one catalog node ({@code showNode}).
   *
   * @param path the catalog path, e.g. {@code /data/sst.nc} or {@code /} for the root
   * @return the node; a directory's node carries its children
   * @throws IllegalArgumentException if the path holds a character XML 1.0 cannot carry
   * @throws BesErrorException if the BES answered an error (type 5 when the node does not exist)
   * @throws BesPoolExhaustedException if no connection became free within the acquire timeout
   * @throws BesProtocolException if the answer is not a showNode document
   * @throws IOException on a transport or protocol failure
   */
  public BesNode showNode(String path) throws IOException {
    return showNode(path, null);
  }

  BesNode showNode(String path, @Nullable CallTrace trace) throws IOException {
    return command("showNode", requests.showNode(path), trace, BesAnswers::parseNode);
  }

  /**
   * Returns the BES's {@code showVersion} answer document, as text.
   *
   * @throws BesErrorException if the BES answered an error
   * @throws IOException on a transport or protocol failure, or if the answer is not a showVersion
   *     document
   */
  public String showVersion() throws IOException {
    return version(null);
  }

  /** {@link #showVersion()}, traced; not an overload, so {@code client::showVersion} stays exact. */
  String version(@Nullable CallTrace trace) throws IOException {
    return command("showVersion", requests.showVersion(), trace, BesAnswers::parseVersion);
  }

  /**
   * Returns the BES's {@code showStatus} answer, normally {@code OK}. For diagnostics: the pool
   * never sends it on its own.
   *
   * @throws BesErrorException if the BES answered an error
   * @throws IOException on a transport or protocol failure
   */
  public String showStatus() throws IOException {
    return command("showStatus", requests.showStatus(), null, BesAnswers::parseStatus);
  }

  /**
   * Returns the values of one BES configuration key ({@code showBesKey}), for example
   * {@code SupportEmail}; empty when the key has no value.
   *
   * @throws IllegalArgumentException if the key holds a character XML 1.0 cannot carry
   * @throws BesErrorException if the BES answered an error
   * @throws IOException on a transport or protocol failure
   */
  public List<String> showBesKey(String key) throws IOException {
    return showBesKey(key, null);
  }

  List<String> showBesKey(String key, @Nullable CallTrace trace) throws IOException {
    return command("showBesKey", requests.showBesKey(key), trace, BesAnswers::parseBesKey);
  }

  /**
   * Asks the BES for its site map ({@code buildSiteMap}): every node and dataset of its catalog as
   * one URL per line, {@code prefix} followed by the catalog path, directories ending {@code
   * nodeSuffix}, datasets {@code leafSuffix}. Returns the answer as it came (plain text).
   *
   * @throws BesErrorException if the BES answered an error (it has no such command, say)
   * @throws IOException on a transport or protocol failure, or an answer over 32 MiB
   */
  public byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix)
      throws IOException {
    return buildSiteMap(prefix, nodeSuffix, leafSuffix, null);
  }

  byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix, @Nullable CallTrace trace)
      throws IOException {
    return command("buildSiteMap", requests.buildSiteMap(prefix, nodeSuffix, leafSuffix), trace,
        answer -> answer);
  }

  /**
   * Sends the data request (contexts, setContainer, define, get) and returns the streaming
   * response once the BES has said it is not an error. The caller must close it.
   *
   * @throws IllegalArgumentException if the path, constraint or xml:base holds a character XML 1.0
   *     cannot carry
   * @throws BesErrorException if the BES answered an error before any data
   * @throws BesPoolExhaustedException if no connection became free within the acquire timeout
   * @throws IOException on a transport or protocol failure
   */
  public BesResponse get(GetRequest request) throws IOException {
    return get(request, null);
  }

  BesResponse get(GetRequest request, @Nullable CallTrace trace) throws IOException {
    byte[] document = requests.get(request);
    long start = commandStart("get");
    Throwable failure = null;
    try {
      Exchange exchange = send(document, trace);
      if (exchange.response.isError()) {
        throw new BesErrorException(BesAnswers.parseError(readAndRelease(exchange)));
      }
      return new PooledResponse(pool, exchange.lease, exchange.response);
    } catch (IOException | RuntimeException | Error e) {
      failure = e;
      throw e;
    } finally {
      commandEnd("get", start, failure);
    }
  }

  /**
   * Opens one new connection to the BES and completes the PPT handshake, sending no BES command:
   * tells whether the BES accepts connections, at the cost of one fork on its side and without
   * touching its catalog. A healthy connection stays in the pool for the next request when there
   * is room. Takes at most the connect timeout plus the handshake timeout. A {@link BesGroup}
   * probes an ejected BES this way before it gets traffic again.
   *
   * @throws IOException the connect's or the handshake's failure: refused, timed out, or a
   *     handshake answer that is not PPT
   * @throws IllegalStateException if the client is closed
   */
  public void probe() throws IOException {
    pool.probe();
  }

  /**
   * Opens connections until {@code count} are open (at most maxConnections), now, on the calling
   * thread. Best effort: stops at the first failure, which is logged.
   *
   * @return the number of connections opened
   * @throws IllegalArgumentException if count is negative
   */
  public int prewarm(int count) {
    if (count < 0) {
      throw new IllegalArgumentException("count was " + count + ", must be >= 0");
    }
    return pool.prewarm(count);
  }

  /**
   * Closes every idle connection now, for example after the BES was restarted; connections lent
   * out are kept until returned.
   */
  public void evictIdle() {
    pool.evictAll("evicted on request");
  }

  /** A snapshot of the connection pool's state and counters. */
  public BesPoolStats poolStats() {
    return pool.stats();
  }

  public PptEndpoint endpoint() {
    return endpoint;
  }

  /** The socket options of every connection. */
  public PptOptions pptOptions() {
    return pptOptions;
  }

  /** The most connections open at once. */
  public int maxConnections() {
    return maxConnections;
  }

  /** Commands a connection carries before it is replaced. */
  public long maxCommandsPerConnection() {
    return maxCommandsPerConnection;
  }

  /** How long a request waits for a free connection. */
  public Duration acquireTimeout() {
    return acquireTimeout;
  }

  /** How long an idle connection is kept. */
  public Duration maxIdle() {
    return maxIdle;
  }

  /** The connections opened in the background when the client was built. */
  public int prewarmCount() {
    return prewarm;
  }

  /** The max_response_size context in bytes, or -1 when none is sent. */
  public long maxResponseSize() {
    return contexts.maxResponseSize();
  }

  /** The max_variable_size context in bytes, or -1 when none is sent. */
  public long maxVariableSize() {
    return contexts.maxVariableSize();
  }

  /** Stops the maintenance thread and closes every connection; open responses close theirs. */
  @Override
  public void close() {
    maintenance.shutdownNow();
    pool.close();
  }

  @Override
  public String toString() {
    return "BesClient{endpoint=" + endpoint + ", pool=" + pool.stats() + "}";
  }

  BesConnectionPool pool() {
    return pool;
  }

  /** Reads a command's whole answer. */
  private interface AnswerParser<T> {
    T parse(byte[] answer) throws IOException;
  }

  /**
   * Sends a command whose whole answer is small, and returns the answer once read and parsed.
   * Heard by the listener as one command, parse included.
   */
  private <T> T command(String name, byte[] document, @Nullable CallTrace trace, AnswerParser<T> parser)
      throws IOException {
    long start = commandStart(name);
    Throwable failure = null;
    try {
      Exchange exchange = send(document, trace);
      boolean error = exchange.response.isError();
      byte[] answer = readAndRelease(exchange);
      if (error) {
        throw new BesErrorException(BesAnswers.parseError(answer));
      }
      return parser.parse(answer);
    } catch (IOException | RuntimeException | Error e) {
      failure = e;
      throw e;
    } finally {
      commandEnd(name, start, failure);
    }
  }

  private long commandStart(String name) {
    BesConnectionPool.guard(() -> listener.commandStart(endpoint, name));
    return clock.nanoTime();
  }

  private void commandEnd(String name, long start, @Nullable Throwable failure) {
    long nanos = clock.nanoTime() - start;
    BesConnectionPool.guard(() -> listener.commandEnd(endpoint, name, nanos, failure));
  }

  private byte[] readAndRelease(Exchange exchange) throws IOException {
    try {
      return exchange.response.readAll(MAX_ANSWER_BYTES);
    } finally {
      exchange.response.close();
      pool.release(exchange.lease);
    }
  }

  /**
   * Sends a request document on a pooled connection. If the connection came from the idle set and
   * the send (the write, or reading the answer's first chunks) fails, nothing has reached the
   * caller yet, so the document goes once more on a fresh connection.
   */
  private Exchange send(byte[] document, @Nullable CallTrace trace) throws IOException {
    BesConnectionPool.Lease lease = pool.acquire(trace);
    try {
      return new Exchange(lease, lease.connection.send(document));
    } catch (IOException e) {
      // A timeout means a slow BES, not a stale connection: sending again would double the wait.
      if (!lease.reused || e instanceof InterruptedIOException) {
        pool.release(lease);
        throw e;
      }
      log.debug("BES connection {} failed on reuse, sending once more on a fresh one: {}",
          lease.connection.id(), e.toString());
      BesConnectionPool.Lease fresh = pool.replace(lease, e, trace);
      try {
        return new Exchange(fresh, fresh.connection.send(document));
      } catch (IOException | RuntimeException retryFailure) {
        pool.release(fresh);
        throw retryFailure;
      }
    } catch (RuntimeException e) {
      pool.release(lease);
      throw e;
    }
  }

  private record Exchange(BesConnectionPool.Lease lease, PptResponse response) {}

  /**
   * Builds a {@link BesClient}. Every setter validates its value at once and may be called only
   * once; {@link #build()} checks the settings that depend on each other. Unset settings keep
   * their defaults, named by the {@code DEFAULT_} constants and returned by the getters.
   */
  public static final class Builder {
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

    private @Nullable PptEndpoint endpoint;
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
    private BesConnectionPool.@Nullable Connector connector;

    private Builder() {}

    /**
     * The BES to talk to (required).
     *
     * @throws IllegalStateException if already set
     */
    public Builder endpoint(PptEndpoint endpoint) {
      requireState(this.endpoint == null, "endpoint was already set to %s", this.endpoint);
      this.endpoint = Objects.requireNonNull(endpoint, "endpoint == null");
      return this;
    }

    /**
     * Socket options and timeouts of every connection (default {@link PptOptions#defaults()}).
     *
     * @throws IllegalStateException if already set
     */
    public Builder pptOptions(PptOptions options) {
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
    public Builder maxConnections(int max) {
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
    public Builder maxCommandsPerConnection(long max) {
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
    public Builder acquireTimeout(Duration timeout) {
      requireState(acquireTimeout == null, "acquireTimeout was already set to %s", acquireTimeout);
      this.acquireTimeout = Specs.checkDuration("acquireTimeout", timeout, Duration.ZERO,
          MAX_DURATION);
      return this;
    }

    /** Same as {@link #acquireTimeout(Duration)}. */
    public Builder acquireTimeout(long duration, TimeUnit unit) {
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
    public Builder maxIdle(Duration duration) {
      requireState(maxIdle == null, "maxIdle was already set to %s", maxIdle);
      this.maxIdle = Specs.checkDuration("maxIdle", duration, Duration.ofMillis(1), MAX_DURATION);
      return this;
    }

    /** Same as {@link #maxIdle(Duration)}. */
    public Builder maxIdle(long duration, TimeUnit unit) {
      return maxIdle(toDuration(duration, unit));
    }

    /**
     * Connections to open in the background right after {@link #build()} (default 0), best effort:
     * a failure is logged, and requests open connections as usual.
     *
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if already set
     */
    public Builder prewarm(int connections) {
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
    public Builder maxConcurrentConnects(int max) {
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
    public Builder uid(String uid) {
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
    public Builder besTimeout(Duration timeout) {
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
    public Builder maxResponseSize(long bytes) {
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
    public Builder maxVariableSize(long bytes) {
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
    public Builder eventListener(BesEventListener listener) {
      requireState(this.listener == null, "eventListener was already set to %s", this.listener);
      this.listener = Objects.requireNonNull(listener, "eventListener == null");
      return this;
    }

    /** The pool's and the commands' time and waits (default {@link PoolClock#SYSTEM}); for tests. */
    Builder clock(PoolClock clock) {
      requireState(this.clock == null, "clock was already set to %s", this.clock);
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** Opens connections instead of {@link PptConnection#open}; for tests. */
    Builder connector(BesConnectionPool.Connector connector) {
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

    BesEventListener getEventListener() {
      return listener == null ? BesEventListener.NONE : listener;
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
      requireState(endpoint != null, "endpoint is required%s", "");
      requireState(getPrewarm() <= getMaxConnections(), "prewarm (%s) exceeds maxConnections ("
          + getMaxConnections() + ")", getPrewarm());
      BesClient client = new BesClient(this);
      int count = getPrewarm();
      if (count > 0) {
        client.maintenance.execute(() -> {
          long start = System.nanoTime();
          int opened = client.pool.prewarm(count);
          log.info("pre-warmed {} of {} BES connections to {} in {} ms", opened, count,
              client.endpoint, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        });
      }
      return client;
    }

    private static Duration toDuration(long duration, TimeUnit unit) {
      Objects.requireNonNull(unit, "unit == null");
      return Duration.ofNanos(unit.toNanos(duration));
    }

    private static void requireArgument(boolean expression, String template,
        @Nullable Object value) {
      if (!expression) {
        throw new IllegalArgumentException(String.format(Locale.US, template, value));
      }
    }

    private static void requireState(boolean expression, String template,
        @Nullable Object value) {
      if (!expression) {
        throw new IllegalStateException(String.format(Locale.US, template, value));
      }
    }
  }
}
