package org.olfsfastpath.ppt;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;
import java.util.function.Supplier;
import jdk.net.ExtendedSocketOptions;

/**
 * A non-blocking socket channel driven by its own selector, so that connect, read and write each
 * honour a timeout on TCP and Unix domain sockets alike (a blocking {@code SocketChannel} ignores
 * {@code SO_TIMEOUT}, and a Unix domain channel has no socket adaptor to set it on).
 */
final class ChannelTransport implements Closeable {
  /** Selection needs no selected-key set: one key, and the caller reads or writes next. */
  private static final Consumer<SelectionKey> IGNORE = key -> {};

  private final PptEndpoint endpoint;
  private final SocketChannel channel;
  private final Selector selector;
  private final SelectionKey key;
  private final long readTimeoutMillis;
  private final long handshakeTimeoutMillis;
  private final long writeTimeoutMillis;
  private final boolean quickAck;
  private long writeCalls;
  // The views of the last two arrays read into (the connection's buffer and its caller's), kept
  // so that a long answer costs no ByteBuffer per read.
  private ByteBuffer view = ByteBuffer.allocate(0);
  private ByteBuffer otherView = ByteBuffer.allocate(0);

  private ChannelTransport(
      PptEndpoint endpoint,
      SocketChannel channel,
      Selector selector,
      PptOptions options,
      boolean quickAck)
      throws IOException {
    this.endpoint = endpoint;
    this.channel = channel;
    this.selector = selector;
    this.key = channel.register(selector, 0);
    this.readTimeoutMillis = options.readTimeout().toMillis();
    this.handshakeTimeoutMillis = options.handshakeTimeout().toMillis();
    this.writeTimeoutMillis = options.writeTimeout().toMillis();
    this.quickAck = quickAck;
  }

