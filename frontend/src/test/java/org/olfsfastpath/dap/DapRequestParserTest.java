package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

final class DapRequestParserTest {
  private final DapRequestParser parser = DapRequestParser.withDefaults();

  private DapRequest.Dataset dataset(String path, String query) throws Exception {
    return (DapRequest.Dataset) parser.parse(path, query);
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
  })
  void suffixTable(String url, String path, ResponseType type) throws Exception {
    DapRequest.Dataset request = dataset(url, null);
    assertEquals(path, request.path());
    assertEquals(type, request.type());
    assertEquals("", request.constraint());
  }

  @Test
  void dap2Constraint_decodedOnce_plusKept() throws Exception {
    assertEquals("SST[0:1:0][0:1:9]", dataset("/c.nc.dods", "SST%5B0:1:0%5D%5B0:1:9%5D").constraint());
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

  @ParameterizedTest
  @CsvSource({
      "/, /, false",
      "'', /, false",
      "/nc/, /nc, false",
      "/nc/contents.html, /nc, false",
      "/contents.html, /, false",
      "/nc/contents.json, /nc, true",
      "/nc/sub/, /nc/sub, false",
  })
  void directories(String url, String path, boolean json) throws Exception {
    assertEquals(new DapRequest.Directory(path, json), parser.parse(url, null));
  }

  @ParameterizedTest
  @ValueSource(strings = {"/version", "/version/", "/coads_climatology.nc.ver", "/x.ver"})
  void version(String url) throws Exception {
    assertEquals(new DapRequest.Version(), parser.parse(url, null));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "/../etc/passwd.dds", "/nc/../../x.dds", "/%2e%2e/x.dds", "/%2E%2E/etc/passwd.das",
      "/nc/%2e%2e%2fx.dds", "/./x.dds", "/%252e%252e/x.dds", "/a%255cb.dds", "/a%5cb.dds",
      "/a\\b.dds", "/..%2fx.dds", "/..", "/nc/..", "/...dds", "/%2e.dmr.xml", "/nc/.%2e.das",
      "/..dap"})
  void traversal_rejected400(String url) {
    DapRequestRejectedException e = assertThrows(DapRequestRejectedException.class,
        () -> parser.parse(url, null));
    assertEquals(400, e.httpStatus());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/a%00.nc.dds", "/a%0a.nc.dds", "/a%0d%0aSet-Cookie:x.dds", "/a%7f.dds",
      "/a%1b.dds", "/a%c2%85.dds"})
  void controlCharactersInPath_rejected400(String url) {
    DapRequestRejectedException e = assertThrows(DapRequestRejectedException.class,
        () -> parser.parse(url, null));
    assertEquals(400, e.httpStatus());
    assertTrue(e.getMessage().startsWith("control character 0x"), e.getMessage());
    assertTrue(e.getMessage().endsWith("is not allowed in the path"), e.getMessage());
  }

  @Test
  void controlCharacterInConstraint_rejected400() {
    DapRequestRejectedException e = assertThrows(DapRequestRejectedException.class,
        () -> parser.parse("/c.nc.dds", "x%00y"));
    assertEquals("control character 0x00 is not allowed in the constraint", e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/a%zz.dds", "/a%4.dds", "/a%.dds", "/a%c3%28.dds"})
  void malformedEscapes_rejected400(String url) {
    assertEquals(400, assertThrows(DapRequestRejectedException.class,
        () -> parser.parse(url, null)).httpStatus());
  }

  @Test
  void malformedEscape_messageNamesOffset() {
    DapRequestRejectedException e = assertThrows(DapRequestRejectedException.class,
        () -> parser.parse("/c.nc.dds", "ab%G1"));
    assertEquals("malformed percent-escape in the constraint at offset 2: expected %XX with two"
        + " hex digits", e.getMessage());
  }

  @Test
  void pathParameters_rejected400() {
    assertEquals(400, assertThrows(DapRequestRejectedException.class,
        () -> parser.parse("/c.nc;jsessionid=1.dds", null)).httpStatus());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/c.nc", "/c.nc.html", "/c.nc.xyz", "/.dds", "/nc/.dap", "/c.nc.DDS"})
  void unknownSuffix_rejected404(String url) {
    assertEquals(404, assertThrows(DapRequestRejectedException.class,
        () -> parser.parse(url, null)).httpStatus());
  }

  @Test
  void overLongUrl_rejected414() {
    DapRequestParser small = new DapRequestParser(40, 10);
    DapRequestRejectedException e = assertThrows(DapRequestRejectedException.class,
        () -> small.parse("/" + "a".repeat(36) + ".dds", "x"));
    assertEquals(414, e.httpStatus());
    assertEquals("the URL is 43 characters long, more than the limit of 40", e.getMessage());
  }

  @Test
  void overLongConstraint_rejected414() throws Exception {
    DapRequestParser small = new DapRequestParser(100, 10);
    assertEquals("a".repeat(10), ((DapRequest.Dataset) small.parse("/c.dds", "a".repeat(10))).constraint());
    DapRequestRejectedException e = assertThrows(DapRequestRejectedException.class,
        () -> small.parse("/c.dds", "a".repeat(11)));
    assertEquals(414, e.httpStatus());
    assertEquals("the constraint is 11 characters long, more than the limit of 10", e.getMessage());
  }

  @Test
  void limits_mustBePositive() {
    assertEquals("maxUrlLength was 0, must be > 0", assertThrows(IllegalArgumentException.class,
        () -> new DapRequestParser(0, 1)).getMessage());
    assertEquals("maxConstraintLength was -1, must be > 0",
        assertThrows(IllegalArgumentException.class, () -> new DapRequestParser(1, -1)).getMessage());
  }
}
