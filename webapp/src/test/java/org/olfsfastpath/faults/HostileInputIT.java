package org.olfsfastpath.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.emulator.RecordedRequest;
import org.olfsfastpath.soak.FaultBench;
import org.olfsfastpath.soak.FaultScenarios;
import org.olfsfastpath.soak.RawHttp;

/**
 * A corpus of bad URLs, headers and methods sent as raw bytes to the front end in a real Tomcat,
 * with the BES traffic checked on the emulator: each request gets the right 4xx, its error body
 * shows no server path, stack trace or BES internals, and it either never reaches the BES or
 * reaches it as exactly the one command it should, its values intact (escaped by the XML library,
 * never able to add or change an element).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class HostileInputIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(20);
  private static final String DATASET = "/opendap/coads_climatology.nc";

  @RegisterExtension
  static final FaultBenchExtension BENCH =
      FaultBenchExtension.named("hostile", FaultBench.Settings.LOAD.withSizes(16, 10_000, "256m"));

  private FaultBench bench;

  /**
   * What the BES must receive for one request: nothing, showNodes of these paths in order (a path
   * with a suffix is looked up as the dataset it names, then as a file of its own), or a get.
   */
  record BesSees(
      String command,
      String path,
      String constraint,
      List<String> paths,
      String function,
      String coordinates) {
    static final BesSees NOTHING = new BesSees("", "", "", List.of(), "", "");

    static BesSees showNode(String... paths) {
      return new BesSees("showNode", paths[0], "", List.of(paths), "", "");
    }

    static BesSees get(String path, String constraint) {
      return new BesSees("get", path, constraint, List.of(path), "", "");
    }

    /** A get with a DAP4 server function, its text as the client wrote it. */
    static BesSees get(String path, String constraint, String function) {
      return new BesSees("get", path, constraint, List.of(path), function, "");
    }

    /** A request form's get, then its one get of the dataset's coordinate values. */
    static BesSees formGet(String path, String constraint, String coordinates) {
      return new BesSees("get", path, constraint, List.of(path), "", coordinates);
    }

    @Override
    public String toString() {
      return command.isEmpty()
          ? "nothing"
          : command
              + " "
              + paths
              + (constraint.isEmpty() ? "" : " [" + constraint + "]")
              + (function.isEmpty() ? "" : " function [" + function + "]")
              + (coordinates.isEmpty() ? "" : " then get [" + coordinates + "]");
    }
  }

  @BeforeAll
  void start() throws Exception {
    bench = BENCH.bench();
    // The start-up warm-up may have kept answers of this dataset (a request form's DMR): drop
    // both caches, so that each case meets the BES as the first request for its answer does.
    RawHttp.Response invalidated =
        RawHttp.exchange(
            bench.port(),
            RawHttp.request("POST", "/opendap/status/invalidate?all=true", "Content-Length: 0"),
            TIMEOUT);
    assertEquals(200, invalidated.status(), invalidated::text);
    // Warm the dataset the constraint cases use: they cost the BES exactly one get.
    assertEquals(200, bench.get(DATASET + ".das").status());
    drain();
  }

  static Stream<Arguments> corpus() {
    String longPath = "/opendap/" + "a".repeat(5000) + ".nc.dds";
    String longConstraint = DATASET + ".ascii?" + "COADSX,".repeat(300);
    String hugeUrl = "/opendap/" + "b".repeat(20_000) + ".nc.dds";
    Set<Integer> refused = Set.of(400);
    Set<Integer> refusedOrAbsent = Set.of(400, 404);
    return Stream.of(
        // Path traversal, in every spelling.
        get("dot-dot", "/opendap/../etc/passwd.dds", refusedOrAbsent, BesSees.NOTHING),
        get(
            "dot-dot deep",
            "/opendap/nc/../../../etc/passwd.dds",
            refusedOrAbsent,
            BesSees.NOTHING),
        get(
            "dot-dot in the catalog",
            "/opendap/nc/../coads_climatology.nc.dds",
            refused,
            BesSees.NOTHING),
        get("encoded dot-dot", "/opendap/%2e%2e/etc/passwd.dds", refusedOrAbsent, BesSees.NOTHING),
        get(
            "encoded dot-dot in the catalog",
            "/opendap/nc/%2e%2e/coads_climatology.nc.dds",
            refused,
            BesSees.NOTHING),
        get("mixed dot-dot", "/opendap/nc/.%2E/coads_climatology.nc.dds", refused, BesSees.NOTHING),
        get(
            "double-encoded dot-dot",
            "/opendap/%252e%252e/etc/passwd.dds",
            refused,
            BesSees.NOTHING),
        get("encoded slash", "/opendap/..%2fetc%2fpasswd.dds", refused, BesSees.NOTHING),
        get("encoded backslash", "/opendap/..%5cetc%5cpasswd.dds", refused, BesSees.NOTHING),
        get("backslash", "/opendap/..\\..\\etc\\passwd.dds", refused, BesSees.NOTHING),
        get(
            "overlong UTF-8 dots",
            "/opendap/%c0%ae%c0%ae/etc/passwd.dds",
            refused,
            BesSees.NOTHING),
        get("dot segment", "/opendap/nc/./coads_climatology.nc.dds", refused, BesSees.NOTHING),
        get(
            "absolute-looking path stays in the catalog",
            "/opendap//etc/passwd.dds",
            Set.of(404),
            BesSees.showNode("/etc/passwd", "/etc/passwd.dds")),
        // NUL and control characters.
        get(
            "encoded NUL in the path",
            "/opendap/coads_climatology.nc%00.dds",
            refused,
            BesSees.NOTHING),
        get("encoded NUL in the constraint", DATASET + ".dds?COADSX%00", refused, BesSees.NOTHING),
        get(
            "CRLF in the constraint",
            DATASET + ".dds?COADSX%0d%0aX-Injected:%20yes",
            refused,
            BesSees.NOTHING),
        get(
            "control character in the path",
            "/opendap/coads%01climatology.nc.dds",
            refused,
            BesSees.NOTHING),
        get(
            "raw control byte in the path",
            "/opendap/coads\u0001climatology.nc.dds",
            refused,
            BesSees.NOTHING),
        get(
            "C1 control (NEL) in the constraint",
            DATASET + ".dds?%c2%85",
            refused,
            BesSees.NOTHING),
        get("DEL in the path", "/opendap/coads%7fclimatology.nc.dds", refused, BesSees.NOTHING),
        // XML metacharacters and CDATA ends: escaped into the command, never changing it.
        get(
            "XML metacharacters in the path",
            "/opendap/a%3cb%3e%26%22'.nc.dds",
            Set.of(404),
            BesSees.showNode("/a<b>&\"'.nc", "/a<b>&\"'.nc.dds")),
        get(
            "CDATA end in the path",
            "/opendap/x%5d%5d%3e.nc.das",
            Set.of(404),
            BesSees.showNode("/x]]>.nc", "/x]]>.nc.das")),
        get(
            "element injection in the path",
            "/opendap/x%22%3E%3CsetContext%20name=%22errors%22%3Ehtml%3C.nc.das",
            Set.of(404),
            BesSees.showNode(
                "/x\"><setContext name=\"errors\">html<.nc",
                "/x\"><setContext name=\"errors\">html<.nc.das")),
        get(
            "XML metacharacters in the constraint",
            DATASET + ".ascii?COADSX%3C%3E%26%22'%5D%5D%3E",
            Set.of(400),
            BesSees.get("/coads_climatology.nc", "COADSX<>&\"']]>")),
        get(
            "element injection in the constraint",
            DATASET
                + ".ascii?COADSX%3C/constraint%3E%3C/"
                + "container%3E%3C/define%3E%3Cget%20type=%22dods%22%20definition=%22d1%22/%3E",
            // Spaces go to the BES as %20, as the OLFS sends them (libdap splits words on spaces).
            Set.of(400),
            BesSees.get(
                "/coads_climatology.nc",
                "COADSX</constraint></container>"
                    + "</define><get%20type=\"dods\"%20definition=\"d1\"/>")),
        get(
            "CDATA end in a DAP4 constraint",
            DATASET + ".dmr?dap4.ce=COADSX%5D%5D%3E%3C!--",
            Set.of(400),
            BesSees.get("/coads_climatology.nc", "COADSX]]><!--")),
        // Over-long URL, constraint and headers.
        get("URL over the configured limit", longPath, Set.of(414), BesSees.NOTHING),
        get("constraint over the configured limit", longConstraint, Set.of(414), BesSees.NOTHING),
        get("URL over Tomcat's header limit", hugeUrl, Set.of(400, 414), BesSees.NOTHING),
        raw(
            "header over Tomcat's limit",
            RawHttp.request("GET", DATASET + ".dds", "X-Padding: " + "c".repeat(20_000)),
            Set.of(400, 431),
            BesSees.NOTHING),
        raw(
            "thousands of headers",
            RawHttp.request("GET", DATASET + ".dds", manyHeaders(2_000)),
            Set.of(400, 431),
            BesSees.NOTHING),
        // Invalid UTF-8.
        get("invalid UTF-8 in the path", "/opendap/%ff%fe.nc.dds", refused, BesSees.NOTHING),
        get("truncated UTF-8 in the path", "/opendap/caf%c3.nc.dds", refused, BesSees.NOTHING),
        get("invalid UTF-8 in the constraint", DATASET + ".dds?%ff", refused, BesSees.NOTHING),
        get("raw byte 0xff in the path", "/opendap/caf\u00ff.nc.dds", refused, BesSees.NOTHING),
        // Unknown suffixes (a file of that name, perhaps) and path parameters.
        get(
            "unknown suffix",
            DATASET + ".exe",
            Set.of(404),
            BesSees.showNode("/coads_climatology.nc.exe")),
        get("path parameter", DATASET + ".dds;jsessionid=0123", refused, BesSees.NOTHING),
        raw(
            "markup in a 404 for a browser",
            RawHttp.request("GET", "/opendap/%3Cscript%3Ealert(1)%3C.nc.exe", "Accept: text/html"),
            Set.of(404),
            BesSees.showNode("/<script>alert(1)<.nc.exe")),
        // The new responses: constraints reach the BES intact, or are refused before it.
        get(
            "CDATA end in a netCDF constraint",
            DATASET + ".nc?COADSX%5D%5D%3E",
            Set.of(400),
            BesSees.get("/coads_climatology.nc", "COADSX]]>")),
        get(
            "element injection in a DAP4 CSV constraint",
            DATASET + ".dap.csv?dap4.ce=COADSX%3C/dap4constraint%3E%3Cget/%3E",
            Set.of(400),
            BesSees.get("/coads_climatology.nc", "COADSX</dap4constraint><get/>")),
        get(
            "a DAP4 filter has no DAP2 equal for .dap.xml",
            DATASET + ".dap.xml?dap4.ce=/SST%7CSST%3E2",
            Set.of(400),
            BesSees.NOTHING),
        get(
            "markup as a form's variable is not echoed",
            DATASET + ".dmr.html?var=%3Cscript%3Ealert(1)%3C/script%3E&format=dap",
            Set.of(200),
            BesSees.formGet("/coads_climatology.nc", "", "/COADSX;/COADSY;/TIME")),
        get(
            "an unknown site map file",
            "/opendap/siteMap/smap_%3Cx%3E.txt",
            Set.of(404),
            BesSees.NOTHING),
        // DAP4 server functions: the expression reaches the BES as text inside the one get,
        // never as an element of the command; what upstream offers and this server does not is
        // refused before the BES.
        get(
            "element injection in a dap4.function",
            DATASET
                + ".dap?dap4.function=x%3C/"
                + "dap4function%3E%3C/container%3E%3C/define%3E%3Cget%20type=%22stream%22%20"
                + "definition=%22d1%22/%3E%3C!--",
            Set.of(400),
            BesSees.get(
                "/coads_climatology.nc",
                "",
                "x</dap4function></container></define>"
                    + "<get type=\"stream\" definition=\"d1\"/><!--")),
        get(
            "CDATA end and markup in a dap4.function",
            DATASET
                + ".dap?dap4.ce=COADSX"
                + "&dap4.function=linear_scale(%3Cscript%3E,%5D%5D%3E,0)",
            Set.of(400),
            BesSees.get("/coads_climatology.nc", "COADSX", "linear_scale(<script>,]]>,0)")),
        get(
            "a control character in a dap4.function",
            DATASET + ".dap?dap4.function=version(%0d)",
            refused,
            BesSees.NOTHING),
        post(
            "element injection in a POST dap4.function",
            DATASET + ".dap",
            "dap4.function=x%3C%2Fdap4function%3E%3Cget%2F%3E",
            Set.of(400),
            BesSees.get("/coads_climatology.nc", "", "x</dap4function><get/>")),
        get(
            "dap4.store_result is not offered",
            DATASET + ".dods?dap4.store_result=http://x/",
            Set.of(501),
            BesSees.NOTHING),
        // POST bodies: bounded, typed, and carried into the command intact.
        post(
            "XML metacharacters in a POST constraint",
            DATASET + ".ascii",
            "ce=COADSX%3C%3E%26%22'%5D%5D%3E",
            Set.of(400),
            BesSees.get("/coads_climatology.nc", "COADSX<>&\"']]>")),
        post(
            "element injection in a POST dap4.ce",
            DATASET + ".dap",
            "dap4.ce=COADSX%3C%2Fdap4constraint%3E",
            Set.of(400),
            BesSees.get("/coads_climatology.nc", "COADSX</dap4constraint>")),
        // With Expect: 100-continue, as curl sends for a body over 1 MB: Tomcat then closes the
        // connection after the 413. Without it, Tomcat reads the unsent body until its
        // connectionTimeout before it closes (the client has its answer long before: it is
        // framed by Content-Length).
        raw(
            "POST body declared over the limit",
            RawHttp.request(
                "POST",
                DATASET + ".dods",
                "Content-Type: application/x-www-form-urlencoded",
                "Content-Length: 3000000",
                "Expect: 100-continue"),
            Set.of(413),
            BesSees.NOTHING),
        raw(
            "POST body of another type",
            concat(
                RawHttp.request(
                    "POST", DATASET + ".dods", "Content-Type: text/plain", "Content-Length: 6"),
                "COADSX"),
            Set.of(415),
            BesSees.NOTHING),
        raw(
            "POST to a directory",
            concat(
                RawHttp.request(
                    "POST",
                    "/opendap/",
                    "Content-Type: application/x-www-form-urlencoded",
                    "Content-Length: 4"),
                "ce=x"),
            Set.of(405),
            BesSees.NOTHING),
        // Methods other than GET, HEAD and POST.
        method("PUT"),
        method("DELETE"),
        method("PATCH"),
        method("OPTIONS"),
        method("PROPFIND"),
        // Tomcat answers these itself (TRACE is off; CONNECT is not implemented): never ours.
        raw(
            "method TRACE",
            RawHttp.request("TRACE", DATASET + ".dds"),
            Set.of(405),
            BesSees.NOTHING),
        raw(
            "CONNECT",
            "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                .getBytes(StandardCharsets.ISO_8859_1),
            Set.of(400, 405, 501),
            BesSees.NOTHING));
  }

  private static Arguments get(String name, String target, Set<Integer> statuses, BesSees bes) {
    return raw(name, RawHttp.request("GET", target), statuses, bes);
  }

  private static Arguments post(
      String name, String target, String body, Set<Integer> statuses, BesSees bes) {
    return raw(
        name,
        concat(
            RawHttp.request(
                "POST",
                target,
                "Content-Type: application/x-www-form-urlencoded",
                "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length),
            body),
        statuses,
        bes);
  }

  private static byte[] concat(byte[] head, String body) {
    byte[] tail = body.getBytes(StandardCharsets.UTF_8);
    byte[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  private static Arguments method(String method) {
    Set<Integer> statuses = Set.of(405);
    return raw(
        "method " + method,
        RawHttp.request(method, DATASET + ".dds", "Content-Length: 0"),
        statuses,
        BesSees.NOTHING);
  }

  private static Arguments raw(String name, byte[] request, Set<Integer> statuses, BesSees bes) {
    return Arguments.of(name, request, statuses, bes);
  }

  private static String[] manyHeaders(int count) {
    String[] headers = new String[count];
    for (int i = 0; i < count; i++) {
      headers[i] = "X-H" + i + ": v";
    }
    return headers;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void hostileRequest_right4xx_cleanBody_besCommandIntact(
      String name, byte[] request, Set<Integer> statuses, BesSees expected) throws Exception {
    RawHttp.Response r = RawHttp.exchange(bench.port(), request, TIMEOUT);
    System.out.println("hostile input: " + name + " -> " + r.outcome());
    assertTrue(
        statuses.contains(r.status()),
        () ->
            name
                + ": expected "
                + statuses
                + " but was "
                + r.outcome()
                + ": "
                + FaultScenarios.abbreviate(r.text()));
    List<String> shown = FaultScenarios.internalsShown(r.text());
    assertTrue(shown.isEmpty(), () -> name + ": the error body shows " + shown + ": " + r.text());
    assertFalse(
        r.text().contains("<script>alert"), () -> name + ": markup echoed unescaped: " + r.text());
    if (r.status() == 405 && !name.endsWith("TRACE")) {
      assertEquals(
          name.startsWith("method ") ? "GET, HEAD, POST" : "GET, HEAD", r.header("Allow"), name);
    }

    List<RecordedRequest> received = drain();
    if (expected.command().isEmpty()) {
      assertEquals(
          List.of(),
          received.stream().map(RecordedRequest::commands).toList(),
          name + ": must not reach the BES");
      return;
    }
    if (expected.command().equals("showNode")) {
      assertEquals(
          expected.paths().size(),
          received.size(),
          name + ": expected " + expected + ", got " + received);
      for (int i = 0; i < received.size(); i++) {
        RecordedRequest sent = received.get(i);
        assertEquals("", sent.failure(), name + ": the BES could not parse the command");
        assertEquals(
            List.of("showNode"),
            sent.commands().stream().filter(c -> !c.equals("setContext")).toList(),
            name + ": one showNode a request");
        assertEquals(
            expected.paths().get(i),
            commandElement(sent.xml(), "showNode").getAttributeValue("node"),
            name);
      }
      return;
    }
    if (!expected.coordinates().isEmpty()) {
      assertEquals(2, received.size(), name + ": expected " + expected + ", got " + received);
      RecordedRequest coordinates = received.get(1);
      assertEquals(expected.coordinates(), coordinates.constraint(), name);
      assertEquals(expected.path(), coordinates.containerPath(), name);
      received = received.subList(0, 1);
    }
    assertEquals(1, received.size(), name + ": expected one BES request, got " + received);
    RecordedRequest sent = received.get(0);
    assertEquals("", sent.failure(), name + ": the BES could not parse the command");
    commandElement(sent.xml(), expected.command());
    assertEquals(
        List.of("get"),
        sent.commands().stream()
            .filter(
                c -> !c.equals("setContext") && !c.equals("setContainer") && !c.equals("define"))
            .toList(),
        name + ": exactly one get, nothing added");
    assertEquals(expected.path(), sent.containerPath(), name);
    assertEquals(expected.constraint(), sent.constraint(), name);
    Element define = commandElement(sent.xml(), "define");
    Element container = define.getChild("container", define.getNamespace());
    List<Element> functions = container.getChildren("dap4function", container.getNamespace());
    assertEquals(expected.function().isEmpty() ? 0 : 1, functions.size(), name);
    if (!functions.isEmpty()) {
      assertEquals(expected.function(), functions.get(0).getText(), name);
      assertEquals(List.of(), functions.get(0).getChildren(), name + ": no element inside");
    }
  }

  /** Parses the recorded document as the BES would and finds the one command element. */
  private static Element commandElement(String xml, String name) throws Exception {
    SAXBuilder builder = new SAXBuilder();
    builder.setExpandEntities(false);
    Document document = builder.build(new StringReader(xml));
    List<Element> found = new ArrayList<>();
    for (Element e : document.getRootElement().getChildren()) {
      if (e.getName().equals(name)) {
        found.add(e);
      }
    }
    assertEquals(1, found.size(), () -> "one " + name + " element in " + xml);
    return found.get(0);
  }

  /** Everything the BES received since the last call. */
  private List<RecordedRequest> drain() throws InterruptedException {
    List<RecordedRequest> out = new ArrayList<>();
    RecordedRequest r;
    while ((r = bench.bes().takeRequest(50, TimeUnit.MILLISECONDS)) != null) {
      out.add(r);
    }
    return out;
  }
}
