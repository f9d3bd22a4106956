package org.olfsfastpath.emulator.dap;

/**
 * libxml2's escaping, as the BES's XML writers (its command answers, the DMR, the DDX, xml_data)
 * get it from xmlTextWriter into an ISO-8859-1 document: the one XML escaper of the emulator. A
 * character outside Latin-1 becomes a decimal reference to its code point.
 */
public final class XmlText {
  private XmlText() {}

  /** Element text (xmlEncodeSpecialChars): the markup characters, the quote and CR. */
  public static void text(String value, StringBuilder out) {
    escape(value, false, out);
  }

  /** Attribute values: as text, plus the whitespace an XML parser would normalize. */
  public static void attribute(String value, StringBuilder out) {
    escape(value, true, out);
  }

  private static void escape(String value, boolean attribute, StringBuilder out) {
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i);
      i += Character.charCount(c);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\r' -> out.append("&#13;");
        case '\n' -> out.append(attribute ? "&#10;" : "\n");
        case '\t' -> out.append(attribute ? "&#9;" : "\t");
        default -> latin1(c, out);
      }
    }
  }

  private static void latin1(int codePoint, StringBuilder out) {
    if (codePoint > 0xff) {
      out.append("&#").append(codePoint).append(';');
    } else {
      out.append((char) codePoint);
    }
  }
}
