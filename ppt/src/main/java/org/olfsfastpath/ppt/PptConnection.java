package org.olfsfastpath.ppt;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * One negotiated PPT connection to a BES process. Not thread-safe: one request at a time, each
 * response read to its end (or the connection aborted) before the next request.
 *
 * <p>The BES forks a process per connection that keeps per-process caches warm, so callers should
 * keep a connection for many requests (see the {@code bes} layer's pool). Any I/O or protocol
 * failure closes the socket and makes {@link #isReusable()} false; the connection is then useless.
 */
public final class PptConnection implements Closeable {
  private static final AtomicLong IDS = new AtomicLong();
  private static final int BUFFER_SIZE = 64 * 1024;
  private static final byte[] HANDSHAKE = ascii(PptFraming.CLIENT_HANDSHAKE);
  private static final byte[] OK = ascii(PptFraming.SERVER_OK);
  private static final byte[] UNDEFINED = ascii(PptFraming.SERVER_UNDEFINED);
  private static final byte[] REFUSAL = ascii(PptFraming.SERVER_REFUSAL);

  private final long id = IDS.incrementAndGet();
  private final PptEndpoint endpoint;
  private final PptOptions options;
  private final ChannelTransport transport;
  private final byte[] buffer = new byte[BUFFER_SIZE];
  private int position;
  private int limit;
  private boolean broken;
  private boolean exitRequested;
  private @Nullable PptResponse current;
  private long commandsSent;

  private PptConnection(PptEndpoint endpoint, PptOptions options, ChannelTransport transport) {
    this.endpoint = endpoint;
    this.options = options;
    this.transport = transport;
  }

  /**
   * Connects to {@code endpoint} and completes the PPT handshake before returning: the BES reads
   * the handshake with one small recv and refuses a request that arrives in the same packet.
   *
   * @throws PptTimeoutException if the connect takes longer than the connect timeout, or the
   *     handshake's answer longer than the handshake timeout
   * @throws PptProtocolException if the server refuses or answers with something else
   * @throws IOException if the connection fails
   */
  public static PptConnection open(PptEndpoint endpoint, PptOptions options) throws IOException {
    Objects.requireNonNull(endpoint, "endpoint == null");
    Objects.requireNonNull(options, "options == null");
    ChannelTransport transport = ChannelTransport.connect(endpoint, options);
    PptConnection connection = new PptConnection(endpoint, options, transport);
    try {
      connection.handshake();
    } catch (IOException | RuntimeException e) {
      connection.abort();
      throw e;
    }
    return connection;
  }

  private void handshake() throws IOException {
    transport.writeFully(HANDSHAKE);
    long deadline = transport.handshakeDeadline();
    int max = options.maxHandshakeLength();
    while (true) {
      if (limit == OK.length && Arrays.equals(buffer, 0, limit, OK, 0, OK.length)) {
        position = limit;
        return;
      }
      if (limit == UNDEFINED.length
          && Arrays.equals(buffer, 0, limit, UNDEFINED, 0, UNDEFINED.length)) {
        throw new PptProtocolException(
            "BES refused the handshake with " + PptFraming.SERVER_UNDEFINED);
      }
      if (startsWith(REFUSAL)) {
        // What a real BES answers to a handshake it does not accept, before it closes.
        throw new PptProtocolException("BES refused the handshake: \"" + preview(limit) + "\"");
      }
      if (limit > max) {
        throw new PptProtocolException(
            "handshake answer exceeds " + max + " bytes: \"" + preview(limit) + "\"");
      }
      if (!isPrefix(OK) && !isPrefix(UNDEFINED)) {
        throw new PptProtocolException(
            "expected " + PptFraming.SERVER_OK + " but was \"" + preview(limit) + "\"");
      }
      int n = transport.read(buffer, limit, Math.min(buffer.length, max + 1) - limit, deadline);
      if (n < 0) {
        throw new PptProtocolException(
            "BES closed the connection during the handshake after "
                + limit
                + " bytes"
                + (limit == 0 ? "" : ": \"" + preview(limit) + "\""));
      }
      limit += n;
    }
  }

  private boolean startsWith(byte[] expected) {
    return limit >= expected.length
        && Arrays.equals(buffer, 0, expected.length, expected, 0, expected.length);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private boolean isPrefix(byte[] expected) {
    int n = Math.min(limit, expected.length);
    return limit <= expected.length && Arrays.equals(buffer, 0, n, expected, 0, n);
  }

  private String preview(int length) {
    String text = new String(buffer, 0, Math.min(length, 64), StandardCharsets.ISO_8859_1);
    return text.replaceAll("[^\\x20-\\x7e]", "?");
  }

  /**
   * Sends one request document, framed as a data chunk and the end chunk in a single write, and
   * reads the response up to its first data byte, so that {@link PptResponse#isError()} is known
   * before the caller commits anything.
   *
   * @throws IllegalStateException if the previous response is still open or the connection is not
   *     reusable
   * @throws IOException on any transport or protocol failure; the connection is then closed
   */
  public PptResponse send(byte[] requestDocument) throws IOException {
    Objects.requireNonNull(requestDocument, "requestDocument == null");
    if (!isReusable()) {
      throw new IllegalStateException(
          "connection "
              + id
              + " is "
              + (exitRequested ? "ending: the BES said its process exits" : "closed or broken")
              + " and cannot send");
    }
    if (current != null && !current.isComplete()) {
      throw new IllegalStateException(
          "connection "
              + id
              + " still has an unread response: "
              + "read it to the end or close it before sending the next request");
    }
    if (position != limit) {
      fail();
      throw new PptProtocolException(
          "BES sent "
              + (limit - position)
              + " unexpected bytes between messages on connection "
              + id);
    }
    commandsSent++;
    try {
      transport.writeFully(PptFraming.encodeMessage(requestDocument));
      current = PptResponse.begin(this);
      return current;
    } catch (IOException | RuntimeException e) {
      fail();
      throw e;
    }
  }

  /**
   * Asks the BES process to exit ({@code status=PPT_EXIT_NOW;} then the end chunk) and closes the
   * socket. Safe to call on a broken connection, which is simply closed.
   */
  @Override
  public void close() {
    if (isReusable() && (current == null || current.isComplete())) {
      try {
        transport.writeFully(PptFraming.encodeExitMessage());
      } catch (IOException ignored) {
        // The BES process ends when the socket closes anyway.
      }
    }
    abort();
  }

  /** Closes the socket at once, without the exit message. */
  public void abort() {
    broken = true;
    transport.close();
  }

  /**
   * Whether an idle connection is still good to lend: {@link #isReusable()}, no response left
   * unread, and a look at the socket without waiting finds neither end of stream (the BES process
   * went away while the connection sat idle) nor stray bytes. Costs one read system call; a
   * connection found bad is closed. Meant for a pool, before it lends a connection out.
   */
  public boolean isHealthy() {
    if (!isReusable() || (current != null && !current.isComplete())) {
      return false;
    }
    try {
      if (position == limit && transport.readAvailable(buffer, 0, buffer.length) == 0) {
        position = 0;
        limit = 0;
        return true;
      }
    } catch (IOException e) {
      // Reset by the peer, or the like: as bad as end of stream.
    }
    fail();
    return false;
  }

  /**
   * Whether the connection stands between two messages: the last response was read to its end
   * chunk, and no byte after it has been read into the buffer. Looks at no socket (see {@link
   * #isHealthy()} for that); false means the next response read here would start inside another.
   */
  public boolean isBetweenMessages() {
    return (current == null || current.isComplete()) && position == limit;
  }

  /** Whether the connection can carry another request. */
  public boolean isReusable() {
    return !broken && !exitRequested && transport.isOpen();
  }

  /** A process-unique number for logs and traces. */
  public long id() {
    return id;
  }

  public PptEndpoint endpoint() {
    return endpoint;
  }

  /** Number of requests sent on this connection. */
  public long commandsSent() {
    return commandsSent;
  }

  /** Whether reads re-arm TCP_QUICKACK (TCP on Linux with the option enabled). */
  boolean usesQuickAck() {
    return transport.quickAck();
  }

  /** Number of write calls made on the socket so far. */
  long writeCalls() {
    return transport.writeCalls();
  }

  int maxChunkLength() {
    return options.maxChunkLength();
  }

  void markExit() {
    exitRequested = true;
  }

  void fail() {
    abort();
  }

  /** Reads exactly {@code length} bytes or throws on end of stream. */
  void readFully(byte[] dst, int offset, int length, String what) throws IOException {
    readFully(dst, offset, length, what, 0);
  }

  /**
   * Reads exactly {@code length} bytes of something of which {@code alreadyRead} bytes came before,
   * so that the end-of-stream message counts the whole thing.
   */
  void readFully(byte[] dst, int offset, int length, String what, int alreadyRead)
      throws IOException {
    int done = 0;
    while (done < length) {
      int n = read(dst, offset + done, length - done);
      if (n < 0) {
        throw new PptProtocolException(
            "BES closed the connection inside "
                + what
                + " after "
                + (alreadyRead + done)
                + " of "
                + (alreadyRead + length)
                + " bytes");
      }
      done += n;
    }
  }

  /** Reads up to {@code length} bytes, from the buffer first; -1 at end of stream. */
  int read(byte[] dst, int offset, int length) throws IOException {
    if (position < limit) {
      int n = Math.min(length, limit - position);
      System.arraycopy(buffer, position, dst, offset, n);
      position += n;
      return n;
    }
    if (length >= buffer.length) {
      return transport.read(dst, offset, length);
    }
    int n = transport.read(buffer, 0, buffer.length);
    if (n < 0) {
      return -1;
    }
    position = 0;
    limit = n;
    return read(dst, offset, length);
  }

  @Override
  public String toString() {
    return "PptConnection{id="
        + id
        + ", endpoint="
        + endpoint
        + ", commands="
        + commandsSent
        + ", reusable="
        + isReusable()
        + "}";
  }
}
