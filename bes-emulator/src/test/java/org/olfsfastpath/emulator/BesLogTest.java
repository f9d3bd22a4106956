package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.testing.Captures;

/**
 * The emulator's bes.log is the BES's (dispatch/BESLog.cc, xmlcommand/BESXMLInterface.cc): fields
 * separated by {@code |&|}, {@code fields[3]} the request document's {@code reqID-reqUUID}, a get's
 * {@code request} line in the BES's order. The real BES's log of upstream's seven requests (Ref
 * bes.log, beside the captures) is the reference for the form; the captures' request documents,
 * which carry reqID and reqUUID as upstream sends them, are the reference for the id.
 */
final class BesLogTest {
  private static final Pattern TIME =
      Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d GMT");
  private static final Pattern REQ_ID = Pattern.compile("reqID=\"([^\"]*)\"");
  private static final Pattern REQ_UUID = Pattern.compile("reqUUID=\"([^\"]*)\"");

  @TempDir Path dir;

  private static String[] fields(String line) {
    return line.split("\\|&\\|", -1);
  }

  private List<String> lines() throws IOException {
    return Files.readAllLines(dir.resolve("bes.log"), StandardCharsets.UTF_8);
  }

  private BesEmulator emulator() {
    return BesEmulator.newBuilder().besLog(dir.resolve("bes.log")).build();
  }

  @Test
  void get_writesTheBesRequestLine_andEachDocumentATimingLine_underItsIds() throws IOException {
    try (BesEmulator bes = emulator()) {
      Exchanges.start(bes);
      try (PptConnection connection = Exchanges.open(bes.endpoint())) {
        Exchanges.send(
            connection, Requests.get("/coads_climatology.nc", "dods", "COADSX[0:1:3]", "ascii"));
        Exchanges.send(connection, Requests.showNode("/coads_climatology.nc"));
        Exchanges.send(connection, Requests.get("/coads_climatology.nc", "das", ""));
      }
    }
    List<String> lines = lines();
    assertEquals(5, lines.size(), String.join("\n", lines));
    String[] request = fields(lines.get(0));
    assertTrue(TIME.matcher(request[0]).matches(), request[0]);
    assertEquals(
        List.of(
            "-",
            "10000",
            "get-dods-uuid-get-dods",
            "request",
            "get.dods",
            "ascii",
            "/usr/share/hyrax/coads_climatology.nc",
            "COADSX[0:1:3]"),
        Arrays.asList(request).subList(1, request.length));
    String[] timing = fields(lines.get(1));
    assertEquals("get-dods-uuid-get-dods", timing[3]);
    assertEquals("timing", timing[4]);
    assertEquals("get-dods-uuid-get-dods", timing[11]);
    assertEquals("node-uuid-node", fields(lines.get(2))[3]);
    assertEquals("timing", fields(lines.get(2))[4]);
    // No constraint: the line ends with the real path; no returnAs: dap, as the BES writes it.
    assertEquals(
        List.of("request", "get.das", "dap", "/usr/share/hyrax/coads_climatology.nc"),
        Arrays.asList(fields(lines.get(3))).subList(4, 8));
    assertEquals(8, fields(lines.get(3)).length);
  }

