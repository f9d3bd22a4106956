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
  static boolean notModified(Exchange ex, @Nullable Instant modified, String... etags) {
    if (!holds(ex, modified, etags)) {
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
    return !ex.post
        && (ex.req.getHeader("If-None-Match") != null
            || ex.req.getHeader("If-Modified-Since") != null);
  }

  private static boolean holds(Exchange ex, @Nullable Instant modified, String... etags) {
    if (ex.post) {
      return false;
    }
    String header = ex.req.getHeader("If-None-Match");
    if (header != null) {
      return etags.length > 0 && matches(header, etags);
    }
    if (modified == null) {
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

  /** Whether the If-None-Match header names one of {@code etags}, or is {@code *}. */
  private static boolean matches(String header, String... etags) {
    for (String item : header.split(",")) {
      String tag = item.strip();
      if (tag.equals("*")) {
        return true;
      }
      if (tag.startsWith("W/")) {
        tag = tag.substring(2);
      }
      for (String etag : etags) {
        if (tag.equals(etag)) {
          return true;
        }
      }
    }
    return false;
  }
}
