package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one table of responses against the upstream OLFS's responders, row by row: the suffix, the
 * BES get ({@code type/returnAs}), Content-Type, Content-Description, the download name's suffix
 * and the error form. Written out here from upstream's behaviour (docs/url-space.md), not from the
 * table, so a changed row fails.
 */
final class ResponseTypeTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      value = {
        // suffix | BES get | Content-Type | Content-Description | download | error form
        ".dods | dods/ | application/octet-stream | dods_data | .dods | DAP2",
        ".ascii | dods/ascii | text/plain | dods_ascii | - | DAP2",
        ".csv | dods/ascii | text/csv | text/csv | - | CSV",
        ".nc | dods/netcdf | application/x-netcdf | application/x-netcdf | .nc | HTML",
        ".nc4 | dods/netcdf-4 | application/x-netcdf;ver=4 | application/x-netcdf;ver=4 | .nc4 | HTML",
        ".xdap | xml_data/ | text/xml | dap_xml | .xdap | DAP4",
        ".tiff | dods/geotiff | image/tiff;application=geotiff | image/tiff;application=geotiff | .tiff | HTML",
        ".jp2 | dods/jpeg2000 | image/jp2;application=gmljp2 | image/jp2;application=gmljp2 | .jp2 | HTML",
        ".json | dods/json | application/json | application/json | .json | JSON",
        ".ijsn | dods/ijson | application/json | application/json | .ijsn | JSON",
        ".covjson | dods/covjson | application/prs.coverage+json | application/prs.coverage+json | .covjson | HTML",
        ".ddx | ddx/ | text/xml | dods_ddx | - | DAP4",
        ".dds | dds/ | text/plain | dods_dds | - | DAP2",
        ".das | das/ | text/plain | dods_das | - | DAP2",
        ".info | info_page/ | text/html | DAP2 Dataset Information Page | - | HTML",
        ".html | ddx/ | text/html;charset=UTF-8 | text/html | - | HTML",
        ".dap | dap/ | application/vnd.opendap.dap4.data | application/vnd.opendap.dap4.data | .dap | DAP4",
        ".dap.csv | dap/csv | text/csv | text/csv | .csv | CSV",
        ".dap.xml | xml_data/ | text/xml | text/xml | .xml | DAP4",
        ".dap.nc | dap/netcdf | application/x-netcdf | application/x-netcdf | .nc | HTML",
        ".dap.nc4 | dap/netcdf-4 | application/x-netcdf;ver=4 | application/x-netcdf;ver=4 | .nc4 | HTML",
        ".dap.covjson | dap/covjson | application/prs.coverage+json | application/prs.coverage+json | .covjson | HTML",
        ".dmr | dmr/ | application/vnd.opendap.dap4.dataset-metadata+xml | application/vnd.opendap.dap4.dataset-metadata+xml | - | DAP4",
        ".dmr.xml | dmr/ | text/xml | text/xml | - | DAP4",
        ".dmr.html | dmr/ | text/html;charset=UTF-8 | text/html | - | HTML",
      })
  void bes_rowsFollowUpstream(
      String suffix,
      String get,
      String contentType,
      String description,
      String download,
      ErrorBody.Form errors) {
    ResponseType type = bySuffix(suffix);
    assertEquals(
        get,
        type.besType().besType()
            + "/"
            + (type.besType().returnAs() == null ? "" : type.besType().returnAs()));
    assertEquals(contentType, type.contentType());
    assertEquals(description, type.contentDescription());
    assertEquals(download, type.downloadSuffix());
    assertEquals(errors, type.errorForm());
    assertTrue(type.isOffered());
  }

  /**
   * The discovery records, built here from the DDX or the DMR (upstream builds them with its
   * stylesheets); {@code .ttl} and {@code .dmr.ttl}, Turtle, are this server's own.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // suffix | BES get | Content-Type | Content-Description
        ".iso | ddx | text/xml | iso_19115_2",
        ".rdf | ddx | application/rdf+xml | dcat_rdf",
        ".ttl | ddx | text/turtle | dcat_turtle",
        ".rubric | ddx | text/html;charset=UTF-8 | acdd_rubric",
        ".dmr.iso | dmr | text/xml | iso_19115_2",
        ".dmr.rdf | dmr | application/rdf+xml | dcat_rdf",
        ".dmr.ttl | dmr | text/turtle | dcat_turtle",
        ".dmr.rubric | dmr | text/html;charset=UTF-8 | acdd_rubric",
      })
  void metadataRecords_areBuiltFromTheDdxOrTheDmr(
      String suffix, String get, String contentType, String description) {
    ResponseType type = bySuffix(suffix);
    assertEquals(ResponseType.Source.METADATA_RECORD, type.source());
    assertEquals(get, type.besType().besType());
    assertEquals(contentType, type.contentType());
    assertEquals(description, type.contentDescription());
    assertEquals(ErrorBody.Form.HTML, type.errorForm());
    assertTrue(type.isOffered() && type.isMetadata() && type.isTextual());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    ".dap.json, NOT_IMPLEMENTED",
    ".dap.ijsn, NOT_IMPLEMENTED",
    ".dmr.json, NOT_IMPLEMENTED",
    ".dmr.ijsn, NOT_IMPLEMENTED",
    ".dap.tiff, NOT_IMPLEMENTED",
    ".dap.jp2, NOT_IMPLEMENTED",
    ".dsr, SERVICES",
    ".dsr.xml, SERVICES",
    ".dsr.html, SERVICES",
    ".ver, VERSION",
    ".file, FILE"
  })
  void theOthers_areRefusedOrBuiltHere(String suffix, ResponseType.Source source) {
    ResponseType type = bySuffix(suffix);
    assertEquals(source, type.source());
    assertEquals(source != ResponseType.Source.NOT_IMPLEMENTED, type.isOffered());
  }

  @Test
  void theTable_holdsUpstreamsFortyTwoSuffixes_andTwoForTurtle_eachOnce() {
    Set<String> suffixes = new HashSet<>();
    for (ResponseType type : ResponseType.values()) {
      assertTrue(suffixes.add(type.suffix()), "twice: " + type.suffix());
    }
    assertEquals(44, suffixes.size());
  }

  @ParameterizedTest
  @CsvSource({
    "x.dmr.xml, DMR_XML, .dmr.xml",
    "x.dmr, DMR, .dmr",
    "x.asc, ASCII, .asc",
    "x.ascii, ASCII, .ascii",
    "x.dap.nc4, DAP_NETCDF4, .dap.nc4",
    "x.NC4, NETCDF4, .nc4",
    "x.dmr.html, DMR_FORM, .dmr.html"
  })
  void matches_longestSuffixFirst(String name, ResponseType type, String suffix) {
    assertEquals(new SuffixMatch(type, suffix), SuffixMatch.in(name).get(0));
  }

  @Test
  void matches_everyReading_ofAnAmbiguousName() {
    assertEquals(
        List.of(ResponseType.DMR_FORM, ResponseType.FORM),
        SuffixMatch.in("x.dmr.html").stream().map(SuffixMatch::type).toList());
    assertEquals(
        List.of(ResponseType.DAP_NETCDF, ResponseType.NETCDF),
        SuffixMatch.in("x.dap.nc").stream().map(SuffixMatch::type).toList());
  }

  @ParameterizedTest
  @CsvSource({"x.nc.gz", ".dds", "x.xml", "x"})
  void matches_noneForUnknownOrBareSuffix(String name) {
    assertEquals(List.of(), SuffixMatch.in(name));
  }

  @ParameterizedTest
  @CsvSource({
    "DDS, true",
    "DAS, true",
    "ASCII, true",
    "DMR, true",
    "DODS, false",
    "DAP, false",
    "NETCDF, false",
    "CSV, true",
    "JSON, true"
  })
  void textual(ResponseType type, boolean textual) {
    assertEquals(textual, type.isTextual());
    if (!textual) {
      assertFalse(type.contentType().startsWith("text/"));
    }
  }

  @Test
  void alternatives_areOfTheSameModel() {
    for (ResponseType type : ResponseType.values()) {
      for (ResponseType alternative : type.alternatives()) {
        assertEquals(type.model(), alternative.model(), type + " -> " + alternative);
        assertTrue(alternative.isOffered(), alternative.toString());
      }
    }
  }

  private static ResponseType bySuffix(String suffix) {
    return Arrays.stream(ResponseType.values())
        .filter(t -> t.suffix().equals(suffix))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row for " + suffix));
  }
}
