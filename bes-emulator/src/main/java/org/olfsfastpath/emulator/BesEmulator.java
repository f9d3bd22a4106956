package org.olfsfastpath.emulator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.emulator.dap.EmulatedDataset;
import org.olfsfastpath.ppt.PptEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A BES that speaks real PPT on a loopback TCP port (and optionally a Unix socket), for tests,
 * benchmarks and scripts that must run with no BES installed. Script, run, verify:
 *
 * <pre>{@code
 * try (BesEmulator bes = BesEmulator.newBuilder().dataDirectory(dir).build()) {
 *   bes.start();
 *   // ... point the front end at bes.endpoint() and make a request ...
 *   assertEquals(1, bes.commandCount("get"));
 *   RecordedRequest sent = bes.takeRequest();
 * }
 * }</pre>
 *
 * <p>Each accepted connection gets its own thread and its own contexts, containers and definitions,
 * which live until the connection closes, as each connection gets its own forked process in the
 * BES. By default responses are written like the BES writes them (chunk header and payload in
 * separate writes, TCP_NODELAY off), so a client that does not ACK at once sees the BES's 40 ms
 * stall; {@link BesEmulatorBuilder#faithfulWrites(boolean) faithfulWrites(false)} turns that off.
 *
 * <p>Thread-safe. An emulator starts once; after {@link #close()} it cannot be started again (a new
 * one on the same fixed port can). {@link #pause()} and {@link #resume()} simulate a BES that is
 * down and comes back.
 */
public final class BesEmulator implements Closeable {
  private static final Logger log = LoggerFactory.getLogger(BesEmulator.class);

  /**
   * The plain file (not data) the built-in catalog holds beside its datasets, as a BES catalog
   * holds a README beside its data files: at {@code /README.txt}, with the built-in datasets' time,
   * listed and served unless the built-ins are replaced or not listed.
   */
  public static final String README_NAME = "README.txt";

  /** What {@link #README_NAME} holds (ASCII). */
  public static final String README_TEXT =
      "This catalog is served by the olfs-fastpath BES"
          + " emulator.\ncoads_climatology.nc and fnoc1.nc stand in for the BES test data of the"
          + " same names;\nthis file is not data: it has no DAP responses, only itself.\n";

  private final BesEmulatorBuilder config;
  private @Nullable EmulatorEngine engine;
  private boolean started;
  private boolean closed;

  /** Made by {@link BesEmulatorBuilder#build()}, from a copy of the builder's settings. */
  BesEmulator(BesEmulatorBuilder config) {
    this.config = config;
  }

  /** Returns a builder with the defaults: ephemeral port, faithful writes, no data directory. */
  public static BesEmulatorBuilder newBuilder() {
    return new BesEmulatorBuilder();
  }

  /**
   * Binds the listeners and starts accepting connections.
   *
   * @throws IllegalStateException if already started or closed
   * @throws IOException if a port or socket cannot be bound or the captures cannot be read
   */
  public synchronized void start() throws IOException {
    if (closed) {
      throw new IllegalStateException("this BesEmulator was closed; build a new one");
    }
    if (started) {
      throw new IllegalStateException(
          "this BesEmulator was already started on port " + running().port());
    }
    CaptureLibrary captures =
        config.captures == null ? CaptureLibrary.empty() : CaptureLibrary.load(config.captures);
    SyntheticCatalog synthetic =
        config.syntheticDatasets == 0
            ? null
            : new SyntheticCatalog(config.syntheticDatasets, config.syntheticFanout);
    // The large datasets belong to the default catalog, as the README does: not beside a test's
    // own built-ins, nor when the built-ins are not listed.
    LargeDatasets large =
        config.builtIns == null && config.listBuiltIns ? new LargeDatasets() : null;
    Catalog catalog =
        new Catalog(
            config.catalogRoot,
            config.dataDirectory,
            builtIns(),
            builtInFiles(),
            config.listBuiltIns,
            genericDatasets(),
            synthetic,
            large,
            config.builtInLastModified);
    Dispatcher dispatcher =
        config.dispatcher != null
            ? config.dispatcher
            : new CatalogDispatcher(
                new CommandProcessor(
                    catalog,
                    captures,
                    config.modules == null ? Modules.all() : config.modules,
                    config.showInfo2009));
    EmulatorEngine created = new EmulatorEngine(config, dispatcher);
    created.listen();
    engine = created;
    started = true;
  }

  private Map<String, EmulatedDataset> builtIns() {
    if (config.builtIns != null) {
      return config.builtIns;
    }
    try {
      return Datasets.builtIns();
    } catch (UnsupportedOperationException e) {
      log.warn("the DAP generator offers no built-in datasets: {}", e.getMessage());
      return Map.of();
    }
  }

  /** The README beside the default built-in datasets; none beside a test's own. */
  private Map<String, byte[]> builtInFiles() {
    return config.builtIns != null
        ? Map.of()
        : Map.of(README_NAME, README_TEXT.getBytes(StandardCharsets.US_ASCII));
  }

  private Function<String, EmulatedDataset> genericDatasets() {
    return config.genericDataset != null ? config.genericDataset : Datasets::generic;
  }

  /** Stops listening, closes every client connection and waits for the emulator's threads. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (engine != null) {
      engine.shutdown();
    }
  }

  /**
   * Simulates a BES that goes down: stops listening and drops every connection. Counts, recordings
   * and fault scripts are kept.
   *
   * @throws IllegalStateException if not started or already closed
   */
  public synchronized void pause() {
    running().stopListening();
  }

  /**
   * Simulates every BES process killed at once (SIGKILL, an OOM kill) while the BES's listener
   * lives on: closes every open client connection now and goes on accepting new ones. The kernel
   * closes a killed process's sockets as close(2) does, and so does this: a FIN after the bytes
   * already queued (a BES process has read its whole request before it answers), an RST only where
   * request bytes remain unread. An answer in progress ends where it is, without its end chunk and
   * without an error. Counted in {@link #dropCount()}, {@link #droppedConnectionCount()} and {@link
   * #countsText()}; the connections end in {@link #closedConnectionCount()} as their threads
   * finish. {@code scripts/bes-emulator} does the same when its control port ({@code
   * --control-port}) is sent {@code drop}.
   *
   * @return how many connections were open and are now closed
   * @throws IllegalStateException if not started or already closed
   */
  public int dropAllConnections() {
    return running().dropAllConnections();
  }

  /** Calls of {@link #dropAllConnections()} since start or the last {@link #resetCounts()}. */
  public long dropCount() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.counts().dropCount();
  }

  /**
   * Connections closed by {@link #dropAllConnections()} since start or the last {@link
   * #resetCounts()}.
   */
  public long droppedConnectionCount() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.counts().droppedConnectionCount();
  }

  /**
   * Simulates the BES coming back: listens again on the same port and socket path.
   *
   * @throws IllegalStateException if not started or already closed
   * @throws IOException if the port or socket cannot be bound again
   */
  public synchronized void resume() throws IOException {
    running().listen();
  }

  /** The TCP port; the ephemeral one chosen at start if the builder asked for port 0. */
  public synchronized int port() {
    return running().port();
  }

  /** The TCP endpoint, {@code 127.0.0.1:port}. */
  public PptEndpoint endpoint() {
    return PptEndpoint.tcp("127.0.0.1", port());
  }

  /**
   * The Unix socket endpoint.
   *
   * @throws IllegalStateException if the emulator was built without a Unix socket
   */
  public synchronized PptEndpoint unixEndpoint() {
    running();
    if (config.unixSocket == null) {
      throw new IllegalStateException(
          "this BesEmulator has no unix socket; set BesEmulatorBuilder.unixSocket(path)");
    }
    return PptEndpoint.unix(config.unixSocket);
  }

  /** Request documents received since start or the last {@link #resetCounts()}. */
  public long requestCount() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.counts().requestCount();
  }

  /**
   * How many commands named {@code command} (e.g. {@code showNode}, {@code get}, {@code
   * setContext}) were received since start or the last {@link #resetCounts()}, whatever the answer
   * was. Unknown commands such as {@code showInfo} are counted too.
   */
  public long commandCount(String command) {
    Objects.requireNonNull(command, "command == null");
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.counts().commandCount(command);
  }

  /** A snapshot of all command counts, by command name in alphabetical order. */
  public Map<String, Long> commandCounts() {
    EmulatorEngine current = engineOrNull();
    return current == null
        ? Map.of()
        : Collections.unmodifiableMap(current.counts().commandCounts());
  }

  /** Connections accepted since start. */
  public int connectionCount() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.connectionCount();
  }

  /** Connections that have ended since start, whoever ended them. */
  public int closedConnectionCount() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.closedConnectionCount();
  }

  /**
   * Waits until at least {@code count} connections have ended since start.
   *
   * @return false if that did not happen within {@code timeout}
   * @throws IllegalStateException if not started
   */
  public boolean awaitClosedConnections(int count, Duration timeout) throws InterruptedException {
    Objects.requireNonNull(timeout, "timeout == null");
    return running().awaitClosedConnections(count, timeout);
  }

  /** {@code status=PPT_EXIT_NOW} messages received since start: clients that said goodbye. */
  public long exitMessageCount() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.exitMessageCount();
  }

  /** The most handshakes that were being answered at the same time since start. */
  public int mostHandshakesAtOnce() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.mostHandshakesAtOnce();
  }

  /** Sets every count to zero. Recorded requests stay queued for {@link #takeRequest()}. */
  public void resetCounts() {
    EmulatorEngine current = engineOrNull();
    if (current != null) {
      current.counts().resetCounts();
    }
  }

  /**
   * The counts as a script reads them: {@code requests=N} first, then one {@code command=count}
   * line per command, by name, then, once {@link #dropAllConnections()} ran, {@code
   * dropAllConnections=N} (times) and {@code droppedConnections=N}. This is the content of the
   * counts file.
   */
  public String countsText() {
    EmulatorEngine current = engineOrNull();
    return current == null ? "requests=0\n" : current.counts().countsText();
  }

  /**
   * Waits for and removes the oldest recorded request (the emulator keeps the newest 10,000).
   *
   * @throws IllegalStateException if not started
   */
  public RecordedRequest takeRequest() throws InterruptedException {
    return running().counts().recorded().take();
  }

  /**
   * Waits at most {@code timeout} for the oldest recorded request.
   *
   * @return the request, or null if none arrived in time
   * @throws IllegalStateException if not started
   */
  public @Nullable RecordedRequest takeRequest(long timeout, TimeUnit unit)
      throws InterruptedException {
    Objects.requireNonNull(unit, "unit == null");
    return running().counts().recorded().poll(timeout, unit);
  }

  /**
   * Applies {@code fault} to the next request (or, for a connection fault, the next connection), in
   * the order faults were enqueued.
   *
   * @throws IllegalStateException if not started
   */
  public void enqueueFault(Fault fault) {
    Objects.requireNonNull(fault, "fault == null");
    running().faults().enqueue(fault);
  }

  /**
   * Applies a rule's fault to every matching request from now on.
   *
   * @throws IllegalStateException if not started
   */
  public void addFaultRule(FaultRule rule) {
    Objects.requireNonNull(rule, "rule == null");
    running().faults().addRule(rule);
  }

  /** Removes a rule; returns whether it was present. */
  public boolean removeFaultRule(FaultRule rule) {
    Objects.requireNonNull(rule, "rule == null");
    return running().faults().removeRule(rule);
  }

  /**
   * Applies a connection fault ({@link Fault#silentHandshake()}, {@link Fault#refuseHandshake()},
   * ...) to every new connection from now on, after any queued ones; null stops it. A BES that
   * accepts connections but never answers them is {@code
   * setConnectionFault(Fault.silentHandshake())}.
   *
   * @throws IllegalArgumentException if it is a request fault
   * @throws IllegalStateException if not started
   */
  public void setConnectionFault(@Nullable Fault fault) {
    if (fault != null && !fault.isConnectionFault()) {
      throw new IllegalArgumentException(
          "fault was " + fault + ", a request fault; use" + " addFaultRule");
    }
    running().faults().setStandingConnectionFault(fault);
  }

  /**
   * What each {@link Fault#cut} sent, the latest last (at most the last 1,024): how many wire bytes
   * went out, where the answer's chunks began and, when it went out whole, its wire length.
   *
   * @throws IllegalStateException if not started
   */
  public List<WireCut> cuts() {
    return running().faults().cuts();
  }

  /** Drops every queued fault and every rule, and forgets the cuts. */
  public void clearFaults() {
    running().faults().clear();
  }

  private synchronized @Nullable EmulatorEngine engineOrNull() {
    return engine;
  }

  private synchronized EmulatorEngine running() {
    if (closed) {
      throw new IllegalStateException("this BesEmulator was closed");
    }
    if (!started) {
      throw new IllegalStateException("this BesEmulator was not started; call start() first");
    }
    return Objects.requireNonNull(
        engine, "start() sets the engine before it marks the emulator started");
  }

  @Override
  public synchronized String toString() {
    EmulatorEngine current = engine;
    String state =
        closed ? "closed" : started && current != null ? "port " + current.port() : "not started";
    return "BesEmulator{"
        + state
        + (config.unixSocket == null ? "" : ", unix:" + config.unixSocket)
        + "}";
  }
}
