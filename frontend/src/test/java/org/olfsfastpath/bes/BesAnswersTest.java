package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

final class BesAnswersTest {
  private static final String HEAD =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
          + "<response reqID=\"r1\" xmlns=\"http://xml.opendap.org/ns/bes/1.0#\">\n";
  private static final Instant MODIFIED = Instant.parse("2026-11-22T01:52:59Z");

  @Test
  void showNode_leaf() throws Exception {
    BesNode node =
        BesAnswers.parseNode(
            doc(
                "<showNode><item isData=\"true\" "
                    + "lastModified=\"2026-11-22T01:52:59GMT\" name=\"/coads_climatology.nc\" size=\"3114044\" "
                    + "type=\"leaf\"/></showNode>"));
    assertEquals(
        new BesNode("/coads_climatology.nc", true, MODIFIED, 3114044, true, List.of()), node);
  }

  @Test
  void showNode_directory_withLeafAndNodeChildren() throws Exception {
    BesNode node =
        BesAnswers.parseNode(
            doc(
                "<showNode>\n  <node count=\"2\" "
                    + "lastModified=\"2026-11-22T01:52:59GMT\" name=\"/\">\n"
                    + "    <item lastModified=\"2026-11-22T01:52:59GMT\" name=\"nc\" type=\"node\"/>\n"
                    + "    <item isData=\"false\" lastModified=\"2020-01-02T03:04:05GMT\" name=\"notes.txt\" "
                    + "size=\"12\" type=\"leaf\"/>\n  </node>\n</showNode>"));
    assertEquals(
        new BesNode(
            "/",
            false,
            MODIFIED,
            0,
            false,
            List.of(
                new BesNode("nc", false, MODIFIED, 0, false, List.of()),
                new BesNode(
                    "notes.txt",
                    false,
                    Instant.parse("2020-01-02T03:04:05Z"),
                    12,
                    true,
                    List.of()))),
        node);
  }

  @Test
  void showNode_errorDocument_throwsBesErrorException() {
    BesErrorException e =
        assertThrows(
            BesErrorException.class,
            () ->
                BesAnswers.parseNode(
                    doc(
                        "<BES><BESError><Type>5</Type><Message>Failed to locate '/srv/x.nc'\n</Message>"
                            + "<Administrator>a@b.c</Administrator></BESError></BES>")));
    assertEquals(new BesError(5, "Failed to locate '/srv/x.nc'", 0, "a@b.c"), e.error());
    assertEquals(BesError.NOT_FOUND, e.error().type());
  }

  @Test
  void showNode_missingElements_namedInMessage() {
    assertEquals(
        "expected a showNode element in the BES answer but found none: "
            + "\"<showVersion/></response>\"",
        assertThrows(BesProtocolException.class, () -> BesAnswers.parseNode(doc("<showVersion/>")))
            .getMessage());
    assertEquals(
        "expected a lastModified attribute on <item name=\"/a\"> but it had none",
        assertThrows(
                BesProtocolException.class,
                () ->
                    BesAnswers.parseNode(
                        doc("<showNode><item name=\"/a\" type=\"leaf\"/></showNode>")))
            .getMessage());
    assertEquals(
        "expected a size >= 0 on <item name=\"/a\"> but was \"-3\"",
        assertThrows(
                BesProtocolException.class,
                () ->
                    BesAnswers.parseNode(
                        doc(
                            "<showNode><item name=\"/a\" lastModified=\"2026-11-22T01:52:59GMT\" size=\"-3\"/>"
                                + "</showNode>")))
            .getMessage());
    assertTrue(
        assertThrows(BesProtocolException.class, () -> BesAnswers.parseNode(doc("<showNode/>")))
            .getMessage()
            .startsWith(
                "expected an item or node element in the showNode answer but it was empty"));
  }

  @Test
  void notXml_isProtocolException() {
    BesProtocolException e =
        assertThrows(
            BesProtocolException.class,
            () -> BesAnswers.parseNode("Dataset {\n} x;".getBytes(StandardCharsets.US_ASCII)));
    assertTrue(
        e.getMessage().startsWith("expected an XML answer from the BES but it did not parse"),
        e.getMessage());
  }

