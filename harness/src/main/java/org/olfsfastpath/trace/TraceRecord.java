package org.olfsfastpath.trace;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One line of a PPT trace: a handshake, a request and its response, a connection's end, or a
 * decoding or connecting problem. Times are taken when the proxy read the bytes concerned.
 *
 * @param time when the record's first byte reached the proxy (for a close: when the connection
 *     ended)
 * @param connection the proxy's number for the client connection, from 1
 * @param sequence the message's number on its connection, from 1 (0 for a handshake; for a close,
 *     the number of messages)
 * @param event what the record describes
 * @param request what was asked, or null for a close or a problem record
 * @param requestBytes bytes of the request on the wire, chunk headers included (for a close: all
 *     bytes from the client)
 * @param responseBytes bytes of the response on the wire (for a close: all bytes from the BES)
 * @param responseChunks data chunks in the response that carried payload
 * @param error whether the BES answered {@code status=error;} (or refused the handshake)
 * @param fatal whether the BES also said {@code exit=true;}
 * @param errorType the BES error {@code <Type>}, or 0
 * @param errorMessage the BES error {@code <Message>}, shortened, or null
 * @param requestTime from the request's first byte to its last, or null
 * @param firstByte from the request's last byte to the response's first, or null
 * @param roundTrip from the request's last byte to the response's last, or null if none came
 * @param note anything unusual, such as a decode error or a missing response, or null
 */
public record TraceRecord(
    Instant time,
    long connection,
    long sequence,
    Event event,
    @Nullable RequestSummary request,
    long requestBytes,
    long responseBytes,
    int responseChunks,
    boolean error,
    boolean fatal,
    int errorType,
    @Nullable String errorMessage,
    @Nullable Duration requestTime,
    @Nullable Duration firstByte,
    @Nullable Duration roundTrip,
    @Nullable String note) {
  /** What a record describes. */
  public enum Event {
    /** The client's handshake and the BES's answer. */
    HANDSHAKE,
    /** A request and its response (none for {@code PPT_EXIT_NOW}). */
    MESSAGE,
    /** The end of a proxied connection, with its byte totals. */
    CLOSE,
    /** Bytes in one direction stopped making sense as PPT; they are still forwarded. */
    DECODE_ERROR,
    /** The proxy could not reach the BES for a client connection. */
    CONNECT_ERROR
  }

  /** The request's command, or null when the record has no request. */
  public @Nullable String command() {
    return request == null ? null : request.command();
  }

  /** This record as one JSON object on one line, without the line break. */
  public String toJson() {
    return TraceJson.toJson(this);
  }
}
