package org.olfsfastpath.http;

import java.time.DateTimeException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.jspecify.annotations.Nullable;

/**
 * Which part of an answer of known length a GET's {@code Range} header asks for (RFC 9110 §14):
 * single byte ranges only ({@code bytes=a-b}, {@code bytes=a-}, {@code bytes=-n}); a header this
 * server does not take (several ranges, another unit, a malformed or invalid range) is ignored and
 * the whole answer sent, as the RFC allows. A range is satisfiable when it starts before the end (a
 * suffix when it asks for at least one byte); its end is clamped to the last byte. An {@code
 * If-Range} that does not match the answer's current validator (a strong ETag compared strongly, or
 * the Last-Modified date exactly) sends the whole answer too. Stateless.
 */
public final class ByteRanges {
  private ByteRanges() {}

  /** What to send. */
  public sealed interface Decision permits Whole, Part, Unsatisfiable {}

  /** The whole answer, 200. */
  public record Whole() implements Decision {}

  /**
   * Bytes {@code first} to {@code last} (inclusive) of {@code length}: a 206.
   *
   * @param first the first byte's offset
   * @param last the last byte's offset, below {@code length}
   * @param length the whole answer's length
   */
  public record Part(long first, long last, long length) implements Decision {
    /** The bytes sent. */
    public long count() {
      return last - first + 1;
    }

    /** The {@code Content-Range} value. */
    public String contentRange() {
      return "bytes " + first + "-" + last + "/" + length;
    }
  }

  /**
   * No byte of the answer is in the range: a 416.
   *
   * @param length the whole answer's length
   */
  public record Unsatisfiable(long length) implements Decision {
    /** The {@code Content-Range} value: {@code bytes *}{@code /length}. */
    public String contentRange() {
      return "bytes */" + length;
    }
  }

  /** The one whole decision. */
  public static final Whole WHOLE = new Whole();

  /**
   * Decides what a GET with these headers gets of an answer.
   *
   * @param range the {@code Range} header, or null
   * @param ifRange the {@code If-Range} header, or null
   * @param length the answer's length in bytes
   * @param etag the answer's current ETag as sent, or null when it has none
   * @param lastModifiedMillis the answer's Last-Modified time in milliseconds since the epoch, or
   *     -1 when it has none
   */
  public static Decision decide(
      @Nullable String range,
      @Nullable String ifRange,
      long length,
      @Nullable String etag,
      long lastModifiedMillis) {
    if (range == null) {
      return WHOLE;
    }
    if (ifRange != null && !matches(ifRange.strip(), etag, lastModifiedMillis)) {
      return WHOLE;
    }
    return parse(range, length);
  }

  /** The range a {@code Range} header asks of {@code length} bytes, without If-Range. */
  static Decision parse(String range, long length) {
    String r = range.strip();
    if (!r.regionMatches(true, 0, "bytes=", 0, 6)) {
      return WHOLE;
    }
    String spec = r.substring(6).strip();
    int dash = spec.indexOf('-');
    if (dash < 0 || spec.indexOf(',') >= 0) {
      return WHOLE;
    }
    String from = spec.substring(0, dash).strip();
    String to = spec.substring(dash + 1).strip();
    if (from.isEmpty()) {
      long suffix = digits(to);
      if (suffix < 0) {
        return WHOLE;
      }
      if (suffix == 0 || length == 0) {
        return new Unsatisfiable(length);
      }
      return new Part(Math.max(0, length - suffix), length - 1, length);
    }
    long first = digits(from);
    if (first < 0) {
      return WHOLE;
    }
    long last = length - 1;
    if (!to.isEmpty()) {
      long asked = digits(to);
      if (asked < 0 || asked < first) {
        return WHOLE;
      }
      last = Math.min(asked, length - 1);
    }
    if (first >= length) {
      return new Unsatisfiable(length);
    }
    return new Part(first, last, length);
  }

  /** Whether an If-Range value names the answer's current representation. */
  private static boolean matches(String ifRange, @Nullable String etag, long lastModifiedMillis) {
    if (ifRange.startsWith("\"")) {
      // A strong comparison: a weak ETag never matches.
      return etag != null && !etag.startsWith("W/") && etag.equals(ifRange);
    }
    if (ifRange.startsWith("W/") || lastModifiedMillis < 0) {
      return false;
    }
    try {
      long seconds =
          ZonedDateTime.parse(ifRange, DateTimeFormatter.RFC_1123_DATE_TIME).toEpochSecond();
      return seconds == Math.floorDiv(lastModifiedMillis, 1000L);
    } catch (DateTimeException e) {
      return false;
    }
  }

  /** A non-negative decimal number (saturating past 18 digits), or -1 when not one. */
  private static long digits(String text) {
    if (text.isEmpty()) {
      return -1;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
    }
    return text.length() > 18 ? Long.MAX_VALUE : Long.parseLong(text);
  }
}
