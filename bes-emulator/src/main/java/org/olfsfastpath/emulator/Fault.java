package org.olfsfastpath.emulator;

import java.time.Duration;
import java.util.Objects;

/**
 * A way for the emulated BES to fail, applied to one request (or, for the handshake faults, one new
 * connection) with {@link BesEmulator#enqueueFault} or to every matching request with a {@link
 * FaultRule}. Faults are data: value-based and immutable, compared by kind and delay.
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
    DELAY_HANDSHAKE
  }

  private final Kind kind;
  private final Duration delay;

  private Fault(Kind kind, Duration delay) {
    this.kind = kind;
    this.delay = delay;
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
    Objects.requireNonNull(delay, "delay == null");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("delay was " + delay + ", must not be negative");
    }
    return new Fault(Kind.DELAY, delay);
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
    Objects.requireNonNull(delay, "delay == null");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("delay was " + delay + ", must not be negative");
    }
    return new Fault(Kind.DELAY_HANDSHAKE, delay);
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The delay of a {@link Kind#DELAY} or {@link Kind#DELAY_HANDSHAKE} fault; zero for the others.
   */
  public Duration delay() {
    return delay;
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
    return o instanceof Fault other && kind == other.kind && delay.equals(other.delay);
  }

  @Override
  public int hashCode() {
    return 31 * kind.hashCode() + delay.hashCode();
  }

  @Override
  public String toString() {
    return kind == Kind.DELAY || kind == Kind.DELAY_HANDSHAKE
        ? "Fault{" + kind + " " + delay + "}"
        : "Fault{" + kind + "}";
  }
}
