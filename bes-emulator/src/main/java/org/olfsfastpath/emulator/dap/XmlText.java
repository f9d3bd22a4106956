package org.olfsfastpath.emulator.dap;

/** libxml2's escaping, as the BES's XML writers (DMR, DDX, xml_data) get it from xmlTextWriter. */
final class XmlText {
  private XmlText() {}

  /** Element text: the markup characters, the quote and CR. */
  static void text(String value, StringBuilder out) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\r' -> out.append("&#13;");
        default -> latin1(c, out);
      }
    }
  }

  /** Attribute values: as text, plus the whitespace an XML parser would normalize. */
  static void attribute(String value, StringBuilder out) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\n' -> out.append("&#10;");
        case '\r' -> out.append("&#13;");
        case '\t' -> out.append("&#9;");
        default -> latin1(c, out);
      }
    }
  }

  private static void latin1(char c, StringBuilder out) {
    if (c > 0xff) {
      out.append("&#").append((int) c).append(';');
    } else {
      out.append(c);
    }
  }
}
