package org.olfsfastpath.web;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Conditional GET, decided and answered in one place: on the catalog's modification time, and on a
 * kept answer's ETag. Every responder that can answer 304 asks {@link #notModified}, which also
 * counts the 304.
 */
final class Conditional {
  private Conditional() {}

  /**
   * Answers 304 Not Modified, and counts it, when the request's condition says the client holds the
   * response already: when If-None-Match is sent it decides alone (RFC 9110 13.2.2), naming one of
   * {@code etags} (weak comparison: a {@code W/} prefix is ignored) or {@code *} (never a response
   * without {@code etags}); otherwise If-Modified-Since is at or after {@code modified} (HTTP dates
   * have whole seconds). A POST is never answered 304: its body is part of what it asks.
   *
   * @param modified the response's modification time, or null when it has none to compare
   * @param etags the response's entity tags, none when it has none
   * @return whether the 304 was answered; the response is then complete
   */
  static boolean notModified(Exchange ex, @Nullable Instant modified) {
    return notModified(ex, modified, null, null);
  }

  /**
   * The same, with a kept answer's entity tags: {@code etag}, and {@code other} (its other form's,
   * which a client may hold) when not null.
   */
  static boolean notModified(
      Exchange ex, @Nullable Instant modified, @Nullable String etag, @Nullable String other) {
    if (!holds(ex, modified, etag, other)) {
      return false;
    }
    ex.stats.notModified.increment();
    ex.resp.setStatus(304);
    return true;
  }

  /**
   * Whether the request is conditional: how a cache in front revalidates its copy, so the file is
   * checked now rather than at the check interval.
   */
  static boolean isConditional(Exchange ex) {
    return !ex.post && (ex.ifNoneMatch() != null || ex.ifModifiedSince() != null);
  }

  private static boolean holds(
      Exchange ex, @Nullable Instant modified, @Nullable String etag, @Nullable String other) {
    if (ex.post) {
      return false;
    }
    String header = ex.ifNoneMatch();
    if (header != null) {
      return etag != null && matches(header, etag, other);
    }
    if (modified == null || ex.ifModifiedSince() == null) {
      return false;
    }
    long since;
    try {
      since = ex.req.getDateHeader("If-Modified-Since");
    } catch (IllegalArgumentException unparseable) {
      return false;
    }
    return since >= 0 && modified.getEpochSecond() * 1000 <= since;
  }

  /**
   * Whether the If-None-Match header names {@code etag} or {@code other}, or is {@code *}: each
   * comma-separated item, stripped of white space and of a {@code W/} prefix, compared in place (no
   * split: a 304 is answered without copying the header).
   */
  static boolean matches(String header, String etag, @Nullable String other) {
    int length = header.length();
    int from = 0;
    while (from <= length) {
      int comma = header.indexOf(',', from);
      int end = comma < 0 ? length : comma;
      int start = from;
      while (start < end && Character.isWhitespace(header.charAt(start))) {
        start++;
      }
      while (end > start && Character.isWhitespace(header.charAt(end - 1))) {
        end--;
      }
      if (end - start == 1 && header.charAt(start) == '*') {
        return true;
      }
      if (header.startsWith("W/", start)) {
        start += 2;
      }
      if (same(header, start, end, etag) || other != null && same(header, start, end, other)) {
        return true;
      }
      if (comma < 0) {
        break;
      }
      from = comma + 1;
    }
    return false;
  }

  private static boolean same(String header, int start, int end, String etag) {
    return end - start == etag.length() && header.startsWith(etag, start);
  }
}
