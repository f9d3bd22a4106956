package org.olfsfastpath.emulator;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A way for the emulated BES to fail, applied to one request (or, for the handshake faults, one new
 * connection) with {@link BesEmulator#enqueueFault} or to every matching request with a {@link
 * FaultRule}. Faults are data: value-based and immutable, compared by kind, delay and, for a cut,
 * its offset and how it cuts.
 *
 * <p>A request that meets a fault is still recorded and counted before the fault acts, so a test
 * can assert that the front end did send it.
 */
public final class Fault {
  /** What the emulated BES does instead of (or before) answering normally. */
  public enum Kind {
    /** Reads the request, then closes the connection without a byte of answer. */
    CLOSE_CONNECTION,
    /** Reads the request and never answers, keeping the connection open. */
    STALL,
    /** Answers normally after a delay. */
    DELAY,
    /** Answers with bytes that are not a chunk header (non-hex digits), then closes. */
    GARBAGE,
    /** Answers with a chunk header announcing 0xFFFFFFF bytes, then closes. */
    OVERSIZED_CHUNK_HEADER,
    /** Sends the chunk header of the real answer and half its payload, then closes. */
    TRUNCATED_CHUNK,
    /**
     * Sends the chunk header of the real answer, then closes: the header says data follows, and the
     * first read of it finds the end of stream (a process killed between header and payload).
     */
    CLOSE_AFTER_HEADER,
    /**
     * Reads the request, then resets the connection (TCP RST, as a killed process's socket gives
     * when data is still in flight to it); on a Unix socket, which has no reset, closes it.
     */
    RESET,
    /**
     * Reads the request, then shuts its own side down (FIN) without answering and keeps reading
     * until the client closes: a half-closed connection.
     */
    HALF_CLOSE,
    /**
     * Sends the chunk header of the real answer and half its payload, then stops writing and keeps
     * the connection open until the client closes it (a BES stuck mid-message).
     */
    STALL_MID_RESPONSE,
    /** Sends half of the real answer as data, then {@code status=error;} and an error document. */
    MID_STREAM_ERROR,
    /** Answers {@code exit=true;status=error;} with a fatal error document, then closes. */
    FATAL_ERROR,
    /** Sends the whole answer's data but never its end chunk, then closes (a process died). */
    CLOSE_BEFORE_END,
    /**
     * Answers with the end chunk alone, an empty message, and keeps the connection: a BES process
     * whose output stream failed during an earlier answer sends nothing but the end chunk of each
     * later one, while its log says every command was answered.
     */
    EMPTY_ANSWER,
    /** Answers the handshake with PPT_PROTOCOL_UNDEFINED and closes (a connection fault). */
    REFUSE_HANDSHAKE,
    /** Completes the handshake, then never reads again (a connection fault). */
    STOP_READING,
    /**
     * Reads the handshake and never answers it, keeping the connection open (a connection fault): a
     * BES whose old processes still hold the listening socket after a restart.
     */
    SILENT_HANDSHAKE,
    /** Answers the handshake after a delay (a connection fault): a slow fork. */
    DELAY_HANDSHAKE,
    /**
     * Sends the first {@link #offset()} bytes of the answer as they go on the wire (chunk headers
     * included), waits {@link #delay()}, then ends the connection the {@link Cut} way: a BES
     * process killed, or its host gone, at any point of any answer. An offset at or past the
     * answer's end sends it whole first. What was sent is reported as a {@link WireCut}.
     */
    CUT
  }

  /** How a {@link Kind#CUT} ends the connection. */
  public enum Cut {
    /** A close: the client reads what was sent, then a clean end of stream (FIN). */
    CLOSE,
    /**
     * A reset ({@code SO_LINGER} 0): the client's next read fails, and bytes sent but not yet read
     * may be lost with it; a plain close on a Unix socket, which has no reset.
     */
    RESET,
    /**
     * The emulator shuts its side down (FIN) and goes on reading until the client closes: the
     * client reads an end of stream and may still write.
     */
    HALF_CLOSE
  }

  private final Kind kind;
  private final Duration delay;
  private final long offset;
  private final @Nullable Cut cut;

  private Fault(Kind kind, Duration delay) {
    this(kind, delay, -1, null);
  }

  private Fault(Kind kind, Duration delay, long offset, @Nullable Cut cut) {
    this.kind = kind;
    this.delay = delay;
    this.offset = offset;
    this.cut = cut;
  }

  public static Fault closeConnection() {
    return new Fault(Kind.CLOSE_CONNECTION, Duration.ZERO);
  }

  public static Fault stall() {
    return new Fault(Kind.STALL, Duration.ZERO);
  }

  /**
   * Answers normally after {@code delay}.
   *
   * @throws IllegalArgumentException if the delay is negative
   */
  public static Fault delay(Duration delay) {
    return new Fault(Kind.DELAY, nonNegative(delay));
  }

