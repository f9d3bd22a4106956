package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.BesPoolExhaustedException;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DapRequestParser;

final class DapServletTest {
  private static final String LAST_MODIFIED = "Sun, 22 Nov 2026 01:52:59 GMT";

  private final FakeBackend backend = new FakeBackend()
      .withDataset("/coads_climatology.nc")
      .withDirectory("/nc", new DataSource.Child("fnoc1.nc", true, FakeBackend.MODIFIED, 23944, false))
      .withDirectory("/", new DataSource.Child("nc", false, FakeBackend.MODIFIED, 0, true));
  private final FrontEndStats stats = new FrontEndStats();
  private FrontEndSettings settings = FrontEndSettings.newBuilder()
      .catalogRoot("/usr/share/hyrax").retryAfterSeconds(7).build();

  private FakeHttp.Response run(FakeHttp.Request request) throws IOException {
    return run(request, new FakeHttp.Response());
  }

  private FakeHttp.Response run(FakeHttp.Request request, FakeHttp.Response response)
      throws IOException {
    DapServlet servlet = new DapServlet(DapRequestParser.withDefaults(), backend, stats,
        "test", settings, settings.catalogRoot().orElse(null));
    servlet.service(request.build(), response.build());
    return response;
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
    assertEquals(LAST_MODIFIED, r.header("Last-Modified"));
    assertEquals(1, backend.lookups.get());
    assertEquals(java.util.List.of(new GetRequest("/coads_climatology.nc", BesGetType.DDS, "COADSX", "")),
        backend.gets);
    assertEquals(1, backend.closed.get());
    assertEquals(backend.body.length, stats.bytesStreamed.sum());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "/coads_climatology.nc.das | DAS | text/plain | dods_das | 3.2",
      "/coads_climatology.nc.dods | DODS | application/octet-stream | dods_data | 3.2",
      "/coads_climatology.nc.ascii | ASCII | text/plain | dods_ascii | 3.2",
      "/coads_climatology.nc.asc | ASCII | text/plain | dods_ascii | 3.2",
      "/coads_climatology.nc.info | INFO_PAGE | text/html | DAP2 Dataset Information Page | 3.2",
      "/coads_climatology.nc.dmr | DMR | application/vnd.opendap.dap4.dataset-metadata+xml | application/vnd.opendap.dap4.dataset-metadata+xml | 4.0",
      "/coads_climatology.nc.dap | DAP | application/vnd.opendap.dap4.data | application/vnd.opendap.dap4.data | 4.0",
  })
  void eachSuffix_headersAndBesType(String url, BesGetType type, String contentType,
      String description, String xdap) throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get(url));
    assertEquals(200, r.status);
    assertEquals(contentType, r.header("Content-Type"));
    assertEquals(description, r.header("Content-Description"));
    assertEquals(xdap, r.header("XDAP"));
    assertEquals(type, backend.gets.get(0).type());
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
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.das")
        .header("If-Modified-Since", since));
    assertEquals(304, r.status);
    assertEquals(0, r.body().length);
    assertEquals(0, backend.gets.size());
    assertEquals(LAST_MODIFIED, r.header("Last-Modified"));
    assertEquals(1, stats.notModified.sum());
  }

  @ParameterizedTest
  @ValueSource(strings = {"Sun, 22 Nov 2026 01:52:58 GMT", "not a date"})
  void ifModifiedSince_beforeOrUnparseable_sendsTheResponse(String since) throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.das")
        .header("If-Modified-Since", since));
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
  void post_is405() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds").method("POST"));
    assertEquals(405, r.status);
    assertEquals("GET, HEAD", r.header("Allow"));
    assertEquals(0, backend.lookups.get());
  }

  @Test
  void missingDataset_is404_dap2Error_withoutServerPath() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/no_such.nc.dds"));
    assertEquals(404, r.status);
    assertEquals("Error {\n    code = 404;\n    message = \"Failed to locate '/no_such.nc'\";\n};\n",
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
    FakeHttp.Response r = run(FakeHttp.Request.get("/no_such.nc.dds")
        .header("Accept", "text/html,application/xhtml+xml,*/*;q=0.8"));
    assertEquals(404, r.status);
    assertTrue(r.header("Content-Type").startsWith("text/html"));
    assertTrue(r.text().contains("Failed to locate &#39;/no_such.nc&#39;"), r.text());
  }

  @ParameterizedTest
  @CsvSource({"1, 0, 500", "2, 0, 500", "3, 0, 400", "4, 0, 403", "5, 0, 404", "6, 0, 504",
      "7, 418, 418", "7, 0, 500"})
  void besErrorTypes_mapToHttpStatus(int type, int httpStatus, int expected) throws IOException {
    backend.getFailure = new BesErrorException(new BesError(type,
        "libdap error transmitting DDS: Constraint expression parse error", httpStatus, ""));
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
    backend.lookupFailures.put("/coads_climatology.nc",
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
  @CsvSource({"/../etc/passwd.dds, 400", "/%2e%2e/x.dds, 400", "/a%00.nc.dds, 400",
      "/coads_climatology.nc, 404", "/coads_climatology.nc.html, 404"})
  void rejectedUrls_costNoBesMessage(String url, int status) throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get(url));
    assertEquals(status, r.status);
    assertEquals(0, backend.lookups.get());
    assertEquals(0, backend.gets.size());
    assertTrue(r.text().startsWith("Error {"), r.text());
  }

  @Test
  void overLongConstraint_is414() throws IOException {
    settings = FrontEndSettings.newBuilder().build();
    DapServlet servlet = new DapServlet(new DapRequestParser(8192, 16), backend, stats, "v", settings,
        null);
    FakeHttp.Response r = new FakeHttp.Response();
    servlet.service(FakeHttp.Request.get("/coads_climatology.nc.dds?" + "a".repeat(17)).build(),
        r.build());
    assertEquals(414, r.status);
    assertEquals(0, backend.lookups.get());
  }

  @Test
  void directory_htmlAndJson() throws IOException {
    FakeHttp.Response html = run(FakeHttp.Request.get("/nc/"));
    assertEquals(200, html.status);
    assertTrue(html.header("Content-Type").startsWith("text/html"));
    assertEquals("dap_directory", html.header("Content-Description"));
    assertTrue(html.text().contains("fnoc1.nc.dmr"), html.text());
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
    backend.failAfter = 10;
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.dds"));
    assertEquals(502, r.status);
    assertTrue(r.text().startsWith("Error {"), r.text());
    assertEquals(1, backend.closed.get());
    assertEquals(1, stats.midStreamFailures.sum());
  }

  @Test
  void besFailureBeforeCommit_ofAGzipResponse_sendsAPlainError() throws IOException {
    backend.failAfter = 10;
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.das")
        .header("Accept-Encoding", "gzip"));
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
    backend.body = new byte[100_000];
    backend.failAfter = 70_000;
    FakeHttp.Response response = new FakeHttp.Response(32 * 1024);
    IOException e = assertThrows(IOException.class,
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
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.das")
        .header("Accept-Encoding", "deflate, gzip"));
    assertEquals("gzip", r.header("Content-Encoding"));
    assertEquals("Accept-Encoding", r.header("Vary"));
    assertArrayEquals(backend.body, new GZIPInputStream(new ByteArrayInputStream(r.body())).readAllBytes());
    assertTrue(r.body().length < backend.body.length / 10);
  }

  @Test
  void gzip_notForBinaryData_norWhenRefusedOrOff() throws IOException {
    assertNull(run(FakeHttp.Request.get("/coads_climatology.nc.dods")
        .header("Accept-Encoding", "gzip")).header("Content-Encoding"));
    assertNull(run(FakeHttp.Request.get("/coads_climatology.nc.das")
        .header("Accept-Encoding", "gzip;q=0")).header("Content-Encoding"));
    settings = FrontEndSettings.newBuilder().gzip(false).build();
    FakeHttp.Response off = run(FakeHttp.Request.get("/coads_climatology.nc.das")
        .header("Accept-Encoding", "gzip"));
    assertNull(off.header("Content-Encoding"));
    assertArrayEquals(backend.body, off.body());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"gzip | true", "deflate, gzip | true", "GZIP;q=0.5 | true",
      "gzip;q=0 | false", "identity | false", "x-gzip | true", "br, deflate | false"})
  void acceptsGzip(String header, boolean expected) {
    assertEquals(expected, DapServlet.acceptsGzip(header));
  }
}
