package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.testing.Regression;

final class DapRequestParserTest {
  private final DapRequestParser parser = DapRequestParser.withDefaults();

  /** The first reading of a node's path: the one a catalog with that dataset answers. */
  private DapRequest.Dataset dataset(String path, String query) throws Exception {
    return first(parser.parse(path, query));
  }

  private static DapRequest.Dataset first(DapRequest request) {
    DapRequest.Node node = (DapRequest.Node) request;
    assertFalse(node.readings().isEmpty(), "no reading of " + node.path());
    return node.readings().get(0);
  }

  @ParameterizedTest
  @CsvSource({
    "/coads_climatology.nc.dds, /coads_climatology.nc, DDS",
    "/coads_climatology.nc.das, /coads_climatology.nc, DAS",
    "/coads_climatology.nc.dods, /coads_climatology.nc, DODS",
    "/coads_climatology.nc.ascii, /coads_climatology.nc, ASCII",
    "/coads_climatology.nc.asc, /coads_climatology.nc, ASCII",
    "/coads_climatology.nc.info, /coads_climatology.nc, INFO",
    "/coads_climatology.nc.dmr, /coads_climatology.nc, DMR",
    "/coads_climatology.nc.dmr.xml, /coads_climatology.nc, DMR_XML",
    "/coads_climatology.nc.dap, /coads_climatology.nc, DAP",
    "/nc/fnoc1.nc.dds, /nc/fnoc1.nc, DDS",
    "//nc//fnoc1.nc.dds, /nc/fnoc1.nc, DDS",
    "/a%20b.nc.dds, /a b.nc, DDS",
    "/dir.dds/x.nc.das, /dir.dds/x.nc, DAS",
    "/c.nc.DDS, /c.nc, DDS",
    "/c.nc.DMR.HTML, /c.nc, DMR_FORM",
    "/c.nc.html, /c.nc, FORM",
    "/c.nc.nc, /c.nc, NETCDF",
    "/c.nc.nc4, /c.nc, NETCDF4",
    "/c.nc.dap.nc4, /c.nc, DAP_NETCDF4",
    "/c.nc.dap.csv, /c.nc, DAP_CSV",
    "/c.nc.csv, /c.nc, CSV",
    "/c.nc.json, /c.nc, JSON",
    "/c.nc.ijsn, /c.nc, IJSN",
    "/c.nc.covjson, /c.nc, COVJSON",
    "/c.nc.xdap, /c.nc, XDAP",
    "/c.nc.dap.xml, /c.nc, DAP_XML",
    "/c.nc.ddx, /c.nc, DDX",
    "/c.nc.tiff, /c.nc, TIFF",
    "/c.nc.jp2, /c.nc, JP2",
    "/c.nc.dsr, /c.nc, DSR",
    "/c.nc.dsr.html, /c.nc, DSR_HTML",
    "/c.nc.ver, /c.nc, VERSION",
    "/c.nc.file, /c.nc, FILE",
    "/c.nc.rdf, /c.nc, RDF",
    "/c.nc.dmr.rubric, /c.nc, DMR_RUBRIC",
    "/hyrax/nc/fnoc1.nc.dds, /nc/fnoc1.nc, DDS",
  })
  void suffixTable(String url, String path, ResponseType type) throws Exception {
    DapRequest.Dataset request = dataset(url, null);
    assertEquals(path, request.path());
    assertEquals(type, request.type());
    assertEquals("", request.constraint());
  }

