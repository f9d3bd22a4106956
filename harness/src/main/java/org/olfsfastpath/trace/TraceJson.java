package org.olfsfastpath.trace;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.json.JsonWriter;

/**
 * Writes a {@link TraceRecord} as one line of JSON. Keys are fixed and documented in
 * docs/ppt-trace.md; keys whose value is absent are left out rather than written as null.
 */
final class TraceJson {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private TraceJson() {}

  static String toJson(TraceRecord r) {
    StringBuilder out = new StringBuilder(256);
    // Not HTML-safe: a trace line is read by tools, and keeps the BES's '<' as it is.
    JsonWriter w = JsonWriter.compact(out, false).beginObject();
    string(w, "time", TIME.format(r.time()));
    w.name("conn").value(r.connection());
    string(w, "event", r.event().name().toLowerCase(Locale.ROOT));
    boolean message =
        r.event() == TraceRecord.Event.MESSAGE || r.event() == TraceRecord.Event.HANDSHAKE;
    if (message || r.event() == TraceRecord.Event.CLOSE) {
      w.name("seq").value(r.sequence());
    }
    RequestSummary q = r.request();
    if (q != null) {
      string(w, "command", q.command());
      string(w, "summary", q.summary());
      if (!q.arguments().isEmpty()) {
        w.beginObject("args");
        q.arguments().forEach(w::value);
        w.endObject();
      }
      string(w, "container", q.container());
      string(w, "constraint", q.constraint());
      if (!q.contexts().isEmpty()) {
        w.beginArray("contexts");
        q.contexts().forEach(w::value);
        w.endArray();
      }
      string(w, "req_id", q.requestId());
    }
    if (message || r.event() == TraceRecord.Event.CLOSE) {
      w.name("req_bytes").value(r.requestBytes());
      w.name("resp_bytes").value(r.responseBytes());
    }
    if (message) {
      w.name("resp_chunks").value(r.responseChunks());
      w.name("error").value(r.error());
      if (r.fatal()) {
        w.name("fatal").value(true);
      }
    }
    if (r.errorType() != 0) {
      w.name("error_type").value(r.errorType());
    }
    string(w, "error_message", r.errorMessage());
    millis(w, "request_ms", r.requestTime());
    millis(w, "ttfb_ms", r.firstByte());
    millis(w, "rtt_ms", r.roundTrip());
    string(w, "note", r.note());
    w.endObject();
    return out.toString();
  }

  /**
   * Milliseconds with three decimals, from nanoseconds, without floating-point rounding surprises.
   */
  static String millis(Duration duration) {
    long nanos = duration.toNanos();
    long micros = Math.round(nanos / 1000.0);
    return String.format(
        Locale.ROOT,
        "%s%d.%03d",
        micros < 0 ? "-" : "",
        Math.abs(micros) / 1000,
        Math.abs(micros) % 1000);
  }

  private static void millis(JsonWriter w, String key, @Nullable Duration value) {
    if (value != null) {
      w.name(key).rawValue(millis(value));
    }
  }

  /** A key whose value is absent is left out rather than written as null. */
  private static void string(JsonWriter w, String key, @Nullable String value) {
    if (value != null) {
      w.name(key).value(value);
    }
  }
}
