package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The netCDF-3 answers (get dods/dap returnAs=netcdf, and get stream of a dataset with no file):
 * read back with the test's own reader, and, where ncdump is installed, with ncdump itself.
 */
final class NetcdfResponsesTest {
  private static final Path NCDUMP = Path.of("/usr/bin/ncdump");
  private static final String CF_ENTRY =
      "2026-11-23 19:00:00 GMT hyrax-1.17.1 "
          + "http://localhost:8080/opendap/coads_climatology.nc.nc?SST[0:1:0][0:1:9][0:1:9]";
  private static final String JSON_ENTRY = "{\"program\":\"hyrax\"}";

  private final GeneratedDataset coads = new GeneratedDataset(CoadsClimatology.model());
  private final DatasetModel model = coads.model();

  private byte[] answer(EmulatedDataset dataset, DapQuery query) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    dataset.write(query, out);
    return out.toByteArray();
  }

  private byte[] dodsNetcdf(String constraint, Map<String, String> contexts) throws Exception {
    return answer(coads, new DapQuery("dods", "netcdf", constraint, false, "", false, contexts));
  }

  /** The values the dataset holds for {@code variable} at the given slices, row-major. */
  private double[] expected(DatasetModel source, String variable, Slice... slices)
      throws Exception {
    Variable v = source.variable(variable);
    List<Double> values = new ArrayList<>();
    Hyperslab.forEachRow(
        v,
        List.of(slices),
        (row, first, step, count) -> {
          for (int i = 0; i < count; i++) {
            values.add(v.values().get(first + i * step));
          }
        });
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static List<String> names(NetcdfReader.File file) {
    return List.copyOf(file.vars().keySet());
  }

  @Test
  void dodsNetcdf_isCdf2WithMapsBeforeTheGridArrayAndTheHistoryEntries() throws Exception {
    byte[] bytes =
        dodsNetcdf(
            "SST[0:1:0][0:1:9][0:1:9]",
            Map.of("cf_history_entry", CF_ENTRY, "history_json_entry", JSON_ENTRY));
    assertEquals("CDF\u0002", new String(bytes, 0, 4, StandardCharsets.ISO_8859_1));
    NetcdfReader.File file = NetcdfReader.read(bytes);
    assertEquals(2, file.version());
    assertEquals(0, file.numrecs());
    assertEquals(
        List.of(
            new NetcdfReader.Dim("TIME", 1),
            new NetcdfReader.Dim("COADSY", 10),
            new NetcdfReader.Dim("COADSX", 10)),
        file.dims());
    assertEquals(List.of("TIME", "COADSY", "COADSX", "SST"), names(file));
    NetcdfReader.Var sst = file.vars().get("SST");
    assertEquals(5, sst.type()); // float
    assertEquals(file.dims(), sst.dims());
    assertEquals(
        List.of("missing_value", "_FillValue", "long_name", "history", "units"),
        List.copyOf(sst.atts().keySet()));
    assertArrayEquals(new double[] {-1.0e34f}, sst.atts().get("_FillValue").numbers());
    assertEquals(5, sst.atts().get("_FillValue").type());
    assertEquals("SEA SURFACE TEMPERATURE", sst.atts().get("long_name").text());
    assertEquals(6, file.vars().get("COADSX").type()); // double
    assertArrayEquals(
        new double[] {21, 23, 25, 27, 29, 31, 33, 35, 37, 39}, file.vars().get("COADSX").values());
    assertArrayEquals(
        expected(model, "SST", new Slice(0, 1, 0), new Slice(0, 1, 9), new Slice(0, 1, 9)),
        sst.values());
    assertEquals(
        List.of("history", "history_json", "DODS_EXTRA.Unlimited_Dimension"),
        List.copyOf(file.globals().keySet()));
    assertEquals(
        "FERRET V4.30 (debug/no GUI) 15-Aug-96\n" + CF_ENTRY + "\n",
        file.globals().get("history").text());
    assertEquals("[" + JSON_ENTRY + "]", file.globals().get("history_json").text());
    assertEquals("TIME", file.globals().get("DODS_EXTRA.Unlimited_Dimension").text());
    // Each variable starts where the one before it ends, the first right after the header.
    long begin = file.vars().get("TIME").begin();
    for (NetcdfReader.Var var : file.vars().values()) {
      assertEquals(begin, var.begin(), var.name());
      begin += var.vsize();
    }
    assertEquals(bytes.length, begin);
  }

  @Test
  void netcdfWithoutHistoryContexts_namesTheRequestAsTheBesDoes() throws Exception {
    NetcdfReader.File file = NetcdfReader.read(dodsNetcdf("COADSX[0:2]", Map.of()));
    String history = file.globals().get("history").text();
    assertTrue(
        history.matches(
            "FERRET V4\\.30 \\(debug/no GUI\\) 15-Aug-96\n"
                + "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d Hyrax coads_climatology\\.nc\\?COADSX\\[0:2\\]\n"),
        history);
    String json = file.globals().get("history_json").text();
    assertTrue(
        json.startsWith(
            "[{\"$schema\":\"https://harmony.earthdata.nasa.gov/schemas/history/0.1.0/"
                + "history-0.1.0.json\",\"date_time\":\""),
        json);
    assertTrue(
        json.endsWith(
            "\",\"program\":\"hyrax\",\"version\":\"1.16.3\",\"parameters\":"
                + "[{\"request_url\":\"coads_climatology.nc?COADSX[0:2]\"}]}]"),
        json);
  }

  @Test
  void dapNetcdf_writesTheDap4ProjectionInDatasetOrder() throws Exception {
    byte[] bytes =
        answer(coads, new DapQuery("dap", "netcdf", "/SST[0][0:2][0:2];/COADSX[0:2]", true, ""));
    NetcdfReader.File file = NetcdfReader.read(bytes);
    assertEquals(2, file.version());
    assertEquals(List.of("COADSX", "SST"), names(file));
    assertEquals(
        List.of(
            new NetcdfReader.Dim("COADSX", 3),
            new NetcdfReader.Dim("TIME", 1),
            new NetcdfReader.Dim("COADSY", 3)),
        file.dims());
    assertArrayEquals(
        expected(model, "SST", new Slice(0, 1, 0), new Slice(0, 1, 2), new Slice(0, 1, 2)),
        file.vars().get("SST").values());
  }

  @Test
  void fnoc1Winds_areShortsAndStridesApply() throws Exception {
    GeneratedDataset fnoc1 = new GeneratedDataset(Fnoc1.model());
    NetcdfReader.File file =
        NetcdfReader.read(
            answer(fnoc1, new DapQuery("dods", "netcdf", "u[0:2:4][1][0:3:20]", false, "")));
    NetcdfReader.Var u = file.vars().get("u");
    assertEquals(3, u.type()); // Int16 stays short
    assertEquals(
        List.of(
            new NetcdfReader.Dim("time_a", 3),
            new NetcdfReader.Dim("lat", 1),
            new NetcdfReader.Dim("lon", 7)),
        u.dims());
    assertArrayEquals(
        expected(fnoc1.model(), "u", new Slice(0, 2, 4), new Slice(1, 1, 1), new Slice(0, 3, 18)),
        u.values());
    // 21 shorts padded to 44 bytes.
    assertEquals(44, u.vsize());
  }

  @Test
  void sameDimensionNameWithAnotherSize_failsAsFileoutNetcdf() {
    DapRequestException e =
        assertThrows(
            DapRequestException.class,
            () -> dodsNetcdf("SST[0:1:0][0:1:9][0:1:9],COADSX", Map.of()));
    assertEquals(FileOutNetcdf.DIMENSION_CONFLICT, e.getMessage());
    assertEquals("getDODS", e.responseElement());
  }

  @Test
  void streamOfADatasetWithNoFile_isTheWholeDatasetAsClassicNetcdf() throws Exception {
    GeneratedDataset fnoc1 = new GeneratedDataset(Fnoc1.model());
    NetcdfReader.File file =
        NetcdfReader.read(answer(fnoc1, new DapQuery("stream", "", "", false, "")));
    assertEquals(1, file.version());
    assertEquals(List.of("u", "v", "lat", "lon", "time"), names(file));
    assertEquals(List.of("base_time", "title"), List.copyOf(file.globals().keySet()));
    assertArrayEquals(
        expected(fnoc1.model(), "v", Slice.all(16), Slice.all(17), Slice.all(21)),
        file.vars().get("v").values());
  }

  @Test
  void ncdump_readsTheDimensionsVariablesAndValues(@TempDir Path dir) throws Exception {
    assumeTrue(
        Files.isExecutable(NCDUMP),
        "skipped: " + NCDUMP + " is not installed (scripts/setup installs netcdf-bin)");
    // An ocean corner of the Pacific, so that SST holds values rather than fill.
    Path file = dir.resolve("coads.nc");
    Files.write(
        file, dodsNetcdf("SST[0:1:1][40:1:42][100:1:103]", Map.of("cf_history_entry", CF_ENTRY)));
    assertEquals("64-bit offset\n", ncdump("-k", file));
    String header = ncdump("-h", file);
    for (String line :
        List.of(
            "\tTIME = 2 ;",
            "\tCOADSY = 3 ;",
            "\tCOADSX = 4 ;",
            "\tdouble TIME(TIME) ;",
            "\t\tTIME:units = \"hour since 0000-01-01 00:00:00\" ;",
            "\tdouble COADSY(COADSY) ;",
            "\tdouble COADSX(COADSX) ;",
            "\tfloat SST(TIME, COADSY, COADSX) ;",
            "\t\tSST:missing_value = -1.e+34f ;",
            "\t\tSST:_FillValue = -1.e+34f ;",
            "\t\tSST:units = \"Deg C\" ;",
            "\t\t:DODS_EXTRA.Unlimited_Dimension = \"TIME\" ;")) {
      assertTrue(header.contains(line + "\n"), "ncdump -h lacks [" + line + "]:\n" + header);
    }
    assertTrue(header.indexOf("double COADSX(") < header.indexOf("float SST("), header);
    assertTrue(
        header.contains(
            "\t\t:history = \"FERRET V4.30 (debug/no GUI) 15-Aug-96\\n\",\n\t\t\t\""
                + CF_ENTRY
                + "\\n\",\n"),
        header);
    assertTrue(ncdump("-v", "COADSX", file).contains(" COADSX = 221, 223, 225, 227 ;\n"));
    String sst = ncdump("-v", "SST", file);
    Matcher data = Pattern.compile("SST =\\s*([^;]*);").matcher(sst);
    assertTrue(data.find(), sst);
    String[] printed = data.group(1).trim().split("[,\\s]+");
    double[] values =
        expected(model, "SST", new Slice(0, 1, 1), new Slice(40, 1, 42), new Slice(100, 1, 103));
    assertEquals(values.length, printed.length, sst);
    for (int i = 0; i < values.length; i++) {
      // ncdump prints floats with 7 significant digits.
      assertEquals(values[i], Double.parseDouble(printed[i]), Math.abs(values[i]) * 1e-6, sst);
    }
  }

  private static String ncdump(Object... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(NCDUMP.toString());
    for (Object arg : args) {
      command.add(arg.toString());
    }
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(30, TimeUnit.SECONDS), "ncdump did not finish");
    assertEquals(0, process.exitValue(), "ncdump " + command + " failed:\n" + output);
    return output;
  }
}
