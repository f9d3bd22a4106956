package org.olfsfastpath.bes;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptFraming;

/**
 * A PPT server on loopback that answers each request with the next scripted {@link Reply} and
 * records what it received, for pool and client tests that need exact control over the BES side.
 * Script, run, verify: {@link #enqueue}, then the client, then {@link #takeRequest()}. A request
 * with nothing scripted gets a type 1 BES error saying so.
 */
final class ScriptedBesServer implements Closeable {
  /** One request as received, with the indexes that show which connection carried it. */
  record Recorded(int connection, int exchange, byte[] document) {
    String text() {
      return new String(document, StandardCharsets.UTF_8);
    }
  }

  /** What the server does with one request. */
  @FunctionalInterface
  interface Reply {
    /** Writes the answer; returns false to close the connection afterwards. */
    boolean apply(OutputStream out) throws IOException;

    /** A successful answer: one data chunk holding {@code payload}, then the end chunk. */
    static Reply ok(String payload) {
      return raw(PptFraming.encodeMessage(payload.getBytes(StandardCharsets.ISO_8859_1)));
    }

    /** Bytes written exactly as given (chunk headers included), e.g. a captured .wire file. */
    static Reply raw(byte[] wire) {
      return out -> {
        out.write(wire);
        out.flush();
        return true;
      };
    }

    /** {@code status=error;} (with {@code exit=true;} first when fatal), the document, the end. */
    static Reply error(String document, boolean exit) {
      Map<String, String> extensions = exit
          ? new java.util.LinkedHashMap<>(Map.of("exit", "true"))
          : new java.util.LinkedHashMap<>();
      extensions.put("status", "error");
      byte[] ext = PptFraming.encodeExtensions(extensions);
      byte[] message = PptFraming.encodeMessage(document.getBytes(StandardCharsets.ISO_8859_1));
      return out -> {
        out.write(ext);
        out.write(message);
        out.flush();
        return !exit;
      };
    }

    /** Closes the connection without answering, as a BES process that died would. */
    static Reply close() {
      return out -> false;
    }

    /** One data chunk of the payload, then the connection closes mid-response. */
    static Reply partialThenClose(String firstChunk) {
      byte[] data = firstChunk.getBytes(StandardCharsets.ISO_8859_1);
      return out -> {
        out.write(PptFraming.header(data.length, PptFraming.DATA));
        out.write(data);
        out.flush();
        return false;
      };
    }

    /** One data chunk, then nothing until {@code release} opens; then the end chunk. */
    static Reply partialUntil(String firstChunk, CountDownLatch release) {
      byte[] data = firstChunk.getBytes(StandardCharsets.ISO_8859_1);
      return out -> {
        out.write(PptFraming.header(data.length, PptFraming.DATA));
        out.write(data);
        out.flush();
        await(release);
        out.write(PptFraming.endChunk());
        out.flush();
        return true;
      };
    }

    /** Says nothing until {@code release} opens (or the server closes), then closes. */
    static Reply stallUntil(CountDownLatch release) {
      return out -> {
        await(release);
        return false;
      };
    }
  }

  private final ServerSocket serverSocket;
  private final BlockingQueue<Reply> script = new LinkedBlockingQueue<>();
  private final BlockingQueue<Recorded> requests = new LinkedBlockingQueue<>();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicInteger requestCount = new AtomicInteger();
  private final AtomicInteger exitMessages = new AtomicInteger();
  private final AtomicInteger pendingHandshakes = new AtomicInteger();
  private final AtomicInteger maxPendingHandshakes = new AtomicInteger();
  private final Semaphore closedConnections = new Semaphore(0);
  private volatile Duration handshakeDelay = Duration.ZERO;
  private volatile boolean closed;

  ScriptedBesServer() throws IOException {
    serverSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::acceptLoop, "scripted-bes-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  PptEndpoint endpoint() {
    return PptEndpoint.tcp(serverSocket.getInetAddress().getHostAddress(),
        serverSocket.getLocalPort());
  }

  void enqueue(Reply... replies) {
    script.addAll(List.of(replies));
  }

  /** Holds every handshake answer this long, so that connects overlap. */
  void delayHandshakes(Duration delay) {
    handshakeDelay = delay;
  }