  static ChannelTransport connect(PptEndpoint endpoint, PptOptions options) throws IOException {
    Selector selector = Selector.open();
    try {
      SocketChannel channel =
          open(endpoint, options.tcpNoDelay(), selector, options.connectTimeout().toMillis());
      try {
        boolean quickAck =
            endpoint instanceof PptEndpoint.Tcp && options.quickAck() && supportsQuickAck(channel);
        return new ChannelTransport(endpoint, channel, selector, options, quickAck);
      } catch (IOException | RuntimeException e) {
        closeQuietly(channel);
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      closeQuietly(selector);
      throw e;
    }
  }

  /**
   * A blocking channel connected to {@code endpoint} within {@code timeoutMillis}, TCP_NODELAY on
   * for TCP: {@link PptEndpoint#openChannel}.
   */
  static SocketChannel openBlocking(PptEndpoint endpoint, long timeoutMillis) throws IOException {
    Selector selector = Selector.open();
    SocketChannel channel;
    try {
      channel = open(endpoint, true, selector, timeoutMillis);
    } finally {
      // Closing the selector deregisters the channel, so that it can block again.
      closeQuietly(selector);
    }
    try {
      channel.configureBlocking(true);
      return channel;
    } catch (IOException | RuntimeException e) {
      closeQuietly(channel);
      throw e;
    }
  }

  /**
   * Opens a non-blocking channel to {@code endpoint} (TCP_NODELAY as {@code tcpNoDelay} on TCP) and
   * connects it within {@code timeoutMillis}, waiting on {@code selector}; the errors name the
   * endpoint. Closes the channel if it fails.
   */
  private static SocketChannel open(
      PptEndpoint endpoint, boolean tcpNoDelay, Selector selector, long timeoutMillis)
      throws IOException {
    SocketAddress address;
    SocketChannel channel;
    if (endpoint instanceof PptEndpoint.Tcp tcp) {
      InetSocketAddress inet = new InetSocketAddress(tcp.host(), tcp.port());
      if (inet.isUnresolved()) {
        throw new UnknownHostException("cannot resolve BES host " + tcp.host() + " of " + endpoint);
      }
      address = inet;
      channel = SocketChannel.open();
    } else {
      address = UnixDomainSocketAddress.of(((PptEndpoint.Unix) endpoint).socket());
      channel = SocketChannel.open(StandardProtocolFamily.UNIX);
    }
    try {
      channel.configureBlocking(false);
      if (endpoint instanceof PptEndpoint.Tcp) {
        channel.setOption(StandardSocketOptions.TCP_NODELAY, tcpNoDelay);
      }
      finishConnect(channel, address, endpoint, selector, timeoutMillis);
      return channel;
    } catch (IOException | RuntimeException e) {
      closeQuietly(channel);
      throw e;
    }
  }

  private static void finishConnect(
      SocketChannel channel,
      SocketAddress address,
      PptEndpoint endpoint,
      Selector selector,
      long timeoutMillis)
      throws IOException {
    try {
      if (channel.connect(address)) {
        return;
      }
      SelectionKey key = channel.register(selector, 0);
      long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
      while (!channel.finishConnect()) {
        long left = (deadline - System.nanoTime()) / 1_000_000L;
        if (left <= 0) {
          throw new PptTimeoutException(
              "connect timeout of " + timeoutMillis + " ms elapsed connecting to " + endpoint);
        }
        await(key, selector, SelectionKey.OP_CONNECT, left, "connecting", endpoint);
      }
    } catch (SocketException e) {
      // The JDK's message ("Connection refused", "No such file or directory") does not say to what.
      ConnectException named =
          new ConnectException("cannot connect to the BES at " + endpoint + ": " + e.getMessage());
      named.initCause(e);
      throw named;
    }
  }

  /** The {@link System#nanoTime()} by which the handshake's answer must have arrived. */
  long handshakeDeadline() {
    return System.nanoTime() + handshakeTimeoutMillis * 1_000_000L;
  }

  /** Whether the transport re-arms TCP_QUICKACK before every read. */
  boolean quickAck() {
    return quickAck;
  }

  /**
   * Reads at least one byte, waiting at most the read timeout.
   *
   * @return the count read, or -1 at end of stream
   */
  int read(byte[] buffer, int offset, int length) throws IOException {
    return read(buffer, offset, length, 0L);
  }

  /**
   * Reads at least one byte, waiting until {@code deadlineNanos} ({@link System#nanoTime()}) for
   * the PPT handshake's answer: a BES whose listener accepts but never answers fails in the
   * handshake timeout, not the read timeout of a long get.
   *
   * @param deadlineNanos the handshake's deadline, or 0 for the read timeout from now
   * @return the count read, or -1 at end of stream
   */
  int read(byte[] buffer, int offset, int length, long deadlineNanos) throws IOException {
    ByteBuffer target = view(buffer, offset, length);
    long deadline = deadlineNanos;
    while (true) {
      if (quickAck) {
        // Linux leaves quick-ack mode on its own; re-arm so the BES's split writes are ACKed at
        // once.
        channel.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
      }
      int n = channel.read(target);
      if (n != 0) {
        return n;
      }
      deadline =
          awaitUntil(
              SelectionKey.OP_READ,
              deadline,
              readTimeoutMillis,
              "waiting for the BES",
              () ->
                  deadlineNanos != 0
                      ? "handshake timeout of "
                          + handshakeTimeoutMillis
                          + " ms elapsed: the BES at "
                          + endpoint
                          + " accepted the connection but did not answer the PPT handshake"
                      : "read timeout of "
                          + readTimeoutMillis
                          + " ms elapsed waiting for the BES at "
                          + endpoint);
    }
  }

  /** Reads what is available without waiting: 0 if nothing is, -1 at end of stream. */
  int readAvailable(byte[] buffer, int offset, int length) throws IOException {
    return channel.read(view(buffer, offset, length));
  }

  /**
   * A view of {@code array[offset, offset + length)}: one of the two kept views when it wraps that
   * array, so that streaming a large answer through the same buffers allocates nothing.
   */
  private ByteBuffer view(byte[] array, int offset, int length) {
    ByteBuffer target;
    if (view.array() == array) {
      target = view;
    } else if (otherView.array() == array) {
      target = otherView;
      otherView = view;
      view = target;
    } else {
      otherView = view;
      target = view = ByteBuffer.wrap(array);
    }
    target.clear();
    target.position(offset);
    target.limit(offset + length);
    return target;
  }

  /** Writes all of {@code bytes}, handing them to the kernel in one call whenever it takes them. */
  void writeFully(byte[] bytes) throws IOException {
    ByteBuffer source = ByteBuffer.wrap(bytes);
    long deadline = 0;
    while (source.hasRemaining()) {
      writeCalls++;
      if (channel.write(source) > 0) {
        continue;
      }
      deadline =
          awaitUntil(
              SelectionKey.OP_WRITE,
              deadline,
              writeTimeoutMillis,
              "sending to the BES",
              () ->
                  "write timeout of "
                      + writeTimeoutMillis
                      + " ms elapsed sending to the BES at "
                      + endpoint);
    }
  }

  /**
   * Waits for {@code op} until {@code deadlineNanos} ({@link System#nanoTime()}), or when that is 0
   * (a read's or a write's first wait: the fast path reads no clock) until {@code timeoutMillis}
   * from now; past it, fails with {@code timedOut}'s message.
   *
   * @return the deadline, for the next wait of the same read or write
   */
  private long awaitUntil(
      int op, long deadlineNanos, long timeoutMillis, String doing, Supplier<String> timedOut)
      throws IOException {
    long now = System.nanoTime();
    long deadline = deadlineNanos != 0 ? deadlineNanos : now + timeoutMillis * 1_000_000L;
    long left = (deadline - now) / 1_000_000L;
    if (left <= 0) {
      throw new PptTimeoutException(timedOut.get());
    }
    await(op, left, doing);
    return deadline;
  }

  private void await(int op, long timeoutMillis, String doing) throws IOException {
    await(key, selector, op, timeoutMillis, doing, endpoint);
  }

  private static void await(
      SelectionKey key,
      Selector selector,
      int op,
      long timeoutMillis,
      String doing,
      PptEndpoint endpoint)
      throws IOException {
    key.interestOps(op);
    try {
      selector.select(IGNORE, timeoutMillis);
    } finally {
      key.interestOps(0);
    }
    // An interrupted thread's select returns at once: without this check the caller would spin
    // until its deadline instead of giving up.
    if (Thread.currentThread().isInterrupted()) {
      throw new InterruptedIOException("interrupted while " + doing + " at " + endpoint);
    }
  }

  /** Number of write system calls so far, for checking that each message goes out in one. */
  long writeCalls() {
    return writeCalls;
  }

  boolean isOpen() {
    return channel.isOpen();
  }

  @Override
  public void close() {
    closeQuietly(selector);
    closeQuietly(channel);
  }

  private static boolean supportsQuickAck(SocketChannel channel) {
    return channel.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK);
  }

  private static void closeQuietly(Closeable closeable) {
    try {
      closeable.close();
    } catch (IOException ignored) {
      // Closing a socket we are discarding; nothing useful to do with a failure.
    }
  }
}
