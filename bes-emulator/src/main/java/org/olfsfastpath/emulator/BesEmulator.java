package org.olfsfastpath.emulator;

import static org.olfsfastpath.spec.Checks.requireState;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
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
 * stall; {@link Builder#faithfulWrites(boolean) faithfulWrites(false)} turns that off.
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

  private final Builder config;
  private @Nullable EmulatorEngine engine;
  private boolean started;
  private boolean closed;

  private BesEmulator(Builder config) {
    this.config = config;
  }

  /** Returns a builder with the defaults: ephemeral port, faithful writes, no data directory. */
  public static Builder newBuilder() {
    return new Builder();
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
    return current == null ? 0 : current.dropCount();
  }

  /**
   * Connections closed by {@link #dropAllConnections()} since start or the last {@link
   * #resetCounts()}.
   */
  public long droppedConnectionCount() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.droppedConnectionCount();
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
          "this BesEmulator has no unix socket; set Builder.unixSocket(path)");
    }
    return PptEndpoint.unix(config.unixSocket);
  }

  /** Request documents received since start or the last {@link #resetCounts()}. */
  public long requestCount() {
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.requestCount();
  }

  /**
   * How many commands named {@code command} (e.g. {@code showNode}, {@code get}, {@code
   * setContext}) were received since start or the last {@link #resetCounts()}, whatever the answer
   * was. Unknown commands such as {@code showInfo} are counted too.
   */
  public long commandCount(String command) {
    Objects.requireNonNull(command, "command == null");
    EmulatorEngine current = engineOrNull();
    return current == null ? 0 : current.commandCount(command);
  }

  /** A snapshot of all command counts, by command name in alphabetical order. */
  public Map<String, Long> commandCounts() {
    EmulatorEngine current = engineOrNull();
    return current == null ? Map.of() : Collections.unmodifiableMap(current.commandCounts());
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
      current.resetCounts();
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
    return current == null ? "requests=0\n" : current.countsText();
  }

  /**
   * Waits for and removes the oldest recorded request (the emulator keeps the newest 10,000).
   *
   * @throws IllegalStateException if not started
   */
  public RecordedRequest takeRequest() throws InterruptedException {
    return running().recorded().take();
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
    return running().recorded().poll(timeout, unit);
  }

  /**
   * Applies {@code fault} to the next request (or, for a connection fault, the next connection), in
   * the order faults were enqueued.
   *
   * @throws IllegalStateException if not started
   */
  public void enqueueFault(Fault fault) {
    Objects.requireNonNull(fault, "fault == null");
    running().enqueueFault(fault);
  }

  /**
   * Applies a rule's fault to every matching request from now on.
   *
   * @throws IllegalStateException if not started
   */
  public void addFaultRule(FaultRule rule) {
    Objects.requireNonNull(rule, "rule == null");
    running().addFaultRule(rule);
  }

  /** Removes a rule; returns whether it was present. */
  public boolean removeFaultRule(FaultRule rule) {
    Objects.requireNonNull(rule, "rule == null");
    return running().removeFaultRule(rule);
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
    running().setStandingConnectionFault(fault);
  }

  /** Drops every queued fault and every rule. */
  public void clearFaults() {
    running().clearFaults();
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

  /**
   * Configures a {@link BesEmulator}. Every setter validates its value at once: a bad value throws
   * IllegalArgumentException naming the setting, a setting made twice IllegalStateException.
   */
  public static final class Builder {
    int port;
    @Nullable Path unixSocket;
    @Nullable Path dataDirectory;
    @Nullable Path captures;
    final Map<String, Duration> serviceTimes = new LinkedHashMap<>();
    long syntheticDatasets;
    int syntheticFanout = 100;
    boolean faithfulWrites = true;
    long writeRate;
    int acceptBacklog = 5;
    Instant builtInLastModified = Instant.parse("2025-01-01T00:00:00Z");
    String catalogRoot = "/usr/share/hyrax";
    int maxChunkLength;
    @Nullable Path countsFile;
    @Nullable Map<String, EmulatedDataset> builtIns;
    boolean listBuiltIns = true;
    @Nullable Function<String, EmulatedDataset> genericDataset;
    @Nullable Dispatcher dispatcher;
    boolean showInfo2009;
    @Nullable Modules modules;
    private boolean portSet;

    private Builder() {}

    /**
     * The TCP port on 127.0.0.1; 0 (the default) picks a free one at start.
     *
     * @throws IllegalArgumentException if not 0-65535
     * @throws IllegalStateException if set twice
     */
    public Builder port(int port) {
      requireState(!portSet, "port was already set to %d", this.port);
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException(
            String.format(Locale.US, "port was %d, must be 0-65535", port));
      }
      this.port = port;
      this.portSet = true;
      return this;
    }

    /**
     * Also listen on a Unix domain socket at {@code path} (the BES's BES.ServerUnixSocket).
     *
     * @throws IllegalStateException if set twice
     */
    public Builder unixSocket(Path path) {
      Objects.requireNonNull(path, "path == null");
      requireState(unixSocket == null, "unixSocket was already set to %s", unixSocket);
      this.unixSocket = path.toAbsolutePath();
      return this;
    }

    /**
     * Serve showNode and gets from the real files under {@code directory}: real sizes and
     * modification times, read on every request so changes are seen at once.
     *
     * @throws IllegalArgumentException if it is not a directory
     * @throws IllegalStateException if set twice
     */
    public Builder dataDirectory(Path directory) {
      Objects.requireNonNull(directory, "directory == null");
      requireState(dataDirectory == null, "dataDirectory was already set to %s", dataDirectory);
      if (!Files.isDirectory(directory)) {
        throw new IllegalArgumentException(
            "dataDirectory was " + directory + ", must be an existing directory");
      }
      this.dataDirectory = directory.toAbsolutePath();
      return this;
    }

    /**
     * Replay the exchanges recorded in {@code directory} ({@code NAME.request.xml} with {@code
     * NAME.wire}) when a request matches one.
     *
     * @throws IllegalArgumentException if it is not a directory
     * @throws IllegalStateException if set twice
     */
    public Builder captures(Path directory) {
      Objects.requireNonNull(directory, "directory == null");
      requireState(captures == null, "captures was already set to %s", captures);
      if (!Files.isDirectory(directory)) {
        throw new IllegalArgumentException(
            "captures was " + directory + ", must be an existing directory");
      }
      this.captures = directory.toAbsolutePath();
      return this;
    }

    /**
     * Spend {@code serviceTime} on every {@code command} received (e.g. 40 ms per showNode) before
     * answering the request that carries it. Times of several commands add up.
     *
     * @throws IllegalArgumentException if negative or over an hour
     * @throws IllegalStateException if the command's delay was already set
     */
    public Builder delay(String command, Duration serviceTime) {
      Objects.requireNonNull(command, "command == null");
      Objects.requireNonNull(serviceTime, "serviceTime == null");
      requireState(
          !serviceTimes.containsKey(command),
          "delay of %s was already set to %s",
          command,
          serviceTimes.get(command));
      if (command.isEmpty()) {
        throw new IllegalArgumentException(
            "delay command was empty, must name a BES command such as showNode");
      }
      if (serviceTime.isNegative() || serviceTime.compareTo(Duration.ofHours(1)) > 0) {
        throw new IllegalArgumentException(
            String.format(
                Locale.US,
                "delay of %s was %s, must be between 0 and 1 hour",
                command,
                serviceTime));
      }
      serviceTimes.put(command, serviceTime);
      return this;
    }

    /**
     * Add {@code count} synthetic datasets under {@code /synthetic}, computed on demand (a million
     * cost no memory). 0, the default, adds none.
     *
     * @throws IllegalArgumentException if negative or over Integer.MAX_VALUE
     */
    public Builder syntheticDatasets(long count) {
      if (count < 0 || count > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            String.format(
                Locale.US, "syntheticDatasets was %d, must be 0-%d", count, Integer.MAX_VALUE));
      }
      this.syntheticDatasets = count;
      return this;
    }

    /**
     * Entries per synthetic directory, default 100.
     *
     * @throws IllegalArgumentException if not 2-10000
     */
    public Builder syntheticFanout(int fanout) {
      if (fanout < 2 || fanout > 10_000) {
        throw new IllegalArgumentException(
            String.format(Locale.US, "syntheticFanout was %d, must be 2-10000", fanout));
      }
      this.syntheticFanout = fanout;
      return this;
    }

    /**
     * Whether to write like the BES (default true): chunk header and payload as separate writes,
     * TCP_NODELAY off. False writes each chunk in one call with TCP_NODELAY on.
     */
    public Builder faithfulWrites(boolean faithful) {
      this.faithfulWrites = faithful;
      return this;
    }

    /**
     * How fast each answer is sent, in bytes per second (default 0: as fast as the socket takes
     * it): a real BES sends a large answer only as fast as it reads and inflates the data (about
     * 180 MB/s for the DARS benchmark's 464 MB zlib-deflated dataset), where the emulator, which
     * computes the values, sends several GB/s. Each data chunk waits until the answer is due to
     * have sent it; metadata answers are as small as ever.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder writeRate(long bytesPerSecond) {
      if (bytesPerSecond < 0) {
        throw new IllegalArgumentException(
            "writeRate was " + bytesPerSecond + ", must be 0 (no limit) or more bytes per second");
      }
      this.writeRate = bytesPerSecond;
      return this;
    }

    /**
     * The listen backlog, 5 by default like the BES.
     *
     * @throws IllegalArgumentException if not 1-4096
     */
    public Builder acceptBacklog(int backlog) {
      if (backlog < 1 || backlog > 4096) {
        throw new IllegalArgumentException(
            String.format(Locale.US, "acceptBacklog was %d, must be 1-4096", backlog));
      }
      this.acceptBacklog = backlog;
      return this;
    }

    /** The fixed modification time of built-in and synthetic datasets (they have no file). */
    public Builder builtInLastModified(Instant time) {
      this.builtInLastModified = Objects.requireNonNull(time, "time == null");
      return this;
    }

    /**
     * The catalog root the BES shows in its messages, e.g. "Failed to locate
     * '/usr/share/hyrax/x.nc'". Default {@code /usr/share/hyrax}.
     *
     * @throws IllegalArgumentException if not absolute
     */
    public Builder catalogRoot(String root) {
      Objects.requireNonNull(root, "root == null");
      if (!root.startsWith("/")) {
        throw new IllegalArgumentException(
            "catalogRoot was " + root + ", must be an absolute path");
      }
      this.catalogRoot = root;
      return this;
    }

    /**
     * The largest data chunk. 0, the default, sizes chunks like the BES: the socket's send buffer
     * minus 15 bytes.
     *
     * @throws IllegalArgumentException if negative or over 0x0FFFFFFF
     */
    public Builder maxChunkLength(int bytes) {
      if (bytes < 0 || bytes > org.olfsfastpath.ppt.PptFraming.MAX_ENCODABLE_LENGTH) {
        throw new IllegalArgumentException(
            String.format(
                Locale.US,
                "maxChunkLength was %d, must be 0-%d",
                bytes,
                org.olfsfastpath.ppt.PptFraming.MAX_ENCODABLE_LENGTH));
      }
      this.maxChunkLength = bytes;
      return this;
    }

    /**
     * Rewrite {@code file} with the counts ({@link BesEmulator#countsText()}) after every request,
     * before it is answered, so a script sees them once its answer arrives.
     *
     * @throws IllegalStateException if set twice
     */
    public Builder countsFile(Path file) {
      Objects.requireNonNull(file, "file == null");
      requireState(countsFile == null, "countsFile was already set to %s", countsFile);
      this.countsFile = file.toAbsolutePath();
      return this;
    }

    /**
     * The built-in datasets by file name, instead of {@code Datasets.builtIns()}; tests use this to
     * serve their own small datasets (alone: without the default catalog's {@link #README_NAME}).
     */
    public Builder builtInDatasets(Map<String, EmulatedDataset> datasets) {
      Objects.requireNonNull(datasets, "datasets == null");
      this.builtIns = Map.copyOf(datasets);
      return this;
    }

    /**
     * Whether built-in datasets (and the built-in {@link #README_NAME}) appear in the catalog at
     * the root (default true). When false the datasets still answer gets for data-directory files
     * of the same name.
     */
    public Builder listBuiltIns(boolean list) {
      this.listBuiltIns = list;
      return this;
    }

    /**
     * Leaves BES modules out, so that the emulator answers like a BES built without them. By
     * default it has every module of the recorded BES 3.22.0 and fileout_netcdf; without {@code
     * fileout_netcdf} a {@code returnAs="netcdf"} gets the BES's "Unable to find transmitter
     * netcdf", as the recorded BES answered. {@code gdal} is accepted and changes nothing: GeoTIFF
     * and JPEG2000 are never emulated.
     *
     * @param names module names as showVersion lists them, e.g. {@code fileout_netcdf}
     * @throws IllegalArgumentException for an unknown module, or dap or netcdf_handler
     * @throws IllegalStateException if modules were already left out
     */
    public Builder withoutModules(String... names) {
      Objects.requireNonNull(names, "names == null");
      requireState(modules == null, "withoutModules was already set to %s", modules);
      this.modules = Modules.all().without(java.util.Set.of(names));
      return this;
    }

    /** The dataset for files with no built-in, instead of {@code Datasets.generic(name)}. */
    public Builder genericDataset(Function<String, EmulatedDataset> factory) {
      this.genericDataset = Objects.requireNonNull(factory, "factory == null");
      return this;
    }

    /**
     * Answers requests with {@code dispatcher} instead of the catalog (e.g. a {@link
     * QueueDispatcher} that replays what a test enqueued).
     *
     * @throws IllegalStateException if set twice
     */
    public Builder dispatcher(Dispatcher dispatcher) {
      Objects.requireNonNull(dispatcher, "dispatcher == null");
      requireState(this.dispatcher == null, "dispatcher was already set to %s", this.dispatcher);
      this.dispatcher = dispatcher;
      return this;
    }

    /**
     * Whether to answer {@code showInfo} as the BES of January 2009 did: a {@code <showInfo>}
     * document describing the node (name, size, last modification, whether it is data), the command
     * the OLFS of that time sent before every get. Default false: like today's BES, which answers
     * "Unable to find command for showInfo" (type 3).
     */
    public Builder showInfo2009(boolean answer) {
      this.showInfo2009 = answer;
      return this;
    }

    /** Builds an emulator that is not started yet. */
    public BesEmulator build() {
      Builder copy = new Builder();
      copy.port = port;
      copy.unixSocket = unixSocket;
      copy.dataDirectory = dataDirectory;
      copy.captures = captures;
      copy.serviceTimes.putAll(serviceTimes);
      copy.syntheticDatasets = syntheticDatasets;
      copy.syntheticFanout = syntheticFanout;
      copy.faithfulWrites = faithfulWrites;
      copy.writeRate = writeRate;
      copy.acceptBacklog = acceptBacklog;
      copy.builtInLastModified = builtInLastModified;
      copy.catalogRoot = catalogRoot;
      copy.maxChunkLength = maxChunkLength;
      copy.countsFile = countsFile;
      copy.builtIns = builtIns;
      copy.listBuiltIns = listBuiltIns;
      copy.genericDataset = genericDataset;
      copy.dispatcher = dispatcher;
      copy.showInfo2009 = showInfo2009;
      copy.modules = modules;
      return new BesEmulator(copy);
    }
  }
}
