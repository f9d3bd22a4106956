package org.olfsfastpath.web;

import java.time.Instant;

/** Conditional GET on the catalog's modification time. */
final class Conditional {
  private Conditional() {}

  /**
   * Whether If-Modified-Since is at or after {@code modified} (HTTP dates have whole seconds).
   * A POST is never answered 304: its body is part of what it asks.
   */
  static boolean notModified(Exchange ex, Instant modified) {
    if (ex.post) {
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
}
