package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.emulator.dap.EmulatedDataset;
import org.olfsfastpath.testing.Captures;

/**
 * The sizes the forms show against the bytes of the answers: the emulator's (which writes as the
 * BES does, checked against recorded exchanges) for many selections, and recorded answers of a real
 * BES.
 */
final class AnswerSizesTest {
  private static EmulatedDataset dataset(String name) {
    return Datasets.find(name);
  }

  private static FormSelection select(DatasetForm form, String query) {
    FormSelection selection = FormSelection.parse(form, query);
    assertEquals(List.of(), selection.errors(), query);
    return selection;
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "coads_climatology.nc | ''",
        "coads_climatology.nc | var=/SST",
        "coads_climatology.nc | var=/COADSX&dim-COADSX-0-start=10&dim-COADSX-0-stride=5"
            + "&dim-COADSX-0-stop=40",
        "coads_climatology.nc | var=/SST&dim-SST-0-stop=0&dim-SST-1-stop=9&dim-SST-2-stop=9"
            + "&var=/TIME",
        "coads_climatology.nc | var=/SST&var=/AIRT&var=/COADSX",
        "coads_climatology.nc | var=/UWND&dim-UWND-0-stop=5&var=/COADSY",
        "coads_climatology.nc | var=/VWND&dim-VWND-2-start=179",
        "fnoc1.nc | ''",
        "fnoc1.nc | var=/u&dim-u-1-stride=3&var=/lat",
        "fnoc1.nc | var=/v&var=/time",
        "sst.nc | var=/temperature&dim-temperature-0-stop=0&var=/lon",
      })
  void dap_isExact_withAndWithoutChecksums(String name, String query) throws Exception {
    DatasetForm form = Emulated.dap4Form(dataset(name));
    FormSelection selection = select(form, query);
    for (boolean checksums : new boolean[] {false, true}) {
      AnswerSizes.Size size =
          form.sizes().size(DownloadFormat.DAP, selection.projections(), checksums);
      byte[] answer = Emulated.dap4(dataset(name), "dap", selection.constraint(), checksums);
      assertEquals(
          new AnswerSizes.Size(answer.length, SizeKind.EXACT),
          size,
          selection.constraint() + (checksums ? " with checksums" : ""));
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "coads_climatology.nc | ''",
        "coads_climatology.nc | var=SST",
        "coads_climatology.nc | var=COADSX&dim-COADSX-0-start=10&dim-COADSX-0-stride=5"
            + "&dim-COADSX-0-stop=40",
        "coads_climatology.nc | var=SST&dim-SST-0-stop=0&dim-SST-1-stop=9&dim-SST-2-stop=9"
            + "&var=TIME",
        "coads_climatology.nc | var=AIRT&dim-AIRT-1-start=3&dim-AIRT-1-stride=7&var=COADSX",
        "fnoc1.nc | ''",
        "fnoc1.nc | var=u&dim-u-1-stride=3&var=lat",
        "sst.nc | var=temperature&dim-temperature-0-stop=0&var=lon",
        "hostile\"'<img src=x onerror=alert(1)>.nc | ''",
      })
  void dods_isExact(String name, String query) throws Exception {
    DatasetForm form = Emulated.dap2Form(dataset(name));
    FormSelection selection = select(form, query);
    AnswerSizes.Size size = form.size(DownloadFormat.DODS, selection);
    byte[] answer = Emulated.dap2(dataset(name), "dods", "", selection.constraint());
    assertEquals(new AnswerSizes.Size(answer.length, SizeKind.EXACT), size, selection.constraint());
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "coads_climatology.nc | '' | ascii",
        "coads_climatology.nc | var=SST&dim-SST-0-stop=2 | ascii",
        "coads_climatology.nc | '' | netcdf",
        "coads_climatology.nc | var=SST&dim-SST-0-stop=2 | netcdf",
        "fnoc1.nc | '' | ascii",
        "fnoc1.nc | '' | netcdf",
      })
  void textAndNetcdf_areEstimatesWithinAThird(String name, String query, String returnAs)
      throws Exception {
    DatasetForm form = Emulated.dap2Form(dataset(name));
    FormSelection selection = select(form, query);
    AnswerSizes.Size size =
        form.size(returnAs.equals("ascii") ? DownloadFormat.ASCII : DownloadFormat.NC, selection);
    assertEquals(SizeKind.ABOUT, size.kind());
    long real = Emulated.dap2(dataset(name), "dods", returnAs, selection.constraint()).length;
    double ratio = (double) size.bytes() / real;
    assertTrue(ratio > 0.75 && ratio < 1.33, size.bytes() + " estimated for " + real);
  }

  @Test
  void dapCsv_isAnEstimateWithinAThird() throws Exception {
    DatasetForm form = Emulated.dap4Form(dataset("coads_climatology.nc"));
    for (String query : List.of("", "var=/SST&dim-SST-0-stop=1", "var=/TIME")) {
      FormSelection selection = select(form, query);
      AnswerSizes.Size size = form.size(DownloadFormat.DAP_CSV, selection);
      long text = emulatedCsv(selection.constraint());
      double ratio = (double) size.bytes() / text;
      assertTrue(
          ratio > 0.75 && ratio < 1.33, query + ": " + size.bytes() + " estimated for " + text);
    }
  }

  private static long emulatedCsv(String constraint) throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    dataset("coads_climatology.nc")
        .write(new org.olfsfastpath.emulator.dap.DapQuery("dap", "csv", constraint, true, ""), out);
    return out.size();
  }

  @Test
  void aDmrNotLaidOutAsLibdapPrintsIt_givesEstimates() throws Exception {
    byte[] libdap = Samples.DMR.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    DatasetForm laidOut = DatasetForm.of(DatasetParser.dmr(libdap), libdap);
    assertEquals(
        SizeKind.EXACT,
        laidOut.size(DownloadFormat.DAP, FormSelection.none(laidOut.model())).kind());
    byte[] twoSpaces =
        Samples.DMR.replace("    ", "  ").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    DatasetForm other = DatasetForm.of(DatasetParser.dmr(twoSpaces), twoSpaces);
    assertEquals(
        SizeKind.ABOUT, other.size(DownloadFormat.DAP, FormSelection.none(other.model())).kind());
  }

  @Test
  void stringsMakeASizeAtLeast() throws Exception {
    DatasetModel model =
        DatasetParser.ddx(
            ("<Dataset name=\"d\"><String name=\"s\"/>"
                    + "<Array name=\"a\"><Int32/><dimension name=\"n\" size=\"4\"/></Array></Dataset>")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    DatasetForm form = DatasetForm.of(model, new byte[0]);
    AnswerSizes.Size whole = form.size(DownloadFormat.DODS, FormSelection.none(model));
    assertEquals(SizeKind.AT_LEAST, whole.kind());
    // "Dataset {\n" + "    String s;\n" + "    Int32 a[n = 4];\n" + "} d;\n" + "Data:\n", then
    // the string's length and the array's two lengths and four values.
    assertEquals(10 + 14 + 20 + 5 + 6 + 4 + 8 + 16, whole.bytes());
    AnswerSizes.Size array =
        form.size(DownloadFormat.DODS, FormSelection.parse(model, "var=a&dim-a-0-stop=1"));
    assertEquals(new AnswerSizes.Size(10 + 20 + 5 + 6 + 8 + 8, SizeKind.EXACT), array);
  }

  @Test
  void captured_realBesAnswers_haveTheComputedSizes() throws Exception {
    byte[] dmr = Captures.response("get_dmr_coads_all");
    DatasetForm dap4 = DatasetForm.of(DatasetParser.dmr(dmr), dmr);
    assertEquals(
        Captures.response("get_dap_coads_COADSX").length,
        dap4.size(DownloadFormat.DAP, select(dap4, "var=/COADSX")).bytes());
    byte[] ddx = Captures.response("get_ddx_coads");
    DatasetForm dap2 = DatasetForm.of(DatasetParser.ddx(ddx), ddx);
    assertEquals(
        Captures.response("get_dods_coads_COADSX").length,
        dap2.size(DownloadFormat.DODS, select(dap2, "var=COADSX")).bytes());
    assertEquals(
        Captures.response("get_dods_coads_SST_0-0_0-9_0-9").length,
        dap2.size(
                DownloadFormat.DODS,
                select(dap2, "var=SST&dim-SST-0-stop=0&dim-SST-1-stop=9" + "&dim-SST-2-stop=9"))
            .bytes());
    byte[] fnoc1 = Captures.response("get_ddx_fnoc1");
    DatasetForm fnoc1Form = DatasetForm.of(DatasetParser.ddx(fnoc1), fnoc1);
    assertEquals(
        Captures.response("get_dods_fnoc1").length,
        fnoc1Form.size(DownloadFormat.DODS, FormSelection.none(fnoc1Form.model())).bytes());
  }
}
