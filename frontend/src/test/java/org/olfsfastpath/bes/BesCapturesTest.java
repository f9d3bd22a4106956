package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.jdom2.Attribute;
import org.jdom2.Element;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.BesReply;
import org.olfsfastpath.emulator.QueueDispatcher;
import org.olfsfastpath.testing.Captures;

/**
 * Checks the request builder and the answer parser against every real BES exchange in the shared
 * captures; skipped where they are absent.
 *
 * <p>Requests are compared as the BES reads them: the {@code setContext}s as a set of name and
 * value (the BES applies them all before the command, in any order), the other elements in order
 * and whole, an empty {@code constraint} or {@code dap4constraint} as none. Where this client sends
 * something else than the recorded request on purpose, {@link #intended} writes the difference
 * down, with the reason, and the comparison holds the client to it.
 */
final class BesCapturesTest {
  /** The captures README.md lists; a new one needs a decision here on how it is checked. */
  private static final int CAPTURES = 61;

  /** Captured commands this client never sends (removed from the BES, or diagnostics only). */
  private static final Set<String> NOT_BUILT =
      Set.of(
          "showCatalog",
          "showInfo",
          "showPathInfo",
          "showContext",
          "showHelp",
          "showServiceDescriptions",
          "showFoo");

  /**
   * Captured gets that no URL of the front end turns into a BES command, so there is no request of
   * ours to compare; their answers still go through the client (as a get of {@link #standIn}).
   */
  private static final Map<String, String> NEVER_SENT =
      Map.of(
          // fileout_json registers no "dap" method: the BES fails at transmit time, after building
          // the DAP4 response. The front end answers .dap.json (and .dap.ijsn) with a 501 itself
          // and
          // costs the BES nothing.
          "error_get_dap_json_no_transmitter", "dap returnAs=json",
          // The DDX as JSON is no upstream URL form (.dmr.json asks for dmr returnAs=json, which
          // fails
          // the same way and is answered 501 here).
          "get_ddx_json_coads", "ddx returnAs=json");

  /** Also the one test that reports the skip, with its reason, where the captures are absent. */
  @Test
  void captures_present() throws IOException {
    assertEquals(
        CAPTURES,
        Captures.names().size(),
        "captures in "
            + Captures.dir()
            + ": a capture was added or removed; decide how this test checks it, then update the count");
  }

