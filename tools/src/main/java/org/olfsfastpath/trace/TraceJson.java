package org.olfsfastpath.trace;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Writes a {@link TraceRecord} as one line of JSON. Keys are fixed and documented in
 * docs/ppt-trace.md; keys whose value is absent are left out rather than written as null.
 */
final class TraceJson {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private TraceJson() {}

  static String toJson(TraceRecord r) {
    StringBuilder out = new StringBuilder(256).append('{');
    string(out, "time", TIME.format(r.time()));
    number(out, "conn", r.connection());
    string(out, "event", r.event().name().toLowerCase(Locale.ROOT));
    boolean message = r.event() == TraceRecord.Event.MESSAGE || r.event() == TraceRecord.Event.HANDSHAKE;
    if (message || r.event() == TraceRecord.Event.CLOSE) {
      number(out, "seq", r.sequence());
    }
    RequestSummary q = r.request();
    if (q != null) {
      string(out, "command", q.command());
      string(out, "summary", q.summary());
      if (!q.arguments().isEmpty()) {
        object(out, "args", q.arguments());
      }
      string(out, "container", q.container());
      string(out, "constraint", q.constraint());
      if (!q.contexts().isEmpty()) {
        array(out, "contexts", q.contexts());
      }
      string(out, "req_id", q.requestId());
    }
    if (message || r.event() == TraceRecord.Event.CLOSE) {
      number(out, "req_bytes", r.requestBytes());
      number(out, "resp_bytes", r.responseBytes());
    }
    if (message) {
      number(out, "resp_chunks", r.responseChunks());
      bool(out, "error", r.error());
      if (r.fatal()) {
        bool(out, "fatal", true);
      }
    }
    if (r.errorType() != 0) {
      number(out, "error_type", r.errorType());
    }
    string(out, "error_message", r.errorMessage());
    millis(out, "request_ms", r.requestTime());
    millis(out, "ttfb_ms", r.firstByte());
    millis(out, "rtt_ms", r.roundTrip());
    string(out, "note", r.note());
    if (out.charAt(out.length() - 1) == ',') {
      out.setLength(out.length() - 1);
    }
    return out.append('}').toString();
  }

  /** Milliseconds with three decimals, from nanoseconds, without floating-point rounding surprises. */
  static String millis(Duration duration) {
    long nanos = duration.toNanos();
    long micros = Math.round(nanos / 1000.0);
    return String.format(Locale.ROOT, "%s%d.%03d", micros < 0 ? "-" : "", Math.abs(micros) / 1000,
        Math.abs(micros) % 1000);
  }

  private static void millis(StringBuilder out, String key, @Nullable Duration value) {
    if (value != null) {
      key(out, key).append(millis(value)).append(',');
    }
  }

  private static void string(StringBuilder out, String key, @Nullable String value) {
    if (value != null) {
      quote(key(out, key), value).append(',');
    }
  }

  private static void number(StringBuilder out, String key, long value) {
    key(out, key).append(value).append(',');
  }

  private static void bool(StringBuilder out, String key, boolean value) {
    key(out, key).append(value).append(',');
  }

  private static void object(StringBuilder out, String key, Map<String, String> values) {
    key(out, key).append('{');
    values.forEach((k, v) -> quote(quote(out, k).append(':'), v).append(','));
    if (out.charAt(out.length() - 1) == ',') {
      out.setLength(out.length() - 1);
    }
    out.append("},");
  }

  private static void array(StringBuilder out, String key, List<String> values) {
    key(out, key).append('[');
    for (String v : values) {
      quote(out, v).append(',');
    }
    if (out.charAt(out.length() - 1) == ',') {
      out.setLength(out.length() - 1);
    }
    out.append("],");
  }

  private static StringBuilder key(StringBuilder out, String key) {
    return out.append('"').append(key).append("\":");
  }

  static StringBuilder quote(StringBuilder out, String value) {
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x2028 || c == 0x2029) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"');
  }
}
