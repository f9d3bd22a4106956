package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DAP2 answers (dds, dods, ascii) for projections and hyperslabs, and the BES's errors. */
final class Dap2ResponsesTest {
  private final GeneratedDataset coads = new GeneratedDataset(CoadsClimatology.model());
  private final DatasetModel model = coads.model();

  private String dds(String constraint) throws Exception {
    return text(coads, new DapQuery("dds", "", constraint, false, ""));
  }

  private String ascii(EmulatedDataset dataset, String constraint) throws Exception {
    return text(dataset, new DapQuery("dods", "ascii", constraint, false, ""));
  }

  private static String text(EmulatedDataset dataset, DapQuery query) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    dataset.write(query, out);
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  private Map<String, XdrDecoder.DecodedArray> dods(String constraint) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    coads.write(new DapQuery("dods", "", constraint, false, ""), out);
    return XdrDecoder.decode(out.toByteArray());
  }

  /** The values the dataset holds for {@code variable} at the given slices, row-major. */
  private double[] expected(String variable, Slice... slices) throws Exception {
    Variable v = model.variable(variable);
    double[] values =
        new double
            [java.util.Arrays.stream(slices).mapToInt(Slice::count).reduce(1, (a, b) -> a * b)];
    int[] next = {0};
    Hyperslab.forEachRow(
        v,
        List.of(slices),
        (row, first, step, count) -> {
          for (int i = 0; i < count; i++) {
            values[next[0]++] = v.values().get(first + i * step);
          }
        });
    return values;
  }

  private DapRequestException failure(String type, String returnAs, String constraint) {
    return assertThrows(
        DapRequestException.class,
        () ->
            coads.write(
                new DapQuery(type, returnAs, constraint, false, ""),
                new ByteArrayOutputStream() {
                  @Override
                  public void write(byte[] b, int off, int len) {
                    throw new AssertionError("wrote before failing");
                  }
                }));
  }

  @Test
  void dds_unconstrained_listsArraysThenGrids() throws Exception {
    String dds = dds("");
    assertEquals(
        "Dataset {\n"
            + "    Float64 COADSX[COADSX = 180];\n"
            + "    Float64 COADSY[COADSY = 90];\n"
            + "    Float64 TIME[TIME = 12];\n"
            + "    Grid {\n"
            + "      Array:\n"
            + "        Float32 SST[TIME = 12][COADSY = 90][COADSX = 180];\n"
            + "      Maps:\n"
            + "        Float64 TIME[TIME = 12];\n"
            + "        Float64 COADSY[COADSY = 90];\n"
            + "        Float64 COADSX[COADSX = 180];\n"
            + "    } SST;\n",
        dds.substring(0, dds.indexOf("    Grid {\n      Array:\n        Float32 AIRT")));
    assertEquals(true, dds.endsWith("    } VWND;\n} coads_climatology.nc;\n"));
  }

  @Test
  void dds_listsVariablesInDatasetOrderWhateverTheConstraintOrder() throws Exception {
    assertEquals(
        "Dataset {\n    Float64 COADSY[COADSY = 90];\n    Float64 TIME[TIME = 12];\n"
            + "} coads_climatology.nc;\n",
        dds("TIME,COADSY"));
  }

  @Test
  void dds_gridHyperslab_staysGrid() throws Exception {
    assertEquals(
        "Dataset {\n"
            + "    Grid {\n"
            + "      Array:\n"
            + "        Float32 SST[TIME = 1][COADSY = 5][COADSX = 4];\n"
            + "      Maps:\n"
            + "        Float64 TIME[TIME = 1];\n"
            + "        Float64 COADSY[COADSY = 5];\n"
            + "        Float64 COADSX[COADSX = 4];\n"
            + "    } SST;\n"
            + "} coads_climatology.nc;\n",
        dds("SST[6][10:2:18][0:3]"));
  }

  @Test
  void dds_gridArrayPartOnly_isStructure() throws Exception {
    assertEquals(
        "Dataset {\n"
            + "    Structure {\n"
            + "        Float32 SST[TIME = 12][COADSY = 90][COADSX = 180];\n"
            + "    } SST;\n"
            + "} coads_climatology.nc;\n",
        dds("SST.SST"));
  }

  @Test
  void dds_gridMapOnly_isStructure() throws Exception {
    assertEquals(
        "Dataset {\n"
            + "    Structure {\n"
            + "        Float64 COADSX[COADSX = 3];\n"
            + "    } SST;\n"
            + "} coads_climatology.nc;\n",
        dds("SST.COADSX[0:2]"));
  }

  @Test
  void dds_starAndStride() throws Exception {
    assertEquals(
        "Dataset {\n    Float64 COADSX[COADSX = 20];\n} coads_climatology.nc;\n",
        dds("COADSX[100:4:*]"));
    assertEquals(
        "Dataset {\n    Float64 COADSX[COADSX = 180];\n} coads_climatology.nc;\n",
        dds("COADSX[*]"));
  }

  @Test
  void dods_arrayHyperslab_decodesToTheSelectedValues() throws Exception {
    Map<String, XdrDecoder.DecodedArray> arrays = dods("COADSX[3:5:40]");
    assertEquals(List.of("COADSX"), List.copyOf(arrays.keySet()));
    assertArrayEquals(new double[] {27, 37, 47, 57, 67, 77, 87, 97}, arrays.get("COADSX").values());
  }

  @Test
  void dods_gridHyperslab_sendsArrayThenSlicedMaps() throws Exception {
    Map<String, XdrDecoder.DecodedArray> arrays = dods("SST[1:5:11][44:46][100:2:110]");
    assertEquals(
        List.of("SST.SST", "SST.TIME", "SST.COADSY", "SST.COADSX"), List.copyOf(arrays.keySet()));
    assertEquals(List.of(3, 3, 6), arrays.get("SST.SST").shape());
    assertArrayEquals(
        expected("SST", new Slice(1, 5, 11), new Slice(44, 1, 46), new Slice(100, 2, 110)),
        arrays.get("SST.SST").values());
    assertArrayEquals(expected("TIME", new Slice(1, 5, 11)), arrays.get("SST.TIME").values());
    assertArrayEquals(new double[] {-1, 1, 3}, arrays.get("SST.COADSY").values());
    assertArrayEquals(
        new double[] {221, 225, 229, 233, 237, 241}, arrays.get("SST.COADSX").values());
  }

  @Test
  void dods_projectionOfGridPartsAndArrays() throws Exception {
    Map<String, XdrDecoder.DecodedArray> arrays =
        dods("TIME[0:1],SST.COADSY[88:89],UWND.UWND[0][45][90]");
    assertEquals(List.of("TIME", "SST.COADSY", "UWND.UWND"), List.copyOf(arrays.keySet()));
    assertArrayEquals(new double[] {366, 1096.4850000000001}, arrays.get("TIME").values());
    assertArrayEquals(new double[] {87, 89}, arrays.get("SST.COADSY").values());
    assertArrayEquals(
        expected("UWND", new Slice(0, 1, 0), new Slice(45, 1, 45), new Slice(90, 1, 90)),
        arrays.get("UWND.UWND").values());
  }

  @Test
  void dods_unconstrained_decodesEveryVariable() throws Exception {
    Map<String, XdrDecoder.DecodedArray> arrays = dods("");
    assertEquals(3 + 4 * 4, arrays.size());
    assertArrayEquals(
        expected("VWND", Slice.all(12), Slice.all(90), Slice.all(180)),
        arrays.get("VWND.VWND").values());
  }

  @Test
  void dods_fnoc1Int16_widenedToFourBytes() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Datasets.fnoc1().write(new DapQuery("dods", "", "u[2][3:4][5:7]", false, ""), out);
    Map<String, XdrDecoder.DecodedArray> arrays = XdrDecoder.decode(out.toByteArray());
    Variable u = Fnoc1.model().variable("u");
    double[] values = arrays.get("u").values();
    assertEquals(6, values.length);
    assertEquals(u.values().get(2 * 17 * 21 + 3 * 21 + 5), values[0]);
    assertEquals(u.values().get(2 * 17 * 21 + 4 * 21 + 7), values[5]);
  }

  @Test
  void ascii_gridHyperslab_labelsRowsWithMapValues() throws Exception {
    String ascii = ascii(coads, "SST[0][44:45][100:102]");
    double[] sst =
        expected("SST", new Slice(0, 1, 0), new Slice(44, 1, 45), new Slice(100, 1, 102));
    String[] v =
        java.util.Arrays.stream(sst).mapToObj(x -> CFormat.g((float) x, 6)).toArray(String[]::new);
    assertEquals(
        "Dataset: coads_climatology.nc\n"
            + "SST.COADSX, 221, 223, 225\n"
            + "SST.SST[SST.TIME=366][SST.COADSY=-1], "
            + v[0]
            + ", "
            + v[1]
            + ", "
            + v[2]
            + "\n"
            + "SST.SST[SST.TIME=366][SST.COADSY=1], "
            + v[3]
            + ", "
            + v[4]
            + ", "
            + v[5]
            + "\n",
        ascii);
  }

  @Test
  void ascii_structure_printsMapsThenArrayWithBlankLine() throws Exception {
    assertEquals(
        "Dataset: coads_climatology.nc\nSST.TIME, 366, 1096.485\n\n",
        ascii(coads, "SST.TIME[0:1]"));
  }

  @Test
  void ascii_multidimensionalArray_oneLinePerRow() throws Exception {
    // As the BES's asciival test baseline fnoc1.data.dods.ascii4 lays it out.
    String ascii = ascii(Datasets.fnoc1(), "u[0][0:3][0]");
    Variable u = Fnoc1.model().variable("u");
    StringBuilder expected = new StringBuilder("Dataset: fnoc1.nc\n");
    for (int row = 0; row < 4; row++) {
      expected
          .append("u[0][")
          .append(row)
          .append("], ")
          .append((int) u.values().get(row * 21))
          .append("\n");
    }
    assertEquals(expected.toString(), ascii);
  }

  @Test
  void ascii_severalVariables_eachEndsItsLine() throws Exception {
    assertEquals(
        "Dataset: coads_climatology.nc\nCOADSX, 21, 23\nCOADSY, -89\n",
        ascii(coads, "COADSY[0],COADSX[0:1]"));
  }

  @Test
  void unknownIdentifier() {
    DapRequestException e = failure("dds", "", "COADSX,NOSUCH");
    assertEquals(3, e.besErrorType());
    assertEquals("libdap error transmitting DDS: " + BesErrors.NO_SUCH_IDENTIFIER, e.getMessage());
    assertEquals("getDDS", e.responseElement());
    assertEquals("BESDapTransmit.cc", e.file());
    assertEquals(92, e.line());
  }

  @Test
  void unknownArray() {
    assertEquals(
        "libdap error transmitting DataDDS: Constraint expression parse error: the "
            + "expression referenced a array, grid or sequence not found in the dataset.",
        failure("dods", "", "NOSUCH[0]").getMessage());
  }

  @Test
  void asciiErrorsAreWordedByTheAsciiTransmitter() {
    DapRequestException e = failure("dods", "ascii", "NOSUCH");
    assertEquals("Failed to get values as ascii: " + BesErrors.NO_SUCH_IDENTIFIER, e.getMessage());
    assertEquals("getDODS", e.responseElement());
    assertEquals("BESAsciiTransmit.cc", e.file());
  }

  @Test
  void hyperslabErrors() {
    assertEquals(
        "libdap error transmitting DDS: Invalid constraint parameters: At least one of "
            + "the start, stride or stop \nspecified do not match the array variable.",
        failure("dds", "", "COADSX[0:180]").getMessage());
    assertEquals(
        "libdap error transmitting DDS: " + BesErrors.BAD_SLICE,
        failure("dds", "", "COADSX[0:0:10]").getMessage());
    assertEquals(
        "libdap error transmitting DDS: The start value of an array index is past the "
            + "stop value.",
        failure("dds", "", "COADSX[10:2]").getMessage());
    assertEquals(
        "libdap error transmitting DDS: Error: The number of dimensions in the "
            + "constraint must match the number in the array.",
        failure("dds", "", "COADSX[0][1]").getMessage());
    assertEquals(
        "libdap error transmitting DDS: Error: The number of dimensions in the "
            + "constraint must match the number in the grid.",
        failure("dds", "", "SST[0][1]").getMessage());
    assertEquals(
        "libdap error transmitting DDS: Expected an array index.",
        failure("dds", "", "COADSX[a:3]").getMessage());
    assertEquals(
        "libdap error transmitting DDS: One or more Array variables were projected "
            + "multiple times in the constraint expression.",
        failure("dds", "", "COADSX,COADSX[0:3]").getMessage());
  }

  @Test
  void syntaxErrors() {
    assertEquals(
        "libdap error transmitting DDS: Constraint expression parse error: syntax error",
        failure("dds", "", "COADSX[0:3").getMessage());
    assertEquals(
        "libdap error transmitting DDS: " + BesErrors.SYNTAX_ERROR,
        failure("dds", "", "COADSX,").getMessage());
    assertEquals(
        "libdap error transmitting DDS: One or more functions using the constraint "
            + "expression was not defined.",
        failure("dds", "", "geogrid(SST,1,2,3,4)").getMessage());
  }

  @Test
  void sameHyperslabTwice_isAccepted() throws Exception {
    assertEquals(
        "Dataset {\n    Float64 COADSX[COADSX = 4];\n} coads_climatology.nc;\n",
        dds("COADSX[0:3],COADSX[0:3]"));
  }

  @Test
  void escapedNames_areDecoded() throws Exception {
    assertEquals(
        "Dataset {\n    Float64 COADSX[COADSX = 180];\n} coads_climatology.nc;\n", dds("%43OADSX"));
  }
}
