package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * Real clients, unchanged, on the files the front end lets users download, through the WAR in a
 * real Tomcat 11 in front of the BES emulator: ncdump on the netCDF subsets ({@code .nc} and {@code
 * .dap.nc}), Python's csv module on {@code .csv} and {@code .dap.csv}, Python's json module on
 * {@code .json}, {@code .ijsn} and {@code .covjson}, and xarray on the {@code .nc} subset. Every
 * value a client reads is compared with the ASCII response for the same subset. Each test skips,
 * saying why, when its program or Python module is missing (scripts/setup installs them from
 * Debian's packages: netcdf-bin, python3-xarray).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class RealClientsIT {
  private static final String DS = "coads_climatology.nc";

  /** Sea surface temperatures near the equator: 2 x 2 x 3 values, none of them missing. */
  private static final String SLICE = "SST[0:1:1][44:1:45][100:1:102]";

  /** A slice whose shape is easy to tell apart: 3 x 4 x 5. */
  private static final String SHAPED = "SST[0:1:2][0:1:3][0:1:4]";

  private static final String PYTHON = "/usr/bin/python3";
  private static final String NCDUMP = "/usr/bin/ncdump";

  @RegisterExtension
  static final FrontEndExtension FRONT_END = FrontEndExtension.named("RealClientsIT");

  @TempDir Path downloads;
  private URI opendap;

  /** The slice's values as the ASCII response gives them, in row-major order. */
  private List<Double> asciiValues;

  @BeforeAll
  void start() throws Exception {
    opendap = FRONT_END.opendap();
    HttpResponse<byte[]> ascii = ItSupport.get(opendap.resolve(DS + ".ascii?" + query(SLICE)));
    assertEquals(200, ascii.statusCode(), ItSupport.text(ascii));
    asciiValues = new ArrayList<>();
    for (String line : ItSupport.text(ascii).lines().toList()) {
      if (line.startsWith("SST.SST[")) {
        asciiValues.addAll(numbers(line.substring(line.indexOf(',') + 1)));
      }
    }
    assertEquals(12, asciiValues.size(), ItSupport.text(ascii));
  }

  // ncdump on the netCDF downloads.

  @ParameterizedTest
  @ValueSource(strings = {".nc", ".dap.nc"})
  void ncdump_header_ofTheSubset(String suffix) throws Exception {
    Path file = download(DS + suffix + "?" + constraint(suffix, SHAPED), "subset" + suffix);
    ItSupport.Run run = ItSupport.runClient(NCDUMP, "-h", file.toString());
    assertEquals(0, run.exitCode(), run.output());
    String header = run.output();
    assertTrue(
        header.contains("TIME = 3 ;")
            && header.contains("COADSY = 4 ;")
            && header.contains("COADSX = 5 ;"),
        header);
    assertTrue(header.contains("float SST(TIME, COADSY, COADSX) ;"), header);
    assertTrue(header.contains("SST:units = \"Deg C\" ;"), header);
    // The file's history names the request that made it.
    assertTrue(header.contains(" olfs-fastpath-"), header);
    assertTrue(
        header.contains(opendap.resolve(DS + suffix) + "?" + constraint(suffix, SHAPED)), header);
    assertTrue(header.contains(":history_json = \"[{"), header);
    if (suffix.equals(".nc")) {
      // A DAP2 Grid brings its maps along.
      assertTrue(header.contains("double COADSX(COADSX) ;"), header);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {".nc", ".dap.nc"})
  void ncdump_values_areTheAsciiResponsesValues(String suffix) throws Exception {
    Path file = download(DS + suffix + "?" + constraint(suffix, SLICE), "slice" + suffix);
    ItSupport.Run run = ItSupport.runClient(NCDUMP, "-v", "SST", file.toString());
    assertEquals(0, run.exitCode(), run.output());
    String out = run.output();
    int values = out.indexOf("SST =", out.indexOf("\ndata:"));
    assertTrue(values > 0, out);
    assertClose(
        asciiValues,
        numbers(out.substring(values + "SST =".length(), out.indexOf(';', values))),
        "ncdump -v SST of " + suffix);
  }

  // Python's csv and json modules, and xarray.

  @ParameterizedTest
  @ValueSource(strings = {".csv", ".dap.csv"})
  void python_csv_readsTheValues(String suffix) throws Exception {
    Path file = download(DS + suffix + "?" + constraint(suffix, SLICE), "slice" + suffix);
    ItSupport.Run run =
        python(
            """
        import csv, sys
        with open(sys.argv[1], newline='') as f:
            rows = list(csv.reader(f, skipinitialspace=True))
        print(rows[0][0])
        for row in rows[1:]:
            if row[0].startswith('SST.SST[') or row[0].startswith('/SST['):
                print(' '.join(row[1:]))
        """,
            file);
    List<String> lines = run.output().lines().toList();
    assertEquals("Dataset: " + DS, lines.get(0), run.output());
    assertEquals(4, lines.size() - 1, "one row per TIME and COADSY: " + run.output());
    assertClose(
        asciiValues,
        numbers(String.join(" ", lines.subList(1, lines.size()))),
        "csv.reader on " + suffix);
  }

  @ParameterizedTest
  @ValueSource(strings = {".json", ".ijsn", ".covjson"})
  void python_json_readsTheValues(String suffix) throws Exception {
    Path file = download(DS + suffix + "?" + query(SLICE), "slice" + suffix);
    ItSupport.Run run =
        python(
            """
        import json, sys
        with open(sys.argv[1]) as f:
            d = json.load(f)
        if sys.argv[2] == '.json':
            values = [leaf['data'] for leaf in d['nodes'][0]['leaves'] if leaf['name'] == 'SST'][0]
        elif sys.argv[2] == '.ijsn':
            values = d['SST']['SST']
        else:
            print(d['type'], d['ranges']['SST']['shape'])
            values = d['ranges']['SST']['values']
        def flat(v):
            return [x for y in v for x in flat(y)] if isinstance(v, list) else [v]
        print(' '.join(str(x) for x in flat(values)))
        """,
            file,
            suffix);
    List<String> lines = run.output().lines().toList();
    if (suffix.equals(".covjson")) {
      assertEquals("Coverage [2, 2, 3]", lines.get(0), run.output());
    }
    assertClose(asciiValues, numbers(lines.get(lines.size() - 1)), "json.load on " + suffix);
  }

  @Test
  void xarray_opensTheNcSubset_withTheRequestedShape() throws Exception {
    Path file = download(DS + ".nc?" + query(SHAPED), "shaped.nc");
    // The file's TIME is in hours since year 0, as in the real coads_climatology.nc, which CF's
    // default calendar has not: xarray reads it undecoded, as it must read the original.
    ItSupport.Run run =
        python(
            """
        import sys
        try:
            import xarray
        except ImportError:
            print('SKIP: python3-xarray is not installed'); sys.exit(3)
        d = xarray.open_dataset(sys.argv[1], decode_times=False)
        sst = d['SST']
        print(sst.shape, sst.dims)
        print(sorted(d.coords))
        print(list(d['COADSX'].values))
        print(sst.attrs['units'])
        """,
            file);
    List<String> lines = run.output().lines().toList();
    assertEquals("(3, 4, 5) ('TIME', 'COADSY', 'COADSX')", lines.get(0), run.output());
    assertEquals("['COADSX', 'COADSY', 'TIME']", lines.get(1), run.output());
    assertEquals("[21.0, 23.0, 25.0, 27.0, 29.0]", lines.get(2), run.output());
    assertEquals("Deg C", lines.get(3), run.output());
  }

  // netCDF-4.

  @ParameterizedTest
  @ValueSource(strings = {".nc4", ".dap.nc4"})
  void netcdf4_is501_theEmulatorWritesNone(String suffix) throws Exception {
    // The emulator answers returnAs=netcdf-4 as a BES without the netCDF-4 writer does ("Unable
    // to find transmitter netcdf-4"): no library on Maven Central writes netCDF-4 files honestly
    // (docs/emulator.md). The front end says so with a 501; against a BES with fileout_netcdf the
    // same URL is a netCDF-4 file.
    HttpResponse<byte[]> r =
        ItSupport.get(opendap.resolve(DS + suffix + "?" + constraint(suffix, SLICE)));
    assertEquals(501, r.statusCode(), ItSupport.text(r));
    assertTrue(
        ItSupport.text(r).contains("Unable to find transmitter netcdf-4"), ItSupport.text(r));
    assertFalse(r.headers().firstValue("Content-Disposition").isPresent());
  }

  private Path download(String pathAndQuery, String name) throws Exception {
    HttpResponse<byte[]> r = ItSupport.get(opendap.resolve(pathAndQuery));
    assertEquals(200, r.statusCode(), pathAndQuery + ": " + ItSupport.text(r));
    return Files.write(downloads.resolve(name), r.body());
  }

  /** Runs a Python script with arguments; exit status 3 skips, saying why. */
  private static ItSupport.Run python(String script, Object... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("-c", script));
    for (Object arg : args) {
      command.add(arg.toString());
    }
    ItSupport.Run run = ItSupport.runClient(PYTHON, command.toArray(String[]::new));
    assumeTrue(run.exitCode() != 3, run.output().strip());
    assertEquals(0, run.exitCode(), run.output());
    return run;
  }

  private static String constraint(String suffix, String dap2) {
    return suffix.startsWith(".dap.") ? "dap4.ce=/" + query(dap2) : query(dap2);
  }

  /** As a client writes a constraint in a URL: brackets escaped. */
  private static String query(String constraint) {
    return constraint.replace("[", "%5B").replace("]", "%5D");
  }

  private static List<Double> numbers(String text) {
    return Arrays.stream(text.split("[,\\s]+"))
        .filter(s -> !s.isEmpty())
        .map(Double::valueOf)
        .toList();
  }

  /** Float32 values printed with 6 (ASCII) or 7 (ncdump) significant digits are the same. */
  private static void assertClose(List<Double> expected, List<Double> actual, String what) {
    assertEquals(expected.size(), actual.size(), what + ": " + actual);
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(
          expected.get(i),
          actual.get(i),
          Math.abs(expected.get(i)) * 1e-5,
          what + " value " + i + ": " + actual);
    }
  }
}