  public static Fault garbage() {
    return new Fault(Kind.GARBAGE, Duration.ZERO);
  }

  public static Fault oversizedChunkHeader() {
    return new Fault(Kind.OVERSIZED_CHUNK_HEADER, Duration.ZERO);
  }

  public static Fault truncatedChunk() {
    return new Fault(Kind.TRUNCATED_CHUNK, Duration.ZERO);
  }

  public static Fault closeAfterHeader() {
    return new Fault(Kind.CLOSE_AFTER_HEADER, Duration.ZERO);
  }

  public static Fault reset() {
    return new Fault(Kind.RESET, Duration.ZERO);
  }

  public static Fault halfClose() {
    return new Fault(Kind.HALF_CLOSE, Duration.ZERO);
  }

  public static Fault stallMidResponse() {
    return new Fault(Kind.STALL_MID_RESPONSE, Duration.ZERO);
  }

  public static Fault midStreamError() {
    return new Fault(Kind.MID_STREAM_ERROR, Duration.ZERO);
  }

  public static Fault fatalError() {
    return new Fault(Kind.FATAL_ERROR, Duration.ZERO);
  }

  public static Fault refuseHandshake() {
    return new Fault(Kind.REFUSE_HANDSHAKE, Duration.ZERO);
  }

  public static Fault stopReading() {
    return new Fault(Kind.STOP_READING, Duration.ZERO);
  }

  public static Fault closeBeforeEnd() {
    return new Fault(Kind.CLOSE_BEFORE_END, Duration.ZERO);
  }

  public static Fault emptyAnswer() {
    return new Fault(Kind.EMPTY_ANSWER, Duration.ZERO);
  }

  public static Fault silentHandshake() {
    return new Fault(Kind.SILENT_HANDSHAKE, Duration.ZERO);
  }

  /**
   * Answers the handshake after {@code delay}.
   *
   * @throws IllegalArgumentException if the delay is negative
   */
  public static Fault delayHandshake(Duration delay) {
    return new Fault(Kind.DELAY_HANDSHAKE, nonNegative(delay));
  }

  private static Duration nonNegative(Duration delay) {
    Objects.requireNonNull(delay, "delay == null");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("delay was " + delay + ", must not be negative");
    }
    return delay;
  }

  /**
   * Sends the first {@code offset} bytes of the answer as they go on the wire, chunk headers
   * included (all of it when it is no longer), then cuts the connection {@code how}.
   *
   * @throws IllegalArgumentException if the offset is negative
   */
  public static Fault cut(long offset, Cut how) {
    return cut(offset, how, Duration.ZERO);
  }

  /**
   * Sends the first {@code offset} bytes of the answer as they go on the wire (all of it when it is
   * no longer), stalls for {@code stall}, then cuts the connection {@code how}: a BES process that
   * hangs and is then killed. The client's read timeout may end it first.
   *
   * @throws IllegalArgumentException if the offset or the stall is negative
   */
  public static Fault cut(long offset, Cut how, Duration stall) {
    Objects.requireNonNull(how, "how == null");
    Objects.requireNonNull(stall, "stall == null");
    if (offset < 0) {
      throw new IllegalArgumentException("offset was " + offset + ", must not be negative");
    }
    if (stall.isNegative()) {
      throw new IllegalArgumentException("stall was " + stall + ", must not be negative");
    }
    return new Fault(Kind.CUT, stall, offset, how);
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The delay of a {@link Kind#DELAY} or {@link Kind#DELAY_HANDSHAKE} fault, the stall of a {@link
   * Kind#CUT}; zero for the others.
   */
  public Duration delay() {
    return delay;
  }

  /** The wire bytes a {@link Kind#CUT} sends before it cuts; -1 for the other faults. */
  public long offset() {
    return offset;
  }

  /** How a {@link Kind#CUT} ends the connection; null for the other faults. */
  public @Nullable Cut cut() {
    return cut;
  }

  /** Whether the fault acts on a new connection (its handshake) rather than on a request. */
  public boolean isConnectionFault() {
    return kind == Kind.REFUSE_HANDSHAKE
        || kind == Kind.STOP_READING
        || kind == Kind.SILENT_HANDSHAKE
        || kind == Kind.DELAY_HANDSHAKE;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Fault other
        && kind == other.kind
        && delay.equals(other.delay)
        && offset == other.offset
        && cut == other.cut;
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, delay, offset, cut);
  }

  @Override
  public String toString() {
    if (kind == Kind.CUT) {
      return "Fault{CUT "
          + cut
          + " at "
          + offset
          + (delay.isZero() ? "" : " after a stall of " + delay)
          + "}";
    }
    return kind == Kind.DELAY || kind == Kind.DELAY_HANDSHAKE
        ? "Fault{" + kind + " " + delay + "}"
        : "Fault{" + kind + "}";
  }
}