  @Test
  void node_listsEveryReading_longestSuffixFirst() throws Exception {
    DapRequest.Node node = (DapRequest.Node) parser.parse("/x.nc.dmr.html", "a=1");
    assertEquals("/x.nc.dmr.html", node.path());
    assertEquals(
        List.of("/x.nc DMR_FORM .dmr.html", "/x.nc.dmr FORM .html"),
        node.readings().stream().map(r -> r.path() + " " + r.type() + " " + r.suffix()).toList());
    DapRequest.Node netcdf = (DapRequest.Node) parser.parse("/x.nc.nc", null);
    assertEquals(
        List.of("/x.nc NETCDF"),
        netcdf.readings().stream().map(r -> r.path() + " " + r.type()).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/c.h5", "/README", "/.dds", "/nc/.dap", "/c.nc.xyz"})
  void pathsWithoutASuffix_areNodesWithoutReadings(String url) throws Exception {
    DapRequest.Node node = (DapRequest.Node) parser.parse(url, null);
    assertEquals(url, node.path());
    assertEquals(List.of(), node.readings());
  }

  @Test
  void suffixCaseAsWritten_isKeptForXmlBase() throws Exception {
    assertEquals(".DMR", dataset("/c.nc.DMR", null).suffix());
    assertEquals(".dap.csv", dataset("/c.nc.dap.csv", null).suffix());
  }

  @Test
  void postBody_addsToTheConstraint() throws Exception {
    assertEquals("SST,COADSX", first(parser.parse("/c.nc.ascii", "SST", "ce=COADSX")).constraint());
    assertEquals(
        "COADSX[0:1:2]",
        first(parser.parse("/c.nc.ascii", null, "ce=COADSX%5B0%3A1%3A2%5D")).constraint());
    assertEquals(
        "/SST;/COADSX",
        first(parser.parse("/c.nc.dap", "dap4.ce=/SST", "dap4.ce=%2FCOADSX")).constraint());
    assertEquals("", first(parser.parse("/c.nc.dmr.html", null, "ce=x")).constraint());
  }

  @ParameterizedTest
  @CsvSource({
    "/siteMap/, -1, false",
    "/siteMap, -1, false",
    "/robots.txt, -1, true",
    "/siteMap/smap_0.txt, 0, false",
    "/siteMap/smap_12.txt, 12, false",
    "/hyrax/siteMap/smap_1.txt, 1, false",
  })
  void siteMap(String url, int file, boolean robots) throws Exception {
    assertEquals(
        new DapRequest.SiteMap(file < 0 ? OptionalInt.empty() : OptionalInt.of(file), robots),
        parser.parse(url, null));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/siteMap/smap_.txt",
        "/siteMap/index.html",
        "/siteMap/smap_x.txt",
        "/siteMap/smap_123456789.txt"
      })
  void unknownSiteMapFile_is404(String url) {
    assertEquals(
        404,
        assertThrows(DapRequestRejectedException.class, () -> parser.parse(url, null))
            .httpStatus());
  }

  @Test
  void dap2Constraint_decodedOnce_plusKept() throws Exception {
    assertEquals(
        "SST[0:1:0][0:1:9]", dataset("/c.nc.dods", "SST%5B0:1:0%5D%5B0:1:9%5D").constraint());
    assertEquals("a+b", dataset("/c.nc.dods", "a+b").constraint());
    assertEquals("x%41", dataset("/c.nc.dods", "x%2541").constraint());
    assertEquals("SST&SST>2", dataset("/c.nc.ascii", "SST&SST%3E2").constraint());
    assertEquals("\"é\"", dataset("/c.nc.dds", "%22%C3%A9%22").constraint());
  }

  @Test
  void dap4Constraint_fromDap4CeParameter_formDecoded() throws Exception {
    assertEquals("/COADSX[0:9]", dataset("/c.nc.dmr", "dap4.ce=/COADSX%5B0:9%5D").constraint());
    assertEquals("a b", dataset("/c.nc.dap", "dap4.checksum=true&dap4.ce=a+b").constraint());
    assertEquals("", dataset("/c.nc.dap", "dap4.checksum=true").constraint());
    assertEquals("x;y", dataset("/c.nc.dap", "dap4.ce=x&dap4.ce=y").constraint());
  }

  @Test
  void dap4Checksum_parameter() throws Exception {
    assertTrue(dataset("/c.nc.dap", "dap4.ce=x&dap4.checksum=true").dap4Checksums());
    assertTrue(dataset("/c.nc.dap", "dap4.checksum=TRUE").dap4Checksums());
    assertFalse(dataset("/c.nc.dap", "dap4.checksum=false").dap4Checksums());
    assertFalse(dataset("/c.nc.dap", "dap4.ce=x").dap4Checksums());
    assertFalse(dataset("/c.nc.dods", "dap4.checksum=true").dap4Checksums());
  }

  /** As upstream's getParameter: the first value counts, the URL's before the body's. */
  @Test
  void dap4Checksum_firstValueCounts() throws Exception {
    assertTrue(dataset("/c.nc.dap", "dap4.checksum=true&dap4.checksum=false").dap4Checksums());
    assertFalse(dataset("/c.nc.dap", "dap4.checksum=no&dap4.checksum=true").dap4Checksums());
    DapRequest.Node node =
        (DapRequest.Node) parser.parse("/c.nc.dap", "dap4.checksum=True", "dap4.checksum=false");
    assertTrue(node.readings().get(0).dap4Checksums());
  }

  @ParameterizedTest
  @CsvSource({
    "/, /, HTML",
    "'', /, HTML",
    "/nc/, /nc, HTML",
    "/nc/contents.html, /nc, HTML",
    "/nc/catalog.html, /nc, HTML",
    "/contents.html, /, HTML",
    "/nc/contents.json, /nc, JSON",
    "/nc/catalog.xml, /nc, THREDDS",
    "/catalog.xml, /, THREDDS",
    "/nc/sub/, /nc/sub, HTML",
    "/hyrax/, /, HTML",
    "/hyrax, /, HTML",
    "/hyrax/nc/catalog.xml, /nc, THREDDS",
  })
  void directories(String url, String path, DapRequest.Directory.View view) throws Exception {
    assertEquals(new DapRequest.Directory(path, view), parser.parse(url, null));
  }

  @ParameterizedTest
  @ValueSource(strings = {"/version", "/version/", "/hyrax/version"})
  void version(String url) throws Exception {
    assertEquals(new DapRequest.Version(), parser.parse(url, null));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/../etc/passwd.dds",
        "/nc/../../x.dds",
        "/%2e%2e/x.dds",
        "/%2E%2E/etc/passwd.das",
        "/nc/%2e%2e%2fx.dds",
        "/./x.dds",
        "/%252e%252e/x.dds",
        "/a%255cb.dds",
        "/a%5cb.dds",
        "/a\\b.dds",
        "/..%2fx.dds",
        "/..",
        "/nc/..",
        "/...dds",
        "/%2e.dmr.xml",
        "/nc/.%2e.das",
        "/..dap"
      })
  void traversal_rejected400(String url) {
    DapRequestRejectedException e =
        assertThrows(DapRequestRejectedException.class, () -> parser.parse(url, null));
    assertEquals(400, e.httpStatus());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/...dds", "/..dds", "/nc/...das", "/nc/..dmr.xml"})
  @Regression(
      "6066489: a dataset name of . or .. was left once the suffix was removed"
          + " (/...dds asked for the DDS of ..)")
  void datasetNameOfDotsOnceTheSuffixIsRemoved_rejected400(String url) {
    DapRequestRejectedException e =
        assertThrows(DapRequestRejectedException.class, () -> parser.parse(url, null));
    assertEquals(400, e.httpStatus());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/a%00.nc.dds",
        "/a%0a.nc.dds",
        "/a%0d%0aSet-Cookie:x.dds",
        "/a%7f.dds",
        "/a%1b.dds",
        "/a%c2%85.dds"
      })
  void controlCharactersInPath_rejected400(String url) {
    DapRequestRejectedException e =
        assertThrows(DapRequestRejectedException.class, () -> parser.parse(url, null));
    assertEquals(400, e.httpStatus());
    assertTrue(e.getMessage().startsWith("control character 0x"), e.getMessage());
    assertTrue(e.getMessage().endsWith("is not allowed in the path"), e.getMessage());
  }

