package org.olfsfastpath.web;

import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * The bytes of header names or values that are printable ASCII, kept for the strings seen last: a
 * header's name is a constant, and most values are too (the server's version, a response type's
 * description, a kept answer's ETag, a dataset's date), so the same string comes back request after
 * request and is checked and encoded once. Direct-mapped by identity: a slot holds the last string
 * that hashed to it, and a string that is not there (a request's id, or one whose slot another
 * took) is checked and encoded again, which is what every string cost before. Thread-safe without a
 * lock: a slot is replaced whole by an immutable entry, and a thread that misses another's entry
 * only encodes once more.
 */
final class AsciiBytes {
  private static final int SLOTS = 64;

  private record Entry(String text, byte[] bytes) {}

  private final boolean names;
  private final @Nullable Entry[] slots = new Entry[SLOTS];

  /**
   * @param names whether these are header names (no space, no colon) rather than values
   */
  AsciiBytes(boolean names) {
    this.names = names;
  }

  /**
   * The bytes of {@code s} if every char may stand in a header name (printable ASCII but space and
   * colon) or value (printable ASCII, space and tab), else null: Tomcat filters control characters
   * out of what it is given as a string, and encodes the rest itself.
   */
  byte @Nullable [] bytes(String s) {
    int slot = System.identityHashCode(s) & (SLOTS - 1);
    Entry entry = slots[slot];
    if (entry != null && entry.text() == s) {
      return entry.bytes();
    }
    if (!allowed(s, names)) {
      return null;
    }
    byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
    slots[slot] = new Entry(s, bytes);
    return bytes;
  }

  /** The bytes of a header value, as {@link #bytes} gives them, for a string not seen again. */
  static byte @Nullable [] uncached(String value) {
    return allowed(value, false) ? value.getBytes(StandardCharsets.ISO_8859_1) : null;
  }

  private static boolean allowed(String s, boolean names) {
    if (names && s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok = names ? c > ' ' && c < 0x7f && c != ':' : c >= ' ' && c < 0x7f || c == '\t';
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
