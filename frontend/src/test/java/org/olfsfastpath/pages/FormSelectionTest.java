package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.DapRequestParser;

final class FormSelectionTest {
  private static final String PATH = "/nc/coads_climatology.nc";

  @Test
  void none_isTheWholeDataset() throws Exception {
    FormSelection selection = FormSelection.none(Samples.ddx());
    assertEquals("", selection.constraint());
    assertEquals("", selection.query());
    assertEquals(Optional.empty(), selection.location(PATH));
    assertEquals(List.of(), selection.errors());
  }

  @Test
  void emptyQuery_isNone() throws Exception {
    FormSelection selection = FormSelection.parse(Samples.ddx(), null);
    assertEquals("", selection.constraint());
    assertEquals(Optional.empty(), selection.format());
  }

  @Test
  void dap2_oneVariableWithARange() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            Samples.ddx(),
            "var=COADSX"
                + "&dim-COADSX-0-start=3&dim-COADSX-0-stride=2&dim-COADSX-0-stop=9&format=ascii");
    assertEquals("COADSX[3:2:9]", selection.constraint());
    assertEquals("COADSX%5B3:2:9%5D", selection.query());
    assertEquals(Optional.of(DownloadFormat.ASCII), selection.format());
    assertEquals(
        Optional.of("coads_climatology.nc.ascii?COADSX%5B3:2:9%5D"), selection.location(PATH));
  }

  @Test
  void dap4_oneVariableWithARange() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            Samples.dmr(),
            "var=%2FCOADSX"
                + "&dim-COADSX-0-start=3&dim-COADSX-0-stride=2&dim-COADSX-0-stop=9&format=dap-csv");
    assertEquals("/COADSX[3:2:9]", selection.constraint());
    assertEquals("dap4.ce=/COADSX%5B3:2:9%5D", selection.query());
    assertEquals(
        Optional.of("coads_climatology.nc.dap.csv?dap4.ce=/COADSX%5B3:2:9%5D"),
        selection.location(PATH));
  }

  @Test
  void wholeExtent_isTheNameAlone() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            Samples.ddx(),
            "var=COADSX"
                + "&dim-COADSX-0-start=0&dim-COADSX-0-stride=1&dim-COADSX-0-stop=179&var=SST");
    assertEquals("COADSX,SST", selection.constraint());
  }

  @Test
  void dap4_clausesAreJoinedWithSemicolons() throws Exception {
    FormSelection selection =
        FormSelection.parse(Samples.dmr(), "var=/SST&var=/COADSX" + "&dim-SST-0-stop=0");
    assertEquals("/COADSX;/SST[0:1:0][0:1:179]", selection.constraint());
  }

  @Test
  void blankFieldsMeanTheWholeExtentOfTheirDimension() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            Samples.ddx(),
            "var=SST&dim-SST-0-start="
                + "&dim-SST-0-stride=&dim-SST-0-stop=&dim-SST-1-start=10&dim-SST-1-stride=+5");
    assertEquals("SST[0:1:11][10:5:179]", selection.constraint());
  }

  @Test
  void rangesOfUncheckedVariablesAreIgnored() throws Exception {
    FormSelection selection = FormSelection.parse(Samples.ddx(), "dim-SST-0-start=999");
    assertEquals("", selection.constraint());
    assertEquals(List.of(), selection.errors());
  }

  @Test
  void startBeyondTheShape() throws Exception {
    FormSelection selection =
        FormSelection.parse(Samples.ddx(), "var=COADSX&dim-COADSX-0-start=180&format=ascii");
    assertEquals(
        List.of("COADSX, COADSX: start 180 must be between 0 and 179"), selection.errors());
    assertEquals(Optional.empty(), selection.location(PATH));
  }

  @Test
  void stopBeforeStartStrideZeroAndText() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            Samples.dmr(),
            "var=/SST"
                + "&dim-SST-0-start=5&dim-SST-0-stop=4&dim-SST-1-stride=0&dim-SST-1-stop=x1");
    assertEquals(
        List.of(
            "/SST, TIME: stop 4 must be between 5 and 11",
            "/SST, COADSX: stride 0 must be at least 1",
            "/SST, COADSX: stop \"x1\" is not a whole number"),
        selection.errors());
    assertEquals("/SST", selection.constraint());
  }

  @Test
  void stopBeyondTheShapeWhenStartIsAlsoWrong() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            Samples.ddx(), "var=COADSX&dim-COADSX-0-start=-1&dim-COADSX-0-stop=200");
    assertEquals(
        List.of(
            "COADSX, COADSX: start -1 must be between 0 and 179",
            "COADSX, COADSX: stop 200 must be between 0 and 179"),
        selection.errors());
  }

  @Test
  void unknownVariableAndFormat() throws Exception {
    FormSelection selection = FormSelection.parse(Samples.ddx(), "var=NOPE&format=dap-csv");
    assertEquals(
        List.of(
            "there is no download format \"dap-csv\" on the DAP2 form",
            "there is no variable \"NOPE\" in this dataset"),
        selection.errors());
    assertEquals(Optional.empty(), selection.format());
  }

  @Test
  void malformedEscape() throws Exception {
    FormSelection selection = FormSelection.parse(Samples.ddx(), "var=%zz&var=SST");
    assertEquals(List.of("the query has a malformed escape in \"var=%zz\""), selection.errors());
    assertEquals("SST", selection.constraint());
  }

  @Test
  void noVariableButAButton_downloadsTheWholeDataset() throws Exception {
    FormSelection selection = FormSelection.parse(Samples.dmr(), "format=dap");
    assertEquals(Optional.of("coads_climatology.nc.dap"), selection.location(PATH));
  }

  @Test
  void oddNames_areEscapedInTheConstraintAndAgainInTheQuery() throws Exception {
    DatasetModel model =
        DatasetParser.ddx(
            """
        <Dataset name="d"><Array name="a b"><Int32/><dimension size="4"/></Array></Dataset>
        """
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertEquals("a~20b", FormSelection.idOf(model.variables().get(0)));
    FormSelection selection =
        FormSelection.parse(model, "var=a%2520b&dim-a~20b-0-stop=1&format=ascii");
    assertEquals("a%20b[0:1:1]", selection.constraint());
    assertEquals(
        Optional.of("a%20b%20c.nc.ascii?a%2520b%5B0:1:1%5D"), selection.location("/a b c.nc"));
  }

  @Test
  void idOf_dropsTheDap4RootSlash() throws Exception {
    assertEquals("COADSX", FormSelection.idOf(Samples.dmr().variables().get(0)));
    assertEquals("COADSX", FormSelection.idOf(Samples.ddx().variables().get(0)));
  }

  @Test
  void theFrontEndReadsBackTheSameConstraint() throws Exception {
    DapRequestParser parser = DapRequestParser.withDefaults();
    FormSelection dap2 =
        FormSelection.parse(
            Samples.ddx(),
            "var=COADSX&dim-COADSX-0-start=3&dim-COADSX-0-stop=9&var=SST&dim-SST-0-stop=0");
    DapRequest.Dataset ascii =
        ((DapRequest.Node) parser.parse(PATH + ".ascii", dap2.query())).readings().get(0);
    assertEquals(dap2.constraint(), ascii.constraint());
    FormSelection dap4 =
        FormSelection.parse(
            Samples.dmr(),
            "var=/COADSX&dim-COADSX-0-start=3&dim-COADSX-0-stop=9&var=/SST&dim-SST-0-stop=0");
    DapRequest.Dataset dap =
        ((DapRequest.Node) parser.parse(PATH + ".dap", dap4.query())).readings().get(0);
    assertEquals(dap4.constraint(), dap.constraint());
    assertEquals("/COADSX[3:1:9];/SST[0:1:0][0:1:179]", dap.constraint());
  }

  // ------------------------------------------------------------------ coordinate values

  private static DatasetForm coads4() throws Exception {
    return Emulated.withCoordinates(
        Emulated.dap4Form(org.olfsfastpath.emulator.dap.Datasets.coadsClimatology()),
        org.olfsfastpath.emulator.dap.Datasets.coadsClimatology());
  }

  @Test
  void values_selectTheNearestIndexes_towardTheInsideOnATie() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            coads4(),
            "var=/COADSX"
                + "&dim-COADSX-0-start=0&dim-COADSX-0-stop=179&dim-COADSX-0-shown=0:179"
                + "&dim-COADSX-0-from=100&dim-COADSX-0-to=200&format=dap");
    assertEquals("/COADSX[40:1:89]", selection.constraint());
    assertEquals(List.of(), selection.errors());
    assertEquals(
        List.of(
            "/COADSX, COADSX: from 100 selects index 40 (101)",
            "/COADSX, COADSX: to 200 selects index 89 (199)"),
        selection.notes());
    assertEquals("40", selection.field("dim-COADSX-0-start"));
    assertEquals("101", selection.field("dim-COADSX-0-from"));
    assertEquals("40:89", selection.field("dim-COADSX-0-shown"));
    assertEquals(
        Optional.of("coads_climatology.nc.dap?dap4.ce=/COADSX%5B40:1:89%5D"),
        selection.location(PATH));
  }

  @Test
  void anIndexEditedWithoutScripts_winsOverTheValueStillShownBesideIt() throws Exception {
    // The page showed 40:89 with 101 and 199; the person typed 10 into start only.
    FormSelection selection =
        FormSelection.parse(
            coads4(),
            "var=/COADSX"
                + "&dim-COADSX-0-start=10&dim-COADSX-0-stop=89&dim-COADSX-0-shown=40:89"
                + "&dim-COADSX-0-from=101&dim-COADSX-0-to=199");
    assertEquals("/COADSX[10:1:89]", selection.constraint());
    assertEquals(List.of(), selection.notes());
    assertEquals("41", selection.field("dim-COADSX-0-from"), "the value follows the index");
  }

  @Test
  void aValueEditedWithoutScripts_winsOverTheIndexLeftAsShown() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            coads4(),
            "var=/COADSX"
                + "&dim-COADSX-0-start=40&dim-COADSX-0-stop=89&dim-COADSX-0-shown=40:89"
                + "&dim-COADSX-0-from=101&dim-COADSX-0-to=300");
    assertEquals("/COADSX[40:1:139]", selection.constraint());
    assertEquals(List.of("/COADSX, COADSX: to 300 selects index 139 (299)"), selection.notes());
  }

  @Test
  void datesSelectTimes_andValuesBeyondTheEndsTheEnds() throws Exception {
    FormSelection selection =
        FormSelection.parse(
            coads4(), "var=/TIME" + "&dim-TIME-0-from=0000-03-01&dim-TIME-0-to=9000");
    // 1 March of year 0 (a leap year) lies 1440 hours in: nearer the February value (1096.485)
    // than the March one (1826.97). 9000 hours is past the last value, so the last index.
    assertEquals("/TIME[1:1:11]", selection.constraint());
    assertEquals("0000-02-15 16:29:06", selection.field("dim-TIME-0-from"));
  }

  @Test
  void valuesInTheWrongOrder_orUnreadable_areErrors() throws Exception {
    FormSelection reversed =
        FormSelection.parse(
            coads4(), "var=/COADSX" + "&dim-COADSX-0-from=200&dim-COADSX-0-to=100&format=dap");
    assertEquals(
        List.of(
            "/COADSX, COADSX: the values select index 90 to 39: give them in the"
                + " axis's order (its values increase with the index)"),
        reversed.errors());
    assertEquals(Optional.empty(), reversed.location(PATH));
    FormSelection unreadable =
        FormSelection.parse(coads4(), "var=/TIME" + "&dim-TIME-0-from=spring");
    assertEquals(
        List.of(
            "/TIME, TIME: from \"spring\" is not a number or a date like" + " 0000-01-16 06:00:00"),
        unreadable.errors());
  }

  @Test
  void aMemberOfACheckedStructure_isCountedOnceInTheSize() throws Exception {
    DatasetModel model =
        DatasetParser.dmr(
            """
        <Dataset name="d"><Structure name="s"><Int32 name="a"/><Int32 name="b"/></Structure>
        </Dataset>"""
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    FormSelection selection = FormSelection.parse(model, "var=/s&var=/s.a");
    assertEquals("/s;/s.a", selection.constraint());
    assertEquals(1, selection.projections().size());
    assertEquals("/s", selection.projections().get(0).variable().fqn());
  }
}
