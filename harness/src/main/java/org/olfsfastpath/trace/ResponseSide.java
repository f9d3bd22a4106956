package org.olfsfastpath.trace;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptProtocolException;

/** BES to client: the handshake answer, then response messages. */
final class ResponseSide extends DecodingSide {
  /** How much of an error response is kept to find its type and message. */
  private static final int MAX_ERROR_CAPTURE = 16 * 1024;

  ResponseSide(ExchangeLog log) {
    super(log, "response");
  }

  private final StringBuilder answer = new StringBuilder();
  private long answerStart = -1;
  private boolean refused;
  private boolean refusalRecorded;
  private @Nullable TraceExchange current;

  /** The exchange whose response is being read: the decoder calls only between start and end. */
  private TraceExchange inMessage() {
    return Objects.requireNonNull(current, "no response is being read");
  }

  @Override
  String name() {
    return "bes";
  }

  @Override
  void count(int length) {
    log.fromBes += length;
  }

  @Override
  int handshake(byte[] bytes, int length) throws PptProtocolException {
    if (answerStart < 0) {
      answerStart = now;
    }
    for (int i = 0; i < length; i++) {
      if (refused) {
        // The BES closes after a refusal: keep (some of) its text for the record made then.
        if (answer.length() < 512) {
          answer.append((char) (bytes[i] & 0xFF));
        }
        continue;
      }
      answer.append((char) (bytes[i] & 0xFF));
      String text = answer.toString();
      if (text.equals(PptFraming.SERVER_OK)) {
        framed = true;
        emitHandshake(false);
        return i + 1;
      }
      if (text.equals(PptFraming.SERVER_UNDEFINED) || text.startsWith(PptFraming.SERVER_REFUSAL)) {
        refused = true;
        continue;
      }
      if (!PptFraming.SERVER_OK.startsWith(text)
          && !PptFraming.SERVER_UNDEFINED.startsWith(text)
          && !PptFraming.SERVER_REFUSAL.startsWith(text)) {
        throw new PptProtocolException(
            "expected "
                + PptFraming.SERVER_OK
                + " but was \""
                + String.valueOf(ExchangeLog.shorten(text)).replaceAll("[^\\x20-\\x7e]", "?")
                + "\"");
      }
    }
    return length;
  }

  private void emitHandshake(boolean refusal) {
    String text = answer.toString();
    long start = log.handshakeStart >= 0 ? log.handshakeStart : answerStart;
    log.emit(
        new TraceRecord(
            log.timeOf(start),
            log.number(),
            0,
            TraceRecord.Event.HANDSHAKE,
            new RequestSummary(
                "handshake",
                "handshake " + ExchangeLog.shorten(text),
                Map.of("answer", ExchangeLog.shorten(text)),
                null,
                null,
                List.of(),
                null),
            log.handshakeStart >= 0 ? PptFraming.CLIENT_HANDSHAKE.length() : 0,
            text.length(),
            0,
            refusal,
            false,
            0,
            null,
            log.handshakeEnd >= 0 ? ExchangeLog.nanos(log.handshakeEnd - log.handshakeStart) : null,
            log.handshakeEnd >= 0 ? ExchangeLog.nanos(answerStart - log.handshakeEnd) : null,
            log.handshakeEnd >= 0 ? ExchangeLog.nanos(now - log.handshakeEnd) : null,
            refusal ? "BES refused the handshake" : null));
  }

  /**
   * A refusal is recorded when the BES closes; if the connection ended otherwise, now. Holds lock.
   */
  void connectionEnded(long now) {
    if (refused && !refusalRecorded) {
      this.now = now;
      refusalRecorded = true;
      emitHandshake(true);
    }
  }

  @Override
  void endOfStream(long now) {
    synchronized (log.lock) {
      this.now = now;
      if (refused) {
        connectionEnded(now);
        return;
      }
      if (failed) {
        return;
      }
      if (!framed && answer.length() > 0) {
        failed = true;
        log.decodeError(
            "response",
            now,
            new PptProtocolException(
                "stream ended inside the handshake answer \""
                    + ExchangeLog.shorten(answer.toString())
                    + "\""));
        return;
      }
      finishDecoding(now);
    }
  }

  @Override
  public void messageStarted() {
    TraceExchange started = log.pending.peekFirst();
    if (started == null) {
      started =
          new TraceExchange(
              ++log.sequence,
              now,
              now,
              RequestSummary.of("?", "(response without a request)"),
              0,
              "response without a request");
    }
    started.firstByte = now;
    current = started;
  }

  @Override
  public void chunkStarted(byte type, int length) {
    if (type == PptFraming.DATA && length > 0) {
      inMessage().chunks++;
    }
  }

  @Override
  public void extensions(Map<String, String> ext) {
    if ("error".equals(ext.get("status"))) {
      inMessage().error = true;
    }
    if ("true".equals(ext.get("exit"))) {
      inMessage().fatal = true;
    }
  }

  @Override
  public void data(byte[] bytes, int offset, int length) {
    TraceExchange x = inMessage();
    if (x.error && x.errorCapture.size() < MAX_ERROR_CAPTURE) {
      x.errorCapture.write(
          bytes, offset, Math.min(length, MAX_ERROR_CAPTURE - x.errorCapture.size()));
    }
  }

  @Override
  public void messageEnded(long wireBytes) {
    TraceExchange done = inMessage();
    current = null;
    log.pending.remove(done);
    done.responseBytes = wireBytes;
    log.emitExchange(done, now, true, null);
  }
}
