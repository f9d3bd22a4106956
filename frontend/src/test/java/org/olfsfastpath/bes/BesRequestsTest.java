package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

final class BesRequestsTest {
  private final BesRequests requests = new BesRequests(BesContexts.defaults(), "t-");

  @Test
  void showNode_document() throws Exception {
    Element root = parse(requests.document(BesCommand.SHOW_NODE, "/data/sst.nc", Caller.INTERNAL));
    assertEquals("request", root.getName());
    assertEquals(BesRequests.BES_NS, root.getNamespace());
    assertEquals(List.of("setContext errors=xml", "showNode node=/data/sst.nc"), outline(root));
  }

  @Test
  void showVersion_showStatus_showBesKey_documents() throws Exception {
    assertEquals(
        List.of("setContext errors=xml", "showVersion"),
        outline(
            parse(
                requests.document(
                    BesCommand.SHOW_VERSION, BesCommand.None.NONE, Caller.INTERNAL))));
    assertEquals(
        List.of("setContext errors=xml", "showStatus"),
        outline(
            parse(
                requests.document(BesCommand.SHOW_STATUS, BesCommand.None.NONE, Caller.INTERNAL))));
    assertEquals(
        List.of(
            "setContext dap_explicit_containers=no",
            "setContext errors=xml",
            "showBesKey key=SupportEmail"),
        outline(
            parse(
                requests.document(
                    BesCommand.SHOW_BES_KEY,
                    new BesCommand.KeyRequest("/", "SupportEmail"),
                    Caller.INTERNAL))));
  }

  @Test
  void get_dap2_inOlfsOrder() throws Exception {
    Element root =
        parse(
            requests.document(
                BesCommand.GET,
                GetRequest.of("/coads.nc", BesGetType.DDS, "COADSX"),
                Caller.INTERNAL));
    assertEquals(
        List.of(
            "setContext xdap_accept=3.2",
            "setContext dap_explicit_containers=no",
            "setContext errors=xml",
            "setContext uid=not_logged_in",
            "setContainer name=catalogContainer space=catalog text=/coads.nc",
            "define name=d1 space=default [container name=catalogContainer [constraint text=COADSX]]",
            "get type=dds definition=d1"),
        outline(root));
  }

  @Test
  void get_ascii_isDodsReturnedAsAscii() throws Exception {
    Element get =
        last(
            parse(
                requests.document(
                    BesCommand.GET,
                    GetRequest.of("/a.nc", BesGetType.ASCII, ""),
                    Caller.INTERNAL)));
    assertEquals("dods", get.getAttributeValue("type"));
    assertEquals("ascii", get.getAttributeValue("returnAs"));
  }

  @ParameterizedTest
  @EnumSource(BesGetType.class)
  void get_everyType_namesItsBesTypeAndReturnAs(BesGetType type) throws Exception {
    Element get =
        last(
            parse(
                requests.document(
                    BesCommand.GET, GetRequest.of("/a.nc", type, ""), Caller.INTERNAL)));
    assertEquals("get", get.getName());
    assertEquals(type.besType(), get.getAttributeValue("type"));
    assertEquals(type.returnAs(), get.getAttributeValue("returnAs"));
    assertEquals("d1", get.getAttributeValue("definition"));
  }

  @Test
  void get_emptyConstraint_leavesContainerEmpty() throws Exception {
    Element root =
        parse(
            requests.document(
                BesCommand.GET, GetRequest.of("/a.nc", BesGetType.DAS, ""), Caller.INTERNAL));
    assertTrue(
        outline(root).contains("define name=d1 space=default [container name=catalogContainer]"));
  }

  @Test
  void get_infoPage_sendsNoConstraint() throws Exception {
    Element root =
        parse(
            requests.document(
                BesCommand.GET,
                GetRequest.of("/a.nc", BesGetType.INFO_PAGE, "x"),
                Caller.INTERNAL));
    assertTrue(
        outline(root).contains("define name=d1 space=default [container name=catalogContainer]"));
  }

