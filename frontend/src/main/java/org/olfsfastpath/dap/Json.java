package org.olfsfastpath.dap;

/** The one JSON string escaper of the front end (directory listings, status, JSON errors). */
public final class Json {
  private Json() {}

  /** Returns {@code text} as a quoted JSON string literal. */
  public static String quote(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          // '<' is escaped too, so a listing embedded in a page cannot close a script element.
          if (c < 0x20 || c == '<' || c == 0x2028 || c == 0x2029) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
