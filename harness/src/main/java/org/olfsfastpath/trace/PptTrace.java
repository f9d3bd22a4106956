package org.olfsfastpath.trace;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running PPT trace proxy: listens for PPT clients, opens a connection to the BES for each, and
 * forwards bytes both ways as they come while decoding them into {@link TraceRecord}s.
 *
 * <p>Build with {@link #newBuilder(PptEndpoint)}, then {@link #start()}; clients connect to {@link
 * #endpoint()} (or {@link #port()}). Records go to the listener and, unless turned off, to an
 * in-memory list ({@link #records()}, {@link #awaitRecord}); {@link Builder#log(Path)} also writes
 * them as JSON lines. Each proxied connection has two platform threads (one per direction) doing
 * blocking I/O; there is no read timeout, because a pooled PPT connection may rightly stay idle for
 * hours, but the connection to the BES has a connect timeout. On TCP both sockets have TCP_NODELAY
 * and, where supported and enabled, TCP_QUICKACK re-armed before every read, so that the proxy
 * itself never holds a segment back or delays an ACK (see docs/ppt-trace.md for how a proxy still
 * changes the 40 ms stall pattern).
 */
public final class PptTrace implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(PptTrace.class);

  private final PptEndpoint target;
  private final SocketAddress listenAddress;
  private final @Nullable TraceListener listener;
  private final boolean keepRecords;
  private final boolean quickAck;
  private final Duration connectTimeout;
  private final @Nullable Path logFile;
  private final Instant baseTime = Instant.now();
  private final long baseNanos = System.nanoTime();
  private final AtomicLong connectionNumbers = new AtomicLong();
  private final Set<TraceConnection> connections = ConcurrentHashMap.newKeySet();
  private final List<TraceRecord> records = new ArrayList<>();
  private final Object recordsLock = new Object();
  private final Object logLock = new Object();
  private @Nullable Writer log;
  private @Nullable ServerSocketChannel server;
  private @Nullable Thread acceptor;
  private volatile boolean stopped;

  private PptTrace(Builder b) {
    this.target = b.target;
    this.listenAddress = b.listenAddress;
    this.listener = b.listener;
    this.keepRecords = b.keepRecords;
    this.quickAck = b.quickAck;
    this.connectTimeout = b.connectTimeout;
    this.logFile = b.logFile;
  }

  /** Returns a builder for a proxy in front of the BES at {@code target}. */
  public static Builder newBuilder(PptEndpoint target) {
    return new Builder(Objects.requireNonNull(target, "target == null"));
  }

  /**
   * Opens the log (if any), binds the listening socket and starts accepting clients.
   *
   * @throws IllegalStateException if started before
   * @throws IOException if the log or the listening socket cannot be opened; a Unix socket path
   *     that already exists is refused rather than replaced
   */
  public synchronized void start() throws IOException {
    if (server != null || stopped) {
      throw new IllegalStateException("trace was already started");
    }
    // Load the XML parser's classes now rather than while the first request waits.
    RequestParser.warmUp();
    if (logFile != null) {
      log = new BufferedWriter(Files.newBufferedWriter(logFile, StandardCharsets.UTF_8));
    }
    ServerSocketChannel channel;
    if (listenAddress instanceof UnixDomainSocketAddress unix) {
      if (Files.exists(unix.getPath())) {
        throw new IOException(
            "listen socket " + unix.getPath() + " already exists; remove it first");
      }
      channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    } else {
      channel = ServerSocketChannel.open();
    }
    try {
      channel.bind(listenAddress, 128);
    } catch (IOException e) {
      channel.close();
      throw new IOException(
          "cannot listen on " + describe(listenAddress) + ": " + e.getMessage(), e);
    }
    server = channel;
    acceptor = new Thread(this::acceptLoop, "ppt-trace-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  private void acceptLoop() {
    ServerSocketChannel listening = Objects.requireNonNull(server, "started before accepting");
    while (!stopped) {
      SocketChannel client;
      try {
        client = listening.accept();
      } catch (IOException e) {
        if (!stopped) {
          LOG.warn("ppt-trace stopped accepting: {}", e.toString());
        }
        return;
      }
      if (stopped) {
        closeQuietly(client);
        return;
      }
      TraceConnection connection =
          new TraceConnection(this, connectionNumbers.incrementAndGet(), client);
      connections.add(connection);
      connection.start();
    }
  }

  /** The TCP port clients connect to. */
  public int port() {
    if (server == null) {
      throw new IllegalStateException("trace is not started");
    }
    if (!(listenAddress instanceof InetSocketAddress)) {
      throw new IllegalStateException("trace listens on a Unix socket, not a port");
    }
    try {
      return ((InetSocketAddress) server.getLocalAddress()).getPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Where clients connect: the loopback address and {@link #port()}, or the Unix socket. */
  public PptEndpoint endpoint() {
    if (listenAddress instanceof UnixDomainSocketAddress unix) {
      return PptEndpoint.unix(unix.getPath());
    }
    InetSocketAddress inet = (InetSocketAddress) listenAddress;
    String host =
        inet.getAddress().isAnyLocalAddress()
            ? InetAddress.getLoopbackAddress().getHostAddress()
            : inet.getAddress().getHostAddress();
    return PptEndpoint.tcp(host, port());
  }

  /** The BES the proxy forwards to. */
  public PptEndpoint target() {
    return target;
  }

  /** A copy of the records so far, in completion order (empty if records are not kept). */
  public List<TraceRecord> records() {
    synchronized (recordsLock) {
      return List.copyOf(records);
    }
  }

  /**
   * Waits until a kept record matches, for tests and the harness (a record can complete slightly
   * after the client saw the bytes that end it, as with a close).
   *
   * @return the first matching record
   * @throws TimeoutException if none matches within {@code timeout}
   * @throws IllegalStateException if records are not kept
   */
  public TraceRecord awaitRecord(Predicate<TraceRecord> matching, Duration timeout)
      throws InterruptedException, TimeoutException {
    if (!keepRecords) {
      throw new IllegalStateException("records are not kept: build with keepRecords(true)");
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (recordsLock) {
      while (true) {
        for (TraceRecord r : records) {
          if (matching.test(r)) {
            return r;
          }
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new TimeoutException(
              "no matching trace record within "
                  + timeout.toMillis()
                  + " ms; records: "
                  + records.size());
        }
        recordsLock.wait(Math.max(1, left / 1_000_000L));
      }
    }
  }

  /** Number of client connections accepted so far. */
  public long connectionCount() {
    return connectionNumbers.get();
  }

  /** Stops listening, closes every proxied connection (recording their ends) and the log. */
  public void stop() {
    Thread accepting;
    synchronized (this) {
      if (stopped) {
        return;
      }
      stopped = true;
      accepting = acceptor;
    }
    closeQuietly(server);
    if (accepting != null) {
      join(accepting);
    }
    for (TraceConnection connection : connections) {
      connection.close("proxy stopped");
    }
    for (TraceConnection connection : connections) {
      connection.join();
    }
    if (listenAddress instanceof UnixDomainSocketAddress unix && server != null) {
      try {
        Files.deleteIfExists(unix.getPath());
      } catch (IOException e) {
        LOG.warn("cannot remove listen socket {}: {}", unix.getPath(), e.toString());
      }
    }
    synchronized (logLock) {
      if (log != null) {
        closeQuietly(log);
        log = null;
      }
    }
  }

  @Override
  public void close() {
    stop();
  }

  // ---------------------------------------------------------------- used by TraceConnection

  boolean quickAck() {
    return quickAck;
  }

  Duration connectTimeout() {
    return connectTimeout;
  }

  Instant timeOf(long nanos) {
    return baseTime.plusNanos(nanos - baseNanos);
  }

  void ended(TraceConnection connection) {
    connections.remove(connection);
  }

  /** Publishes a record: log, list, listener; a failure in any of them is logged and dropped. */
  void emit(TraceRecord record) {
    synchronized (logLock) {
      if (log != null) {
        try {
          log.write(record.toJson());
          log.write('\n');
          log.flush();
        } catch (IOException e) {
          LOG.warn("cannot write the trace log {}: {}", logFile, e.toString());
        }
      }
    }
    if (keepRecords) {
      synchronized (recordsLock) {
        records.add(record);
        recordsLock.notifyAll();
      }
    }
    if (listener != null) {
      try {
        listener.onRecord(record);
      } catch (RuntimeException e) {
        LOG.warn("trace listener failed on {}: {}", record, e.toString(), e);
      }
    }
  }

  private static String describe(SocketAddress address) {
    return address instanceof UnixDomainSocketAddress unix
        ? "unix:" + unix.getPath()
        : address.toString();
  }

  private static void join(Thread thread) {
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static void closeQuietly(@Nullable Closeable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (IOException ignored) {
      // Shutting down; the peer is gone or going.
    }
  }

  @Override
  public String toString() {
    return "PptTrace{listen=" + describe(listenAddress) + ", target=" + target + "}";
  }

  /** Configures a {@link PptTrace}; every setter validates at once. */
  public static final class Builder {
    private final PptEndpoint target;
    private SocketAddress listenAddress =
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private @Nullable TraceListener listener;
    private boolean keepRecords = true;
    private boolean quickAck = true;
    private Duration connectTimeout = Duration.ofSeconds(5);
    private @Nullable Path logFile;

    private Builder(PptEndpoint target) {
      this.target = target;
    }

    /** Listens on TCP {@code host:port}; port 0 picks a free one. Default: 127.0.0.1, port 0. */
    public Builder listenTcp(String host, int port) {
      Objects.requireNonNull(host, "host == null");
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port was " + port + ", must be 0-65535");
      }
      InetSocketAddress address = new InetSocketAddress(host, port);
      if (address.isUnresolved()) {
        throw new IllegalArgumentException("listen host was " + host + ", which does not resolve");
      }
      this.listenAddress = address;
      return this;
    }

    /** Listens on a Unix domain socket at {@code path}, which must not exist yet. */
    public Builder listenUnix(Path path) {
      this.listenAddress = UnixDomainSocketAddress.of(Objects.requireNonNull(path, "path == null"));
      return this;
    }

    /** Receives every record as it completes. */
    public Builder listener(TraceListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener == null");
      return this;
    }

    /** Whether to keep every record in memory for {@link #records()}; default true. */
    public Builder keepRecords(boolean keep) {
      this.keepRecords = keep;
      return this;
    }

    /** Whether to re-arm TCP_QUICKACK before every read (TCP on Linux); default true. */
    public Builder quickAck(boolean enabled) {
      this.quickAck = enabled;
      return this;
    }

    /** How long to wait for the BES to accept each proxied connection; default 5 s. */
    public Builder connectTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "connectTimeout == null");
      if (timeout.toMillis() < 1 || timeout.compareTo(Duration.ofMinutes(10)) > 0) {
        throw new IllegalArgumentException(
            "connectTimeout was " + timeout + ", must be between 1 ms and 10 min");
      }
      this.connectTimeout = timeout;
      return this;
    }

    /** Also writes each record as a JSON line to {@code file}, replacing what it held. */
    public Builder log(Path file) {
      this.logFile = Objects.requireNonNull(file, "file == null");
      return this;
    }

    public PptTrace build() {
      return new PptTrace(this);
    }
  }
}
