package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The responses of the BES's other modules beyond what the captures show: N-dimensional data and
 * Grids in json, ijson, covjson, xml_data and the DDX, the DAP4 CSV quirk, and the size limits.
 */
final class OtherResponsesTest {
  private final GeneratedDataset coads = new GeneratedDataset(CoadsClimatology.model());
  private final DatasetModel model = coads.model();

  private static String text(EmulatedDataset dataset, DapQuery query) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    dataset.write(query, out);
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  private String dods(String returnAs, String constraint) throws Exception {
    return text(coads, new DapQuery("dods", returnAs, constraint, false, ""));
  }

  private DapRequestException failure(EmulatedDataset dataset, DapQuery query) {
    return assertThrows(
        DapRequestException.class,
        () ->
            dataset.write(
                query,
                new ByteArrayOutputStream() {
                  @Override
                  public void write(byte[] b, int off, int len) {
                    throw new AssertionError("wrote before failing");
                  }
                }));
  }

  /** SST's values at [t][y][x], %.6g. */
  private String sst(int t, int y, int x) {
    return CFormat.g((float) model.variable("SST").values().get((t * 90 + y) * 180 + x), 6);
  }

  @Test
  void json_gridIsANodeWithItsArrayAndMapsAsLeavesAndNestedData() throws Exception {
    // An ocean cell near the equator, so the values are not all fill.
    String json = dods("json", "SST[0:0][44:45][100:101]");
    assertTrue(
        json.contains(
            "  \"leaves\": [],\n  \"nodes\": [\n    {\n      \"name\": \"SST\",\n"
                + "      \"attributes\": [],\n      \"leaves\": [\n        {\n          \"name\": \"SST\",\n"
                + "          \"type\": \"Float32\",\n"),
        json);
    assertTrue(
        json.contains(
            "          \"shape\": [1,2,2],\n          \"data\": [[["
                + sst(0, 44, 100)
                + ", "
                + sst(0, 44, 101)
                + "], ["
                + sst(0, 45, 100)
                + ", "
                + sst(0, 45, 101)
                + "]]]\n        },\n        {\n          \"name\": \"TIME\",\n"),
        json);
    assertTrue(
        json.contains(
            "          \"shape\": [2],\n          \"data\": [221, 223]\n        }\n"
                + "      ],\n      \"nodes\": []\n    }\n\n  ]\n}\n"),
        json);
  }

  @Test
  void ijson_gridIsAnObjectWithArrayThenMaps() throws Exception {
    assertEquals(
        "{\n \"name\": \"coads_climatology.nc\",\n \"SST\": {\n"
            + "  \"SST\":  [[["
            + sst(0, 44, 100)
            + "]]],\n"
            + "  \"TIME\":  [366],\n  \"COADSY\":  [-1],\n  \"COADSX\":  [221]\n }\n}\n",
        dods("ijson", "SST[0][44][100]"));
  }

  @Test
  void covjson_ofAGenericGridUsesItsNamedAxes() throws Exception {
    GeneratedDataset generic = new GeneratedDataset(GenericGrid.model("sst.nc"));
    String covjson =
        text(generic, new DapQuery("dods", "covjson", "temperature[0][0:1][0:2]", false, ""));
    assertTrue(
        covjson.contains(
            "      \"x\": {\n        \"values\": [0, 18, 36]\n      },\n"
                + "      \"y\": {\n        \"values\": [-45, -35]\n      },\n"
                + "      \"t\": {\n        \"values\": [\"2000-01-01 00:00:00\"]\n      }\n    },\n"),
        covjson);
    assertTrue(covjson.contains("        \"type\": \"ProjectedCRS\",\n"), covjson);
    assertTrue(
        covjson.contains(
            "      \"dataType\": \"float\", \n      \"axisNames\": [\"t\", \"y\", \"x\"],\n"
                + "      \"shape\": [1, 2, 3],\n"),
        covjson);
  }

