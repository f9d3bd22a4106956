package org.olfsfastpath.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.meta.DiscoveryRecord.GeoBox;
import org.olfsfastpath.meta.DiscoveryRecord.Identity;
import org.olfsfastpath.meta.DiscoveryRecord.State;
import org.olfsfastpath.meta.DiscoveryRecord.VariableInfo;
import org.olfsfastpath.meta.DiscoveryRecord.Vertical;
import org.olfsfastpath.pages.DatasetParser;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.testing.Captures;

/**
 * The record of each sample: what it takes from the attributes, what it derives from the
 * coordinates, what it leaves missing, and that the DMR and the DDX give the same record.
 */
final class DiscoveryRecordsTest {
  static List<String> samples() {
    return Records.SAMPLES;
  }

  /** The record with its identity's form set to DAP4, to compare a DDX's record with a DMR's. */
  static DiscoveryRecord asDap4(DiscoveryRecord r) {
    Identity i = r.identity();
    return new DiscoveryRecord(
        new Identity(
            i.datasetUrl(),
            i.landingPage(),
            i.path(),
            i.name(),
            FormType.DAP4,
            i.fileIdentifier(),
            i.lastModified(),
            i.size(),
            i.dateStamp()),
        r.attributes(),
        r.title(),
        r.keywords(),
        r.topics(),
        r.creator(),
        r.publisher(),
        r.contributors(),
        r.extent(),
        r.variables(),
        r.links(),
        r.findings(),
        r.notes());
  }

  @ParameterizedTest
  @MethodSource("samples")
  void theDdxAndTheDmrGiveTheSameRecord(String name) throws Exception {
    DiscoveryRecord dmr = Records.of(name, FormType.DAP4);
    DiscoveryRecord ddx = Records.of(name, FormType.DAP2);
    assertEquals(FormType.DAP2, ddx.identity().form());
    assertEquals(dmr, asDap4(ddx));
  }

  @Test
  void coads_titleIsItsName_extentDerived_climatologyInYearZero() throws Exception {
    DiscoveryRecord r = Records.of("coads_climatology.nc", FormType.DAP4);
    assertEquals("coads_climatology.nc", r.title().value());
    assertEquals(Origin.DEFAULT, r.title().origin());
    assertEquals("FERRET V4.30 (debug/no GUI) 15-Aug-96", r.text(AcddTerm.HISTORY));
    assertEquals(Origin.ATTRIBUTE, r.field(AcddTerm.HISTORY).origin());
    assertEquals(new GeoBox(-180, 180, -89, 89), r.extent().box().value());
    assertEquals(Origin.DERIVED, r.extent().box().origin());
    assertEquals("COADSX and COADSY values", r.extent().box().source());
    assertEquals("0000-01-16T06:00:00Z", r.extent().time().get().start().text());
    assertEquals("-0001-01-16T06:00:00Z", r.extent().time().get().start().xsd10());
    assertEquals("0000-12-16T01:20:06Z", r.extent().time().get().end().text());
    assertEquals("hour since 0000-01-01 00:00:00", r.extent().time().get().description());
    assertEquals(Origin.DERIVED, r.extent().time().origin());
    assertFalse(r.extent().vertical().isPresent());
    assertEquals(
        List.of(
            new DiscoveryRecord.GridAxis("column", 180, "2", "degrees_east"),
            new DiscoveryRecord.GridAxis("row", 90, "2", "degrees_north"),
            new DiscoveryRecord.GridAxis("temporal", 12, "730.485", "hour")),
        r.extent().grid());
    assertEquals(List.of(), r.topics(), "coads states no topic, and none is guessed");
    assertEquals(
        "http://localhost:8080/opendap/data/coads_climatology.nc",
        r.identity().fileIdentifier().value());
    assertEquals(Origin.DEFAULT, r.identity().fileIdentifier().origin());
    List<VariableInfo> data = r.variables().stream().filter(v -> !v.coordinate()).toList();
    assertEquals(
        List.of("SST", "AIRT", "UWND", "VWND"), data.stream().map(VariableInfo::name).toList());
    assertEquals("SEA SURFACE TEMPERATURE", data.get(0).longName());
    assertEquals("Deg C", data.get(0).units());
    assertEquals("TIME=12 COADSY=90 COADSX=180", data.get(0).shape());
    assertEquals(Origin.SERVER, r.publisher().origin());
    assertEquals("OPeNDAP Inc.", r.publisher().name());
    assertEquals("support@opendap.org", r.publisher().email());
    assertEquals("Narragansett", r.publisher().address().get("city"));
    assertEquals(DiscoveryRecord.Party.NONE, r.creator());
    assertEquals(state(r, AcddTerm.GEOSPATIAL_LON_MIN), State.DERIVED);
    assertEquals("-180", r.text(AcddTerm.GEOSPATIAL_LON_MIN));
    assertEquals("2", r.text(AcddTerm.GEOSPATIAL_LAT_RESOLUTION));
    assertEquals(State.MISSING, state(r, AcddTerm.TITLE));
    assertEquals(State.PRESENT, state(r, AcddTerm.HISTORY));
  }

