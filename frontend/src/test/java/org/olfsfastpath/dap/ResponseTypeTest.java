package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.bes.BesGetType;

final class ResponseTypeTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "DDS | text/plain | dods_dds | DDS | 3.2",
      "DAS | text/plain | dods_das | DAS | 3.2",
      "DODS | application/octet-stream | dods_data | DODS | 3.2",
      "ASCII | text/plain | dods_ascii | ASCII | 3.2",
      "INFO | text/html | DAP2 Dataset Information Page | INFO_PAGE | 3.2",
      "DMR | application/vnd.opendap.dap4.dataset-metadata+xml | application/vnd.opendap.dap4.dataset-metadata+xml | DMR | 4.0",
      "DMR_XML | text/xml | text/xml | DMR | 4.0",
      "DAP | application/vnd.opendap.dap4.data | application/vnd.opendap.dap4.data | DAP | 4.0",
  })
  void headersFollowUpstreamOlfs(ResponseType type, String contentType, String description,
      BesGetType besType, String xdap) {
    assertEquals(contentType, type.contentType());
    assertEquals(description, type.contentDescription());
    assertEquals(besType, type.besType());
    assertEquals(xdap, type.dapVersion());
    assertEquals(xdap.equals("4.0"), type.isDap4());
  }

  @ParameterizedTest
  @CsvSource({"x.dmr.xml, DMR_XML, .dmr.xml", "x.dmr, DMR, .dmr", "x.asc, ASCII, .asc",
      "x.ascii, ASCII, .ascii"})
  void match_prefersLongestSuffix(String name, ResponseType type, String suffix) {
    assertEquals(new ResponseType.Match(type, suffix), ResponseType.match(name));
  }

  @ParameterizedTest
  @CsvSource({"x.nc", ".dds", "x.xml"})
  void match_noneForUnknownOrBareSuffix(String name) {
    assertNull(ResponseType.match(name));
  }

  @ParameterizedTest
  @CsvSource({"DDS, true", "DAS, true", "ASCII, true", "DMR, true", "DODS, false", "DAP, false"})
  void textual(ResponseType type, boolean textual) {
    assertEquals(textual, type.isTextual());
    if (!textual) {
      assertFalse(type.contentType().startsWith("text/"));
    } else {
      assertTrue(type.contentType().startsWith("text/") || type.contentType().endsWith("+xml"));
    }
  }
}