  @Test
  void covjson_withoutAGridCannotBeConverted() {
    DapRequestException e =
        failure(
            new GeneratedDataset(Fnoc1.model()),
            new DapQuery("dods", "covjson", "u[0][0:1][0:1]", false, ""));
    assertEquals(1, e.besErrorType());
    assertEquals(CovJsonWriter.NOT_CONVERTIBLE, e.getMessage());
    assertEquals("getDODS", e.responseElement());
    assertEquals("FoDapCovJsonTransform.cc", e.file());
  }

  @Test
  void dodsCsv_isTheAsciiAnswer() throws Exception {
    String ascii = dods("ascii", "SST[0][0:1][0:1],COADSX[0:3]");
    assertTrue(
        ascii.startsWith(
            "Dataset: coads_climatology.nc\nCOADSX, 21, 23, 25, 27\nSST.COADSX, 21, 23\n"),
        ascii);
    assertEquals(ascii, dods("csv", "SST[0][0:1][0:1],COADSX[0:3]"));
  }

  @Test
  void dapCsv_lastDimensionOfOneLosesItsValuesLikeTheBes() throws Exception {
    assertEquals(
        "Dataset: coads_climatology.nc\n/SST[0][0], \n/SST[0][1], \n",
        text(coads, new DapQuery("dap", "csv", "/SST[0][0:1][0]", true, "")));
  }

  @Test
  void dapCsv_endsAChunkAtEveryLine() throws Exception {
    List<String> chunks = new ArrayList<>();
    ByteArrayOutputStream out =
        new ByteArrayOutputStream() {
          @Override
          public void flush() {
            chunks.add(toString(StandardCharsets.ISO_8859_1));
            reset();
          }
        };
    coads.write(new DapQuery("dap", "csv", "/COADSY[0:1];/SST[0][0:1][0:1]", true, ""), out);
    assertEquals(
        List.of(
            "Dataset: coads_climatology.nc\n",
            "/COADSY, -89, -87\n",
            "/SST[0][0], -1e+34, -1e+34\n",
            "/SST[0][1], -1e+34, -1e+34\n"),
        chunks);
  }

  @Test
  void xmlData_wrapsEachRowInItsIndices() throws Exception {
    String xml = text(coads, new DapQuery("xml_data", "", "SST[0][0:1][0:1]", false, ""));
    assertTrue(
        xml.startsWith(
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                + "<Dataset xmlns=\"http://xml.opendap.org/ns/dap/3.3#\">\n    <Grid name=\"SST\">\n"
                + "        <Array name=\"SST\">\n            <Float32 name=\"SST\"/>\n"
                + "            <dimension name=\"TIME\" size=\"1\"/>\n"),
        xml);
    assertTrue(
        xml.contains(
            "            <dim number=\"0\" index=\"0\">\n"
                + "                <dim number=\"1\" index=\"1\">\n"
                + "                    <value>-1e+34</value>\n                    <value>-1e+34</value>\n"
                + "                </dim>\n            </dim>\n        </Array>\n"
                + "        <Map name=\"TIME\">\n            <Float64 name=\"TIME\"/>\n"
                + "            <dimension name=\"TIME\" size=\"1\"/>\n            <value>366</value>\n"
                + "        </Map>\n"),
        xml);
  }

  @Test
  void ddx_partialGridIsAStructureOfArrays() throws Exception {
    String ddx = text(coads, new DapQuery("ddx", "", "SST.SST[0][0:1][0:2]", false, ""));
    assertTrue(ddx.contains("    <Structure name=\"SST\">\n        <Array name=\"SST\">\n"), ddx);
    assertTrue(
        ddx.contains(
            "            <Float32/>\n            <dimension name=\"TIME\" size=\"1\"/>\n"
                + "            <dimension name=\"COADSY\" size=\"2\"/>\n"
                + "            <dimension name=\"COADSX\" size=\"3\"/>\n        </Array>\n    </Structure>\n"
                + "    <blob href=\"cid:\"/>\n</Dataset>\n"),
        ddx);
    // Global attributes are printed whatever the constraint.
    assertTrue(ddx.contains("    <Attribute name=\"DODS_EXTRA\" type=\"Container\">\n"), ddx);
  }