  /** The real BES's DDX and DMR of coads give the record the emulator's do. */
  @Test
  void coads_fromTheRealBesDdxAndDmr_isTheEmulatorsRecord() throws Exception {
    byte[] ddx = Captures.response("get_ddx_coads");
    byte[] dmr = Captures.response("get_dmr_coads_all");
    var dataset = Datasets.coadsClimatology();
    String path = "/data/coads_climatology.nc";
    DiscoveryRecord fromDmr = Records.of(DatasetParser.dmr(dmr), dataset, path);
    DiscoveryRecord fromDdx = Records.of(DatasetParser.ddx(ddx), dataset, path);
    assertEquals(Records.of("coads_climatology.nc", FormType.DAP4), fromDmr);
    assertEquals(fromDmr, asDap4(fromDdx));
  }

  @Test
  void rich_everyAttributePresent_andItsExtentStated() throws Exception {
    DiscoveryRecord r = Records.of(Datasets.ACDD_RICH_FILE_NAME, FormType.DAP4);
    for (DiscoveryRecord.Finding finding : r.findings()) {
      assertEquals(State.PRESENT, finding.state(), finding.toString());
    }
    assertEquals("org.example.ocean:acdd_rich_2020", r.identity().fileIdentifier().value());
    assertEquals("2020-06-16T08:00:00Z", r.identity().dateStamp().get().text());
    assertEquals(new GeoBox(-60, -10, 10, 50), r.extent().box().value());
    assertEquals(Origin.ATTRIBUTE, r.extent().box().origin());
    assertEquals(new Vertical(0, 20, "m", "down"), r.extent().vertical().value());
    assertEquals("2020-01-01T00:00:00Z", r.extent().time().get().start().text());
    assertEquals("2020-04-01T00:00:00Z", r.extent().time().get().end().text());
    assertEquals(
        List.of(
            "EARTH SCIENCE > OCEANS > OCEAN TEMPERATURE > WATER TEMPERATURE",
            "North Atlantic",
            "upper ocean"),
        r.keywords());
    assertEquals(List.of("oceans", "climatologyMeteorologyAtmosphere"), r.topics());
    assertEquals("Ada Oceanographer", r.creator().name());
    assertTrue(r.creator().isPerson());
    assertEquals(Origin.ATTRIBUTE, r.publisher().origin());
    assertEquals("Example Data Centre", r.publisher().name());
    assertEquals(2, r.contributors().size());
    assertEquals("author", r.contributors().get(1).role());
    assertEquals(List.of(), r.notes());
  }

