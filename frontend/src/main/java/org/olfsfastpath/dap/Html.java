package org.olfsfastpath.dap;

/** The one HTML text escaper of the front end (listings, forms, error pages). */
public final class Html {
  private Html() {}

  /** Escapes {@code text} for element content and double-quoted attribute values. */
  public static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