  @Test
  void dap_variableOverTheLimitGetsTheDap4Message() {
    DapRequestException e =
        failure(
            coads,
            new DapQuery(
                "dap", "", "/SST;/TIME", true, "", false, Map.of("max_variable_size", "1000")));
    assertEquals(3, e.besErrorType());
    assertEquals("getDAP", e.responseElement());
    assertEquals(1369, e.line());
    assertEquals(
        "\nYou asked for too much! \n"
            + "    Maximum allowed response size: unlimited\n"
            + "    Maximum allowed variable size: 1000 bytes.\n"
            + "The following is a list of variable(s), identified\nin the request, "
            + "that are each too large for the service\nto process.\n\nOversized Variable(s): \n"
            + "    Float32 /SST[0:11][0:89][0:179] (777600 bytes)\n\n"
            + "You can resolve these issues by requesting less.\n"
            + " - Consider asking for fewer variables (do you need them all?)\n"
            + " - If individual variables are too large you can also subset\n"
            + "   them using an index based array subset expression \n"
            + "   to request a smaller area or to decimate the variable.\n"
            + "You can find detailed information about DAP4 variable sub-setting here:\n"
            + "https://github.com/OPENDAP/dap4-specification/blob/main/01_data-model-and-serialized-rep.md"
            + "#8-constraints\n",
        e.getMessage());
  }

  @Test
  void dods_bothLimitsExceeded_listsTheVariablesToo() {
    DapRequestException e =
        failure(
            coads,
            new DapQuery(
                "dods",
                "ascii",
                "SST[0:2:11][0][0]",
                false,
                "",
                false,
                Map.of("max_response_size", "30", "max_variable_size", "20")));
    assertEquals(960, e.line());
    // 6 SST values (24 bytes) and the maps: TIME 6 x 8, COADSY and COADSX 8 each: 88 bytes.
    assertTrue(
        e.getMessage()
            .contains(
                "The submitted DAP2 request will generate a 88 byte\n"
                    + "response, which is larger than the maximum allowed response size.\n"
                    + "\nIn addition to the overall response being too large for the\nservice to produce, the request"
                    + " references the following\nvariable(s) that are each too large for the service\nto process.\n\n"
                    + "Oversized Variable(s): \n    Float32 SST.SST[0:2:11][0:0][0:0] (24 bytes)\n"
                    + "    Float64 SST.TIME[0:2:11] (48 bytes)\n\n"),
        e.getMessage());
  }

  @Test
  void dods_covjsonRewrapsTheSizeError() {
    DapRequestException e =
        failure(
            coads,
            new DapQuery(
                "dods", "covjson", "SST", false, "", false, Map.of("max_response_size", "1")));
    assertEquals(3, e.besErrorType());
    assertEquals("FoDapCovJsonTransmitter.cc", e.file());
    assertTrue(
        e.getMessage()
            .startsWith(
                "Caught a C++ standard exception in responseBuilder.intern_dap2_data."
                    + " The error was: \nYou asked for too much! \n"),
        e.getMessage());
  }

  @Test
  void dapCsv_usesTheKilobyteLimitInstead() {
    DapRequestException e =
        failure(
            coads,
            new DapQuery("dap", "csv", "/SST", true, "", false, Map.of("max_response_size", "1")));
    assertEquals(1, e.besErrorType());
    assertEquals(
        "Failed to return values as ascii: The Request for 759KB is too large; requests for this"
            + " server are limited to 1KB.",
        e.getMessage());
    assertEquals("getDAP", e.responseElement());
  }

  @Test
  void returnAs_withoutAMethodForTheType() {
    for (String[] c :
        new String[][] {
          {"dap", "json"},
          {"dap", "ijson"},
          {"das", "covjson"},
          {"ddx", "csv"},
          {"xml_data", "json"},
          {"info_page", "ascii"},
          {"dds", "netcdf"}
        }) {
      DapRequestException e = failure(coads, new DapQuery(c[0], c[1], "", c[0].equals("dap"), ""));
      assertEquals("Unable to transmit response, no transmitter for " + c[0], e.getMessage());
      assertEquals(BesErrors.responseElement(c[0]), e.responseElement());
    }
  }
}