  @Test
  void get_dap4_contextsAndDap4Constraint() throws Exception {
    Element root =
        parse(
            requests.document(
                BesCommand.GET,
                new GetRequest("/a.nc", BesGetType.DMR, "/x[0:1:3]", "http://h/opendap/a.nc.dmr"),
                Caller.INTERNAL));
    assertEquals(
        List.of(
            "setContext dap_explicit_containers=no",
            "setContext errors=xml",
            "setContext xml:base=http://h/opendap/a.nc.dmr",
            "setContext uid=not_logged_in",
            "setContext dap4_checksums=false",
            "setContainer name=catalogContainer space=catalog text=/a.nc",
            "define name=d1 space=default [container name=catalogContainer [dap4constraint text=/x[0:1:3]]]",
            "get type=dmr definition=d1"),
        outline(root));
  }

  @Test
  void get_dap4_checksumsRequested_sendsTheContextTrue() throws Exception {
    Element root =
        parse(
            requests.document(
                BesCommand.GET,
                new GetRequest("/a.nc", BesGetType.DAP, "", "http://h/opendap/a.nc.dap", true),
                Caller.INTERNAL));
    assertTrue(outline(root).contains("setContext dap4_checksums=true"), outline(root).toString());
    assertFalse(
        outline(root).contains("setContext dap4_checksums=false"), outline(root).toString());
  }

  @Test
  void get_dap2_ignoresXmlBase() throws Exception {
    Element root =
        parse(
            requests.document(
                BesCommand.GET,
                new GetRequest("/a.nc", BesGetType.DDS, "", "http://h/x"),
                Caller.INTERNAL));
    assertTrue(outline(root).stream().noneMatch(line -> line.contains("xml:base")));
  }

  @Test
  void get_optionalContexts_inOlfsOrder_besTimeoutFirst() throws Exception {
    BesRequests configured = new BesRequests(new BesContexts("alice", 300, 1000, 200), "t-");
    Element root =
        parse(
            configured.document(
                BesCommand.GET, GetRequest.of("/a.nc", BesGetType.DODS, ""), Caller.INTERNAL));
    assertEquals(
        List.of(
            "setContext bes_timeout=300",
            "setContext xdap_accept=3.2",
            "setContext dap_explicit_containers=no",
            "setContext errors=xml",
            "setContext max_response_size=1000",
            "setContext max_variable_size=200",
            "setContext uid=alice"),
        outline(root).subList(0, 7));
    assertEquals(
        List.of("setContext bes_timeout=300", "setContext errors=xml", "showNode node=/"),
        outline(parse(configured.document(BesCommand.SHOW_NODE, "/", Caller.INTERNAL))));
  }

  @Test
  void get_spacesInConstraint_sentAsPercent20LikeTheOlfs() throws Exception {
    Element root =
        parse(
            requests.document(
                BesCommand.GET,
                GetRequest.of("/a.nc", BesGetType.DODS, "a b&c=\"x y\""),
                Caller.INTERNAL));
    assertEquals("a%20b&c=\"x%20y\"", constraintOf(root).getText());
  }

  @Test
  void reqId_isUniquePerDocument() throws Exception {
    String first =
        parse(requests.document(BesCommand.SHOW_VERSION, BesCommand.None.NONE, Caller.INTERNAL))
            .getAttributeValue("reqID");
    String second =
        parse(requests.document(BesCommand.SHOW_VERSION, BesCommand.None.NONE, Caller.INTERNAL))
            .getAttributeValue("reqID");
    assertTrue(first.startsWith("t-"), first);
    assertNotEquals(first, second);
  }

  @Test
  void aRequestsCommands_carryItsIdAsReqIdAndReqUuid_asTheUpstreamOlfsSendsThem() throws Exception {
    Caller caller =
        Caller.shortRequest("192.0.2.7")
            .forRequest(new RequestId("3f2b1c4e", "555d78e7-0000"), BesUser.ANONYMOUS);
    for (byte[] document :
        List.of(
            requests.document(BesCommand.SHOW_NODE, "/a.nc", caller),
            requests.document(
                BesCommand.GET, GetRequest.of("/a.nc", BesGetType.DAS, ""), caller))) {
      Element root = parse(document);
      assertEquals("3f2b1c4e", root.getAttributeValue("reqID"));
      assertEquals("555d78e7-0000", root.getAttributeValue("reqUUID"));
    }
  }

