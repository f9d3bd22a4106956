package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.BesPoolExhaustedException;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.pages.PageHeaders;
import org.olfsfastpath.testing.Regression;

public final class DapServletTest {
  private static final String LAST_MODIFIED = "Sun, 22 Nov 2026 01:52:59 GMT";

  private final FakeBackend backend =
      new FakeBackend()
          .withDataset("/coads_climatology.nc")
          .withDirectory(
              "/nc", new DataSource.Child("fnoc1.nc", true, FakeBackend.MODIFIED, 23944, false))
          .withDirectory("/", new DataSource.Child("nc", false, FakeBackend.MODIFIED, 0, true));
  private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
  private final FrontEndStats stats = new FrontEndStats();

  /** Kept across requests, as the listener keeps them: the site map is built once. */
  private Responders responders;

  /** The settings {@link #responders} were built with; a test that changes them gets new ones. */
  private FrontEndSettings respondersSettings;

  /** What the metrics were told: type, status. */
  private final List<String> timed = new java.util.ArrayList<>();

  private final DapServlet.RequestTimer timer =
      (type, status, nanos) -> {
        assertTrue(nanos >= 0);
        timed.add(type + " " + status);
      };
  private final VersionService versions = new VersionService("test", backend::versions, List.of());
  private FrontEndSettings settings =
      FrontEndSettings.newBuilder().catalogRoot("/usr/share/hyrax").retryAfterSeconds(7).build();

  private FakeHttp.Response run(FakeHttp.Request request) throws IOException {
    return run(request, new FakeHttp.Response());
  }

  private FakeHttp.Response run(FakeHttp.Request request, FakeHttp.Response response)
      throws IOException {
    servlet(DapRequestParser.withDefaults()).service(request.build(), response.build());
    return response;
  }

  private DapServlet servlet(DapRequestParser parser) {
    if (responders == null || respondersSettings != settings) {
      responders =
          Responders.create(
              settings,
              backend,
              "test",
              versions,
              null,
              Clock.fixed(NOW, ZoneOffset.UTC),
              org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
              AnswerPolicy.defaults());
      respondersSettings = settings;
    }
    return new DapServlet(
        parser,
        responders,
        stats,
        settings,
        settings.catalogRoot().orElse(null),
        timer,
        AccessGate.open());
  }

