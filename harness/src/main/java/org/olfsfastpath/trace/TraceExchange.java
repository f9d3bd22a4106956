package org.olfsfastpath.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Objects;
import org.jdom2.JDOMException;
import org.jspecify.annotations.Nullable;

/** A request waiting for, or receiving, its response. */
final class TraceExchange {
  final long sequence;
  final long requestStart;
  final long requestEnd;
  final long requestBytes;
  @Nullable RequestSummary request;
  final byte @Nullable [] document;
  @Nullable String note;
  final ByteArrayOutputStream errorCapture = new ByteArrayOutputStream();
  long firstByte = -1;
  long responseBytes;
  int chunks;
  boolean error;
  boolean fatal;

  TraceExchange(
      long sequence,
      long requestStart,
      long requestEnd,
      RequestSummary request,
      long requestBytes,
      @Nullable String note) {
    this(sequence, requestStart, requestEnd, request, null, requestBytes, note);
  }

  private TraceExchange(
      long sequence,
      long requestStart,
      long requestEnd,
      @Nullable RequestSummary request,
      byte @Nullable [] document,
      long requestBytes,
      @Nullable String note) {
    this.sequence = sequence;
    this.requestStart = requestStart;
    this.requestEnd = requestEnd;
    this.request = request;
    this.document = document;
    this.requestBytes = requestBytes;
    this.note = note;
  }

  /** A request document's summary, or why it has none. */
  record Summary(RequestSummary request, @Nullable String problem) {}

  /** Summarises a request document; touches no shared state, so needs no lock. */
  static Summary summary(RequestParser parser, byte[] document) {
    try {
      return new Summary(parser.parse(document, document.length), null);
    } catch (JDOMException | IOException | RuntimeException e) {
      return new Summary(
          RequestSummary.of("?", "(request that is not XML)"),
          "request did not parse: " + e.getMessage());
    }
  }

  /** Takes a summary unless one was set meanwhile. Holds lock. */
  void accept(Summary summary) {
    if (request != null) {
      return;
    }
    request = summary.request();
    if (summary.problem() != null) {
      note =
          ExchangeLog.shorten(note == null ? summary.problem() : summary.problem() + "; " + note);
    }
  }

  /** Summarises now. Holds lock. */
  void summarise(RequestParser parser) {
    accept(summary(parser, Objects.requireNonNull(document, "kept until summarised")));
  }

  static TraceExchange unparsed(
      long sequence,
      long requestStart,
      long requestEnd,
      byte[] document,
      long requestBytes,
      @Nullable String note) {
    return new TraceExchange(
        sequence, requestStart, requestEnd, null, document, requestBytes, note);
  }
}