  @Test
  void get_theCallersUserAndContexts_afterTheOthers_butTheAnswersOwnContextsFirst()
      throws Exception {
    Caller caller =
        Caller.shortRequest("192.0.2.7")
            .forRequest(null, BesUser.of("alice"))
            .withContexts(List.of(new GetRequest.Context("olfsLog", "a|&|b")));
    GetRequest get =
        GetRequest.builder("/a.nc", BesGetType.DODS)
            .contexts(List.of(new GetRequest.Context("cf_history_entry", "h")))
            .build();
    List<String> outline = outline(parse(requests.document(BesCommand.GET, get, caller)));
    assertEquals("setContext cf_history_entry=h", outline.get(0));
    int uid = outline.indexOf("setContext uid=alice");
    assertTrue(uid > 0, outline::toString);
    assertEquals("setContext olfsLog=a|&|b", outline.get(uid + 1));
    assertTrue(outline.get(uid + 2).startsWith("setContainer"), outline::toString);
  }

  @Test
  void anonymousCaller_getsTheClientsConfiguredUid() throws Exception {
    BesRequests configured = new BesRequests(new BesContexts("alice", 0, -1, -1), "t-");
    assertTrue(
        outline(
                parse(
                    configured.document(
                        BesCommand.GET,
                        GetRequest.of("/a.nc", BesGetType.DAS, ""),
                        Caller.shortRequest("192.0.2.7"))))
            .contains("setContext uid=alice"));
  }

