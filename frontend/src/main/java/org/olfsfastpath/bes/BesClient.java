package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends BES commands over a pool of warm PPT connections. Thread-safe; build one per web
 * application with {@link #newBuilder()} and share it.
 *
 * <p>Every command is one request document in one write; a warm request costs exactly that one
 * command (no status check follows it). If sending on a connection taken from the idle pool fails
 * before any answer byte reached the caller, the command is sent once more on a fresh connection; a
 * timeout is never retried, since it means the BES is slow rather than the connection stale.
 *
 * <p>The client owns one daemon thread, named after the endpoint, that closes connections idle
 * longer than {@code maxIdle} and pre-warms the pool after {@link BesClientBuilder#build()} when
 * asked to. {@link #close()} stops it and closes every connection.
 */
public final class BesClient implements Closeable {
  private static final Logger log = LoggerFactory.getLogger(BesClient.class);

  /** Cap on a non-streamed answer (showNode of a large directory, an error document). */
  static final int MAX_ANSWER_BYTES = 32 << 20;

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

  BesClient(BesClientBuilder b) {
    PptEndpoint target = Objects.requireNonNull(b.getEndpoint(), "endpoint was not set");
    this.endpoint = target;
    this.pptOptions = b.getPptOptions();
    this.maxConnections = b.getMaxConnections();
    this.maxCommandsPerConnection = b.getMaxCommandsPerConnection();
    this.acquireTimeout = b.getAcquireTimeout();
    this.maxIdle = b.getMaxIdle();
    this.prewarm = b.getPrewarm();
    this.contexts =
        new BesContexts(
            b.getUid(),
            b.getBesTimeoutSeconds(),
            b.getMaxResponseSize(),
            b.getMaxVariableSize(),
            b.getSendEdlToken());
    this.requests = new BesRequests(contexts, "olfs-fastpath-");
    PptOptions options = pptOptions;
    BesConnectionPool.Connector given = b.getConnector();
    BesConnectionPool.Connector connector =
        given != null ? given : () -> PptConnection.open(target, options);
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "olfs-fastpath BES pool " + target);
              thread.setDaemon(true);
              return thread;
            });
    executor.setRemoveOnCancelPolicy(true);
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.maintenance = executor;
    this.clock = b.getClock();
    this.listener = b.getEventListener();
    this.pool =
        new BesConnectionPool(
            target,
            connector,
            maxConnections,
            maxCommandsPerConnection,
            acquireTimeout.toNanos(),
            maxIdle.toNanos(),
            b.getMaxConcurrentConnects(),
            b.getReservedConnections(),
            b.getClock(),
            listener,
            executor);
  }

  /** Returns a builder holding the defaults; only the endpoint must be set. */
  public static BesClientBuilder newBuilder() {
    return new BesClientBuilder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names: {@code
   * maxConnections}, {@code maxCommandsPerConnection}, {@code prewarm}, {@code
   * maxConcurrentConnects} (integers), {@code acquireTimeout}, {@code maxIdle}, {@code besTimeout}
   * (durations), {@code maxResponseSize}, {@code maxVariableSize} (sizes), {@code reserve} (a count
   * or a percentage) and {@code uid}. The endpoint and the PPT options are set on the builder.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value, if a key is
   *     unknown or the builder refuses its value
   */
  public static BesClientBuilder from(Map<String, String> spec) {
    return newBuilder().apply(spec);
  }

  /**
   * Sends one command for {@code caller} and returns its answer: parsed, once read whole; or, for a
   * command whose answer streams ({@link BesCommand#GET}), once the BES has said it is not an
   * error, as a response the caller must close. Heard by the listener as one command (a whole
   * answer's parse included).
   *
   * @throws IllegalArgumentException if a value of the argument holds a character XML 1.0 cannot
   *     carry
   * @throws BesErrorException if the BES answered an error (before any data, for a streamed answer)
   * @throws BesPoolExhaustedException if no connection became free within the acquire timeout
   * @throws BesProtocolException if a whole answer is not the command's answer document
   * @throws IOException on a transport or protocol failure
   */
  public <A, T> T send(BesCommand<A, T> command, A argument, Caller caller) throws IOException {
    return send(command, argument, caller, null);
  }

  <A, T> T send(BesCommand<A, T> command, A argument, Caller caller, @Nullable CallTrace trace)
      throws IOException {
    byte[] document = requests.document(command, argument, caller);
    String name = command.name();
    listener.commandStart(endpoint, name);
    long start = clock.nanoTime();
    Throwable failure = null;
    try {
      Exchange exchange = send(document, trace, command.streams() && caller.longHold());
      if (command.streams()) {
        if (exchange.response.isError()) {
          throw new BesErrorException(BesAnswers.parseError(readAndRelease(exchange)));
        }
        GetRequest get = (GetRequest) argument; // Only GET streams.
        return streamed(
            command,
            new PooledResponse(
                pool, exchange.lease, exchange.response, AnswerForm.of(get), get.type().besType()));
      }
      return readWhole(command, exchange);
    } catch (IOException | RuntimeException | Error e) {
      failure = e;
      throw e;
    } finally {
      listener.commandEnd(endpoint, name, clock.nanoTime() - start, failure);
    }
  }

  /** The streamed answer as the command's answer type, which for a streaming command it is. */
  @SuppressWarnings("unchecked") // Only GET streams, and its answer type is BesResponse.
  private static <T> T streamed(BesCommand<?, T> command, BesResponse response) {
    return (T) response;
  }

  /** {@link BesCommand#SHOW_NODE} for the front end itself: the node of one catalog path. */
  public BesNode showNode(String path) throws IOException {
    return send(BesCommand.SHOW_NODE, path, Caller.INTERNAL);
  }

  /** {@link BesCommand#SHOW_VERSION}: the BES's {@code showVersion} answer document, as text. */
  public String showVersion() throws IOException {
    return send(BesCommand.SHOW_VERSION, BesCommand.None.NONE, Caller.INTERNAL);
  }

  /** {@link BesCommand#SHOW_STATUS}, normally {@code OK}; for diagnostics. */
  public String showStatus() throws IOException {
    return send(BesCommand.SHOW_STATUS, BesCommand.None.NONE, Caller.INTERNAL);
  }

  /** {@link BesCommand#SHOW_BES_KEY}: the values of one BES configuration key. */
  public List<String> showBesKey(String key) throws IOException {
    return send(BesCommand.SHOW_BES_KEY, new BesCommand.KeyRequest("/", key), Caller.INTERNAL);
  }

  /** {@link BesCommand#BUILD_SITE_MAP}: the BES's site map, as it came (plain text). */
  public byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix)
      throws IOException {
    return send(
        BesCommand.BUILD_SITE_MAP,
        new BesCommand.SiteMapRequest(prefix, nodeSuffix, leafSuffix),
        Caller.INTERNAL);
  }

  /**
   * {@link BesCommand#GET} for the front end itself, its answer may be long: the streaming
   * response, which the caller must close.
   */
  public BesResponse get(GetRequest request) throws IOException {
    return send(BesCommand.GET, request, Caller.INTERNAL_LONG);
  }

  /**
   * Opens one new connection to the BES and completes the PPT handshake, sending no BES command:
   * tells whether the BES accepts connections, at the cost of one fork on its side and without
   * touching its catalog. A healthy connection stays in the pool for the next request when there is
   * room. Takes at most the connect timeout plus the handshake timeout. A {@link BesGroup} probes
   * an ejected BES this way before it gets traffic again.
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
   * Closes every idle connection now, for example after the BES was restarted; connections lent out
   * are kept until returned.
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

  /** The connections kept for short requests, out of maxConnections. */
  public int reservedConnections() {
    return pool.reserve();
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

  /** Opens the prewarm connections in the background, on the maintenance thread, if asked to. */
  void startPrewarm() {
    if (prewarm > 0) {
      maintenance.execute(
          () -> {
            long start = System.nanoTime();
            int opened = pool.prewarm(prewarm);
            log.info(
                "pre-warmed {} of {} BES connections to {} in {} ms",
                opened,
                prewarm,
                endpoint,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
          });
    }
  }

  /**
   * Reads a whole answer and parses it. An answer that could not be read whole, or that is not the
   * command's answer (an empty one, say), closes its connection: the BES process that sent it gets
   * no more commands.
   */
  private <T> T readWhole(BesCommand<?, T> command, Exchange exchange) throws IOException {
    boolean answered = false;
    try {
      byte[] answer = exchange.response.readAll(MAX_ANSWER_BYTES);
      if (exchange.response.isError()) {
        BesError error = BesAnswers.parseError(answer);
        answered = true;
        throw new BesErrorException(error);
      }
      T parsed = command.parse(answer);
      answered = true;
      return parsed;
    } finally {
      if (!answered) {
        exchange.lease.connection.abort();
      }
      exchange.response.close();
      pool.release(exchange.lease);
    }
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
  private Exchange send(byte[] document, @Nullable CallTrace trace, boolean longHold)
      throws IOException {
    Lease lease = pool.acquire(trace, longHold);
    try {
      return new Exchange(lease, lease.connection.send(document));
    } catch (IOException e) {
      // A timeout means a slow BES, not a stale connection: sending again would double the wait.
      if (!lease.reused || e instanceof InterruptedIOException) {
        pool.release(lease);
        throw e;
      }
      log.debug(
          "BES connection {} failed on reuse, sending once more on a fresh one: {}",
          lease.connection.id(),
          e.toString());
      Lease fresh = pool.replace(lease, e, trace);
      if (trace != null) {
        trace.resentOnFreshConnection();
      }
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

  private record Exchange(Lease lease, PptResponse response) {}
}