  @TestFactory
  List<DynamicTest> requestDocuments_areTheCapturedOnes() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : Captures.names()) {
      Element captured = parseOrNull(Captures.read(name, ".request.xml"));
      if (captured == null || NOT_BUILT.contains(command(captured).getName())) {
        continue;
      }
      if (NEVER_SENT.containsKey(name)) {
        tests.add(
            dynamicTest(
                name,
                () ->
                    assertNull(
                        typeOrNull(command(captured)),
                        "a BesGetType for "
                            + NEVER_SENT.get(name)
                            + ", which the front end never sends")));
        continue;
      }
      tests.add(
          dynamicTest(
              name,
              () -> {
                BesRequests requests = new BesRequests(contextsFor(captured), "t-");
                Element ours = BesRequestsTest.parse(build(requests, captured));
                assertSameRequest(intended(name, captured), ours, name);
              }));
    }
    assertEquals(52, tests.size(), "buildable or never-sent captures");
    return tests;
  }

  /**
   * The size limits: upstream always sends both contexts (0 for no limit); this client sends each
   * only when olfs.xml sets it, since an absent context is no limit to the BES as well. Configured,
   * the request is the captured one ({@link #requestDocuments_areTheCapturedOnes}).
   */
  @Test
  void sizeLimitContexts_onlyWhenConfigured() throws Exception {
    for (String name : List.of("get_dods_coads_maxresponse", "get_dods_coads_maxvariable")) {
      Element captured = parseOrNull(Captures.read(name, ".request.xml"));
      assertNotNull(captured, name);
      Element ours =
          BesRequestsTest.parse(
              new BesRequests(BesContexts.defaults(), "t-")
                  .document(BesCommand.GET, getRequest(captured), Caller.INTERNAL));
      Map<String, String> expected = contexts(captured);
      assertTrue(
          expected.remove("max_response_size") != null
              | expected.remove("max_variable_size") != null,
          name);
      assertEquals(expected, contexts(ours), name);
    }
  }

  @TestFactory
  List<DynamicTest> everyResponse_parsesAsWhatItIs() throws IOException {
    Captures.dir(); // Skips, saying why, where the captures are absent.
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : Captures.names(".response")) {
      tests.add(dynamicTest(name, () -> checkResponse(name, Captures.read(name, ".response"))));
    }
    // get_dap_xml_data_coads_COADSX keeps no answer: the BES sent the whole 33 MB dataset.
    assertEquals(CAPTURES - 1, tests.size(), "captures with an answer");
    return tests;
  }

  /** Replays each captured wire answer through the client and the pool, over a real socket. */
  @TestFactory
  List<DynamicTest> wireAnswers_throughTheClient() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : Captures.names(".wire")) {
      Element captured = parseOrNull(Captures.read(name, ".request.xml"));
      if (captured == null || NOT_BUILT.contains(command(captured).getName())) {
        continue;
      }
      tests.add(
          dynamicTest(
              name,
              () -> {
                QueueDispatcher replies = new QueueDispatcher();
                try (BesEmulator server = BesEmulator.newBuilder().dispatcher(replies).build()) {
                  server.start();
                  replies.enqueue(BesReply.wire(Captures.wire(name)));
                  BesContexts contexts = contextsFor(captured);
                  BesClientBuilder builder = BesClient.newBuilder().endpoint(server.endpoint());
                  if (contexts.maxResponseSize() >= 0) {
                    builder.maxResponseSize(contexts.maxResponseSize());
                  }
                  if (contexts.maxVariableSize() >= 0) {
                    builder.maxVariableSize(contexts.maxVariableSize());
                  }
                  try (BesClient client = builder.build()) {
                    replay(client, captured, name);
                    assertEquals(1, client.poolStats().idle(), "connection back in the pool");
                  }
                  Element sent =
                      BesRequestsTest.parse(
                          server
                              .takeRequest(5, TimeUnit.SECONDS)
                              .xml()
                              .getBytes(StandardCharsets.UTF_8));
                  if (!NEVER_SENT.containsKey(name)) {
                    assertSameRequest(intended(name, captured), sent, name);
                  }
                }
              }));
    }
    assertEquals(51, tests.size(), "captures with a wire answer to a command this client sends");
    return tests;
  }

  private static void replay(BesClient client, Element captured, String name) throws Exception {
    byte[] payload = Captures.read(name, ".response");
    Element command = command(captured);
    if (Captures.isError(name)) {
      BesErrorException e =
          assertThrows(BesErrorException.class, () -> send(client, command, captured, name));
      assertEquals(BesAnswers.parseError(payload), e.error());
      return;
    }
    switch (command.getName()) {
      case "showNode" ->
          assertEquals(
              BesAnswers.parseNode(payload), client.showNode(command.getAttributeValue("node")));
      case "showVersion" -> assertEquals(BesAnswers.parseVersion(payload), client.showVersion());
      case "showStatus" -> assertEquals("OK", client.showStatus());
      case "showBesKey" ->
          assertEquals(
              List.of("support@opendap.org"), client.showBesKey(command.getAttributeValue("key")));
      // Plain text, not XML: the client hands it over as it came.
      case "buildSiteMap" -> assertArrayEquals(payload, siteMap(client, command));
      case "get" -> {
        // Data of any kind (a netCDF file for stream) passes through byte for byte.
        try (BesResponse response = client.get(getRequestOrStandIn(captured, name))) {
          assertArrayEquals(payload, response.body().readAllBytes());
        }
      }
      default -> throw new AssertionError("unexpected command " + command.getName());
    }
  }

  private static Object send(BesClient client, Element command, Element captured, String name)
      throws IOException {
    return switch (command.getName()) {
      case "showNode" -> client.showNode(command.getAttributeValue("node"));
      case "get" -> client.get(getRequestOrStandIn(captured, name));
      default -> throw new AssertionError("no error capture expected for " + command.getName());
    };
  }

  private static byte[] siteMap(BesClient client, Element command) throws IOException {
    return client.buildSiteMap(
        command.getAttributeValue("prefix"),
        command.getAttributeValue("nodeSuffix"),
        command.getAttributeValue("leafSuffix"));
  }

  private static void checkResponse(String name, byte[] payload) throws Exception {
    if (Captures.isError(name)) {
      BesError error = BesAnswers.parseError(payload);
      assertTrue(error.type() >= 1 && error.type() <= 7, "type " + error.type());
      assertFalse(error.message().isEmpty());
      assertFalse(error.message().startsWith("unreadable"), error.message());
      assertEquals("support@opendap.org", error.administrator());
      BesErrorException thrown =
          assertThrows(BesErrorException.class, () -> BesAnswers.parseNode(payload));
      assertEquals(error, thrown.error());
      assertEquals(expectedErrorType(name), error.type(), name + ": " + error.message());
      if (name.contains("no_fileout") || name.contains("no_gdal")) {
        // A module that is not loaded: the web layer answers these 501.
        assertTrue(error.message().startsWith("Unable to find transmitter "), error.message());
      } else if (name.contains("no_transmitter")) {
        assertTrue(error.message().contains("no transmitter for dap"), error.message());
      } else if (name.contains("maxresponse") || name.contains("maxvariable")) {
        // The web layer answers these 413.
        assertTrue(error.message().contains("You asked for too much"), error.message());
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
        for (Element item : first.getChildren()) {
          BesNode child =
              node.children().stream()
                  .filter(c -> c.name().equals(item.getAttributeValue("name")))
                  .findFirst()
                  .orElseThrow(
                      () -> new AssertionError("no child " + item.getAttributeValue("name")));
          assertEquals(item.getAttributeValue("type").equals("leaf"), child.isLeaf(), child.name());
          assertEquals(
              "true".equals(item.getAttributeValue("isData")), child.isData(), child.name());
        }
      } else {
        assertTrue(node.isLeaf());
        // A README beside the datasets is a file, not data: it has no DAP responses.
        assertEquals(!name.equals("showNode_file_nondata"), node.isData(), name);
        assertEquals(Long.parseLong(first.getAttributeValue("size")), node.size());
        assertTrue(node.size() > 0);
      }
      return;
    }
    if (name.startsWith("showVersion")) {
      assertTrue(
          BesAnswers.parseVersion(payload).contains("<library name=\"bes\" version=\"3.22.0\"/>"),
          name);
      return;
    }
    switch (name) {
      case "showBesKey_SupportEmail" ->
          assertEquals(List.of("support@opendap.org"), BesAnswers.parseBesKey(payload));
      case "extra_showStatus" -> assertEquals("OK", BesAnswers.parseStatus(payload));
      case "buildSiteMap_root" -> {
        // One URL a line: the prefix, a catalog path, a node or leaf suffix; never XML.
        String text = new String(payload, StandardCharsets.ISO_8859_1);
        assertFalse(text.startsWith("<"), text);
        List<String> lines = text.lines().toList();
        assertFalse(lines.isEmpty());
        for (String line : lines) {
          assertTrue(
              line.startsWith("http://localhost:8080/opendap/")
                  && (line.endsWith("/contents.html") || line.endsWith(".html")),
              line);
        }
        assertThrows(BesProtocolException.class, () -> BesAnswers.parseNode(payload));
      }
      case "get_stream_fnoc1" -> {
        // The file as it is on disk: a netCDF classic file, not an XML document.
        assertEquals("CDF", new String(payload, 0, 3, StandardCharsets.ISO_8859_1));
        assertThrows(BesProtocolException.class, () -> BesAnswers.parseNode(payload));
      }
      default -> {
        // Data, or an answer this client does not interpret: never a node and never an error.
        BesProtocolException e =
            assertThrows(BesProtocolException.class, () -> BesAnswers.parseNode(payload));
        assertNotNull(e.getMessage());
        assertTrue(
            name.startsWith("get_") || name.startsWith("show") || name.startsWith("extra_"), name);
      }
    }
  }

  private static int expectedErrorType(String name) {
    if (name.contains("missing_file") || name.equals("extra_showNode_missing")) {
      return BesError.NOT_FOUND;
    }
    if (name.equals("error_get_dap_json_no_transmitter")
        || name.equals("get_dap_covjson_coads_SST_slice")) {
      // Failures at transmit time, after the BES built the response: "no transmitter for dap",
      // and fileout_covjson's refusal of a DAP4 response without spatial axes it recognizes.
      return BesError.INTERNAL;
    }
    return BesError.SYNTAX_USER;
  }

  private static byte[] build(BesRequests requests, Element captured) {
    Element command = command(captured);
    return switch (command.getName()) {
      case "showNode" ->
          requests.document(
              BesCommand.SHOW_NODE, command.getAttributeValue("node"), Caller.INTERNAL);
      case "showVersion" ->
          requests.document(BesCommand.SHOW_VERSION, BesCommand.None.NONE, Caller.INTERNAL);
      case "showStatus" ->
          requests.document(BesCommand.SHOW_STATUS, BesCommand.None.NONE, Caller.INTERNAL);
      case "showBesKey" ->
          requests.document(
              BesCommand.SHOW_BES_KEY,
              new BesCommand.KeyRequest("/", command.getAttributeValue("key")),
              Caller.INTERNAL);
      case "buildSiteMap" ->
          requests.document(
              BesCommand.BUILD_SITE_MAP,
              new BesCommand.SiteMapRequest(
                  command.getAttributeValue("prefix"),
                  command.getAttributeValue("nodeSuffix"),
                  command.getAttributeValue("leafSuffix")),
              Caller.INTERNAL);
      case "get" -> requests.document(BesCommand.GET, getRequest(captured), Caller.INTERNAL);
      default -> throw new AssertionError("cannot build " + command.getName());
    };
  }

  /**
   * The request this client means to send for a capture: the captured one, with each deliberate
   * difference written down here, and why.
   */
  private static Element intended(String name, Element captured) {
    Element expected = captured.clone();
    switch (name) {
      // The upstream OLFS sends dap_explicit_containers with showBesKey; the capture was recorded
      // without it.
      case "showBesKey_SupportEmail" ->
          expected.addContent(0, BesRequests.setContext("dap_explicit_containers", "no"));
      // The OLFS sends .dap.xml as xml_data with the DAP4 constraint, which the BES's xml_data
      // ignores: it sent the whole 33 MB dataset. This client translates the DAP4 constraint to
      // DAP2 (COADSX is COADSX in both) and sends the DAP2 get's contexts, so the BES applies it.
      case "get_dap_xml_data_coads_COADSX" -> {
        removeContext(expected, "dap4_checksums");
        expected.addContent(0, BesRequests.setContext("xdap_accept", BesRequests.XDAP_ACCEPT));
        Element container =
            expected
                .getChild("define", BesRequests.BES_NS)
                .getChild("container", BesRequests.BES_NS);
        container.getChild("dap4constraint", BesRequests.BES_NS).setName("constraint");
      }
      // The recorded stream request was written by hand with the errors context alone and a
      // container without a type. The OLFS's FileDispatchHandler and FileAccess send a stream
      // with the usual contexts and setContainer type="stream", which lets the BES stream a file
      // whatever it holds (the BES refuses a container of a non-data file without a type); this
      // client sends what the OLFS sends.
      case "get_stream_fnoc1" -> {
        expected.addContent(0, BesRequests.setContext("xdap_accept", BesRequests.XDAP_ACCEPT));
        expected.addContent(0, BesRequests.setContext("dap_explicit_containers", "no"));
        expected.addContent(0, BesRequests.setContext("uid", BesContexts.ANONYMOUS_UID));
        expected.getChild("setContainer", BesRequests.BES_NS).setAttribute("type", "stream");
      }
      // BES 3.22's SiteMapCommand reads prefix, nodeSuffix, leafSuffix and catalog and writes the
      // map to the client; filename is left from the BES that wrote the map into a file.
      case "buildSiteMap_root" ->
          expected.getChild("buildSiteMap", BesRequests.BES_NS).removeAttribute("filename");
      default -> {}
    }
    return expected;
  }

  private static void removeContext(Element request, String name) {
    Element context =
        request.getChildren("setContext", BesRequests.BES_NS).stream()
            .filter(c -> name.equals(c.getAttributeValue("name")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no context " + name + " in the capture"));
    request.removeContent(context);
  }

  /** The client contexts that give a capture's size-limit contexts (olfs.xml maxResponseSize). */
  private static BesContexts contextsFor(Element captured) {
    Map<String, String> contexts = contexts(captured);
    return new BesContexts(
        BesContexts.ANONYMOUS_UID,
        0,
        Long.parseLong(contexts.getOrDefault("max_response_size", "-1")),
        Long.parseLong(contexts.getOrDefault("max_variable_size", "-1")));
  }

  private static GetRequest getRequestOrStandIn(Element captured, String name) throws IOException {
    return NEVER_SENT.containsKey(name) ? standIn(captured, name) : getRequest(captured);
  }

  /**
   * For a get no URL sends: the same get type without its returnAs; the reply is scripted. An
   * answer that is not an error has the form of its returnAs (JSON, for the DDX as JSON), not that
   * type's, which the client checks ({@link AnswerForm}): a get whose form is not checked stands in
   * for it.
   */
  private static GetRequest standIn(Element captured, String name) throws IOException {
    String type = command(captured).getAttributeValue("type");
    String path = captured.getChild("setContainer", BesRequests.BES_NS).getText();
    for (BesGetType candidate : BesGetType.values()) {
      if (candidate.besType().equals(type) && candidate.returnAs() == null) {
        GetRequest get = GetRequest.of(path, candidate, "");
        return Captures.isError(name) || AnswerForm.of(get) == AnswerForm.ANY
            ? get
            : GetRequest.of(path, BesGetType.STREAM, "");
      }
    }
    throw new AssertionError("no get of type " + type);
  }

  private static GetRequest getRequest(Element captured) {
    Element get = command(captured);
    BesGetType type = typeOrNull(get);
    assertNotNull(type, "no BesGetType for " + get.getAttributes());
    String path = captured.getChild("setContainer", BesRequests.BES_NS).getText();
    Element container = captured.getChild("define", BesRequests.BES_NS).getChildren().get(0);
    String constraint = "";
    String function = "";
    for (Element child : container.getChildren()) {
      if (child.getName().equals("dap4function")) {
        function = child.getText();
      } else {
        constraint = child.getText();
      }
    }
    Map<String, String> contexts = contexts(captured);
    // The history of a netCDF file: contexts of the request itself, which the web layer makes.
    List<GetRequest.Context> own = new ArrayList<>();
    for (String history : List.of("history_json_entry", "cf_history_entry")) {
      if (contexts.containsKey(history)) {
        own.add(new GetRequest.Context(history, contexts.get(history)));
      }
    }
    return new GetRequest(
        path,
        type,
        constraint,
        contexts.getOrDefault("xml:base", ""),
        "true".equals(contexts.get("dap4_checksums")),
        own,
        function,
        false);
  }

  private static BesGetType typeOrNull(Element get) {
    for (BesGetType candidate : BesGetType.values()) {
      if (candidate.besType().equals(get.getAttributeValue("type"))
          && Objects.equals(candidate.returnAs(), get.getAttributeValue("returnAs"))) {
        return candidate;
      }
    }
    return null;
  }

  /**
   * The BES sets every context before it runs the command, so their order does not matter, and an
   * empty constraint element is no constraint; the rest must match element for element.
   */
  static void assertSameRequest(Element expected, Element actual, String where) {
    assertEquals(expected.getName(), actual.getName(), where);
    assertEquals(attributes(expected), attributes(actual), where + " attributes");
    assertEquals(contexts(expected), contexts(actual), where + " contexts");
    assertEquals(
        actual.getChildren("setContext", BesRequests.BES_NS).size(),
        contexts(actual).size(),
        where + ": a context sent twice");
    List<Element> commands = withoutContexts(actual);
    for (int i = 0; i < commands.size(); i++) {
      assertTrue(
          actual.indexOf(commands.get(i)) > lastContextIndex(actual),
          where + ": a context after " + commands.get(i).getName());
    }
    List<Element> expectedCommands = withoutContexts(expected);
    assertEquals(
        expectedCommands.stream().map(Element::getName).toList(),
        commands.stream().map(Element::getName).toList(),
        where + " commands");
    for (int i = 0; i < commands.size(); i++) {
      assertSameStructure(
          withoutEmptyConstraints(expectedCommands.get(i)),
          withoutEmptyConstraints(commands.get(i)),
          where + "/" + commands.get(i).getName() + "[" + i + "]");
    }
  }

  static void assertSameStructure(Element expected, Element actual, String where) {
    assertEquals(expected.getName(), actual.getName(), where);
    assertEquals(expected.getNamespaceURI(), actual.getNamespaceURI(), where);
    assertEquals(attributes(expected), attributes(actual), where + " attributes");
    assertEquals(expected.getTextTrim(), actual.getTextTrim(), where + " text");
    List<Element> expectedChildren = expected.getChildren();
    List<Element> actualChildren = actual.getChildren();
    assertEquals(
        expectedChildren.stream().map(Element::getName).toList(),
        actualChildren.stream().map(Element::getName).toList(),
        where + " children");
    for (int i = 0; i < expectedChildren.size(); i++) {
      assertSameStructure(
          expectedChildren.get(i),
          actualChildren.get(i),
          where + "/" + expectedChildren.get(i).getName() + "[" + i + "]");
    }
  }

  /** The request's contexts, name to value, in name order. */
  private static Map<String, String> contexts(Element request) {
    Map<String, String> contexts = new TreeMap<>();
    for (Element context : request.getChildren("setContext", BesRequests.BES_NS)) {
      contexts.put(context.getAttributeValue("name"), context.getText());
    }
    return contexts;
  }

  private static List<Element> withoutContexts(Element request) {
    return request.getChildren().stream().filter(e -> !e.getName().equals("setContext")).toList();
  }

  private static int lastContextIndex(Element request) {
    int last = -1;
    for (Element context : request.getChildren("setContext", BesRequests.BES_NS)) {
      last = Math.max(last, request.indexOf(context));
    }
    return last;
  }

  private static Element withoutEmptyConstraints(Element element) {
    Element copy = element.clone();
    for (Element child : new ArrayList<>(copy.getChildren())) {
      boolean constraint =
          child.getName().equals("constraint") || child.getName().equals("dap4constraint");
      if (constraint && child.getText().isEmpty() && child.getChildren().isEmpty()) {
        copy.removeContent(child);
      } else {
        copy.setContent(copy.indexOf(child), withoutEmptyConstraints(child));
      }
    }
    return copy;
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