  @Test
  void doctype_refused_soNoEntityIsEverExpanded() {
    String evil =
        "<?xml version=\"1.0\"?><!DOCTYPE response [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
            + "<response><showNode><item name=\"&x;\" lastModified=\"2026-11-22T01:52:59GMT\"/>"
            + "</showNode></response>";
    assertThrows(
        BesProtocolException.class,
        () -> BesAnswers.parseNode(evil.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void lastModified_formats() throws Exception {
    assertEquals(MODIFIED, BesAnswers.parseLastModified("2026-11-22T01:52:59GMT"));
    assertEquals(MODIFIED, BesAnswers.parseLastModified("2026-11-22T01:52:59"));
    assertEquals(MODIFIED, BesAnswers.parseLastModified("2026-11-22T01:52:59Z"));
    assertEquals(
        "expected lastModified like 2026-11-22T01:52:59GMT but was \"1795312379\"",
        assertThrows(BesProtocolException.class, () -> BesAnswers.parseLastModified("1795312379"))
            .getMessage());
  }

  @Test
  void error_wrappedInCommandElement() {
    BesError error =
        BesAnswers.parseError(
            doc(
                "<getDDS><BESError><Type>3</Type>"
                    + "<Message>Constraint expression parse error</Message>"
                    + "<Administrator>support@opendap.org</Administrator><Location><File>f.cc</File>"
                    + "<Line>92</Line></Location></BESError></getDDS>"));
    assertEquals(
        new BesError(3, "Constraint expression parse error", 0, "support@opendap.org"), error);
  }

  @Test
  void error_type7_carriesHttpStatus() {
    BesError error =
        BesAnswers.parseError(
            doc(
                "<BES><BESError><Type>7</Type>"
                    + "<Message>upstream said no</Message><http_status>401</http_status></BESError></BES>"));
    assertEquals(new BesError(7, "upstream said no", 401, ""), error);
  }

  @Test
  void error_unreadable_becomesInternalErrorSayingSo() {
    BesError error = BesAnswers.parseError("oops".getBytes(StandardCharsets.US_ASCII));
    assertEquals(BesError.INTERNAL, error.type());
    assertTrue(
        error.message().startsWith("unreadable BES error document (expected an XML answer"),
        error.message());
    BesError noBesError = BesAnswers.parseError(doc("<showNode/>"));
    assertEquals(BesError.INTERNAL, noBesError.type());
    assertTrue(
        noBesError.message().startsWith("BES error document without a BESError element"),
        noBesError.message());
  }

  @Test
  void error_nonNumericType_isInternal() {
    assertEquals(
        BesError.INTERNAL,
        BesAnswers.parseError(
                doc("<BES><BESError><Type>x</Type><Message>m</Message></BESError></BES>"))
            .type());
  }

  @Test
  void besKey_status_version() throws Exception {
    assertEquals(
        List.of("support@opendap.org"),
        BesAnswers.parseBesKey(
            doc(
                "<showBesKey key=\"SupportEmail\"><value>support@opendap.org</value></showBesKey>")));
    assertEquals(List.of(), BesAnswers.parseBesKey(doc("<showBesKey key=\"Nothing\"/>")));
    assertEquals("OK", BesAnswers.parseStatus(doc("<showStatus><status>OK</status></showStatus>")));
    String version =
        new String(
            doc(
                "<showVersion><library name=\"bes\" version=\"3.22.0\"/>"
                    + "<module name=\"caf\u00e9\" version=\"1\"/></showVersion>"),
            StandardCharsets.ISO_8859_1);
    assertEquals(version, BesAnswers.parseVersion(version.getBytes(StandardCharsets.ISO_8859_1)));
  }

  @Test
  void withoutNamespace_readsTheSame() throws Exception {
    String plain =
        "<response><showNode><item name=\"/a\" lastModified=\"2026-11-22T01:52:59GMT\" "
            + "size=\"1\" isData=\"true\" type=\"leaf\"/></showNode></response>";
    assertEquals(
        new BesNode("/a", true, MODIFIED, 1, true, List.of()),
        BesAnswers.parseNode(plain.getBytes(StandardCharsets.UTF_8)));
  }

  private static byte[] doc(String body) {
    return (HEAD + body + "</response>").getBytes(StandardCharsets.ISO_8859_1);
  }
}
