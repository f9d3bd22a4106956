package org.olfsfastpath.web;

import java.time.Instant;

/** Conditional GET: on the catalog's modification time, and on a kept answer's ETag. */
final class Conditional {
  private Conditional() {}

  /**
   * Whether If-Modified-Since is at or after {@code modified} (HTTP dates have whole seconds). A
   * POST is never answered 304: its body is part of what it asks.
   */
  static boolean notModified(Exchange ex, Instant modified) {
    // If-None-Match, when sent, decides alone (RFC 9110 13.2.2).
    if (ex.post || ex.req.getHeader("If-None-Match") != null) {
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
   * Whether If-None-Match names one of {@code etags} (weak comparison: a {@code W/} prefix is
   * ignored) or is {@code *}. Never for a POST.
   */
  static boolean noneMatch(Exchange ex, String... etags) {
    String header = ex.req.getHeader("If-None-Match");
    if (header == null || ex.post) {
      return false;
    }
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
