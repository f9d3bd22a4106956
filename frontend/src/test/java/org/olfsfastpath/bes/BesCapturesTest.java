package org.olfsfastpath.bes;

import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.BesReply;
import org.olfsfastpath.emulator.QueueDispatcher;
import org.olfsfastpath.testing.Captures;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.Map;
import java.util.Set;
import org.jdom2.Attribute;
import org.jdom2.Element;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Checks the request builder and the answer parser against every real BES exchange in the shared
 * captures; skipped where they are absent.
 */
final class BesCapturesTest {
  /** Captured commands this client never sends (removed from the BES, or diagnostics only). */
  private static final Set<String> NOT_BUILT = Set.of("showCatalog", "showInfo", "showPathInfo",
      "showContext", "showHelp", "showServiceDescriptions", "showFoo");

  /** Also the one test that reports the skip, with its reason, where the captures are absent. */
  @Test
  void captures_present() throws IOException {
    assertEquals(30, Captures.names().size(), "captures in " + Captures.dir());
  }

  @TestFactory
  List<DynamicTest> requestDocuments_haveTheCapturedStructure() throws IOException {
    BesRequests requests = new BesRequests(BesContexts.defaults(), "t-");
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : Captures.names()) {
      Element captured = parseOrNull(Captures.read(name, ".request.xml"));
      if (captured == null || NOT_BUILT.contains(command(captured).getName())) {
        continue;
      }
      tests.add(dynamicTest(name, () -> {
        Element ours = BesRequestsTest.parse(build(requests, captured));
        assertSameStructure(captured, withoutUpstreamExtras(captured, ours), "request");
      }));
    }
    assertTrue(tests.size() >= 20, "expected at least 20 buildable captures, found " + tests.size());
    return tests;
  }

  @TestFactory
  List<DynamicTest> everyResponse_parsesAsWhatItIs() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : Captures.names()) {
      tests.add(dynamicTest(name, () -> checkResponse(name, Captures.read(name, ".response"))));
    }
    assertEquals(30, tests.size(), "captures found");
    return tests;
  }

  /** Replays each captured wire answer through the client and the pool, over a real socket. */
  @TestFactory
  List<DynamicTest> wireAnswers_throughTheClient() throws IOException {
    List<String> names = Captures.names();
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : names) {
      Element captured = parseOrNull(Captures.read(name, ".request.xml"));
      if (captured == null || NOT_BUILT.contains(command(captured).getName())) {
        continue;
      }
      tests.add(dynamicTest(name, () -> {
        QueueDispatcher replies = new QueueDispatcher();
        try (BesEmulator server = BesEmulator.newBuilder().dispatcher(replies).build()) {
          server.start();
          replies.enqueue(BesReply.wire(Captures.wire(name)));
          try (BesClient client = BesClient.newBuilder().endpoint(server.endpoint()).build()) {
            replay(client, captured, name);
            assertEquals(1, client.poolStats().idle(), "connection back in the pool");
          }
          Element sent = BesRequestsTest.parse(server.takeRequest(5, TimeUnit.SECONDS).xml()
              .getBytes(StandardCharsets.UTF_8));
          assertSameStructure(captured, withoutUpstreamExtras(captured, sent), "request");
        }
      }));
    }
    return tests;
  }

  private static void replay(BesClient client, Element captured, String name) throws Exception {
    byte[] payload = Captures.read(name, ".response");
    Element command = command(captured);
    if (Captures.isError(name)) {
      BesErrorException e = assertThrows(BesErrorException.class,
          () -> send(client, command, captured));
      assertEquals(BesAnswers.parseError(payload), e.error());
      return;
    }
    switch (command.getName()) {
      case "showNode" -> assertEquals(BesAnswers.parseNode(payload),
          client.showNode(command.getAttributeValue("node")));
      case "showVersion" -> assertEquals(BesAnswers.parseVersion(payload), client.showVersion());
      case "showStatus" -> assertEquals("OK", client.showStatus());
      case "showBesKey" -> assertEquals(List.of("support@opendap.org"),
          client.showBesKey(command.getAttributeValue("key")));
      case "get" -> {
        try (BesResponse response = client.get(getRequest(captured))) {
          assertArrayEquals(payload, response.body().readAllBytes());
        }
      }
      default -> throw new AssertionError("unexpected command " + command.getName());
    }
  }

  private static Object send(BesClient client, Element command, Element captured)
      throws IOException {
    return switch (command.getName()) {
      case "showNode" -> client.showNode(command.getAttributeValue("node"));
      case "get" -> client.get(getRequest(captured));
      default -> throw new AssertionError("no error capture expected for " + command.getName());
    };
  }

  private static void checkResponse(String name, byte[] payload) throws Exception {
    if (Captures.isError(name)) {
      BesError error = BesAnswers.parseError(payload);
      assertTrue(error.type() >= 1 && error.type() <= 7, "type " + error.type());
      assertFalse(error.message().isEmpty());
      assertFalse(error.message().startsWith("unreadable"), error.message());
      assertEquals("support@opendap.org", error.administrator());
      BesErrorException thrown = assertThrows(BesErrorException.class,
          () -> BesAnswers.parseNode(payload));
      assertEquals(error, thrown.error());
      if (name.contains("missing_file") || name.equals("extra_showNode_missing")) {
        assertEquals(BesError.NOT_FOUND, error.type(), name);
      } else {
        assertEquals(BesError.SYNTAX_USER, error.type(), name);
      }
      return;
    }
    if (name.startsWith("showNode_") || name.equals("extra_showNode_subdir")) {
      BesNode node = BesAnswers.parseNode(payload);
      Element first = command(BesRequestsTest.parse(payload)).getChildren().get(0);
      assertEquals(first.getAttributeValue("name"), node.name());
      if (first.getName().equals("node")) {
        assertFalse(node.isLeaf());
        assertEquals(Integer.parseInt(first.getAttributeValue("count")), node.children().size());
      } else {
        assertTrue(node.isLeaf());
        assertTrue(node.isData());
        assertTrue(node.size() > 0);
      }
      return;
    }
    switch (name) {
      case "showVersion" -> assertTrue(BesAnswers.parseVersion(payload)
          .contains("<library name=\"bes\" version=\"3.22.0\"/>"));
      case "showBesKey_SupportEmail" -> assertEquals(List.of("support@opendap.org"),
          BesAnswers.parseBesKey(payload));
      case "extra_showStatus" -> assertEquals("OK", BesAnswers.parseStatus(payload));
      default -> {
        // Data, or an answer this client does not interpret: never a node and never an error.
        BesProtocolException e = assertThrows(BesProtocolException.class,
            () -> BesAnswers.parseNode(payload));
        assertNotNull(e.getMessage());
        assertTrue(name.startsWith("get_") || name.startsWith("show") || name.startsWith("extra_"),
            name);
      }
    }
  }

  private static byte[] build(BesRequests requests, Element captured) {
    Element command = command(captured);
    return switch (command.getName()) {
      case "showNode" -> requests.showNode(command.getAttributeValue("node"));
      case "showVersion" -> requests.showVersion();
      case "showStatus" -> requests.showStatus();
      case "showBesKey" -> requests.showBesKey(command.getAttributeValue("key"));
      case "get" -> requests.get(getRequest(captured));
      default -> throw new AssertionError("cannot build " + command.getName());
    };
  }

  private static GetRequest getRequest(Element captured) {
    Element get = command(captured);
    BesGetType type = null;
    for (BesGetType candidate : BesGetType.values()) {
      if (candidate.besType().equals(get.getAttributeValue("type"))
          && java.util.Objects.equals(candidate.returnAs(), get.getAttributeValue("returnAs"))) {
        type = candidate;
      }
    }
    assertNotNull(type, "no BesGetType for " + get.getAttributes());
    String path = captured.getChild("setContainer", BesRequests.BES_NS).getText();
    Element container = captured.getChild("define", BesRequests.BES_NS).getChildren().get(0);
    String constraint = container.getChildren().isEmpty()
        ? "" : container.getChildren().get(0).getText();
    String xmlBase = "";
    for (Element context : captured.getChildren("setContext", BesRequests.BES_NS)) {
      if ("xml:base".equals(context.getAttributeValue("name"))) {
        xmlBase = context.getText();
      }
    }
    return new GetRequest(path, type, constraint, xmlBase);
  }

  /**
   * The upstream OLFS sends dap_explicit_containers with showBesKey; the capture was recorded
   * without it. Drops it (after checking it is there) so the rest can be compared.
   */
  private static Element withoutUpstreamExtras(Element captured, Element ours) {
    if (command(captured).getName().equals("showBesKey")) {
      Element extra = ours.getChildren().get(0);
      assertEquals("dap_explicit_containers", extra.getAttributeValue("name"));
      ours.removeContent(extra);
    }
    return ours;
  }

  static void assertSameStructure(Element expected, Element actual, String where) {
    assertEquals(expected.getName(), actual.getName(), where);
    assertEquals(expected.getNamespaceURI(), actual.getNamespaceURI(), where);
    assertEquals(attributes(expected), attributes(actual), where + " attributes");
    assertEquals(expected.getTextTrim(), actual.getTextTrim(), where + " text");
    List<Element> expectedChildren = expected.getChildren();
    List<Element> actualChildren = actual.getChildren();
    assertEquals(expectedChildren.stream().map(Element::getName).toList(),
        actualChildren.stream().map(Element::getName).toList(), where + " children");
    for (int i = 0; i < expectedChildren.size(); i++) {
      assertSameStructure(expectedChildren.get(i), actualChildren.get(i),
          where + "/" + expectedChildren.get(i).getName() + "[" + i + "]");
    }
  }

  private static Map<String, String> attributes(Element element) {
    Map<String, String> map = new HashMap<>();
    for (Attribute attribute : element.getAttributes()) {
      if (!attribute.getName().equals("reqID") && !attribute.getName().equals("reqUUID")) {
        map.put(attribute.getName(), attribute.getValue());
      }
    }
    return map;
  }

  private static Element command(Element request) {
    List<Element> children = request.getChildren();
    return children.get(children.size() - 1);
  }

  private static Element parseOrNull(byte[] document) {
    try (InputStream in = new ByteArrayInputStream(document)) {
      return new SAXBuilder().build(in).getRootElement();
    } catch (Exception e) {
      return null;
    }
  }
}
