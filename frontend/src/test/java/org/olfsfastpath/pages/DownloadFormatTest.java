package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.dap.ResponseType;

/**
 * The form's download buttons and the forms themselves against the table of responses: each
 * button's suffix and media type are the suffix and Content-Type of the response it asks for, a
 * response the BES makes, on the form of its DAP model. The buttons are written out here as the
 * forms show them, so a changed row of either fails.
 */
final class DownloadFormatTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // format | form | suffix | token | media type
        "DAP | DAP4 | .dap | dap | application/vnd.opendap.dap4.data",
        "DAP_NC4 | DAP4 | .dap.nc4 | dap-nc4 | application/x-netcdf;ver=4",
        "DAP_CSV | DAP4 | .dap.csv | dap-csv | text/csv",
        "ASCII | DAP2 | .ascii | ascii | text/plain",
        "DODS | DAP2 | .dods | dods | application/octet-stream",
        "NC | DAP2 | .nc | nc | application/x-netcdf",
        "NC4 | DAP2 | .nc4 | nc4 | application/x-netcdf;ver=4",
        "CSV | DAP2 | .csv | csv | text/csv",
      })
  void eachButton_isARowOfTheTable(
      DownloadFormat format, FormType form, String suffix, String token, String mediaType) {
    assertEquals(form, format.form());
    assertEquals(suffix, format.suffix());
    assertEquals(token, format.token());
    assertEquals(mediaType, format.mediaType());
    ResponseType type = bySuffix(suffix);
    assertSame(type, format.type());
    assertEquals(type.contentType(), format.mediaType());
    assertEquals(ResponseType.Source.BES, type.source());
    assertTrue(type.isOffered(), type.toString());
    assertEquals(form == FormType.DAP4, type.isDap4());
  }

  @Test
  void buttons_inFormOrder() {
    assertEquals(
        List.of(DownloadFormat.DAP, DownloadFormat.DAP_NC4, DownloadFormat.DAP_CSV),
        DownloadFormat.of(FormType.DAP4));
    assertEquals(
        List.of(
            DownloadFormat.ASCII,
            DownloadFormat.DODS,
            DownloadFormat.NC,
            DownloadFormat.NC4,
            DownloadFormat.CSV),
        DownloadFormat.of(FormType.DAP2));
    for (DownloadFormat format : DownloadFormat.values()) {
      assertEquals(
          format, DownloadFormat.byToken(format.form(), format.token()).orElseThrow(), "" + format);
    }
    assertTrue(DownloadFormat.byToken(FormType.DAP2, "dap").isEmpty());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"DAP4, .dmr.html", "DAP2, .html"})
  void eachForm_isARowOfTheTable(FormType form, String suffix) {
    assertEquals(suffix, form.suffix());
    ResponseType type = bySuffix(suffix);
    assertSame(type, form.type());
    assertEquals(ResponseType.Source.FORM, type.source());
    assertEquals(form == FormType.DAP4, type.isDap4());
  }

  private static ResponseType bySuffix(String suffix) {
    return Arrays.stream(ResponseType.values())
        .filter(t -> t.suffix().equals(suffix))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row for " + suffix));
  }
}
