package org.olfsfastpath.trace;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What both directions of one proxied connection decode into, and the records made of it: the
 * requests waiting for their responses (PPT has one outstanding request per connection, so they
 * pair in order), the message sequence, the bytes each way and the handshake's times. All of it is
 * guarded by {@link #lock}, which only the connection's two threads share.
 */
final class ExchangeLog {
  private static final int MAX_NOTE = 300;
  private static final Pattern ERROR_TYPE = Pattern.compile("<Type>\\s*(\\d+)\\s*</Type>");
  private static final Pattern ERROR_MESSAGE =
      Pattern.compile("<Message>(.*?)</Message>", Pattern.DOTALL);

  final Object lock = new Object();
  private final PptTrace trace;
  private final long number;

  // Guarded by lock.
  final ArrayDeque<TraceExchange> pending = new ArrayDeque<>();
  long sequence;
  long fromClient;
  long fromBes;
  long handshakeStart = -1;
  long handshakeEnd = -1;

  /** Used under lock only, when a response completes before its request was summarised. */
  private @Nullable RequestParser fallbackParser;

  ExchangeLog(PptTrace trace, long number) {
    this.trace = trace;
    this.number = number;
  }

  /** The proxy's number for the connection, from 1. */
  long number() {
    return number;
  }

  /** The wall-clock time of a {@link System#nanoTime()} reading. */
  Instant timeOf(long nanos) {
    return trace.timeOf(nanos);
  }

  /**
   * A record of no request: the connection's end, with its totals, or a problem ({@code event}
   * CLOSE, CONNECT_ERROR or DECODE_ERROR) and what it was.
   */
  void emitEvent(
      long nanos,
      long sequence,
      TraceRecord.Event event,
      long fromClient,
      long fromBes,
      @Nullable String note) {
    emit(
        new TraceRecord(
            timeOf(nanos),
            number,
            sequence,
            event,
            null,
            fromClient,
            fromBes,
            0,
            false,
            false,
            0,
            null,
            null,
            null,
            null,
            shorten(note)));
  }

  /**
   * The connection ended: every request still waiting is recorded without its response, saying
   * {@code why}, then the close with the totals and {@code reason}. Holds lock.
   */
  void connectionClosed(long now, String why, @Nullable String reason) {
    for (TraceExchange exchange : pending) {
      emitExchange(exchange, now, false, why);
    }
    pending.clear();
    emitEvent(now, sequence, TraceRecord.Event.CLOSE, fromClient, fromBes, reason);
  }

  void emit(TraceRecord record) {
    trace.emit(record);
  }

  void decodeError(String direction, long now, Exception e) {
    emitEvent(
        now,
        0,
        TraceRecord.Event.DECODE_ERROR,
        0,
        0,
        direction
            + " stream: "
            + e.getMessage()
            + "; bytes are still forwarded, no longer decoded");
  }

  void emitExchange(TraceExchange x, long end, boolean answered, @Nullable String note) {
    if (x.request == null) {
      // The response ended before the request thread got to the document: parse it here, with
      // this connection's second parser (the request thread may be using its own right now).
      if (fallbackParser == null) {
        fallbackParser = new RequestParser();
      }
      x.summarise(fallbackParser);
    }
    int errorType = 0;
    String errorMessage = null;
    if (x.error && x.errorCapture.size() > 0) {
      String text = x.errorCapture.toString(StandardCharsets.UTF_8);
      Matcher type = ERROR_TYPE.matcher(text);
      if (type.find() && type.group(1).length() < 9) {
        errorType = Integer.parseInt(type.group(1));
      }
      Matcher message = ERROR_MESSAGE.matcher(text);
      if (message.find()) {
        errorMessage = shorten(message.group(1).replaceAll("\\s+", " ").trim());
      }
    }
    emit(
        new TraceRecord(
            trace.timeOf(x.requestStart),
            number,
            x.sequence,
            TraceRecord.Event.MESSAGE,
            x.request,
            x.requestBytes,
            x.responseBytes,
            x.chunks,
            x.error,
            x.fatal,
            errorType,
            errorMessage,
            nanos(x.requestEnd - x.requestStart),
            x.firstByte < 0 ? null : nanos(x.firstByte - x.requestEnd),
            answered ? nanos(end - x.requestEnd) : null,
            note == null ? x.note : x.note == null ? note : x.note + "; " + note));
  }

  static Duration nanos(long n) {
    return Duration.ofNanos(Math.max(0, n));
  }

  static @Nullable String shorten(@Nullable String text) {
    if (text == null) {
      return null;
    }
    String clean = text.replaceAll("[\\x00-\\x1f]", " ");
    return clean.length() > MAX_NOTE ? clean.substring(0, MAX_NOTE) + "..." : clean;
  }

  static String printable(byte[] bytes, int length) {
    String text = new String(bytes, 0, Math.min(length, 64), StandardCharsets.ISO_8859_1);
    return text.replaceAll("[^\\x20-\\x7e]", "?");
  }
}
