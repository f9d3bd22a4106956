package org.olfsfastpath.log;

/**
 * JSON string escaping as upstream's {@code olfs-log.json} writes its messages: through Gson's
 * default, HTML-safe writer ({@code new Gson().toJson(msg, String.class)}), so {@code '} appears as
 * {@code \u0027}, and {@code < > & =} as {@code \u003c \u003e \u0026 \u003d}; quotes, backslashes,
 * control characters (short forms for {@code \t \b \n \r \f}) and U+2028/U+2029 are escaped, with
 * lower-case hex. Stateless.
 */
final class GsonEscaping {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private GsonEscaping() {}

  /** {@code text} as a quoted JSON string. */
  static String quoted(String text) {
    return appendEscaped(new StringBuilder(text.length() + 2).append('"'), text)
        .append('"')
        .toString();
  }

  /** {@code text} escaped, without quotes; {@code text} itself when nothing needs escaping. */
  static String escaped(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (needsEscape(text.charAt(i))) {
        return appendEscaped(new StringBuilder(text.length() + 16), text).toString();
      }
    }
    return text;
  }

  private static boolean needsEscape(char c) {
    return c < 0x20
        || c == '"'
        || c == '\\'
        || c == '<'
        || c == '>'
        || c == '&'
        || c == '='
        || c == '\''
        || c == 0x2028
        || c == 0x2029;
  }

  private static StringBuilder appendEscaped(StringBuilder out, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\f' -> out.append("\\f");
        default -> {
          if (needsEscape(c)) {
            out.append("\\u")
                .append(HEX[c >> 12 & 0xf])
                .append(HEX[c >> 8 & 0xf])
                .append(HEX[c >> 4 & 0xf])
                .append(HEX[c & 0xf]);
          } else {
            out.append(c);
          }
        }
      }
    }
    return out;
  }
}