  @Test
  void serialized_asUtf8WithDeclaration() {
    String text =
        new String(
            requests.document(BesCommand.SHOW_NODE, "/é.nc", Caller.INTERNAL),
            StandardCharsets.UTF_8);
    assertTrue(text.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), text);
    assertTrue(text.contains("node=\"/é.nc\""), text);
  }

  /** Values that try to break out of their element or attribute, and must come back unchanged. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "<get type=\"dods\" definition=\"d1\"/>",
        "a&b&amp;c",
        "\"double\" and 'single' quotes",
        "]]><showVersion/><![CDATA[",
        "</constraint></container></define><get type=\"dods\" definition=\"d1\"/>",
        "tab\there, newline\nthere, return\rthere, crlf\r\nend",
        "  leading and trailing spaces  ",
        "\u00e9\u4e2d\ud83d\ude00 non-ASCII",
        "&#x41; &lt; not entities",
      })
  void hostileValues_roundTripExactly_andNeverChangeTheCommand(String value) throws Exception {
    // Spaces in a constraint are sent as %20 (see above); the path carries them as they are.
    String constraint = value.replace(" ", "_");
    Element get =
        parse(
            requests.document(
                BesCommand.GET,
                GetRequest.of(value, BesGetType.DODS, constraint),
                Caller.INTERNAL));
    assertEquals(value, child(get, "setContainer").getText());
    assertEquals(constraint, constraintOf(get).getText());
    assertEquals(
        List.of(
            "setContext",
            "setContext",
            "setContext",
            "setContext",
            "setContainer",
            "define",
            "get"),
        names(get));
    assertEquals(1, child(get, "define").getChildren().size());
    assertEquals(1, child(get, "define").getChildren().get(0).getChildren().size());

    Element showNode = parse(requests.document(BesCommand.SHOW_NODE, value, Caller.INTERNAL));
    assertEquals(value, child(showNode, "showNode").getAttributeValue("node"));
    assertEquals(List.of("setContext", "showNode"), names(showNode));

    Element dap4 =
        parse(
            requests.document(
                BesCommand.GET,
                new GetRequest("/a.nc", BesGetType.DAP, constraint, value),
                Caller.INTERNAL));
    assertEquals(value, dap4.getChildren().get(2).getText());
    assertEquals("xml:base", dap4.getChildren().get(2).getAttributeValue("name"));
  }

  @Test
  void controlCharacter_inConstraint_rejectedNamingItsIndex() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                requests.document(
                    BesCommand.GET,
                    GetRequest.of("/a.nc", BesGetType.DDS, "abc\u0001def"),
                    Caller.INTERNAL));
    assertEquals(
        "constraint has character U+0001 at index 3, which XML 1.0 cannot carry", e.getMessage());
  }

  @Test
  void controlCharacter_inPath_rejectedNamingItsIndex() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> requests.document(BesCommand.SHOW_NODE, "/a\u0000.nc", Caller.INTERNAL));
    assertEquals(
        "path has character U+0000 at index 2, which XML 1.0 cannot carry", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                requests.document(
                    BesCommand.GET,
                    new GetRequest("/a.nc", BesGetType.DAP, "", "http://x/\u001b"),
                    Caller.INTERNAL));
    assertEquals(
        "xmlBase has character U+001B at index 9, which XML 1.0 cannot carry", e.getMessage());
  }

  @Test
  void loneSurrogateAndNonCharacters_rejected() {
    assertEquals(
        "path has character U+D800 at index 1, which XML 1.0 cannot carry",
        assertThrows(
                IllegalArgumentException.class,
                () -> requests.document(BesCommand.SHOW_NODE, "/\ud800x", Caller.INTERNAL))
            .getMessage());
    assertEquals(
        "constraint has character U+FFFE at index 0, which XML 1.0 cannot carry",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    requests.document(
                        BesCommand.GET,
                        GetRequest.of("/a", BesGetType.DAS, "\ufffe"),
                        Caller.INTERNAL))
            .getMessage());
  }

  @Test
  void everyC0Control_exceptTabNewlineReturn_rejected() {
    for (char c = 0; c < 0x20; c++) {
      String value = "x" + c;
      if (c == '\t' || c == '\n' || c == '\r') {
        requests.document(BesCommand.SHOW_NODE, value, Caller.INTERNAL);
      } else {
        assertThrows(
            IllegalArgumentException.class,
            () -> requests.document(BesCommand.SHOW_NODE, value, Caller.INTERNAL),
            () -> "U+" + Integer.toHexString(value.charAt(1)));
      }
    }
  }

  @Test
  void sharedBuilder_isSafeAcrossThreads() throws Exception {
    java.util.concurrent.ExecutorService executor =
        java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      List<java.util.concurrent.Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        done.add(
            executor.submit(
                () -> {
                  for (int i = 0; i < 100; i++) {
                    String path = "/t" + thread + "/f" + i + ".nc";
                    Element root =
                        parse(
                            requests.document(
                                BesCommand.GET,
                                GetRequest.of(path, BesGetType.DODS, "v" + i),
                                Caller.INTERNAL));
                    assertEquals(path, child(root, "setContainer").getText());
                    assertEquals("v" + i, constraintOf(root).getText());
                  }
                  return null;
                }));
      }
      for (java.util.concurrent.Future<?> future : done) {
        future.get(30, java.util.concurrent.TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }
  }

  static Element parse(byte[] document) throws Exception {
    Document parsed = new SAXBuilder().build(new ByteArrayInputStream(document));
    return parsed.getRootElement();
  }

  /** One line per child of the root: name, attributes in order, text, nested children. */
  static List<String> outline(Element root) {
    List<String> lines = new ArrayList<>();
    for (Element child : root.getChildren()) {
      lines.add(describe(child));
    }
    return lines;
  }

  private static String describe(Element element) {
    StringBuilder line = new StringBuilder(element.getName());
    element
        .getAttributes()
        .forEach(a -> line.append(' ').append(a.getName()).append('=').append(a.getValue()));
    if (element.getName().equals("setContext")) {
      line.setLength(0);
      line.append("setContext ")
          .append(element.getAttributeValue("name"))
          .append('=')
          .append(element.getText());
      return line.toString();
    }
    if (!element.getText().isEmpty()) {
      line.append(" text=").append(element.getText());
    }
    for (Element child : element.getChildren()) {
      line.append(" [").append(describe(child)).append(']');
    }
    return line.toString();
  }

  private static List<String> names(Element root) {
    return root.getChildren().stream().map(Element::getName).toList();
  }

  private static Element child(Element root, String name) {
    return root.getChild(name, BesRequests.BES_NS);
  }

  private static Element last(Element root) {
    List<Element> children = root.getChildren();
    return children.get(children.size() - 1);
  }

  private static Element constraintOf(Element root) {
    Element container = child(root, "define").getChildren().get(0);
    return container.getChildren().get(0);
  }
}
