package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.emulator.FaultRule;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * The WAR in a real Tomcat 11 (a separate process) in front of the BES emulator over TCP: BES
 * messages per request, headers, error mapping, failure modes and real DAP clients.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class FrontEndIT {
  private static final String COADS = "coads_climatology.nc";

  // Two BES connections and a short wait for one, so the pool-exhausted case is quick to reach.
  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("FrontEndIT")
          // Two connections, both for one client (this test, from 127.0.0.1): no reserve and no
          // share, so that two slow gets can hold the whole pool (SharesIT tests the defaults).
          .olfsXml(
              started ->
                  FrontEndExtension.olfsXml(
                      FrontEndExtension.tcp(started) + "<ClientPool maximum=\"2\"/>",
                      "<ClientPool acquireTimeout=\"300ms\" reserve=\"0\"/><Cache negativeTtl=\"60\"/>"
                          + "<BesGroups clientShare=\"100%\"/><RetryAfter seconds=\"3\"/>"));

  private BesEmulator bes;
  private URI opendap;

  @BeforeAll
  void start() {
    bes = FRONT_END.bes();
    opendap = FRONT_END.opendap();
  }

  @BeforeEach
  void reset() throws Exception {
    bes.clearFaults();
    // Every test starts cold: nothing cached.
    HttpResponse<byte[]> r = ItSupport.send("POST", opendap.resolve("status/invalidate?all=true"));
    assertEquals(200, r.statusCode(), ItSupport.text(r));
    bes.resetCounts();
  }

  private HttpResponse<byte[]> get(String pathAndQuery, String... headers) throws Exception {
    return ItSupport.get(opendap.resolve(pathAndQuery), headers);
  }

  private long messages() {
    return bes.requestCount();
  }

  private void assertCounts(long showNode, long get, String when) {
    assertEquals(
        showNode,
        bes.commandCount("showNode"),
        "showNode messages " + when + ": " + bes.commandCounts());
    assertEquals(get, bes.commandCount("get"), "get messages " + when + ": " + bes.commandCounts());
    assertEquals(showNode + get, messages(), "BES messages " + when + ": " + bes.commandCounts());
  }

  @ParameterizedTest
  @ValueSource(strings = {"das", "dds", "dods", "ascii", "asc", "dmr", "dap", "info"})
  void cold2_warm1_orNone_for(String suffix) throws Exception {
    String url =
        COADS
            + "."
            + suffix
            + (suffix.equals("dmr") || suffix.equals("dap") ? "?dap4.ce=COADSX" : "?COADSX");
    assertEquals(200, get(url).statusCode());
    assertCounts(1, 1, "for a cold ." + suffix);
    bes.resetCounts();
    for (int i = 0; i < 3; i++) {
      HttpResponse<byte[]> warm = get(url);
      assertEquals(200, warm.statusCode());
      assertTrue(warm.body().length > 0);
    }
    // Metadata answers, and by default data answers up to 1 MiB (these slices are far smaller),
    // are kept by the response cache: a warm one costs no BES message.
    assertCounts(0, 0, "for three warm ." + suffix);
    assertEquals(0, bes.commandCount("showVersion") + bes.commandCount("showStatus"));
  }

  /** Issue 27: a classic DAP2 URL with raw brackets is the front end's, not Tomcat's 400. */
  @Test
  void rawBrackets_answer200_andTheStartSaysTheConnectorTakesThem() throws Exception {
    ItSupport.assertRawBracketsServed(FRONT_END.tomcat().port(), FRONT_END.tomcat().console());
  }

  @Test
  void headers_handedToTomcatAsBytes_readAsTheServletApiWritesThem() throws Exception {
    ItSupport.assertHeadersHandedToTomcatAsBytes(
        FRONT_END.tomcat().port(), FRONT_END.tomcat().console());
  }

  @Test
  void ifModifiedSince_is304_withNoBesMessage() throws Exception {
    HttpResponse<byte[]> first = get(COADS + ".das");
    String lastModified = first.headers().firstValue("Last-Modified").orElseThrow();
    bes.resetCounts();
    HttpResponse<byte[]> again = get(COADS + ".das", "If-Modified-Since", lastModified);
    assertEquals(304, again.statusCode());
    assertEquals(0, again.body().length);
    assertEquals(0, messages(), "a 304 costs no BES message: " + bes.commandCounts());
  }

  @Test
  void head_warm_hasNoBesMessage() throws Exception {
    get(COADS + ".dds");
    bes.resetCounts();
    HttpResponse<byte[]> head = ItSupport.send("HEAD", opendap.resolve(COADS + ".dods"));
    assertEquals(200, head.statusCode());
    assertEquals("dods_data", head.headers().firstValue("Content-Description").orElseThrow());
    assertEquals(0, messages());
  }

  @Test
  void missingDataset_oneShowNode_thenNoneWhileTheNegativeEntryLives() throws Exception {
    HttpResponse<byte[]> first = get("no_such.nc.dds");
    assertEquals(404, first.statusCode());
    // The dataset no_such.nc, then a file that might be named no_such.nc.dds.
    assertCounts(2, 0, "for a missing dataset");
    String body = ItSupport.text(first);
    assertTrue(body.startsWith("Error {\n    code = 404;"), body);
    assertTrue(body.contains("no_such.nc"), body);
    assertFalse(body.contains("/usr/share/hyrax"), "server paths must not show: " + body);
    bes.resetCounts();
    for (int i = 0; i < 3; i++) {
      assertEquals(404, get("no_such.nc.dds").statusCode());
    }
    assertEquals(0, messages(), "the negative entries answer: " + bes.commandCounts());
    for (String suffix : new String[] {"das", "dods", "dmr"}) {
      assertEquals(404, get("no_such.nc." + suffix).statusCode());
    }
    // Another suffix is another file name to rule out; the dataset itself is known missing.
    assertCounts(3, 0, "for other suffixes of a missing dataset");
  }

  @Test
  void missingDataset_dap4AndBrowserForms() throws Exception {
    HttpResponse<byte[]> dap4 = get("no_such.nc.dmr");
    assertEquals(404, dap4.statusCode());
    assertEquals(
        "application/vnd.opendap.dap4.error+xml",
        dap4.headers().firstValue("Content-Type").orElseThrow());
    assertTrue(ItSupport.text(dap4).contains("<Error httpcode=\"404\">"), ItSupport.text(dap4));
    HttpResponse<byte[]> html = get("no_such.nc.dds", "Accept", "text/html,*/*;q=0.8");
    assertTrue(html.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
    assertFalse(ItSupport.text(html).contains("/usr/share/hyrax"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "das | text/plain | dods_das | 3.2",
        "dds | text/plain | dods_dds | 3.2",
        "dods | application/octet-stream | dods_data | 3.2",
        "ascii | text/plain | dods_ascii | 3.2",
        "info | text/html | DAP2 Dataset Information Page | 3.2",
        "dmr | application/vnd.opendap.dap4.dataset-metadata+xml | application/vnd.opendap.dap4.dataset-metadata+xml | 4.0",
        "dap | application/vnd.opendap.dap4.data | application/vnd.opendap.dap4.data | 4.0",
      })
  void headers(String suffix, String contentType, String description, String xdap)
      throws Exception {
    HttpResponse<byte[]> r = get(COADS + "." + suffix);
    assertEquals(200, r.statusCode());
    assertEquals(contentType, r.headers().firstValue("Content-Type").orElseThrow());
    assertEquals(description, r.headers().firstValue("Content-Description").orElseThrow());
    assertEquals("dods/3.2", r.headers().firstValue("XDODS-Server").orElseThrow());
    assertTrue(
        r.headers().firstValue("XOPeNDAP-Server").orElseThrow().startsWith("olfs-fastpath/"));
    assertEquals(xdap, r.headers().firstValue("XDAP").orElseThrow());
    assertTrue(r.headers().firstValue("Last-Modified").isPresent());
  }

  @Test
  void dmr_namesTheDatasetUrlAsXmlBase() throws Exception {
    String dmr = ItSupport.text(get(COADS + ".dmr"));
    assertTrue(dmr.contains("xml:base=\"" + opendap.resolve(COADS) + "\""), dmr);
  }

  @Test
  void gzip_whenAccepted_forText() throws Exception {
    HttpResponse<byte[]> plain = get(COADS + ".das");
    HttpResponse<byte[]> gzip = get(COADS + ".das", "Accept-Encoding", "gzip");
    assertEquals("gzip", gzip.headers().firstValue("Content-Encoding").orElseThrow());
    byte[] inflated = new GZIPInputStream(new ByteArrayInputStream(gzip.body())).readAllBytes();
    assertEquals(ItSupport.text(plain), new String(inflated, StandardCharsets.ISO_8859_1));
    assertTrue(gzip.body().length < plain.body().length);
  }

  @Test
  void badConstraint_is400_withTheBesMessage() throws Exception {
    HttpResponse<byte[]> r = get(COADS + ".dds?NOSUCHVAR");
    assertEquals(400, r.statusCode());
    assertTrue(ItSupport.text(r).contains("code = 400;"), ItSupport.text(r));
  }

  @ParameterizedTest
  @ValueSource(strings = {"nc/%252e%252e/x.dds", "a%5cb.nc.dds", "coads_climatology.nc;x=1.dds"})
  void rejectedUrls_costNoBesMessage(String path) throws Exception {
    HttpResponse<byte[]> r = get(path);
    assertEquals(400, r.statusCode());
    assertEquals(0, messages(), bes.commandCounts().toString());
  }

  @Test
  void traversalAndControlCharacters_rejectedBeforeTheBes() throws Exception {
    for (String raw :
        new String[] {
          "/opendap/../opendap/x.dds",
          "/opendap/%2e%2e/x.dds",
          "/opendap/a%00b.nc.dds",
          "/opendap/a%0d%0ab.nc.dds",
          "/opendap/x/..%2f..%2fetc.dds"
        }) {
      String response =
          new String(ItSupport.rawGet(FRONT_END.tomcat().port(), raw), StandardCharsets.ISO_8859_1);
      assertTrue(
          response.startsWith("HTTP/1.1 4"),
          raw + " -> " + response.lines().findFirst().orElse(""));
    }
    assertEquals(0, messages(), bes.commandCounts().toString());
  }

  @Test
  void overLongUrl_is414() throws Exception {
    HttpResponse<byte[]> r = get(COADS + ".dds?" + "a".repeat(5000));
    assertEquals(414, r.statusCode());
    assertEquals(0, messages());
  }

  @Test
  void directoryListings() throws Exception {
    HttpResponse<byte[]> html = get("");
    assertEquals(200, html.statusCode());
    assertTrue(ItSupport.text(html).contains(COADS + ".dmr"), ItSupport.text(html));
    HttpResponse<byte[]> json = get("contents.json");
    assertEquals("application/json", json.headers().firstValue("Content-Type").orElseThrow());
    assertTrue(ItSupport.text(json).contains("\"name\": \"" + COADS + "\""), ItSupport.text(json));
    assertEquals(1, bes.commandCount("showNode"));
    assertEquals(0, bes.commandCount("get"));
  }

  @Test
  void version_costsNoBesMessage() throws Exception {
    HttpResponse<byte[]> r = get("version");
    assertEquals(200, r.statusCode());
    assertEquals("dods_version", r.headers().firstValue("Content-Description").orElseThrow());
    assertEquals(0, messages());
  }

  @Test
  void statusEndpoint_andInvalidation() throws Exception {
    get(COADS + ".das");
    get(COADS + ".das");
    String status = ItSupport.text(get("status"));
    for (String key :
        new String[] {
          "\"frontEnd\"",
          "\"cache\"",
          "\"pool\"",
          "\"hitRate\"",
          "\"loadSuccessCount\"",
          "\"evictionCount\"",
          "\"size\"",
          "\"idle\""
        }) {
      assertTrue(status.contains(key), key + " in " + status);
    }
    assertEquals(
        200,
        ItSupport.send("POST", opendap.resolve("status/invalidate?path=/" + COADS)).statusCode());
    bes.resetCounts();
    get(COADS + ".das");
    assertCounts(1, 1, "after invalidating the path");
  }

  @Test
  void besDown_is503_atOnce_andRecovers() throws Exception {
    get(COADS + ".ascii?COADSX");
    ItSupport.assertBesDown503AtOnce_andBackByItself(opendap, bes, COADS + ".ascii?COADSY");
  }

  @Test
  void poolExhausted_is503_withRetryAfter() throws Exception {
    // The dataset's catalog entry warm; the three data answers below are each asked for the first
    // time (a kept one would need no connection).
    assertEquals(200, get(COADS + ".dds").statusCode());
    bes.resetCounts();
    FaultRule slow = FaultRule.forCommand("get", Fault.delay(Duration.ofSeconds(2)));
    bes.addFaultRule(slow);
    CompletableFuture<HttpResponse<byte[]>> a;
    CompletableFuture<HttpResponse<byte[]>> b;
    HttpResponse<byte[]> refused;
    try {
      // Two slow gets hold both pooled connections.
      a = CompletableFuture.supplyAsync(() -> call(COADS + ".dods?COADSX"));
      b = CompletableFuture.supplyAsync(() -> call(COADS + ".asc?COADSY"));
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (bes.commandCount("get") < 2 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(
          2, bes.commandCount("get"), "both connections should be busy: " + bes.commandCounts());
      refused = get(COADS + ".ascii?SST");
    } finally {
      bes.removeFaultRule(slow);
    }
    assertEquals(200, a.join().statusCode());
    assertEquals(200, b.join().statusCode());
    assertEquals(503, refused.statusCode(), ItSupport.text(refused));
    assertEquals("3", refused.headers().firstValue("Retry-After").orElseThrow());
    assertEquals(2, bes.commandCount("get"), "the refused request never reached the BES");
  }

  private HttpResponse<byte[]> call(String path) {
    try {
      return get(path);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void besErrorAfterDataWasSent_abortsTheConnection() throws Exception {
    get(COADS + ".dds");
    bes.enqueueFault(Fault.midStreamError());
    // The whole dataset (3 MB): over the response cache's 1 MiB cap, so it streams on, and half
    // of it goes out before the BES's error.
    byte[] raw = ItSupport.rawGet(FRONT_END.tomcat().port(), "/opendap/" + COADS + ".dods");
    String head = new String(raw, 0, Math.min(raw.length, 1024), StandardCharsets.ISO_8859_1);
    assertTrue(head.startsWith("HTTP/1.1 200"), head);
    assertTrue(head.toLowerCase().contains("transfer-encoding: chunked"), head);
    String tail =
        new String(
            raw, Math.max(0, raw.length - 7), Math.min(raw.length, 7), StandardCharsets.ISO_8859_1);
    assertFalse(tail.endsWith("0\r\n\r\n"), "the last chunk must not be sent after a BES failure");
    // Part of the data went out first. What the spool held when the BES failed is dropped with
    // it (the response is broken either way, and the client learns so at once instead of after
    // reading the rest): the client has what was written before, at least the first 32 KiB.
    assertTrue(raw.length > 32 * 1024, "part of the data went out first: " + raw.length);
    // The front end recovers: the next request is whole.
    HttpResponse<byte[]> next = get(COADS + ".dods");
    assertEquals(200, next.statusCode());
    assertTrue(next.body().length > raw.length);
  }

  @Test
  void besErrorBeforeCommit_isACleanError() throws Exception {
    get(COADS + ".ascii?COADSX");
    bes.enqueueFault(Fault.midStreamError());
    // Another slice (the first is kept now, and would need no BES).
    HttpResponse<byte[]> r = get(COADS + ".ascii?COADSY");
    assertTrue(r.statusCode() >= 500, "status " + r.statusCode());
    assertTrue(ItSupport.text(r).startsWith("Error {"), ItSupport.text(r));
  }

  // Real clients, unchanged, against the front end.

  @Test
  void ncdump_header() throws Exception {
    ItSupport.Run run =
        ItSupport.runClient("/usr/bin/ncdump", "-h", opendap.resolve(COADS).toString());
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("float SST(TIME, COADSY, COADSX)"), run.output());
    assertTrue(run.output().contains("COADSX:units = \"degrees_east\""), run.output());
  }

  @Test
  void ncdump_variable() throws Exception {
    ItSupport.Run run =
        ItSupport.runClient("/usr/bin/ncdump", "-v", "COADSX", opendap.resolve(COADS).toString());
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("COADSX = 21, 23, 25,"), run.output());
    assertTrue(run.output().contains("377, 379 ;"), run.output());
  }

  @Test
  void ncdump_dap4_variable() throws Exception {
    // netCDF-C 4.9's DAP4 reader verifies a CRC32 after each variable but does not ask for one;
    // as against Hyrax, the URL asks (dap4.checksum=true), and the BES is sent dap4_checksums.
    ItSupport.Run run =
        ItSupport.runClient(
            "/usr/bin/ncdump", "-v", "COADSX", opendap.resolve(COADS) + "?dap4.checksum=true#dap4");
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("COADSX = 21, 23, 25,"), run.output());
    assertTrue(run.output().contains("377, 379 ;"), run.output());
  }

  @Test
  void getdap_dds_andData() throws Exception {
    ItSupport.Run dds =
        ItSupport.runClient("/usr/bin/getdap", "-d", opendap.resolve(COADS).toString());
    assertEquals(0, dds.exitCode(), dds.output());
    assertTrue(
        dds.output().contains("Float32 SST[TIME = 12][COADSY = 90][COADSX = 180];"), dds.output());
    ItSupport.Run data =
        ItSupport.runClient(
            "/usr/bin/getdap", "-D", "-c", "COADSX[0:1:3]", opendap.resolve(COADS).toString());
    assertEquals(0, data.exitCode(), data.output());
    assertTrue(
        data.output().contains("Float64 COADSX[COADSX = 4] = {21, 23, 25, 27};"), data.output());
  }

  @Test
  void getdap_missingDataset_reportsTheError() throws Exception {
    ItSupport.Run run =
        ItSupport.runClient("/usr/bin/getdap", "-d", opendap.resolve("no_such.nc").toString());
    assertTrue(run.exitCode() != 0 || run.output().contains("no_such.nc"), run.output());
    assertFalse(run.output().contains("/usr/share/hyrax"), run.output());
  }

  @Test
  void python_netCDF4() throws Exception {
    ItSupport.Run run =
        ItSupport.runClient(
            "/usr/bin/python3",
            "-c",
            String.join(
                "\n",
                "import sys",
                "try:",
                "    import netCDF4",
                "except ImportError:",
                "    print('SKIP: python3-netcdf4 is not installed'); sys.exit(3)",
                "d = netCDF4.Dataset(sys.argv[1])",
                "print(sorted(d.variables))",
                "print(list(d.variables['COADSX'][:4]))",
                "print(d.variables['SST'].shape)"),
            opendap.resolve(COADS).toString());
    org.junit.jupiter.api.Assumptions.assumeTrue(run.exitCode() != 3, run.output());
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(
        run.output().contains("['AIRT', 'COADSX', 'COADSY', 'SST', 'TIME', 'UWND', 'VWND']"),
        run.output());
    assertTrue(run.output().contains("[21.0, 23.0, 25.0, 27.0]"), run.output());
    assertTrue(run.output().contains("(12, 90, 180)"), run.output());
  }

  @Test
  void realClients_warmRequestsCostOneBesMessageEach() throws Exception {
    ItSupport.runClient("/usr/bin/ncdump", "-h", opendap.resolve(COADS).toString());
    bes.resetCounts();
    ItSupport.Run run =
        ItSupport.runClient("/usr/bin/ncdump", "-h", opendap.resolve(COADS).toString());
    assertEquals(0, run.exitCode(), run.output());
    Map<String, Long> counts = bes.commandCounts();
    assertEquals(0, bes.commandCount("showNode"), counts.toString());
    assertEquals(messages(), bes.commandCount("get"), counts.toString());
  }
}