  @Test
  void dds_streamsBodyWithDapHeaders_oneGet() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds?COADSX"));
    assertEquals(200, r.status);
    assertArrayEquals(backend.body, r.body());
    assertEquals("text/plain", r.header("Content-Type"));
    assertEquals("dods_dds", r.header("Content-Description"));
    assertEquals("dods/3.2", r.header("XDODS-Server"));
    assertEquals("olfs-fastpath/test", r.header("XOPeNDAP-Server"));
    assertEquals("3.2", r.header("XDAP"));
    assertEquals("3.2", r.header("X-DAP"));
    assertNull(r.header("Content-Disposition"));
    assertEquals(LAST_MODIFIED, r.header("Last-Modified"));
    assertEquals(1, backend.lookups.get());
    assertEquals(
        java.util.List.of(new GetRequest("/coads_climatology.nc", BesGetType.DDS, "COADSX", "")),
        backend.gets);
    assertEquals(1, backend.closed.get());
    assertEquals(backend.body.length, stats.bytesStreamed.sum());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      value = {
        "/coads_climatology.nc.das | DAS | text/plain | dods_das | 3.2 | -",
        "/coads_climatology.nc.dods | DODS | application/octet-stream | dods_data | 3.2 | coads_climatology.nc.dods",
        "/coads_climatology.nc.ascii | ASCII | text/plain | dods_ascii | 3.2 | -",
        "/coads_climatology.nc.asc | ASCII | text/plain | dods_ascii | 3.2 | -",
        "/coads_climatology.nc.csv | ASCII | text/csv | text/csv | 3.2 | -",
        "/coads_climatology.nc.nc | DODS_NETCDF | application/x-netcdf | application/x-netcdf | 3.2 | coads_climatology.nc.nc",
        "/coads_climatology.nc.nc4 | DODS_NETCDF4 | application/x-netcdf;ver=4 | application/x-netcdf;ver=4 | 3.2 | coads_climatology.nc.nc4",
        "/coads_climatology.nc.json | DODS_JSON | application/json | application/json | 3.2 | coads_climatology.nc.json",
        "/coads_climatology.nc.ijsn | DODS_IJSON | application/json | application/json | 3.2 | coads_climatology.nc.ijsn",
        "/coads_climatology.nc.covjson | DODS_COVJSON | application/prs.coverage+json | application/prs.coverage+json | 3.2 | coads_climatology.nc.covjson",
        "/coads_climatology.nc.tiff | DODS_GEOTIFF | image/tiff;application=geotiff | image/tiff;application=geotiff | 3.2 | coads_climatology.nc.tiff",
        "/coads_climatology.nc.jp2 | DODS_JPEG2000 | image/jp2;application=gmljp2 | image/jp2;application=gmljp2 | 3.2 | coads_climatology.nc.jp2",
        "/coads_climatology.nc.xdap | XML_DATA | text/xml | dap_xml | 3.2 | coads_climatology.nc.xdap",
        "/coads_climatology.nc.ddx | DDX | text/xml | dods_ddx | 3.2 | -",
        "/coads_climatology.nc.info | INFO_PAGE | text/html | DAP2 Dataset Information Page | 3.2 | -",
        "/coads_climatology.nc.dmr | DMR | application/vnd.opendap.dap4.dataset-metadata+xml | application/vnd.opendap.dap4.dataset-metadata+xml | 4.0 | -",
        "/coads_climatology.nc.dmr.xml | DMR | text/xml | text/xml | 4.0 | -",
        "/coads_climatology.nc.dap | DAP | application/vnd.opendap.dap4.data | application/vnd.opendap.dap4.data | 4.0 | coads_climatology.nc.dap",
        "/coads_climatology.nc.dap.csv | DAP_CSV | text/csv | text/csv | 4.0 | coads_climatology.nc.csv",
        "/coads_climatology.nc.dap.xml | XML_DATA | text/xml | text/xml | 4.0 | coads_climatology.nc.xml",
        "/coads_climatology.nc.dap.nc | DAP_NETCDF | application/x-netcdf | application/x-netcdf | 4.0 | coads_climatology.nc.nc",
        "/coads_climatology.nc.dap.nc4 | DAP_NETCDF4 | application/x-netcdf;ver=4 | application/x-netcdf;ver=4 | 4.0 | coads_climatology.nc.nc4",
        "/coads_climatology.nc.dap.covjson | DAP_COVJSON | application/prs.coverage+json | application/prs.coverage+json | 4.0 | coads_climatology.nc.covjson",
        "/hyrax/coads_climatology.nc.DDS | DDS | text/plain | dods_dds | 3.2 | -",
      })
  void eachBesResponse_headersAndOneGet(
      String url,
      BesGetType type,
      String contentType,
      String description,
      String xdap,
      String filename)
      throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get(url));
    assertEquals(200, r.status);
    assertEquals(contentType, r.header("Content-Type"));
    assertEquals(description, r.header("Content-Description"));
    assertEquals(xdap, r.header("XDAP"));
    assertEquals(xdap, r.header("X-DAP"));
    assertEquals(
        filename == null ? null : "attachment; filename=\"" + filename + "\"",
        r.header("Content-Disposition"));
    assertEquals(1, backend.gets.size());
    assertEquals(type, backend.gets.get(0).type());
    assertEquals("/coads_climatology.nc", backend.gets.get(0).path());
    assertArrayEquals(backend.body, r.body());
  }

  @Test
  void addFileoutTypeSuffix_replacesTheShortExtension() throws IOException {
    settings = FrontEndSettings.newBuilder().addFileoutTypeSuffix(true).build();
    assertEquals(
        "attachment; filename=\"coads_climatology.nc4\"",
        run(FakeHttp.Request.get("/coads_climatology.nc.nc4")).header("Content-Disposition"));
  }

  @Test
  void netcdf_sendsTheHistoryOfTheRequest() throws IOException {
    run(FakeHttp.Request.get("/coads_climatology.nc.nc?SST%5B0%5D"));
    GetRequest get = backend.gets.get(0);
    assertEquals("SST[0]", get.constraint());
    assertEquals(
        List.of("history_json_entry", "cf_history_entry"),
        get.contexts().stream().map(GetRequest.Context::name).toList());
    assertEquals(
        "2026-11-23 12:00:00 GMT olfs-fastpath-test"
            + " http://localhost:8080/opendap/coads_climatology.nc.nc?SST%5B0%5D\n",
        get.contexts().get(1).value());
    run(FakeHttp.Request.get("/coads_climatology.nc.dods"));
    assertEquals(List.of(), backend.gets.get(1).contexts());
  }

  @Test
  @Regression("a3307ac: a netCDF file made by POST left the body's constraint out of its history")
  void netcdf_byPost_namesTheBodysConstraintInItsHistory() throws IOException {
    run(FakeHttp.Request.post("/coads_climatology.nc.nc", "ce=SST%5B0%5D"));
    assertEquals(
        "2026-11-23 12:00:00 GMT olfs-fastpath-test"
            + " http://localhost:8080/opendap/coads_climatology.nc.nc?SST%5B0%5D\n",
        backend.gets.get(0).contexts().get(1).value());
    run(FakeHttp.Request.post("/coads_climatology.nc.dap.nc", "dap4.ce=%2FSST%5B0%5D"));
    assertEquals(
        "2026-11-23 12:00:00 GMT olfs-fastpath-test"
            + " http://localhost:8080/opendap/coads_climatology.nc.dap.nc?dap4.ce=/SST%5B0%5D\n",
        backend.gets.get(1).contexts().get(1).value());
    assertTrue(
        backend
            .gets
            .get(1)
            .contexts()
            .get(0)
            .value()
            .contains(
                "\"request_url\":\"http://localhost:8080/opendap/coads_climatology.nc.dap.nc"
                    + "?dap4.ce=/SST%5B0%5D\"},{\"decoded_constraint\":\"/SST[0]\"}"),
        backend.gets.get(1).contexts().get(0).value());
    run(FakeHttp.Request.post("/coads_climatology.nc.nc", ""));
    assertTrue(
        backend
            .gets
            .get(2)
            .contexts()
            .get(1)
            .value()
            .endsWith(" http://localhost:8080/opendap/coads_climatology.nc.nc\n"));
  }

  @Test
  void dapXml_sendsTheDap4ConstraintTranslated_orRefusesIt() throws IOException {
    run(FakeHttp.Request.get("/coads_climatology.nc.dap.xml?dap4.ce=/COADSX%5B0:1:9%5D;/SST"));
    assertEquals("COADSX[0:1:9],SST", backend.gets.get(0).constraint());
    assertEquals(BesGetType.XML_DATA, backend.gets.get(0).type());
    FakeHttp.Response filter =
        run(FakeHttp.Request.get("/coads_climatology.nc.dap.xml?dap4.ce=/SST%7CSST%3E2"));
    assertEquals(400, filter.status);
    assertEquals("application/vnd.opendap.dap4.error+xml", filter.header("Content-Type"));
    assertEquals(1, backend.gets.size());
  }

  @Test
  void dap4_sendsDatasetUrlAsXmlBase_andDap4Constraint() throws IOException {
    run(FakeHttp.Request.get("/coads_climatology.nc.dmr.xml?dap4.ce=COADSX%5B0:9%5D"));
    GetRequest get = backend.gets.get(0);
    assertEquals("http://localhost:8080/opendap/coads_climatology.nc", get.xmlBase());
    assertEquals("COADSX[0:9]", get.constraint());
    assertEquals(BesGetType.DMR, get.type());
  }

  @ParameterizedTest
  @ValueSource(strings = {LAST_MODIFIED, "Mon, 23 Nov 2026 00:00:00 GMT"})
  void ifModifiedSince_notBefore_answers304WithoutGet(String since) throws IOException {
    FakeHttp.Response r =
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("If-Modified-Since", since));
    assertEquals(304, r.status);
    assertEquals(0, r.body().length);
    assertEquals(0, backend.gets.size());
    assertEquals(LAST_MODIFIED, r.header("Last-Modified"));
    assertEquals(1, stats.notModified.sum());
  }

  @ParameterizedTest
  @ValueSource(strings = {"Sun, 22 Nov 2026 01:52:58 GMT", "not a date"})
  void ifModifiedSince_beforeOrUnparseable_sendsTheResponse(String since) throws IOException {
    FakeHttp.Response r =
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("If-Modified-Since", since));
    assertEquals(200, r.status);
    assertEquals(1, backend.gets.size());
  }

  @Test
  void head_answersFromTheCacheAlone() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dods").method("HEAD"));
    assertEquals(200, r.status);
    assertEquals(0, r.body().length);
    assertEquals("dods_data", r.header("Content-Description"));
    assertEquals(LAST_MODIFIED, r.header("Last-Modified"));
    assertEquals(0, backend.gets.size());
    assertEquals(1, backend.lookups.get());
  }

  @Test
  void post_formBody_carriesTheConstraint() throws IOException {
    FakeHttp.Response r =
        run(FakeHttp.Request.post("/coads_climatology.nc.ascii", "ce=COADSX%5B0%3A1%3A2%5D"));
    assertEquals(200, r.status);
    assertEquals("COADSX[0:1:2]", backend.gets.get(0).constraint());
    run(FakeHttp.Request.post("/coads_climatology.nc.dap?dap4.ce=/SST", "dap4.ce=%2FCOADSX"));
    assertEquals("/SST;/COADSX", backend.gets.get(1).constraint());
    assertEquals(2, stats.posts.sum());
  }

  @Test
  void post_isNeverNotModified() throws IOException {
    FakeHttp.Response r =
        run(
            FakeHttp.Request.post("/coads_climatology.nc.das", "ce=x")
                .header("If-Modified-Since", LAST_MODIFIED));
    assertEquals(200, r.status);
    assertEquals(1, backend.gets.size());
  }

  @Test
  void post_overTheLimit_is413_beforeAnyBesMessage() throws IOException {
    settings = FrontEndSettings.newBuilder().httpPostMax(16).build();
    FakeHttp.Response r =
        run(FakeHttp.Request.post("/coads_climatology.nc.dds", "ce=" + "a".repeat(14)));
    assertEquals(413, r.status);
    assertTrue(
        r.text().contains("the POST body is 17 bytes, more than this server takes (16"), r.text());
    assertEquals(0, backend.lookups.get());
  }

  @Test
  void post_ofAnotherMediaType_is415() throws IOException {
    FakeHttp.Request request = FakeHttp.Request.post("/coads_climatology.nc.dds", "COADSX");
    request.contentType = "text/plain";
    FakeHttp.Response r = run(request);
    assertEquals(415, r.status);
    assertEquals("application/x-www-form-urlencoded", r.header("Accept-Post"));
    assertEquals(0, backend.lookups.get());
  }

  @Test
  void post_whenDisabled_orToADirectory_is405() throws IOException {
    FakeHttp.Response directory = run(FakeHttp.Request.post("/nc/", "ce=x"));
    assertEquals(405, directory.status);
    assertEquals("GET, HEAD", directory.header("Allow"));
    settings = FrontEndSettings.newBuilder().httpPost(false).build();
    FakeHttp.Response off = run(FakeHttp.Request.post("/coads_climatology.nc.dds", "ce=x"));
    assertEquals(405, off.status);
    assertEquals("GET, HEAD", off.header("Allow"));
    assertEquals(0, backend.lookups.get());
    FakeHttp.Response put = run(FakeHttp.Request.get("/coads_climatology.nc.dds").method("PUT"));
    assertEquals(405, put.status);
  }

  @Test
  void missingDataset_is404_dap2Error_withoutServerPath() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/no_such.nc.dds"));
    assertEquals(404, r.status);
    assertEquals(
        "Error {\n    code = 404;\n    message = \"Failed to locate '/no_such.nc'\";\n};\n",
        r.text());
    assertEquals("dods_error", r.header("Content-Description"));
    assertFalse(r.text().contains("/usr/share/hyrax"));
    assertEquals(0, backend.gets.size());
  }

  @Test
  void missingDataset_dap4_isAnErrorDocument() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/no_such.nc.dmr"));
    assertEquals(404, r.status);
    assertEquals("application/vnd.opendap.dap4.error+xml", r.header("Content-Type"));
    assertTrue(r.text().contains("<Error httpcode=\"404\">"), r.text());
    assertTrue(r.text().contains("<Message>Failed to locate '/no_such.nc'</Message>"), r.text());
  }

  @Test
  void missingDataset_browser_getsHtml() throws IOException {
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get("/no_such.nc.dds")
                .header("Accept", "text/html,application/xhtml+xml,*/*;q=0.8"));
    assertEquals(404, r.status);
    assertTrue(r.header("Content-Type").startsWith("text/html"));
    assertTrue(r.text().contains("Failed to locate &#39;/no_such.nc&#39;"), r.text());
  }

  @ParameterizedTest
  @CsvSource({
    "1, 0, 500",
    "2, 0, 500",
    "3, 0, 400",
    "4, 0, 403",
    "5, 0, 404",
    "6, 0, 504",
    "7, 418, 418",
    "7, 0, 500"
  })
  void besErrorTypes_mapToHttpStatus(int type, int httpStatus, int expected) throws IOException {
    backend.getFailure =
        new BesErrorException(
            new BesError(
                type,
                "libdap error transmitting DDS: Constraint expression parse error",
                httpStatus,
                ""));
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds?NOSUCHVAR"));
    assertEquals(expected, r.status);
    assertTrue(r.text().contains("code = " + expected + ";"), r.text());
    assertTrue(r.text().contains("Constraint expression parse error"), r.text());
  }

  @Test
  void poolExhausted_is503WithRetryAfter() throws IOException {
    backend.getFailure = new BesPoolExhaustedException("no connection free within 5000 ms");
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertEquals(503, r.status);
    assertEquals("7", r.header("Retry-After"));
    assertEquals(1, stats.poolExhausted.sum());
  }

  @Test
  void besUnreachable_is502_withoutInternals() throws IOException {
    backend.lookupFailures.put(
        "/coads_climatology.nc",
        new ConnectException("Connection refused: localhost/127.0.0.1:10022"));
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertEquals(502, r.status);
    assertFalse(r.text().contains("10022"), r.text());
  }

  @Test
  void besTimeout_is504() throws IOException {
    backend.getFailure = new InterruptedIOException("read timeout of 300000 ms elapsed");
    assertEquals(504, run(FakeHttp.Request.get("/coads_climatology.nc.dds")).status);
  }

  @ParameterizedTest
  @CsvSource({
    "/../etc/passwd.dds, 400",
    "/%2e%2e/x.dds, 400",
    "/a%00.nc.dds, 400",
    "/siteMap/smap_x.txt, 404"
  })
  void rejectedUrls_costNoBesMessage(String url, int status) throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get(url));
    assertEquals(status, r.status);
    assertEquals(0, backend.lookups.get());
    assertEquals(0, backend.gets.size());
    assertTrue(r.text().startsWith("Error {") || r.text().startsWith("<!DOCTYPE html>"), r.text());
  }

  @Test
  void overLongConstraint_is414() throws IOException {
    settings = FrontEndSettings.newBuilder().build();
    DapServlet servlet = servlet(new DapRequestParser(8192, 16));
    FakeHttp.Response r = new FakeHttp.Response();
    servlet.service(
        FakeHttp.Request.get("/coads_climatology.nc.dds?" + "a".repeat(17)).build(), r.build());
    assertEquals(414, r.status);
    assertEquals(0, backend.lookups.get());
  }

  @Test
  void directory_htmlAndJson() throws IOException {
    FakeHttp.Response html = run(FakeHttp.Request.get("/nc/"));
    assertEquals(200, html.status);
    assertTrue(html.header("Content-Type").startsWith("text/html"));
    assertEquals("dap_directory", html.header("Content-Description"));
    assertTrue(html.text().contains("fnoc1.nc.dmr.html"), html.text());
    assertEquals(PageHeaders.CONTENT_SECURITY_POLICY, html.header("Content-Security-Policy"));
    FakeHttp.Response json = run(FakeHttp.Request.get("/nc/contents.json"));
    assertEquals("application/json", json.header("Content-Type"));
    assertTrue(json.text().startsWith("{\"path\": \"/nc\""), json.text());
    FakeHttp.Response root = run(FakeHttp.Request.get("/"));
    assertEquals(200, root.status);
    assertEquals(0, backend.gets.size());
  }

  @Test
  void datasetSuffixOnDirectory_andDirectoryUrlOnFile_are404() throws IOException {
    assertEquals(404, run(FakeHttp.Request.get("/nc.dds")).status);
    assertEquals(404, run(FakeHttp.Request.get("/coads_climatology.nc/")).status);
    assertEquals(0, backend.gets.size());
  }

  @Test
  void version_needsNoBes() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/version"));
    assertEquals(200, r.status);
    assertEquals("dods_version", r.header("Content-Description"));
    assertTrue(r.text().contains("<version>3.2</version>"), r.text());
    assertEquals(0, backend.lookups.get());
  }

  @Test
  void besFailureBeforeCommit_becomesACleanError_withoutPartialData() throws IOException {
    streamDataStraight();
    backend.failAfter = 10;
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.ascii"));
    assertEquals(502, r.status);
    assertTrue(r.text().startsWith("Error {"), r.text());
    assertEquals(1, backend.closed.get());
    assertEquals(1, stats.midStreamFailures.sum());
  }

  @Test
  void besFailureBeforeCommit_ofAGzipResponse_sendsAPlainError() throws IOException {
    backend.failAfter = 10;
    FakeHttp.Response r =
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("Accept-Encoding", "gzip"));
    assertEquals(502, r.status);
    assertNull(r.header("Content-Encoding"));
    assertNull(r.header("Last-Modified"));
    assertNull(r.header("Vary"));
    assertEquals("dods_error", r.header("Content-Description"));
    assertTrue(r.text().startsWith("Error {"), r.text());
  }

  @Test
  void besErrorBeforeCommit_keepsItsStatus() throws IOException {
    backend.failAfter = 10;
    backend.streamFailure = new BesErrorException(new BesError(3, "bad constraint", 0, ""));
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertEquals(400, r.status);
  }

  @Test
  void besFailureAfterCommit_abortsTheResponse() {
    streamDataStraight();
    backend.body = new byte[100_000];
    backend.failAfter = 70_000;
    FakeHttp.Response response = new FakeHttp.Response(32 * 1024);
    IOException e =
        assertThrows(
            IOException.class,
            () -> run(FakeHttp.Request.get("/coads_climatology.nc.dods"), response));
    assertTrue(e.getMessage().contains("aborting the connection"), e.getMessage());
    assertTrue(response.committed);
    assertEquals(200, response.status);
    assertTrue(response.body().length < backend.body.length);
    assertEquals(1, backend.closed.get());
    assertEquals(1, stats.midStreamFailures.sum());
  }

  @Test
  void clientGone_isQuiet_andClosesTheBesResponse() throws IOException {
    backend.body = new byte[100_000];
    FakeHttp.Response response = new FakeHttp.Response(8192);
    response.clientGone = true;
    run(FakeHttp.Request.get("/coads_climatology.nc.dods"), response);
    assertEquals(1, backend.closed.get());
    assertEquals(1, stats.clientAborts.sum());
    assertEquals(0, stats.dataResponses.sum());
  }

  @Test
  void gzip_forTextualResponses_whenAccepted() throws IOException {
    backend.body = "Attributes {\n}\n".repeat(500).getBytes();
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.das")
                .header("Accept-Encoding", "deflate, gzip"));
    assertEquals("gzip", r.header("Content-Encoding"));
    assertEquals("Accept-Encoding", r.header("Vary"));
    assertArrayEquals(
        backend.body, new GZIPInputStream(new ByteArrayInputStream(r.body())).readAllBytes());
    assertTrue(r.body().length < backend.body.length / 10);
  }

  @Test
  void gzip_notForBinaryData_norWhenRefusedOrOff() throws IOException {
    assertNull(
        run(FakeHttp.Request.get("/coads_climatology.nc.dods").header("Accept-Encoding", "gzip"))
            .header("Content-Encoding"));
    assertNull(
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("Accept-Encoding", "gzip;q=0"))
            .header("Content-Encoding"));
    settings = FrontEndSettings.newBuilder().gzip(false).build();
    FakeHttp.Response off =
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("Accept-Encoding", "gzip"));
    assertNull(off.header("Content-Encoding"));
    assertArrayEquals(backend.body, off.body());
  }

  // ------------------------------------------------------------------ the response cache

  @Test
  void warmMetadata_costsNoBesMessage_andCarriesAStrongEtag() throws IOException {
    FakeHttp.Response first = run(FakeHttp.Request.get("/coads_climatology.nc.das"));
    FakeHttp.Response second = run(FakeHttp.Request.get("/coads_climatology.nc.das"));
    assertEquals(1, backend.gets.size());
    assertArrayEquals(backend.body, second.body());
    assertEquals(first.header("ETag"), second.header("ETag"));
    assertTrue(second.header("ETag").matches("\"[0-9a-f]{64}\""), second.header("ETag"));
    assertEquals(Integer.toString(backend.body.length), second.header("Content-Length"));
    run(FakeHttp.Request.get("/coads_climatology.nc.das?x"));
    assertEquals(2, backend.gets.size(), "another constraint is another answer");
  }

  @Test
  void ifNoneMatch_answers304_withoutABesMessage() throws IOException {
    String etag = run(FakeHttp.Request.get("/coads_climatology.nc.dds")).header("ETag");
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.dds")
                .header("If-None-Match", "\"other\", W/" + etag));
    assertEquals(304, r.status);
    assertEquals(etag, r.header("ETag"));
    assertEquals(0, r.body().length);
    assertEquals(1, backend.gets.size());
    FakeHttp.Response changed =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.dds")
                .header("If-None-Match", "\"other\"")
                .header("If-Modified-Since", LAST_MODIFIED));
    assertEquals(200, changed.status, "If-None-Match decides alone");
    assertEquals(1, stats.notModified.sum(), "each 304 counted once");
  }

  @Test
  void a304_carriesWhatRevalidatesACopy_notTheDapHeaders() throws IOException {
    FakeHttp.Response whole = run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertNotNull(whole.header("XDAP"));
    assertNotNull(whole.header("Content-Description"));
    FakeHttp.Response kept =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.dds")
                .header("If-None-Match", whole.header("ETag")));
    assertEquals(304, kept.status);
    assertEquals(whole.header("ETag"), kept.header("ETag"));
    assertEquals(whole.header("Vary"), kept.header("Vary"));
    assertEquals(whole.header("Last-Modified"), kept.header("Last-Modified"));
    // RFC 9110 15.4.5: no representation metadata; upstream's container answers its 304 so too.
    for (String name :
        List.of("XDAP", "X-DAP", "XDODS-Server", "XOPeNDAP-Server", "Content-Description")) {
      assertEquals(null, kept.header(name), name);
    }
    FakeHttp.Response since =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.dds")
                .header("If-Modified-Since", LAST_MODIFIED));
    assertEquals(304, since.status);
    assertEquals(null, since.header("XDAP"));
  }

  @Test
  void ifNoneMatchStar_answers304_onlyForAResponseWithAnETag() throws IOException {
    FakeHttp.Response listing = run(FakeHttp.Request.get("/").header("If-None-Match", "*"));
    assertEquals(200, listing.status, "a listing has no ETag: If-None-Match decides, and fails");
    run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    FakeHttp.Response kept =
        run(FakeHttp.Request.get("/coads_climatology.nc.dds").header("If-None-Match", "*"));
    assertEquals(304, kept.status);
    assertEquals(1, stats.notModified.sum());
  }

  @Test
  void cachedGzip_isMadeOnce_andHasItsOwnEtag() throws IOException {
    backend.body = "Attributes {\n}\n".repeat(500).getBytes(StandardCharsets.UTF_8);
    FakeHttp.Response plain = run(FakeHttp.Request.get("/coads_climatology.nc.das"));
    FakeHttp.Response gzip =
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("Accept-Encoding", "gzip"));
    assertEquals("gzip", gzip.header("Content-Encoding"));
    assertArrayEquals(
        backend.body, new GZIPInputStream(new ByteArrayInputStream(gzip.body())).readAllBytes());
    assertEquals(
        plain.header("ETag").replace("\"", "") + "-gzip", gzip.header("ETag").replace("\"", ""));
    assertEquals(1, backend.gets.size());
  }

  @Test
  void head_ofAKeptAnswer_hasItsEtag_andACold_oneCostsNothing() throws IOException {
    FakeHttp.Response cold = run(FakeHttp.Request.get("/coads_climatology.nc.dmr").method("HEAD"));
    assertEquals(200, cold.status);
    assertNull(cold.header("ETag"));
    assertEquals(0, backend.gets.size());
    String etag = run(FakeHttp.Request.get("/coads_climatology.nc.dmr")).header("ETag");
    FakeHttp.Response warm = run(FakeHttp.Request.get("/coads_climatology.nc.dmr").method("HEAD"));
    assertEquals(etag, warm.header("ETag"));
    assertEquals(0, warm.body().length);
    assertEquals(1, backend.gets.size());
  }

  @Test
  void smallDataResponses_areKept_byDefault_aRepeatCostsNoGet() throws IOException {
    FakeHttp.Response first = run(FakeHttp.Request.get("/coads_climatology.nc.ascii"));
    FakeHttp.Response second = run(FakeHttp.Request.get("/coads_climatology.nc.ascii"));
    assertEquals(1, backend.gets.size());
    assertArrayEquals(first.body(), second.body());
    assertNotNull(second.header("ETag"));
  }

  /** {@code <ResponseCache dataTypes=""/>}: no data answer is kept, as before they were. */
  @Test
  void dataTypesEmpty_keepsNoDataAnswer() throws IOException {
    streamDataStraight();
    run(FakeHttp.Request.get("/coads_climatology.nc.ascii"));
    FakeHttp.Response second = run(FakeHttp.Request.get("/coads_climatology.nc.ascii"));
    assertEquals(2, backend.gets.size());
    assertNull(second.header("ETag"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {"CLIENT_SHARE | clientShare", "CLIENT_QUEUE | clientQueue", "RESERVE | reserve"})
  void aLimitsRefusal_is503_withRetryAfter_andADapErrorNamingTheLimit(String limit, String key)
      throws IOException {
    backend.getFailure =
        new org.olfsfastpath.bes.BesLimitException(
            org.olfsfastpath.bes.BesLimitException.Limit.valueOf(limit),
            "192.0.2.7",
            "this client (192.0.2.7) already holds its share");
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dods"));
    assertEquals(503, r.status);
    assertEquals(Integer.toString(settings.retryAfterSeconds()), r.header("Retry-After"));
    assertEquals("dods_error", r.header("Content-Description"));
    assertTrue(r.text().startsWith("Error {"), r.text());
    assertTrue(
        r.text()
            .contains(
                "the server is busy ("
                    + key
                    + "): this client (192.0.2.7)"
                    + " already holds its share"),
        r.text());
    assertEquals(1, stats.limitRefusals.sum());
    assertEquals(0, stats.poolExhausted.sum());
  }

  @Test
  void callers_metadataShort_dataLongUntilTheCacheKnowsItSmall() throws IOException {
    run(FakeHttp.Request.get("/coads_climatology.nc.das"));
    run(FakeHttp.Request.get("/coads_climatology.nc.dods"));
    assertEquals(
        List.of(Caller.shortRequest("127.0.0.1"), Caller.longRequest("127.0.0.1")),
        backend.callers);

    // The dataset changed: the kept .dods is stale, but its size says the next one is short.
    backend.withDataset("/coads_climatology.nc");
    run(FakeHttp.Request.get("/coads_climatology.nc.dods"));
    assertEquals(Caller.shortRequest("127.0.0.1"), backend.callers.get(2));

    // A netCDF download is never kept, so never known: long.
    run(FakeHttp.Request.get("/coads_climatology.nc.nc"));
    assertEquals(Caller.longRequest("127.0.0.1"), backend.callers.get(3));
  }

  @Test
  void callers_aSmallSliceAskedTheFirstTime_isShort_whenItsConstraintBoundsIt() throws IOException {
    // 1 x 10 x 10 values and their maps: short the first time, in text as in binary.
    run(FakeHttp.Request.get("/coads_climatology.nc.ascii?SST[0:1:0][0:1:9][0:1:9]"));
    run(FakeHttp.Request.get("/coads_climatology.nc.dods?SST[0][0:9][0:9],COADSX[0:9]"));
    // DAP4, read as DAP2.
    run(FakeHttp.Request.get("/coads_climatology.nc.dap?dap4.ce=/SST[0][0:9][0:9]"));
    // A variable named whole, a selection, or a slice too large for the short size: long.
    run(FakeHttp.Request.get("/coads_climatology.nc.ascii?SST"));
    run(FakeHttp.Request.get("/coads_climatology.nc.ascii?SST[0:11][0:89][0:179]"));
    run(FakeHttp.Request.get("/coads_climatology.nc.nc?SST[0][0][0]"));
    assertEquals(
        List.of(
            Caller.shortRequest("127.0.0.1"),
            Caller.shortRequest("127.0.0.1"),
            Caller.shortRequest("127.0.0.1"),
            Caller.longRequest("127.0.0.1"),
            Caller.longRequest("127.0.0.1"),
            Caller.longRequest("127.0.0.1")),
        backend.callers);
  }

  @Test
  void theCallersAddress_fromXForwardedFor_onlyThroughATrustedProxy() throws IOException {
    settings = FrontEndSettings.newBuilder().trustedProxies("127.0.0.1").build();
    run(
        FakeHttp.Request.get("/coads_climatology.nc.das")
            .header("X-Forwarded-For", "192.0.2.1, 198.51.100.7"));
    FakeHttp.Request direct =
        FakeHttp.Request.get("/coads_climatology.nc.dds").header("X-Forwarded-For", "198.51.100.7");
    direct.remoteAddr = "203.0.113.9";
    run(direct);
    assertEquals(
        List.of("198.51.100.7", "203.0.113.9"),
        backend.callers.stream().map(Caller::client).toList());
  }

  @Test
  void brokenBeforeAnyByteReachedTheClient_sentOnceMore_andAnswered200() throws IOException {
    streamDataStraight();
    backend.restartable = true;
    backend.failAfter = 10;
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dods"));
    assertEquals(200, r.status);
    assertArrayEquals(backend.body, r.body(), "the new answer from its start, once");
    assertEquals(1, backend.restarts.get());
    assertEquals(0, stats.midStreamFailures.sum());
  }

  @Test
  void brokenAfterBytesReachedTheClient_notSentAgain() {
    streamDataStraight();
    backend.restartable = true;
    backend.body = new byte[100_000];
    backend.failAfter = 70_000;
    FakeHttp.Response response = new FakeHttp.Response(32 * 1024);
    assertThrows(
        IOException.class, () -> run(FakeHttp.Request.get("/coads_climatology.nc.dods"), response));
    assertTrue(response.committed);
    assertEquals(0, backend.restarts.get());
  }

  /** Data answers stream from the BES as they come: none is kept. */
  private void streamDataStraight() {
    backend.responses =
        backend.responses(org.olfsfastpath.cache.ResponseCache.from(Map.of("dataTypes", "")));
  }

  @Test
  void tooLargeAnswers_stream_andAreNotKept() throws IOException {
    backend.responses =
        backend.responses(org.olfsfastpath.cache.ResponseCache.newBuilder().maxEntryBytes(16));
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertArrayEquals(backend.body, r.body());
    assertNull(r.header("ETag"));
    run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertEquals(2, backend.gets.size());
    assertEquals(2, backend.closed.get());
  }

  @Test
  void aFailedLoad_isACleanError_andIsNotKept() throws IOException {
    backend.failAfter = 10;
    FakeHttp.Response failed = run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertEquals(502, failed.status);
    assertTrue(failed.text().startsWith("Error {"), failed.text());
    backend.failAfter = -1;
    FakeHttp.Response next = run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertEquals(200, next.status);
    assertArrayEquals(backend.body, next.body());
    assertEquals(2, backend.gets.size());
  }

  @Test
  void theForm_andDmr_shareOneKeptAnswer() throws IOException {
    backend.bodies.put(BesGetType.DMR, DMR.getBytes(StandardCharsets.UTF_8));
    backend.bodies.put(BesGetType.DAP, coadsDap("/COADSX"));
    assertEquals(200, run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html")).status);
    assertEquals(200, run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html")).status);
    FakeHttp.Response dmr = run(FakeHttp.Request.get("/coads_climatology.nc.dmr"));
    assertEquals(DMR, dmr.text());
    assertEquals(
        List.of(BesGetType.DMR, BesGetType.DAP),
        backend.gets.stream().map(GetRequest::type).toList(),
        "one DMR for the form and .dmr, one for the" + " coordinates: " + backend.gets);
  }

  /** The emulator's coads {@code dap} answer for {@code constraint}, as the BES sends it. */
  public static byte[] coadsDap(String constraint) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try {
      org.olfsfastpath.emulator.dap.Datasets.coadsClimatology()
          .write(
              new org.olfsfastpath.emulator.dap.DapQuery(
                  "dap",
                  "",
                  constraint,
                  true,
                  "http://localhost:8080/opendap/coads_climatology.nc"),
              out);
    } catch (org.olfsfastpath.emulator.dap.DapRequestException e) {
      throw new AssertionError("the emulator refused " + constraint, e);
    }
    return out.toByteArray();
  }

  @Test
  void theForm_showsCoordinateValues_fromOneDataRequestKeptForTheNextView() throws IOException {
    backend.bodies.put(BesGetType.DMR, DMR.getBytes(StandardCharsets.UTF_8));
    backend.bodies.put(BesGetType.DAP, coadsDap("/COADSX"));
    FakeHttp.Response first = run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html"));
    assertEquals(200, first.status);
    assertTrue(first.text().contains("21 to 379, step 2"), first.text());
    assertTrue(
        first
            .text()
            .contains(
                "id=\"dim-COADSX-0-from\" name=\"dim-COADSX-0-from\""
                    + " spellcheck=\"false\" autocomplete=\"off\" value=\"21\">"),
        first.text());
    GetRequest coordinates = backend.gets.get(1);
    assertEquals(
        new GetRequest(
            "/coads_climatology.nc",
            BesGetType.DAP,
            "/COADSX",
            "http://localhost:8080/opendap/coads_climatology.nc"),
        coordinates);
    FakeHttp.Response second = run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html"));
    assertEquals(first.text(), second.text());
    assertEquals(2, backend.gets.size(), "the second view asks the BES nothing");
  }

  @Test
  void coordinatesThatCannotBeRead_leaveIndexRanges_andThePageSaysWhy() throws IOException {
    backend.bodies.put(BesGetType.DMR, DMR.getBytes(StandardCharsets.UTF_8));
    // The DAP answer is the default body, a DDS: not a dap answer.
    List<String> log = new java.util.ArrayList<>();
    FakeHttp.Response r =
        coordinatesLogged(log, () -> run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html")));
    assertEquals(
        List.of(
            "coordinate values of /coads_climatology.nc not shown: expected a DAP4"
                + " chunk of 6386785 bytes but only 64 followed"),
        log);
    assertEquals(200, r.status);
    assertTrue(
        r.text()
            .contains(
                "<p class=\"hint\" id=\"coordinates-note\">Coordinate values"
                    + " are not shown: the BES&#39;s answer could not be read (expected a DAP4 chunk of"),
        r.text());
    assertTrue(r.text().contains("id=\"dim-COADSX-0-start\""), r.text());
    assertFalse(r.text().contains("id=\"dim-COADSX-0-from\""), r.text());
  }

  @Test
  void coordinatesThatTheBesRefuses_leaveIndexRanges_andThePageSaysWhy() throws IOException {
    backend.bodies.put(BesGetType.DMR, DMR.getBytes(StandardCharsets.UTF_8));
    backend.getFailures.put(
        BesGetType.DAP,
        new BesErrorException(
            new BesError(
                BesError.SYNTAX_USER,
                "Failed to read /usr/share/hyrax/coads_climatology.nc",
                0,
                "")));
    List<String> log = new java.util.ArrayList<>();
    FakeHttp.Response r =
        coordinatesLogged(log, () -> run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html")));
    assertEquals(
        List.of(
            "coordinate values of /coads_climatology.nc not shown: the BES answered"
                + " /COADSX with an error: BES error type 3: Failed to read"
                + " /usr/share/hyrax/coads_climatology.nc"),
        log,
        "the operator's log has the message");
    assertEquals(200, r.status);
    assertTrue(
        r.text()
            .contains(
                "Coordinate values are not shown: the BES refused the request"
                    + " for them (error type 3; the server&#39;s log has its message). Choose ranges by"
                    + " index."),
        r.text());
    assertFalse(r.text().contains("/usr/share/hyrax"), "no server path on the page");
    assertTrue(r.text().contains("id=\"dim-COADSX-0-stop\""), r.text());
  }

  /** Runs {@code request} with FormCoordinates' warnings in {@code log} instead of the console. */
  private static FakeHttp.Response coordinatesLogged(
      List<String> log, java.util.concurrent.Callable<FakeHttp.Response> request)
      throws IOException {
    java.util.logging.Logger logger =
        java.util.logging.Logger.getLogger(FormCoordinates.class.getName());
    java.util.logging.Handler handler =
        new java.util.logging.Handler() {
          @Override
          public void publish(java.util.logging.LogRecord record) {
            // SLF4J hands java.util.logging the message already formatted.
            log.add(record.getMessage());
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(handler);
    logger.setUseParentHandlers(false);
    try {
      return request.call();
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new AssertionError(e);
    } finally {
      logger.removeHandler(handler);
      logger.setUseParentHandlers(true);
    }
  }

  @Test
  void submittedForm_byCoordinateValue_redirectsToTheIndexRangeItSelects() throws IOException {
    backend.bodies.put(BesGetType.DMR, DMR.getBytes(StandardCharsets.UTF_8));
    backend.bodies.put(BesGetType.DAP, coadsDap("/COADSX"));
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get(
                "/coads_climatology.nc.dmr.html?var=%2FCOADSX"
                    + "&dim-COADSX-0-start=0&dim-COADSX-0-stride=1&dim-COADSX-0-stop=179"
                    + "&dim-COADSX-0-from=100&dim-COADSX-0-to=200&format=dap"));
    assertEquals(303, r.status);
    assertEquals("coads_climatology.nc.dap?dap4.ce=/COADSX%5B40:1:89%5D", r.header("Location"));
  }

  @Test
  void largeDownload_isAskedAboutFirst_withoutJavaScript_thenConfirmed() throws IOException {
    // This DMR is not laid out as libdap prints one, so its sizes are estimates.
    settings =
        FrontEndSettings.newBuilder().catalogRoot("/usr/share/hyrax").largeDownload(1000).build();
    backend.bodies.put(BesGetType.DMR, DMR.getBytes(StandardCharsets.UTF_8));
    backend.bodies.put(BesGetType.DAP, coadsDap("/COADSX"));
    FakeHttp.Response asked =
        run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html" + "?format=dap"));
    assertEquals(200, asked.status);
    assertTrue(
        asked
            .text()
            .contains(
                "<div class=\"warning\" id=\"large-download\""
                    + " role=\"alert\"><p>The DAP4 binary answer (.dap) for the whole dataset is about 1.8"
                    + " KiB (about 1,810 bytes, estimated), more than the 1 kB this server asks about"
                    + " first.</p>"
                    + "<input type=\"hidden\" name=\"confirm\" value=\"dap\">"),
        asked.text());
    FakeHttp.Response small =
        run(
            FakeHttp.Request.get(
                "/coads_climatology.nc.dmr.html"
                    + "?var=%2FCOADSX&dim-COADSX-0-stop=9&format=dap"));
    assertEquals(303, small.status, "a small selection downloads at once");
    FakeHttp.Response confirmed =
        run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html" + "?confirm=dap&format=dap"));
    assertEquals(303, confirmed.status);
    assertEquals("coads_climatology.nc.dap", confirmed.header("Location"));
  }

  @Test
  void eachRequest_isTimed_underABoundedTypeName() throws IOException {
    run(FakeHttp.Request.get("/coads_climatology.nc.das"));
    run(FakeHttp.Request.get("/nc/"));
    run(FakeHttp.Request.get("/no_such.nc.dods"));
    run(FakeHttp.Request.get("/../x.dds"));
    run(FakeHttp.Request.get("/nc"));
    assertEquals(
        List.of("das 200", "contents.html 200", "dods 404", "unknown 400", "node 302"), timed);
  }

  // ------------------------------------------------------------------ negotiation and forms

  private static final String BROWSER =
      "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  public static final String DMR =
      """
      <?xml version="1.0" encoding="ISO-8859-1"?>
      <Dataset xmlns="http://xml.opendap.org/ns/DAP/4.0#" dapVersion="4.0" dmrVersion="1.0"
          name="coads_climatology.nc">
        <Dimension name="COADSX" size="180"/>
        <Float64 name="COADSX"><Dim name="/COADSX"/></Float64>
      </Dataset>
      """;

  @Test
  void browserOnDmr_getsTheForm_fromADmrWithoutConstraint() throws IOException {
    backend.bodies.put(BesGetType.DMR, DMR.getBytes(StandardCharsets.UTF_8));
    backend.bodies.put(BesGetType.DAP, coadsDap("/COADSX"));
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.dmr?dap4.ce=/COADSX")
                .header("Accept", BROWSER));
    assertEquals(200, r.status);
    assertEquals(PageHeaders.HTML_TYPE, r.header("Content-Type"));
    assertEquals(PageHeaders.CONTENT_SECURITY_POLICY, r.header("Content-Security-Policy"));
    assertTrue(r.text().contains("id=\"var-COADSX\""), r.text());
    assertEquals(2, backend.gets.size(), "the DMR and the coordinates: " + backend.gets);
    assertEquals(BesGetType.DMR, backend.gets.get(0).type());
    assertEquals("", backend.gets.get(0).constraint());
    assertEquals(
        "http://localhost:8080/opendap/coads_climatology.nc", backend.gets.get(0).xmlBase());
  }

  @Test
  void submittedForm_redirectsToTheDataUrl() throws IOException {
    backend.bodies.put(BesGetType.DMR, DMR.getBytes(StandardCharsets.UTF_8));
    backend.bodies.put(BesGetType.DAP, coadsDap("/COADSX"));
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get(
                "/coads_climatology.nc.dmr.html?var=%2FCOADSX"
                    + "&dim-COADSX-0-start=2&dim-COADSX-0-stride=3&dim-COADSX-0-stop=20&format=dap-csv"));
    assertEquals(303, r.status);
    assertEquals("coads_climatology.nc.dap.csv?dap4.ce=/COADSX%5B2:3:20%5D", r.header("Location"));
  }

  @Test
  void notAcceptable_is406_withoutAGet() throws IOException {
    FakeHttp.Response r =
        run(FakeHttp.Request.get("/coads_climatology.nc.dds").header("Accept", "application/json"));
    assertEquals(406, r.status);
    assertTrue(r.text().contains("Accept: application/json"), r.text());
    assertEquals(0, backend.gets.size());
  }

  @Test
  void acceptText_onDap_getsCsv() throws IOException {
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.dap?dap4.ce=/SST")
                .header("Accept", "text/csv"));
    assertEquals("text/csv", r.header("Content-Type"));
    assertEquals(BesGetType.DAP_CSV, backend.gets.get(0).type());
    assertEquals("/SST", backend.gets.get(0).constraint());
  }

  // ------------------------------------------------------------------ built here or refused

  @ParameterizedTest
  @CsvSource({
    ".dap.json, 501",
    ".dap.ijsn, 501",
    ".dmr.json, 501",
    ".dmr.ijsn, 501",
    ".dap.tiff, 501",
    ".dap.jp2, 501"
  })
  void formsNotServed_sayWhy_withoutABesMessage(String suffix, int status) throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc" + suffix));
    assertEquals(status, r.status);
    assertTrue(r.text().contains(suffix), r.text());
    assertEquals(0, backend.gets.size());
  }

  @Test
  void dsr_listsTheServices_withoutABesMessage() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dsr"));
    assertEquals(200, r.status);
    assertEquals("application/vnd.opendap.dap4.dataset-services+xml", r.header("Content-Type"));
    assertTrue(
        r.text().contains("href=\"http://localhost:8080/opendap/coads_climatology.nc.dap.csv\""),
        r.text());
    FakeHttp.Response browser =
        run(FakeHttp.Request.get("/coads_climatology.nc.dsr").header("Accept", BROWSER));
    assertEquals("text/html;charset=UTF-8", browser.header("Content-Type"));
    assertEquals(0, backend.gets.size());
  }

  @Test
  void version_andVer_needNoBes_andNameEachBes() throws IOException {
    assertTrue(versions.refresh());
    assertEquals(1, backend.versionAsks.get());
    FakeHttp.Response r = run(FakeHttp.Request.get("/version"));
    assertEquals(200, r.status);
    assertEquals("dods_version", r.header("Content-Description"));
    assertTrue(r.text().contains("<version>3.2</version>"), r.text());
    assertTrue(r.text().contains("name=\"fake:10022\""), r.text());
    assertTrue(r.text().contains("version=\"3.22.0\""), r.text());
    assertEquals(1, backend.versionAsks.get());
    FakeHttp.Response ver = run(FakeHttp.Request.get("/coads_climatology.nc.ver"));
    assertEquals(200, ver.status);
    assertEquals("text/xml", ver.header("Content-Type"));
    assertEquals(0, backend.gets.size());
  }

  // ------------------------------------------------------------------ nodes

  @ParameterizedTest
  @CsvSource({"REQUEST_FORM, coads_climatology.nc.dmr.html", "DSR, coads_climatology.nc.dsr"})
  void bareDatasetUrl_redirects(DatasetUrlResponse response, String location) throws IOException {
    settings = FrontEndSettings.newBuilder().datasetUrlResponse(response).build();
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc?x=1"));
    assertEquals(302, r.status);
    assertEquals(location, r.header("Location"));
    assertEquals(0, backend.gets.size());
  }

  @Test
  void bareDatasetUrl_download_needsDirectAccess() throws IOException {
    settings =
        FrontEndSettings.newBuilder().datasetUrlResponse(DatasetUrlResponse.DOWNLOAD).build();
    FakeHttp.Response refused = run(FakeHttp.Request.get("/coads_climatology.nc"));
    assertEquals(403, refused.status);
    assertTrue(refused.text().contains("AllowDirectDataSourceAccess"), refused.text());
    assertTrue(refused.header("Content-Type").startsWith("text/html"));
    settings =
        FrontEndSettings.newBuilder()
            .datasetUrlResponse(DatasetUrlResponse.DOWNLOAD)
            .allowDirectDataSourceAccess(true)
            .build();
    // The file the catalog announces, of its size.
    backend.bodies.put(BesGetType.STREAM, new byte[3114044]);
    FakeHttp.Response file = run(FakeHttp.Request.get("/coads_climatology.nc"));
    assertEquals(200, file.status);
    assertEquals(
        "attachment; filename=\"coads_climatology.nc\"", file.header("Content-Disposition"));
    assertEquals("3114044", file.header("Content-Length"));
    assertEquals(BesGetType.STREAM, backend.gets.get(0).type());
  }

  @Test
  void dotFile_needsDirectAccess_butNotForAFileThatIsNoDataset() throws IOException {
    backend.withFile("/README", backend.body.length);
    assertEquals(403, run(FakeHttp.Request.get("/coads_climatology.nc.file")).status);
    FakeHttp.Response readme = run(FakeHttp.Request.get("/README.file"));
    assertEquals(200, readme.status);
    assertEquals(BesGetType.STREAM, backend.gets.get(0).type());
    assertEquals("/README", backend.gets.get(0).path());
  }

  @Test
  void plainFile_isStreamed_withLengthAndDate_notAsADownload() throws IOException {
    backend.withFile("/README", backend.body.length);
    FakeHttp.Response r = run(FakeHttp.Request.get("/README"));
    assertEquals(200, r.status);
    assertEquals(Integer.toString(backend.body.length), r.header("Content-Length"));
    assertEquals(LAST_MODIFIED, r.header("Last-Modified"));
    assertNull(r.header("Content-Disposition"));
    assertArrayEquals(backend.body, r.body());
    assertEquals(new GetRequest("/README", BesGetType.STREAM, "", ""), backend.gets.get(0));
    FakeHttp.Response head = run(FakeHttp.Request.get("/README").method("HEAD"));
    assertEquals(200, head.status);
    assertEquals(1, backend.gets.size());
  }

  @Test
  void aSuffixOnAFileThatIsNoDataset_is404_sayingSo() throws IOException {
    backend.withFile("/README", backend.body.length);
    FakeHttp.Response r = run(FakeHttp.Request.get("/README.dds"));
    assertEquals(404, r.status);
    assertTrue(r.text().contains("is not a dataset the BES can serve"), r.text());
  }

  @Test
  void directoryWithoutSlash_redirectsToIt() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/nc?x=1"));
    assertEquals(302, r.status);
    assertEquals("nc/?x=1", r.header("Location"));
  }

  @Test
  void thredds_andCatalogHtml() throws IOException {
    FakeHttp.Response thredds = run(FakeHttp.Request.get("/nc/catalog.xml"));
    assertEquals(200, thredds.status);
    assertEquals(PageHeaders.THREDDS_TYPE, thredds.header("Content-Type"));
    assertTrue(thredds.text().contains("urlPath=\"nc/fnoc1.nc\""), thredds.text());
    FakeHttp.Response html = run(FakeHttp.Request.get("/hyrax/nc/catalog.html"));
    assertEquals(PageHeaders.HTML_TYPE, html.header("Content-Type"));
    assertEquals(0, backend.gets.size());
  }

  // ------------------------------------------------------------------ site map

  @Test
  void siteMap_isBuiltOnce_fromBuildSiteMap() throws IOException {
    backend.siteMap =
        "PREFIX/contents.html\nPREFIX/nc/contents.html\nPREFIX/nc/fnoc1.ncLEAF\n"
            .getBytes(StandardCharsets.UTF_8);
    FakeHttp.Response robots = run(FakeHttp.Request.get("/robots.txt"));
    assertEquals(200, robots.status);
    assertTrue(
        robots.text().contains("Sitemap: http://localhost:8080/opendap/siteMap/smap_0.txt"),
        robots.text());
    FakeHttp.Response file = run(FakeHttp.Request.get("/siteMap/smap_0.txt"));
    assertEquals(
        "http://localhost:8080/opendap/contents.html\n"
            + "http://localhost:8080/opendap/nc/contents.html\n"
            + "http://localhost:8080/opendap/nc/fnoc1.nc.dmr.html\n",
        file.text());
    assertEquals(PageHeaders.TEXT_TYPE, file.header("Content-Type"));
    assertEquals(404, run(FakeHttp.Request.get("/siteMap/smap_1.txt")).status);
    assertEquals(1, backend.siteMapBuilds.get());
  }

  @Test
  void siteMap_withoutBuildSiteMap_walksTheCatalog() throws IOException {
    FakeHttp.Response file = run(FakeHttp.Request.get("/siteMap/smap_0.txt"));
    assertEquals(200, file.status);
    assertTrue(
        file.text().contains("http://localhost:8080/opendap/nc/fnoc1.nc.dmr.html\n"), file.text());
  }

  // ------------------------------------------------------------------ BES errors

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "3 | You asked for too much! Maximum allowed response size: 1 bytes. | 413",
        "3 | Unable to find transmitter geotiff | 501",
        "1 | Unable to transmit response, no transmitter for dap | 501",
      })
  void besErrors_thatSayMore_thanTheirType(int type, String message, int status)
      throws IOException {
    backend.getFailure = new BesErrorException(new BesError(type, message, 0, ""));
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.tiff"));
    assertEquals(status, r.status);
    assertTrue(r.text().contains(message.substring(0, 20)), r.text());
  }

  @Test
  void aBadConstraint_namesTheIdentifier_andABrowserGetsALinkToTheForm() throws IOException {
    // What a real BES 3.22 answers (capture error_get_dds_bad_ce): no name in it.
    backend.getFailure =
        new BesErrorException(
            new BesError(
                BesError.SYNTAX_USER,
                "libdap error transmitting ascii: Constraint expression parse error: the"
                    + " expression referenced a identifier not found in the dataset.",
                0,
                ""));
    FakeHttp.Response dap2 = run(FakeHttp.Request.get("/coads_climatology.nc.ascii?NOPE"));
    assertEquals(400, dap2.status);
    assertEquals(
        "Error {\n    code = 400;\n    message = \"'NOPE' is not a variable of this dataset. The"
            + " BES said: libdap error transmitting ascii: Constraint expression parse error: the"
            + " expression referenced a identifier not found in the dataset.\";\n};\n",
        dap2.text());
    FakeHttp.Response page =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.ascii?NOPE")
                .header("Accept", "text/html,application/xhtml+xml,*/*;q=0.8"));
    assertEquals(400, page.status);
    assertTrue(page.text().contains("&#39;NOPE&#39; is not a variable"), page.text());
    assertTrue(
        page.text().contains("<a href=\"coads_climatology.nc.dmr.html\">request form</a>"),
        page.text());
    // The form DataRequestForm names.
    settings = FrontEndSettings.newBuilder().dataRequestForm(FormType.DAP2).build();
    FakeHttp.Response dap2Form =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.ascii?NOPE")
                .header("Accept", "text/html,application/xhtml+xml,*/*;q=0.8"));
    assertTrue(dap2Form.text().contains("<a href=\"coads_climatology.nc.html\">"), dap2Form.text());
  }

  @Test
  void anIndexSubsetThatDoesNotFit_isNamed_andAnErrorWithoutAConstraint_hasNoFormLink()
      throws IOException {
    backend.getFailure =
        new BesErrorException(
            new BesError(
                BesError.SYNTAX_USER,
                "libdap error transmitting DDS: Invalid constraint parameters: At least one of the"
                    + " start, stride or stop specified do not match the array variable.",
                0,
                ""));
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds?SST[0:1:99999]"));
    assertEquals(400, r.status);
    assertTrue(
        r.text()
            .contains(
                "message = \"the index subset 'SST[0:1:99999]' does not fit 'SST'. The BES said:"),
        r.text());
    FakeHttp.Response missing =
        run(FakeHttp.Request.get("/no_such.nc.dds?SST").header("Accept", "text/html,*/*;q=0.8"));
    assertEquals(404, missing.status);
    assertFalse(missing.text().contains("request form"), missing.text());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "gzip | true",
        "deflate, gzip | true",
        "GZIP;q=0.5 | true",
        "gzip;q=0 | false",
        "identity | false",
        "x-gzip | true",
        "br, deflate | false"
      })
  void acceptsGzip(String header, boolean expected) {
    assertEquals(expected, BodyCopy.acceptsGzip(header));
  }
}
