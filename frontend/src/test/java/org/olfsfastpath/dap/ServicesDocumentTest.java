package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jdom2.Element;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;

final class ServicesDocumentTest {
  private static final String URL = "http://h/opendap/nc/fnoc1.nc";

  @Test
  void xml_listsExactlyWhatIsOffered_withLinks() throws Exception {
    Element root =
        new SAXBuilder()
            .build(new ByteArrayInputStream(ServicesDocument.xml(URL, "1.2", false)))
            .getRootElement();
    assertEquals("DatasetServices", root.getName());
    assertEquals(URL, root.getAttributeValue("base", org.jdom2.Namespace.XML_NAMESPACE));
    List<String> hrefs =
        root.getChildren("Service", ServicesDocument.DSR).stream()
            .map(s -> s.getChild("link", ServicesDocument.DSR).getAttributeValue("href"))
            .toList();
    long offered =
        java.util.Arrays.stream(ResponseType.values())
            .filter(ResponseType::isOffered)
            .filter(t -> t != ResponseType.FILE)
            .count();
    assertEquals(offered, hrefs.size());
    assertTrue(hrefs.contains(URL + ".dap.csv"), hrefs.toString());
    assertTrue(hrefs.contains(URL + ".nc4"), hrefs.toString());
    assertFalse(hrefs.contains(URL + ".file"), hrefs.toString());
    assertTrue(hrefs.contains(URL + ".iso"), "the discovery records are offered: " + hrefs);
    assertFalse(hrefs.contains(URL + ".dap.json"), hrefs.toString());
    assertEquals(
        List.of("4.0", "3.2", "3.0", "2.0"),
        root.getChildren("DapVersion", ServicesDocument.DSR).stream()
            .map(Element::getText)
            .toList());
  }

  @Test
  void fileAccess_addsTheFile() {
    String xml = new String(ServicesDocument.xml(URL, "1.2", true), StandardCharsets.UTF_8);
    assertTrue(xml.contains("href=\"" + URL + ".file\""), xml);
  }

  @Test
  void html_escapesTheName() {
    String html =
        new String(ServicesDocument.html(URL, "<b>.nc", "1.2", false), StandardCharsets.UTF_8);
    assertTrue(html.contains("Services of &lt;b&gt;.nc"), html);
    assertFalse(html.contains("<b>"), html);
    assertTrue(html.contains("<a href=\"" + URL + ".dmr.html\">"), html);
  }
}
