package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The emulator's one XML escaper, as libxml2 writes into an ISO-8859-1 document. */
final class XmlTextTest {

  private static String text(String value) {
    StringBuilder out = new StringBuilder();
    XmlText.text(value, out);
    return out.toString();
  }

  private static String attribute(String value) {
    StringBuilder out = new StringBuilder();
    XmlText.attribute(value, out);
    return out.toString();
  }

  @Test
  void text_escapesMarkupQuoteAndCr_keepsLatin1_referencesEachCodePointBeyond() {
    assertEquals(
        "a &lt;b&gt; &amp; &quot;c&quot;&#13;\n\tcaf\u00e9 &#8364; &#128512;",
        text("a <b> & \"c\"\r\n\tcaf\u00e9 \u20ac \uD83D\uDE00"));
  }

  @Test
  void attribute_alsoEscapesTheWhitespaceAParserWouldNormalize() {
    assertEquals("x&#10;y&#9;z&#13;&amp;&#128512;", attribute("x\ny\tz\r&\uD83D\uDE00"));
  }
}
