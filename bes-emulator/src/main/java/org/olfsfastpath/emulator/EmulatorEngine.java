package org.olfsfastpath.emulator;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running emulator behind {@link BesEmulator}: listeners and connection threads, with the
 * {@link EmulatorCounts} and the {@link FaultScript} its connections use. Thread-safe; no lock is
 * held while a connection does I/O.
 */
final class EmulatorEngine {
  private static final Logger log = LoggerFactory.getLogger(EmulatorEngine.class);

  /** The BES sizes chunks to its socket send buffer minus this much header space. */
  private static final int CHUNK_HEADER_SPACE = 15;

  /** The BES's fixed send buffer size for Unix sockets. */
  private static final int UNIX_SOCKET_BUFFER_SIZE = 65_535;

  private static final Duration JOIN_TIMEOUT = Duration.ofSeconds(5);

  private final BesEmulatorBuilder config;
  private final Dispatcher dispatcher;
  private final Map<String, Duration> serviceTimes;
  private final EmulatorCounts counts;
  private final FaultScript faults = new FaultScript();

  private final AtomicInteger connectionIndexes = new AtomicInteger();
  private final AtomicInteger closedConnections = new AtomicInteger();
  private final AtomicLong exitMessages = new AtomicLong();
  private final AtomicInteger handshakesUnderWay = new AtomicInteger();
  private final AtomicInteger mostHandshakesAtOnce = new AtomicInteger();
  private final Object closedSignal = new Object();
  private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
  private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

  /** The threads blocked in accept(): the port is free only once they have left it. */
  private final List<Thread> acceptThreads = new CopyOnWriteArrayList<>();

  private volatile @Nullable ServerSocketChannel tcpServer;
  private volatile @Nullable ServerSocketChannel unixServer;
  private volatile int port;
  private volatile boolean listening;

  /** The BES log, when one was asked for. */
  private final @Nullable BesLog besLog;

  EmulatorEngine(BesEmulatorBuilder config, Dispatcher dispatcher) {
    this.config = config;
    this.dispatcher = dispatcher;
    this.serviceTimes = Map.copyOf(config.serviceTimes);
    this.counts = new EmulatorCounts(config.countsFile);
    this.port = config.port;
    this.besLog = config.besLog == null ? null : new BesLog(config.besLog, config.catalogRoot);
  }

  /** Writes a received request document's lines to the BES log, if there is one. */
  void logRequest(ParsedRequest request, int connection) {
    BesLog writer = besLog;
    if (writer != null) {
      writer.request(request, connection);
    }
  }

  /** The counts and recorded requests. */
  EmulatorCounts counts() {
    return counts;
  }

  /** The scripted faults. */
  FaultScript faults() {
    return faults;
  }

  Dispatcher dispatcher() {
    return dispatcher;
  }

  boolean faithfulWrites() {
    return config.faithfulWrites;
  }

  /** Bytes per second each answer is sent at; 0 for no limit. */
  long writeRate() {
    return config.writeRate;
  }

  int port() {
    return port;
  }

