package org.olfsfastpath.json;

import java.util.Map;

/** The project's one JSON string escaper, and the writer of the status document's tree. */
public final class Json {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private Json() {}

  /**
   * Returns {@code text} as a quoted JSON string literal, HTML-safe: {@code <} is escaped too, so
   * a value embedded in a page cannot close a script element.
   */
  public static String quote(String text) {
    return quote(new StringBuilder(text.length() + 2), text, true).toString();
  }

  /**
   * Appends {@code text} to {@code out} as a quoted JSON string literal: quotes, backslashes and
   * control characters escaped, and the line and paragraph separators JavaScript reads as line
   * ends; {@code <} too when {@code htmlSafe}.
   *
   * @return {@code out}
   */
  public static StringBuilder quote(StringBuilder out, String text, boolean htmlSafe) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x2028 || c == 0x2029 || (htmlSafe && c == '<')) {
            out.append("\\u").append(HEX[c >> 12 & 0xf]).append(HEX[c >> 8 & 0xf])
                .append(HEX[c >> 4 & 0xf]).append(HEX[c & 0xf]);
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"');
  }

  /**
   * Writes a tree of maps and lists of numbers, booleans, strings and nulls as indented JSON
   * ({@link JsonWriter#indented}), ending with a newline: the status document. A NaN or infinite
   * double is written as null; anything else that is no number, boolean, map or list as its
   * string.
   */
  public static String indented(Map<String, ?> tree) {
    StringBuilder out = new StringBuilder(1024);
    JsonWriter.indented(out).value(tree);
    return out.append('\n').toString();
  }
}