  /** Without reqID or reqUUID the BES logs its own fallbacks (BESXMLInterface.cc). */
  @Test
  void missingIds_areTheBesFallbacks() throws IOException {
    byte[] document =
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><request xmlns=\""
                + Requests.NS
                + "\"><setContext name=\"errors\">xml</setContext><showVersion/></request>")
            .getBytes(StandardCharsets.UTF_8);
    try (BesEmulator bes = emulator()) {
      Exchanges.start(bes);
      Exchanges.once(bes, document);
    }
    String id = fields(lines().get(0))[3];
    assertTrue(
        id.startsWith(
            "BESXMLInterface::build_data_request_plan() - NoRequestIdDetected-BesXmlInterface-"),
        id);
  }

  /** With the olfsLog context, the BES puts the front end's fields before its own. */
  @Test
  void olfsLogContext_comesBeforeTheBesFields() throws IOException {
    String olfs =
        "127.0.0.1|&|curl#7#88#1|&|-|&|-|&|1795889440970|&|id-uuid|&|HTTP-GET"
            + "|&|/opendap/coads_climatology.nc.das|&|-";
    byte[] document =
        Requests.document(
            "get-das",
            "<setContext name=\"olfsLog\">"
                + olfs.replace("&", "&amp;")
                + "</setContext><setContainer name=\"c\" space=\"catalog\">/coads_climatology.nc"
                + "</setContainer><define name=\"d1\" space=\"default\"><container name=\"c\"/>"
                + "</define><get type=\"das\" definition=\"d1\"/>");
    try (BesEmulator bes = emulator()) {
      Exchanges.start(bes);
      Exchanges.once(bes, document);
    }
    String line = lines().get(0);
    assertTrue(
        line.contains(
            "|&|request|&|OLFS|&|" + olfs + "|&|BES|&|get.das|&|dap|&|/usr/share/hyrax/coads"),
        line);
  }

  /**
   * The captures' request documents, sent as upstream's OLFS sent them: each BES line carries
   * {@code reqID-reqUUID} of its document, which is how upstream's access log id (its {@code
   * RequestId.logId()}) finds the BES's lines; and the real BES's log has the same form.
   */
  @Test
  void captures_eachLineCarriesItsDocumentsReqIdAndReqUuid() throws IOException {
    Path captures = Captures.dir();
    List<String> names = new java.util.ArrayList<>();
    for (String name : Captures.names(".request.xml")) {
      // Errors are left out: some end the connection, as the BES ends it.
      if (!Captures.isError(name)) {
        names.add(name);
      }
    }
    assertFalse(names.isEmpty());
    try (BesEmulator bes = emulator()) {
      Exchanges.start(bes);
      try (PptConnection connection = Exchanges.open(bes.endpoint())) {
        for (String name : names) {
          Exchanges.send(connection, Captures.read(name, ".request.xml"));
        }
      }
    }
    List<String> lines = lines();
    int at = 0;
    for (String name : names) {
      String xml = Captures.request(name);
      Matcher id = REQ_ID.matcher(xml);
      assertTrue(id.find(), name + " carries reqID, as upstream sends it");
      Matcher uuid = REQ_UUID.matcher(xml);
      // Without reqUUID the BES makes one of its own (BESXMLInterface.cc).
      String expected = id.group(1) + "-" + (uuid.find() ? uuid.group(1) : "BesXmlInterface-");
      int count = xml.contains("<get ") ? 2 : 1;
      for (int i = 0; i < count; i++, at++) {
        String logged = fields(lines.get(at))[3];
        assertTrue(
            expected.endsWith("BesXmlInterface-")
                ? logged.startsWith(expected) && logged.length() == expected.length() + 36
                : logged.equals(expected),
            name + ": " + logged);
      }
    }
    assertEquals(lines.size(), at);

    // The real BES's log of upstream's requests: the same form, field by field.
    Path reference = captures.resolveSibling("reference/upstream-logs/bes.log");
    for (String line : Files.readAllLines(reference, StandardCharsets.UTF_8)) {
      String[] f = fields(line);
      assertTrue(TIME.matcher(f[0]).matches(), line);
      assertEquals("-", f[1], line);
      assertTrue(f[2].matches("\\d+"), line);
      assertTrue(
          f[3].matches(".+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), line);
      if (f[4].equals("request")) {
        assertTrue(f[5].startsWith("get."), line);
        assertTrue(f[7].startsWith("/usr/share/hyrax/"), line);
      }
      if (f[4].equals("timing")) {
        assertEquals(f[3], f[11], line);
      }
    }
    // Upstream's access log id of request 1 (header id) finds its get's BES lines.
    String accessId = "3f2b1c4e-aaaa-4bbb-8ccc-0123456789ab-555d78e7-8800-4411-8aed-89c5cd16fd13";
    List<String> first =
        Files.readAllLines(reference, StandardCharsets.UTF_8).stream()
            .filter(l -> fields(l)[3].equals(accessId))
            .toList();
    assertTrue(first.stream().anyMatch(l -> l.contains("|&|request|&|get.dods|&|ascii|&|")));
  }
}
