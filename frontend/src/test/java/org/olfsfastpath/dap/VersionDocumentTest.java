package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.util.List;
import org.jdom2.Element;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;

final class VersionDocumentTest {
  private static final String SHOW_VERSION =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
          + "<response reqID=\"1\" xmlns=\"http://xml.opendap.org/ns/bes/1.0#\"><showVersion>"
          + "<Administrator>support@opendap.org</Administrator>"
          + "<library name=\"bes\" version=\"3.22.0\"/>"
          + "<serviceVersion name=\"dap\"><version>2.0</version><version>3.2</version></serviceVersion>"
          + "<module name=\"netcdf_handler\" version=\"3.13.4\"/></showVersion></response>";

  @Test
  void listsEachBesByGroup_withItsComponents() throws Exception {
    byte[] document =
        VersionDocument.render(
            "1.2",
            List.of(
                new VersionDocument.Bes("/", "localhost:10022", SHOW_VERSION),
                new VersionDocument.Bes("/", "other:10022", null),
                new VersionDocument.Bes("/ghrsst", "third:10022", SHOW_VERSION)));
    Element root = new SAXBuilder().build(new ByteArrayInputStream(document)).getRootElement();
    assertEquals("HyraxCombinedVersion", root.getName());
    assertEquals(
        "1.2", root.getChild("OLFSComponents").getChild("lib").getAttributeValue("version"));
    List<Element> groups = root.getChildren("BesGroup");
    assertEquals(
        List.of("/", "/ghrsst"), groups.stream().map(g -> g.getAttributeValue("prefix")).toList());
    List<Element> first = groups.get(0).getChildren("BES");
    assertEquals(
        List.of("localhost:10022", "other:10022"),
        first.stream().map(b -> b.getAttributeValue("name")).toList());
    assertEquals(
        "3.22.0",
        first.get(0).getChildren().stream()
            .filter(e -> e.getName().equals("library"))
            .findFirst()
            .orElseThrow()
            .getAttributeValue("version"));
    assertEquals(0, first.get(1).getChildren().size());
  }

  @Test
  void anUnreadableAnswer_listsTheBesWithoutComponents() throws Exception {
    byte[] document =
        VersionDocument.render("1.2", List.of(new VersionDocument.Bes("/", "b", "<not xml")));
    Element bes =
        new SAXBuilder()
            .build(new ByteArrayInputStream(document))
            .getRootElement()
            .getChild("BesGroup")
            .getChild("BES");
    assertEquals(0, bes.getChildren().size());
  }
}
