package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class NegotiationTest {
  private static final String FIREFOX =
      "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

  @ParameterizedTest(name = "{0} with Accept: {1}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      value = {
        // no Accept, or any type: the normative response
        "DMR | - | DMR",
        "DMR | */* | DMR",
        "DAP | */* | DAP",
        "DDS | */* | DDS",
        // a browser: the form for .dmr, the HTML services page for .dsr; data stays data
        "DMR | " + FIREFOX + " | DMR_FORM",
        "DSR | " + FIREFOX + " | DSR_HTML",
        "DAP | " + FIREFOX + " | DAP",
        "DDS | " + FIREFOX + " | DDS",
        // named alternatives
        "DAP | text/csv | DAP_CSV",
        "DAP | application/x-netcdf | DAP_NETCDF",
        "DAP | application/x-netcdf;ver=4 | DAP_NETCDF4",
        "DAP | application/x-netcdf; ver=4 | DAP_NETCDF4",
        "DMR | text/xml | DMR_XML",
        "DMR | TEXT/HTML | DMR_FORM",
        // quality decides; a tie goes to the normative response
        "DMR | text/html;q=0.5, application/vnd.opendap.dap4.dataset-metadata+xml | DMR",
        "DMR | text/html;q=0, */* | DMR",
        "DMR | text/* | DMR_XML",
        "DMR | text/*;q=0.2, text/html | DMR_FORM",
        // the most specific range decides a type's quality
        "DMR | text/html;q=0, text/*;q=1 | DMR_XML",
        // nothing acceptable: a 406
        "DDS | application/json | -",
        "DMR | application/xml | -",
        "DMR | */*;q=0 | -",
        "DAP | text/html | -",
        "DDS | '' | -",
      })
  void chooses(ResponseType type, String accept, ResponseType expected) {
    assertEquals(Optional.ofNullable(expected), Negotiation.choose(type, accept));
  }
}