  /** Binds the listeners (again, after a pause, on the same port and socket path). */
  synchronized void listen() throws IOException {
    if (listening) {
      return;
    }
    ServerSocketChannel tcp = ServerSocketChannel.open();
    try {
      tcp.setOption(StandardSocketOptions.SO_REUSEADDR, true);
      tcp.bind(
          new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port),
          config.acceptBacklog);
    } catch (IOException e) {
      tcp.close();
      throw new IOException("cannot listen on 127.0.0.1:" + port + ": " + e.getMessage(), e);
    }
    port = ((InetSocketAddress) tcp.getLocalAddress()).getPort();
    tcpServer = tcp;
    acceptThreads.add(startThread(() -> acceptLoop(tcp), "bes-emulator-accept-" + port));
    if (config.unixSocket != null) {
      ServerSocketChannel unix;
      try {
        unix = bindUnix(config.unixSocket);
      } catch (IOException e) {
        tcp.close();
        throw e;
      }
      unixServer = unix;
      acceptThreads.add(startThread(() -> acceptLoop(unix), "bes-emulator-accept-unix"));
    }
    listening = true;
    log.debug(
        "BES emulator listening on 127.0.0.1:{}{}",
        port,
        config.unixSocket == null ? "" : " and unix:" + config.unixSocket);
  }

  private ServerSocketChannel bindUnix(Path socket) throws IOException {
    if (Files.isRegularFile(socket) || Files.isDirectory(socket)) {
      throw new IOException(
          "unix socket path " + socket + " exists and is not a socket; refusing to replace it");
    }
    // Like the BES, remove a stale socket file left by a previous run.
    Files.deleteIfExists(socket);
    ServerSocketChannel unix = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      unix.bind(UnixDomainSocketAddress.of(socket), config.acceptBacklog);
    } catch (IOException e) {
      unix.close();
      throw new IOException("cannot listen on unix:" + socket + ": " + e.getMessage(), e);
    }
    return unix;
  }

  private void acceptLoop(ServerSocketChannel server) {
    while (true) {
      SocketChannel channel;
      try {
        channel = server.accept();
      } catch (ClosedChannelException e) {
        return;
      } catch (IOException e) {
        if (!server.isOpen()) {
          return;
        }
        log.warn("accept failed on {}", server, e);
        continue;
      }
      try {
        int maxChunk = configure(channel);
        Connection connection =
            new Connection(this, channel, connectionIndexes.getAndIncrement(), maxChunk);
        connections.add(connection);
        if (!server.isOpen()) {
          connection.close();
          connections.remove(connection);
          return;
        }
        startThread(connection, "bes-emulator-connection-" + connection.index());
      } catch (IOException e) {
        log.warn("cannot set up an accepted connection", e);
        closeQuietly(channel);
      }
    }
  }

  /** Socket options as the BES has them (or not, for fast writes); returns the chunk size. */
  private int configure(SocketChannel channel) throws IOException {
    boolean tcp = channel.getLocalAddress() instanceof InetSocketAddress;
    if (tcp) {
      channel.setOption(StandardSocketOptions.TCP_NODELAY, !config.faithfulWrites);
    }
    if (config.maxChunkLength > 0) {
      return config.maxChunkLength;
    }
    // TcpSocket asks the kernel (megabytes on loopback, as the send buffer grows at connect);
    // UnixSocket reports a fixed UNIX_SOCKET_BUFFER_SIZE.
    int sendBuffer =
        tcp ? channel.getOption(StandardSocketOptions.SO_SNDBUF) : UNIX_SOCKET_BUFFER_SIZE;
    return Math.max(1, sendBuffer - CHUNK_HEADER_SPACE);
  }

  private Thread startThread(Runnable task, String name) {
    Thread thread =
        new Thread(
            () -> {
              try {
                task.run();
              } finally {
                threads.remove(Thread.currentThread());
              }
            },
            name);
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
    return thread;
  }

  void connectionEnded(Connection connection) {
    connections.remove(connection);
    closedConnections.incrementAndGet();
    synchronized (closedSignal) {
      closedSignal.notifyAll();
    }
  }

  /** Connections accepted since start. */
  int connectionCount() {
    return connectionIndexes.get();
  }

  /** Connections that have ended since start. */
  int closedConnectionCount() {
    return closedConnections.get();
  }

  /** Waits until at least {@code count} connections have ended; false if that took too long. */
  boolean awaitClosedConnections(int count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (closedSignal) {
      while (closedConnections.get() < count) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        closedSignal.wait(Math.max(1, left / 1_000_000L));
      }
    }
    return true;
  }

  void exitMessageReceived() {
    exitMessages.incrementAndGet();
  }

  /** {@code status=PPT_EXIT_NOW} messages received since start. */
  long exitMessageCount() {
    return exitMessages.get();
  }

  /** Counts a handshake being answered; returns a closer for when it has been. */
  Runnable handshakeStarted() {
    mostHandshakesAtOnce.accumulateAndGet(handshakesUnderWay.incrementAndGet(), Math::max);
    return handshakesUnderWay::decrementAndGet;
  }

  /** The most handshakes that were being answered at the same time. */
  int mostHandshakesAtOnce() {
    return mostHandshakesAtOnce.get();
  }

  /**
   * Closes every open connection at once and keeps listening: what a client sees when every BES
   * process is killed and the listener, their parent, lives on. Each socket is closed as the kernel
   * closes a killed process's descriptors (a plain close, no SO_LINGER): a FIN after what is
   * already queued, or an RST where request bytes remain unread. What an answer had buffered but
   * not written is lost, as the killed process's buffer is.
   *
   * @return the number of connections closed
   */
  int dropAllConnections() {
    List<Connection> open = new ArrayList<>(connections);
    for (Connection connection : open) {
      connection.close();
    }
    log.info("BES emulator dropped all {} open connections", open.size());
    counts.dropped(open.size());
    return open.size();
  }

  /** Stops listening and drops every connection, keeping counts, recordings and scripts. */
  synchronized void stopListening() {
    listening = false;
    closeQuietly(tcpServer);
    closeQuietly(unixServer);
    if (config.unixSocket != null) {
      try {
        Files.deleteIfExists(config.unixSocket);
      } catch (IOException e) {
        log.debug("cannot remove unix socket {}", config.unixSocket, e);
      }
    }
    for (Connection connection : new ArrayList<>(connections)) {
      connection.close();
    }
    // A thread blocked in accept() holds the listening socket until it wakes: wait for it, or a
    // resume() right after this would find the port still in use.
    for (Thread accepting : acceptThreads) {
      if (accepting != Thread.currentThread()) {
        try {
          accepting.join(JOIN_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    acceptThreads.clear();
  }

  /** Stops everything and waits for the emulator's threads to end. */
  void shutdown() {
    dispatcher.shutdown();
    stopListening();
    long deadline = System.nanoTime() + JOIN_TIMEOUT.toNanos();
    for (Thread thread : new ArrayList<>(threads)) {
      if (thread == Thread.currentThread()) {
        continue;
      }
      thread.interrupt();
      long left = deadline - System.nanoTime();
      try {
        thread.join(Math.max(1, left / 1_000_000L));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (thread.isAlive()) {
        log.warn("emulator thread {} did not end within {}", thread.getName(), JOIN_TIMEOUT);
      }
    }
    // Last: a connection thread still ending may write its lines until here.
    closeQuietly(besLog);
  }

  // Service times

  Duration serviceTime(List<String> commands) {
    Duration total = Duration.ZERO;
    for (String command : commands) {
      total = total.plus(serviceTimes.getOrDefault(command, Duration.ZERO));
    }
    return total;
  }

  private static void closeQuietly(java.io.@Nullable Closeable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (IOException ignored) {
      // Discarding the resource anyway.
    }
  }
}
