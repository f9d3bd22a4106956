package org.olfsfastpath.trace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptProtocolException;

/** Client to BES: the handshake, then request messages. */
final class RequestSide extends DecodingSide {
  /** Requests larger than this are forwarded but not summarised. */
  private static final int MAX_REQUEST_DOCUMENT = 1 << 20;

  private final byte[] expected = PptFraming.CLIENT_HANDSHAKE.getBytes(StandardCharsets.US_ASCII);
  private final Map<String, String> extensions = new LinkedHashMap<>();
  private @Nullable RequestParser parser;
  private byte[] document = new byte[4096];
  private int documentLength;
  private long documentTotal;
  private int handshakeFill;
  private long messageStart;

  RequestSide(ExchangeLog log) {
    super(log, "request");
  }

  @Override
  String name() {
    return "client";
  }

  @Override
  void count(int length) {
    log.fromClient += length;
  }

  @Override
  int handshake(byte[] bytes, int length) throws PptProtocolException {
    if (handshakeFill == 0) {
      log.handshakeStart = now;
    }
    int i = 0;
    while (i < length && handshakeFill < expected.length) {
      if (bytes[i] != expected[handshakeFill]) {
        byte[] seen = Arrays.copyOf(expected, handshakeFill + 1);
        seen[handshakeFill] = bytes[i];
        throw new PptProtocolException(
            "expected "
                + PptFraming.CLIENT_HANDSHAKE
                + " but was \""
                + ExchangeLog.printable(seen, seen.length)
                + "\"");
      }
      handshakeFill++;
      i++;
    }
    if (handshakeFill == expected.length) {
      log.handshakeEnd = now;
      framed = true;
    }
    return i;
  }

  @Override
  void endOfStream(long now) {
    synchronized (log.lock) {
      if (!failed) {
        finishDecoding(now);
      }
    }
  }

  @Override
  public void messageStarted() {
    messageStart = now;
    extensions.clear();
    documentLength = 0;
    documentTotal = 0;
  }

  @Override
  public void extensions(Map<String, String> ext) {
    extensions.putAll(ext);
  }

  @Override
  public void data(byte[] bytes, int offset, int length) {
    documentTotal += length;
    if (documentTotal > MAX_REQUEST_DOCUMENT) {
      return;
    }
    if (documentLength + length > document.length) {
      document = Arrays.copyOf(document, Math.max(document.length * 2, documentLength + length));
    }
    System.arraycopy(bytes, offset, document, documentLength, length);
    documentLength += length;
  }

  @Override
  public void messageEnded(long wireBytes) {
    long seq = ++log.sequence;
    if (PptFraming.EXIT_NOW.equals(extensions.get("status"))) {
      TraceExchange exit =
          new TraceExchange(
              seq,
              messageStart,
              now,
              RequestSummary.of(PptFraming.EXIT_NOW, PptFraming.EXIT_NOW),
              wireBytes,
              null);
      log.emitExchange(exit, now, false, null);
      return;
    }
    String note = extensions.isEmpty() ? null : "request extensions " + extensions;
    if (documentTotal > MAX_REQUEST_DOCUMENT) {
      log.pending.addLast(
          new TraceExchange(
              seq,
              messageStart,
              now,
              RequestSummary.of("?", "(request of " + documentTotal + " bytes, not summarised)"),
              wireBytes,
              ExchangeLog.shorten(note)));
    } else {
      // Parsed after the request has been forwarded (afterForward), to keep XML parsing out of
      // the time the BES sees.
      log.pending.addLast(
          TraceExchange.unparsed(
              seq,
              messageStart,
              now,
              Arrays.copyOf(document, documentLength),
              wireBytes,
              ExchangeLog.shorten(note)));
    }
    if (document.length > 64 * 1024) {
      document = new byte[4096]; // do not hold on to a rare large request's buffer
    }
  }

  @Override
  void afterForward() {
    List<TraceExchange> unparsed = new ArrayList<>();
    synchronized (log.lock) {
      for (TraceExchange exchange : log.pending) {
        if (exchange.request == null) {
          unparsed.add(exchange);
        }
      }
    }
    if (unparsed.isEmpty()) {
      return;
    }
    if (parser == null) {
      parser = new RequestParser();
    }
    for (TraceExchange exchange : unparsed) {
      // Parsed outside the lock, so that a response arriving meanwhile is not held up.
      TraceExchange.Summary summary =
          TraceExchange.summary(
              parser,
              Objects.requireNonNull(exchange.document, "an unparsed exchange keeps its document"));
      synchronized (log.lock) {
        exchange.accept(summary);
      }
    }
  }
}
