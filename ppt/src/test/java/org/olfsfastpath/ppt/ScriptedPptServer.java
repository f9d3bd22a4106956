package org.olfsfastpath.ppt;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A raw-socket PPT peer for tests: each accepted connection runs the next enqueued {@link Script}
 * on its own thread, with blocking reads and writes of exactly the bytes the script names. Listens
 * on 127.0.0.1 port 0 or on a Unix socket. A script failure is kept and rethrown by {@link
 * #close()} (or {@link #awaitScripts}), so a test cannot pass while its server side went wrong.
 */
public final class ScriptedPptServer implements Closeable {
  /** What the server does on one connection. */
  @FunctionalInterface
  public interface Script {
    void run(Peer peer) throws Exception;
  }

  private final ServerSocketChannel listener;
  private final PptEndpoint endpoint;
  private final Path socketFile;
  private final ConcurrentLinkedQueue<Script> scripts = new ConcurrentLinkedQueue<>();
  private final List<Throwable> failures = new CopyOnWriteArrayList<>();
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private final List<SocketChannel> accepted = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();
  private final Thread acceptor;

  private ScriptedPptServer(ServerSocketChannel listener, PptEndpoint endpoint, Path socketFile) {
    this.listener = listener;
    this.endpoint = endpoint;
    this.socketFile = socketFile;
    this.acceptor = new Thread(this::acceptLoop, "scripted-ppt-accept");
    this.acceptor.setDaemon(true);
    this.acceptor.start();
  }

  /** Starts a server on 127.0.0.1, port chosen by the system. */
  public static ScriptedPptServer tcp() throws IOException {
    ServerSocketChannel channel = ServerSocketChannel.open();
    channel.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    int port = ((InetSocketAddress) channel.getLocalAddress()).getPort();
    return new ScriptedPptServer(channel, PptEndpoint.tcp("127.0.0.1", port), null);
  }

  /** Starts a server on a Unix socket at {@code socketFile}, which must not exist. */
  public static ScriptedPptServer unix(Path socketFile) throws IOException {
    ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    channel.bind(UnixDomainSocketAddress.of(socketFile));
    return new ScriptedPptServer(channel, PptEndpoint.unix(socketFile), socketFile);
  }

  /** Starts a server of the kind named: "tcp", or "unix" with its socket in {@code dir}. */
  public static ScriptedPptServer of(String transport, Path dir) throws IOException {
    return switch (transport) {
      case "tcp" -> tcp();
      case "unix" -> unix(dir.resolve("bes.sock"));
      default ->
          throw new IllegalArgumentException(
              "transport was " + transport + ", must be tcp or unix");
    };
  }

  public PptEndpoint endpoint() {
    return endpoint;
  }

  /** Queues the script for the next connection that arrives; returns this server. */
  public ScriptedPptServer enqueue(Script script) {
    scripts.add(script);
    return this;
  }

  /** Number of connections accepted so far. */
  public int connectionCount() {
    return connections.get();
  }

  private void acceptLoop() {
    while (listener.isOpen()) {
      SocketChannel channel;
      try {
        channel = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      int index = connections.incrementAndGet();
      accepted.add(channel);
      Script script = scripts.poll();
      Thread thread =
          new Thread(
              () -> runScript(script, new Peer(channel, index)), "scripted-ppt-conn-" + index);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
  }

  private void runScript(Script script, Peer peer) {
    try (peer) {
      if (script == null) {
        throw new AssertionError("connection " + peer.index + " arrived with no script enqueued");
      }
      script.run(peer);
    } catch (Throwable t) {
      failures.add(t);
    }
  }

  /**
   * Waits for every script started so far to end, then rethrows the first failure.
   *
   * @throws AssertionError if a script failed or is still running after the timeout
   */
  public void awaitScripts(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    for (Thread thread : threads) {
      thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
      if (thread.isAlive()) {
        throw new AssertionError("server script on " + thread.getName() + " still running");
      }
    }
    rethrowFailures();
  }

  private void rethrowFailures() {
    if (!failures.isEmpty()) {
      AssertionError error =
          new AssertionError("server script failed: " + failures.get(0), failures.get(0));
      failures.stream().skip(1).forEach(error::addSuppressed);
      throw error;
    }
  }

  /** Stops listening, closes every connection and rethrows the first script failure. */
  @Override
  public void close() throws IOException {
    listener.close();
    for (SocketChannel channel : accepted) {
      channel.close();
    }
    try {
      acceptor.join(5_000);
      for (Thread thread : threads) {
        thread.join(5_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (socketFile != null) {
      Files.deleteIfExists(socketFile);
    }
    rethrowFailures();
  }

  /** A message the client sent, as the server read it. */
  public record Recorded(
      byte[] wire, byte[] payload, Map<String, String> extensions, int firstReadLength) {
    public String text() {
      return new String(payload, StandardCharsets.UTF_8);
    }
  }

  /** The server's side of one connection. */
  public static final class Peer implements Closeable {
    private final SocketChannel channel;
    private final int index;
    private final ByteBuffer pending = ByteBuffer.allocate(256 * 1024).flip();

    Peer(SocketChannel channel, int index) {
      this.channel = channel;
      this.index = index;
    }

    /** 1-based number of this connection on the server. */
    public int index() {
      return index;
    }

    /**
     * Reads the client's handshake with one read of at most 64 bytes, as the BES does, and answers
     * {@code answer}. Fails if the read held anything but the handshake.
     */
    public void handshake(String answer) throws IOException {
      byte[] first = readOnce(64);
      String text = new String(first, StandardCharsets.ISO_8859_1);
      if (!text.equals(PptFraming.CLIENT_HANDSHAKE)) {
        throw new AssertionError(
            "expected the handshake alone in one read but was \"" + text + "\"");
      }
      write(answer);
    }

    /** {@link #handshake(String)} with the accepting answer. */
    public void handshake() throws IOException {
      handshake(PptFraming.SERVER_OK);
    }

    /** Reads one framed message, noting how many of its bytes the first read returned. */
    public Recorded readMessage() throws IOException {
      ByteArrayOutputStream wire = new ByteArrayOutputStream();
      ByteArrayOutputStream payload = new ByteArrayOutputStream();
      Map<String, String> extensions = new LinkedHashMap<>();
      boolean[] ended = {false};
      PptChunkDecoder decoder =
          new PptChunkDecoder(
              PptFraming.MAX_ENCODABLE_LENGTH,
              new PptChunkDecoder.Handler() {
                @Override
                public void extensions(Map<String, String> ext) {
                  extensions.putAll(ext);
                }

                @Override
                public void data(byte[] bytes, int offset, int length) {
                  payload.write(bytes, offset, length);
                }

                @Override
                public void messageEnded(long wireBytes) {
                  ended[0] = true;
                }
              });
      int firstRead = pending.hasRemaining() ? pending.remaining() : -1;
      while (!ended[0]) {
        if (!pending.hasRemaining()) {
          fill();
          if (firstRead < 0) {
            firstRead = pending.remaining();
          }
        }
        // Feed one byte at a time up to the end chunk, so bytes of a next message stay pending.
        byte b = pending.get();
        wire.write(b);
        decoder.feed(new byte[] {b}, 0, 1);
      }
      return new Recorded(wire.toByteArray(), payload.toByteArray(), extensions, firstRead);
    }

    /** Reads exactly {@code n} bytes. */
    public byte[] readExactly(int n) throws IOException {
      byte[] out = new byte[n];
      for (int i = 0; i < n; i++) {
        if (!pending.hasRemaining()) {
          fill();
        }
        out[i] = pending.get();
      }
      return out;
    }

    /** Reads until the client closes, returning everything read. */
    public byte[] readToEnd() throws IOException {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      while (true) {
        if (!pending.hasRemaining()) {
          pending.clear();
          int n = channel.read(pending);
          pending.flip();
          if (n < 0) {
            return out.toByteArray();
          }
        }
        out.write(pending.get());
      }
    }

    private byte[] readOnce(int max) throws IOException {
      if (pending.hasRemaining()) {
        throw new AssertionError("bytes already pending: " + pending.remaining());
      }
      ByteBuffer buffer = ByteBuffer.allocate(max);
      int n = channel.read(buffer);
      if (n < 0) {
        throw new IOException("client closed the connection");
      }
      return Arrays.copyOf(buffer.array(), n);
    }

    private void fill() throws IOException {
      pending.clear();
      int n = channel.read(pending);
      pending.flip();
      if (n < 0) {
        throw new IOException("client closed the connection");
      }
    }

    public void write(byte[] bytes) throws IOException {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    }

    public void write(String ascii) throws IOException {
      write(ascii.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Writes {@code payload} as one data chunk and the end chunk, in one write. */
    public void respond(String payload) throws IOException {
      write(PptFraming.encodeMessage(payload.getBytes(StandardCharsets.UTF_8)));
    }

    /** Half-closes: the client reads end of stream, the server can still read. */
    public void shutdownOutput() throws IOException {
      channel.shutdownOutput();
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }

  /** Builds the bytes of a chunk. */
  public static byte[] chunk(byte type, byte[] payload) {
    byte[] out = new byte[PptFraming.HEADER_LENGTH + payload.length];
    PptFraming.writeHeader(out, 0, payload.length, type);
    System.arraycopy(payload, 0, out, PptFraming.HEADER_LENGTH, payload.length);
    return out;
  }

  /** Concatenates byte arrays and ASCII strings. */
  public static byte[] concat(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object part : parts) {
      byte[] bytes =
          part instanceof byte[] b ? b : part.toString().getBytes(StandardCharsets.ISO_8859_1);
      out.write(bytes, 0, bytes.length);
    }
    return out.toByteArray();
  }
}
