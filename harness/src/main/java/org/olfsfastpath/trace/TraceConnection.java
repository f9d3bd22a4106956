package org.olfsfastpath.trace;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jdk.net.ExtendedSocketOptions;
import org.jspecify.annotations.Nullable;

/**
 * One proxied client connection: a thread per direction copies bytes as they arrive and, before
 * passing each read on, feeds it to that direction's decoder. Requests and responses are paired in
 * order (PPT has one outstanding request per connection) in the connection's {@link ExchangeLog},
 * whose lock guards all decoding state and this connection's end.
 */
final class TraceConnection {
  private static final int BUFFER_SIZE = 64 * 1024;

  private final PptTrace trace;
  private final long number;
  private final SocketChannel client;
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private final ExchangeLog log;
  private final RequestSide requests;
  private final ResponseSide responses;
  private volatile @Nullable SocketChannel bes;

  // Guarded by log.lock.
  private int directionsEnded;
  private @Nullable String endReason;
  private boolean finished;

  TraceConnection(PptTrace trace, long number, SocketChannel client) {
    this.trace = trace;
    this.number = number;
    this.client = client;
    this.log = new ExchangeLog(trace, number);
    this.requests = new RequestSide(log);
    this.responses = new ResponseSide(log);
  }

  void start() {
    Thread thread = new Thread(this::run, "ppt-trace-" + number + "-request");
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
  }

  private void run() {
    long started = System.nanoTime();
    SocketChannel connected;
    try {
      configure(client);
      connected = trace.target().openChannel(trace.connectTimeout());
      bes = connected;
    } catch (IOException e) {
      synchronized (log.lock) {
        finished = true;
      }
      PptTrace.closeQuietly(client);
      log.emitEvent(
          started,
          0,
          TraceRecord.Event.CONNECT_ERROR,
          0,
          0,
          // ppt's messages name the BES and its endpoint, as the front end's do.
          e.getMessage() != null ? e.getMessage() : e.toString());
      trace.ended(this);
      return;
    }
    Thread back =
        new Thread(() -> pump(connected, client, responses), "ppt-trace-" + number + "-response");
    back.setDaemon(true);
    threads.add(back);
    back.start();
    pump(client, bes, requests);
  }

  private static void configure(SocketChannel channel) throws IOException {
    if (channel.supportedOptions().contains(StandardSocketOptions.TCP_NODELAY)) {
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
    }
  }

  private void pump(SocketChannel from, SocketChannel to, DecodingSide side) {
    boolean quickAck =
        trace.quickAck() && from.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK);
    ByteBuffer buffer = ByteBuffer.allocate(BUFFER_SIZE);
    String reason;
    try {
      while (true) {
        if (quickAck) {
          // Linux leaves quick-ack mode by itself; re-arm it so the proxy never delays an ACK.
          from.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
        }
        buffer.clear();
        int n = from.read(buffer);
        long now = System.nanoTime();
        if (n < 0) {
          side.endOfStream(now);
          reason = side.name() + " closed";
          noteEnd(reason); // before the half-close lets the other side end too
          try {
            to.shutdownOutput();
          } catch (IOException alreadyGone) {
            // The other peer went too; its own direction will end.
          }
          break;
        }
        // Decode before forwarding, so that a record is complete by the time its last byte can
        // reach the other peer.
        side.feed(buffer.array(), n, now);
        buffer.flip();
        while (buffer.hasRemaining()) {
          to.write(buffer);
        }
        side.afterForward();
      }
    } catch (IOException e) {
      reason = side.name() + " side ended: " + e;
      PptTrace.closeQuietly(client);
      PptTrace.closeQuietly(to);
      PptTrace.closeQuietly(from);
    }
    directionEnded(reason);
  }

  private void noteEnd(String reason) {
    synchronized (log.lock) {
      if (endReason == null) {
        endReason = reason;
      }
    }
  }

  private void directionEnded(String reason) {
    synchronized (log.lock) {
      if (endReason == null) {
        endReason = reason;
      }
      if (++directionsEnded < 2 || finished) {
        return;
      }
      finished = true;
    }
    PptTrace.closeQuietly(client);
    PptTrace.closeQuietly(bes);
    long now = System.nanoTime();
    synchronized (log.lock) {
      responses.connectionEnded(now);
      String why =
          responses.failed
              ? "no complete response: the response stream could not be decoded"
              : "no response before the connection closed";
      log.connectionClosed(now, why, endReason);
    }
    trace.ended(this);
  }

  /** Closes both sockets; the threads then end and record the close with {@code reason}. */
  void close(String reason) {
    synchronized (log.lock) {
      if (endReason == null) {
        endReason = reason;
      }
    }
    PptTrace.closeQuietly(client);
    PptTrace.closeQuietly(bes);
  }

  void join() {
    for (Thread thread : threads) {
      try {
        thread.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
