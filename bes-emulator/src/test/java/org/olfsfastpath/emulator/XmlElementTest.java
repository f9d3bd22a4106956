package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

final class XmlElementTest {

  @Test
  void document_isIndentedLikeLibxml2() {
    XmlElement root = new RequestIds("r&1", "").responseElement();
    XmlElement node = root.child("showNode").child("node").attribute("name", "/a \"b\"\n");
    node.child("item").attribute("name", "x<y");
    root.child("status").text("fish & <chips> \"now\"");
    assertEquals(
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
            + "<response reqID=\"r&amp;1\" xmlns=\"http://xml.opendap.org/ns/bes/1.0#\">\n"
            + "    <showNode>\n"
            + "        <node name=\"/a &quot;b&quot;&#10;\">\n"
            + "            <item name=\"x&lt;y\"/>\n"
            + "        </node>\n"
            + "    </showNode>\n"
            + "    <status>fish &amp; &lt;chips&gt; &quot;now&quot;</status>\n"
            + "</response>\n",
        new String(root.toDocument(), StandardCharsets.ISO_8859_1));
  }

  @Test
  void charactersOutsideLatin1_becomeDecimalReferences() {
    byte[] document = new XmlElement("m").text("caf\u00e9 \u20ac \uD83D\uDE00").toDocument();
    byte[] body = "<m>caf\u00e9 &#8364; &#128512;</m>\n".getBytes(StandardCharsets.ISO_8859_1);
    byte[] tail = new byte[body.length];
    System.arraycopy(document, document.length - body.length, tail, 0, body.length);
    assertArrayEquals(body, tail);
  }

  @Test
  void parseErrorReport_fallsBackToTheParsersOwnMessage() {
    byte[] document = "<request>\n<a b=></a></request>".getBytes(StandardCharsets.UTF_8);
    assertEquals(
        "Problem parsing the request xml document:\n"
            + ":2: parser error : Attribute without value\n"
            + "<a b=></a></request>\n"
            + "     ^\n",
        ParseErrorReport.describe(document, "Attribute without value", 2, 6));
  }
}