  @Test
  void controlCharacterInConstraint_rejected400() {
    DapRequestRejectedException e =
        assertThrows(DapRequestRejectedException.class, () -> parser.parse("/c.nc.dds", "x%00y"));
    assertEquals("control character 0x00 is not allowed in the constraint", e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/a%zz.dds", "/a%4.dds", "/a%.dds", "/a%c3%28.dds"})
  void malformedEscapes_rejected400(String url) {
    assertEquals(
        400,
        assertThrows(DapRequestRejectedException.class, () -> parser.parse(url, null))
            .httpStatus());
  }

  @Test
  void malformedEscape_messageNamesOffset() {
    DapRequestRejectedException e =
        assertThrows(DapRequestRejectedException.class, () -> parser.parse("/c.nc.dds", "ab%G1"));
    assertEquals(
        "malformed percent-escape in the constraint at offset 2: expected %XX with two"
            + " hex digits",
        e.getMessage());
  }

  @Test
  void pathParameters_rejected400() {
    assertEquals(
        400,
        assertThrows(
                DapRequestRejectedException.class,
                () -> parser.parse("/c.nc;jsessionid=1.dds", null))
            .httpStatus());
  }

  @Test
  void overLongUrl_rejected414() {
    DapRequestParser small = new DapRequestParser(40, 10);
    DapRequestRejectedException e =
        assertThrows(
            DapRequestRejectedException.class,
            () -> small.parse("/" + "a".repeat(36) + ".dds", "x"));
    assertEquals(414, e.httpStatus());
    assertEquals("the URL is 43 characters long, more than the limit of 40", e.getMessage());
  }

  @Test
  void overLongConstraint_rejected414() throws Exception {
    DapRequestParser small = new DapRequestParser(100, 10);
    assertEquals("a".repeat(10), first(small.parse("/c.dds", "a".repeat(10))).constraint());
    DapRequestRejectedException e =
        assertThrows(
            DapRequestRejectedException.class, () -> small.parse("/c.dds", "a".repeat(11)));
    assertEquals(414, e.httpStatus());
    assertEquals("the constraint is 11 characters long, more than the limit of 10", e.getMessage());
  }

  @Test
  void limits_mustBePositive() {
    assertEquals(
        "maxUrlLength was 0, must be > 0",
        assertThrows(IllegalArgumentException.class, () -> new DapRequestParser(0, 1))
            .getMessage());
    assertEquals(
        "maxConstraintLength was -1, must be > 0",
        assertThrows(IllegalArgumentException.class, () -> new DapRequestParser(1, -1))
            .getMessage());
  }

  // ------------------------------------------------------------ dap4.function, dap4.async

  @Test
  void dap4Function_isReadForDap4ResponsesOfTheBes() throws Exception {
    DapRequest.Dataset dap =
        dataset("/c.nc.dap", "dap4.function=linear_scale(COADSX,2,0)&dap4.ce=COADSX");
    assertEquals("linear_scale(COADSX,2,0)", dap.dap4Function());
    assertEquals("COADSX", dap.constraint());
    assertEquals("version()", dataset("/c.nc.dmr", "dap4.function=version%28%29").dap4Function());
    // Two are joined as the expression separates functions.
    assertEquals(
        "version();version()",
        dataset("/c.nc.dap", "dap4.function=version()&dap4.function=version()").dap4Function());
    DapRequest.Dataset posted =
        first(parser.parse("/c.nc.dap", "dap4.function=a()", "dap4.function=b()"));
    assertEquals("a();b()", posted.dap4Function());
  }

  @Test
  void dap4Function_isNoneForDap2ResponsesAndForms() throws Exception {
    DapRequest.Dataset dds = dataset("/c.nc.dds", "dap4.function=version()");
    assertEquals("", dds.dap4Function());
    assertEquals("dap4.function=version()", dds.constraint());
    assertEquals("", dataset("/c.nc.dmr.html", "dap4.function=version()").dap4Function());
    assertEquals("", dataset("/c.nc.dsr", "dap4.function=version()").dap4Function());
  }

  @Test
  void dap4Function_isCheckedLikeAConstraint() {
    DapRequestRejectedException control =
        assertThrows(
            DapRequestRejectedException.class,
            () -> parser.parse("/c.nc.dap", "dap4.function=version(%0a)"));
    assertEquals(400, control.httpStatus());
    DapRequestRejectedException tooLong =
        assertThrows(
            DapRequestRejectedException.class,
            () ->
                new DapRequestParser(100_000, 10)
                    .parse("/c.nc.dap", "dap4.function=version(COADSX)"));
    assertEquals(414, tooLong.httpStatus());
  }

  @ParameterizedTest
  @ValueSource(strings = {"dap4.store_result=http://x/", "dap4.ce=x&dap4.store_result"})
  void storedResults_are501(String query) {
    for (String path : List.of("/c.nc.dap", "/c.nc.dods", "/c.nc.dmr")) {
      DapRequestRejectedException e =
          assertThrows(DapRequestRejectedException.class, () -> parser.parse(path, query), path);
      assertEquals(501, e.httpStatus(), path);
      assertEquals(
          "dap4.store_result is not offered by this server: it answers every request at once and"
              + " keeps no results; ask without dap4.store_result",
          e.getMessage());
    }
  }

  /**
   * dap4.async alone is answered at once, as upstream with BES 3.22 answers it (the BES ignores
   * async without store_result): the request is the one without it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"dap4.async=10", "dap4.async", "dap4.async=0&dap4.ce=x"})
  void async_isAnsweredAtOnce_asTheRequestWithoutIt(String query) throws Exception {
    String without = query.contains("dap4.ce=x") ? "dap4.ce=x" : "";
    for (String path : List.of("/c.nc.dap", "/c.nc.dmr")) {
      DapRequest.Dataset with = dataset(path, query);
      DapRequest.Dataset plain = dataset(path, without);
      assertEquals(plain.constraint(), with.constraint(), path);
      assertEquals(plain.dap4Function(), with.dap4Function(), path);
      assertEquals(plain.dap4Checksums(), with.dap4Checksums(), path);
    }
    assertEquals("", dataset("/c.nc.dods", "dap4.async=1").constraint());
  }

  /**
   * The client's request id and dap4.async are no part of a DAP2 constraint (upstream leaves them
   * in, as Ref bes.log shows): a unique id would keep every answer out of the response cache.
   */
  @Test
  void requestIdParameter_isNoPartOfADap2Constraint() throws Exception {
    assertEquals(
        "SST[0][0:1:2]",
        dataset("/c.nc.dods", "SST%5B0%5D%5B0:1:2%5D&a-api-request-uuid=9d8c7b6a-1111")
            .constraint());
    assertEquals(
        "SST&SST>2", dataset("/c.nc.ascii", "a-api-request-uuid=x&SST&SST%3E2").constraint());
    assertEquals("COADSX", dataset("/c.nc.dods", "COADSX&dap4.async").constraint());
    assertEquals("", dataset("/c.nc.das", "a-api-request-uuid=abc").constraint());
    // A DAP4 constraint is its own parameter: the id beside it changes nothing.
    assertEquals("x", dataset("/c.nc.dap", "dap4.ce=x&a-api-request-uuid=abc").constraint());
  }

  /** Pages and documents built here take no BES work: the parameters change nothing there. */
  @Test
  void asyncOnAPage_changesNothing() throws Exception {
    assertEquals(DapRequest.Dataset.class, dataset("/c.nc.dsr", "dap4.async=1").getClass());
    assertEquals(ResponseType.DMR_FORM, dataset("/c.nc.dmr.html", "dap4.async").type());
  }
}
