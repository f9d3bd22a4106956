package org.olfsfastpath.dap;

import java.nio.charset.StandardCharsets;

/**
 * The one percent-encoder of the front end: catalog names into URL path segments, and constraint
 * text into query strings, as UTF-8 {@code %XX} escapes with upper-case hex digits.
 */
public final class PercentEncoding {
  private PercentEncoding() {}

  /** Encodes one path segment for an href: only RFC 3986 unreserved characters stay as they are. */
  public static String segment(String segment) {
    return encode(segment, "");
  }

  /**
   * Encodes a catalog path such as {@code /nc/a b.nc} segment by segment, keeping its slashes:
   * {@code /nc/a%20b.nc}.
   */
  public static String path(String path) {
    return encode(path, "/");
  }

  /**
   * Encodes text for a query string so that one percent-decoding (with or without {@code +} as a
   * space) gives it back: unreserved characters and {@code , : / ;} stay readable, everything else,
   * including {@code + & = [ ]} and spaces, is escaped. For example {@code /SST[0:1:5];/TIME}
   * becomes {@code /SST%5B0:1:5%5D;/TIME}.
   */
  public static String query(String text) {
    return encode(text, ",:/;");
  }

  private static String encode(String text, String alsoKept) {
    if (isKept(text, alsoKept)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (unreserved(c) || (c < 0x80 && alsoKept.indexOf(c) >= 0)) {
        out.append((char) c);
      } else {
        out.append('%')
            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return out.toString();
  }

  private static boolean isKept(String text, String alsoKept) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!unreserved(c) && alsoKept.indexOf(c) < 0) {
        return false;
      }
    }
    return true;
  }

  private static boolean unreserved(int c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }
}
