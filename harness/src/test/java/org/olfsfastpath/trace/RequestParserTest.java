package org.olfsfastpath.trace;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.jdom2.JDOMException;
import org.junit.jupiter.api.Test;

final class RequestParserTest {
  private static final String NS = PptTraceTest.NS;
  private final RequestParser parser = new RequestParser();

  private RequestSummary parse(String document) throws Exception {
    byte[] bytes = document.getBytes(UTF_8);
    return parser.parse(bytes, bytes.length);
  }

  @Test
  void dap2Get_withDefinitionContainerAndConstraint() throws Exception {
    RequestSummary s = parse(PptTraceTest.GET);
    assertEquals("get", s.command());
    assertEquals("/data/sst.nc", s.container());
    assertEquals("SST[0:1]&x<3", s.constraint());
    assertEquals(List.of("xdap_accept", "errors"), s.contexts());
    assertEquals(List.of("type", "definition", "returnAs"), List.copyOf(s.arguments().keySet()));
  }

  @Test
  void dap4Get_readsTheDap4Constraint() throws Exception {
    RequestSummary s =
        parse(
            "<request xmlns=\""
                + NS
                + "\" reqID=\"x\">"
                + "<setContext name=\"xml:base\">http://h/opendap/f.nc</setContext>"
                + "<setContainer name=\"catalogContainer\" space=\"catalog\">/f.nc</setContainer>"
                + "<define name=\"d1\" space=\"default\"><container name=\"catalogContainer\">"
                + "<dap4constraint>/SST[0:1:2]</dap4constraint></container></define>"
                + "<get type=\"dap\" definition=\"d1\"/></request>");
    assertEquals("get type=dap definition=d1 container=/f.nc constraint=/SST[0:1:2]", s.summary());
    assertEquals(List.of("xml:base"), s.contexts());
  }

  @Test
  void showNode() throws Exception {
    RequestSummary s =
        parse("<request xmlns=\"" + NS + "\" reqID=\"n\"><showNode node=\"/a b.nc\"/></request>");
    assertEquals("showNode", s.command());
    assertEquals(Map.of("node", "/a b.nc"), s.arguments());
    assertEquals("showNode node=/a b.nc", s.summary());
    assertNull(s.container());
    assertEquals("n", s.requestId());
  }

  @Test
  void contextsAlone() throws Exception {
    RequestSummary s =
        parse(
            "<request xmlns=\""
                + NS
                + "\"><setContext name=\"errors\">xml</setContext>"
                + "<setContext name=\"uid\">u</setContext></request>");
    assertEquals("setContext", s.command());
    assertEquals("setContext errors,uid", s.summary());
  }

  @Test
  void showVersion_andEmptyRequest() throws Exception {
    assertEquals(
        "showVersion", parse("<request xmlns=\"" + NS + "\"><showVersion/></request>").summary());
    assertEquals("(empty)", parse("<request/>").command());
  }

  @Test
  void malformedXml_isAnException() {
    assertThrows(JDOMException.class, () -> parse("<request><showNode></request>"));
  }

  @Test
  void doctype_isRefused_soNoEntityIsEverFetched() {
    JDOMException e =
        assertThrows(
            JDOMException.class,
            () ->
                parse(
                    "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                        + "<request><showNode node=\"&x;\"/></request>"));
    assertTrue(e.getMessage().contains("DOCTYPE"), e.getMessage());
  }
}