  @Test
  void none_sparse_titleIsItsName_boxDerived_restMissing() throws Exception {
    DiscoveryRecord r = Records.of(Datasets.ACDD_NONE_FILE_NAME, FormType.DAP4);
    assertEquals(Origin.DEFAULT, r.title().origin());
    assertEquals(new GeoBox(100, 135, -20, 20), r.extent().box().value());
    assertEquals(Origin.DERIVED, r.extent().box().origin());
    assertFalse(r.extent().time().isPresent());
    assertEquals(Origin.DEFAULT, r.identity().fileIdentifier().origin());
    long missing = r.findings().stream().filter(f -> f.state() == State.MISSING).count();
    long derived = r.findings().stream().filter(f -> f.state() == State.DERIVED).count();
    assertEquals(61, missing + derived);
    assertEquals(8, derived, r.findings().toString()); // lat/lon min, max, units, resolution
    assertEquals(Origin.SERVER, r.publisher().origin());
    assertTrue(r.keywords().isEmpty());
  }

  @Test
  void noCfCoordinates_orFnoc1sDegreeNorth_noBox() throws Exception {
    for (String name : List.of(Datasets.ACDD_NONE_NO_CF_FILE_NAME, "fnoc1.nc")) {
      DiscoveryRecord r = Records.of(name, FormType.DAP4);
      assertFalse(r.extent().box().isPresent(), name);
      assertEquals(Origin.MISSING, r.extent().box().origin());
    }
  }

  @Test
  void hostileValues_cleanedAndCut_wrongValuesFlagged() throws Exception {
    DiscoveryRecord r = Records.of(Datasets.HOSTILE_VALUES_FILE_NAME, FormType.DAP4);
    Field<String> summary = r.field(AcddTerm.SUMMARY);
    assertEquals(Clean.SUMMARY, summary.get().codePointCount(0, summary.get().length()), "cut");
    assertTrue(
        summary.notes().stream().anyMatch(n -> n.startsWith("cut from 1,048,576")),
        summary.notes().toString());
    assertTrue(
        summary.notes().stream().anyMatch(n -> n.contains("removed")), summary.notes().toString());
    assertFalse(summary.get().contains("\u009f"));
    String title = r.title().get();
    assertFalse(title.contains("\u0085"), title);
    assertTrue(title.startsWith("</title><script>alert(22)</script>\t caf\u00e9"), title);
    assertEquals(State.INVALID, state(r, AcddTerm.DATE_CREATED));
    assertEquals(State.INVALID, state(r, AcddTerm.ID));
    assertEquals(State.INVALID, state(r, AcddTerm.GEOSPATIAL_LAT_MIN));
    assertEquals(State.INVALID, state(r, AcddTerm.CONVENTIONS));
    assertEquals(State.INVALID, state(r, AcddTerm.CREATOR_URL));
    assertEquals(List.of("a<script>alert(23)</script>", "bc", "d\te", "]]>", "-->"), r.keywords());
  }

  @Test
  void acknowledgment_theAcdd11Spelling_isTaken_andOnlyIsoTopicCodes() throws Exception {
    String dmr =
        "<Dataset xmlns=\"http://xml.opendap.org/ns/DAP/4.0#\" name=\"a.nc\">"
            + "<Attribute name=\"NC_GLOBAL\" type=\"Container\"><Attribute name=\"acknowledgment\""
            + " type=\"String\"><Value>thanks</Value></Attribute>"
            + "<Attribute name=\"ISO_Topic_Categories\" type=\"String\"><Value>oceans;"
            + " weather biota</Value></Attribute></Attribute></Dataset>";
    DiscoveryRecord r =
        Records.of(
            DatasetParser.dmr(dmr.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
            Datasets.acddNone(),
            "/a.nc");
    assertEquals("thanks", r.text(AcddTerm.ACKNOWLEDGEMENT));
    assertEquals(List.of("oceans", "biota"), r.topics(), "weather is no ISO topic code");
  }

  static State state(DiscoveryRecord r, AcddTerm term) {
    return r.findings().stream().filter(f -> f.term() == term).findFirst().orElseThrow().state();
  }
}