  /** The next recorded request, waiting up to 5 s. */
  Recorded takeRequest() throws InterruptedException {
    Recorded recorded = requests.poll(5, TimeUnit.SECONDS);
    if (recorded == null) {
      throw new AssertionError("no request arrived within 5 s");
    }
    return recorded;
  }

  int requestCount() {
    return requestCount.get();
  }

  /** Connections accepted so far. */
  int connectionCount() {
    return connections.get();
  }

  /** {@code status=PPT_EXIT_NOW} messages received. */
  int exitMessages() {
    return exitMessages.get();
  }

  /** The most handshakes that were under way at the same time. */
  int maxPendingHandshakes() {
    return maxPendingHandshakes.get();
  }

  /** Waits until {@code count} more client connections have ended. */
  void awaitClosedConnections(int count) throws InterruptedException {
    if (!closedConnections.tryAcquire(count, 5, TimeUnit.SECONDS)) {
      throw new AssertionError("expected " + count + " connections to close within 5 s");
    }
  }

  @Override
  public void close() throws IOException {
    closed = true;
    serverSocket.close();
    for (Socket socket : sockets) {
      socket.close();
    }
  }

  private void acceptLoop() {
    while (!closed) {
      Socket socket;
      try {
        socket = serverSocket.accept();
      } catch (IOException e) {
        return;
      }
      sockets.add(socket);
      int index = connections.getAndIncrement();
      Thread handler = new Thread(() -> serve(socket, index), "scripted-bes-" + index);
      handler.setDaemon(true);
      handler.start();
    }
  }

  private void serve(Socket socket, int connection) {
    try (socket) {
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      handshake(in, out);
      for (int exchange = 0; ; exchange++) {
        byte[] document = readMessage(in);
        if (document == null) {
          return;
        }
        requestCount.incrementAndGet();
        requests.add(new Recorded(connection, exchange, document));
        Reply reply = script.poll();
        if (reply == null) {
          reply = Reply.error(errorDocument(1, "nothing scripted for this request"), false);
        }
        if (!reply.apply(out)) {
          return;
        }
      }
    } catch (IOException | RuntimeException e) {
      // The client went away, or the server is closing: this connection is over.
    } finally {
      closedConnections.release();
    }
  }

  private void handshake(InputStream in, OutputStream out) throws IOException {
    byte[] expected = PptFraming.CLIENT_HANDSHAKE.getBytes(StandardCharsets.US_ASCII);
    byte[] received = in.readNBytes(expected.length);
    if (received.length < expected.length) {
      throw new EOFException("client closed during the handshake");
    }
    int pending = pendingHandshakes.incrementAndGet();
    maxPendingHandshakes.accumulateAndGet(pending, Math::max);
    try {
      Duration delay = handshakeDelay;
      if (!delay.isZero()) {
        Thread.sleep(delay.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      pendingHandshakes.decrementAndGet();
    }
    out.write(PptFraming.SERVER_OK.getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** Reads one message; null at end of stream or on an exit request. */
  private byte[] readMessage(InputStream in) throws IOException {
    ByteArrayOutputStream document = new ByteArrayOutputStream();
    boolean exit = false;
    while (true) {
      byte[] header = in.readNBytes(PptFraming.HEADER_LENGTH);
      if (header.length < PptFraming.HEADER_LENGTH) {
        return null;
      }
      int length = PptFraming.parseLength(header, 0, 64 << 20);
      byte[] payload = in.readNBytes(length);
      if (payload.length < length) {
        return null;
      }
      if (header[7] == PptFraming.EXTENSION) {
        if (PptFraming.EXIT_NOW.equals(PptFraming.parseExtensions(payload).get("status"))) {
          exit = true;
        }
      } else if (length == 0) {
        if (exit) {
          exitMessages.incrementAndGet();
          return null;
        }
        return document.toByteArray();
      } else {
        document.write(payload);
      }
    }
  }

  static String errorDocument(int type, String message) {
    return "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
        + "<response xmlns=\"http://xml.opendap.org/ns/bes/1.0#\" reqID=\"r\"><BES><BESError>"
        + "<Type>" + type + "</Type><Message>" + message + "</Message>"
        + "<Administrator>admin@example.org</Administrator></BESError></BES></response>";
  }

  private static void await(CountDownLatch latch) throws IOException {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new IOException("scripted reply was never released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
