package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.testing.PythonVenv;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * Unidata's siphon, the THREDDS client of the Python world, walks the front end's catalog.xml from
 * the root through its catalogRefs, takes each dataset's OPENDAP access URL and opens it with
 * xarray's netCDF4 engine; the values it reads are the ones the front end's ASCII response gives.
 *
 * <p>siphon, xarray and netCDF4 come from PyPI into a virtual environment under {@code
 * target/siphon-venv}, made once (about 250 MB; kept until {@code mvn clean}). Without python3 and
 * its venv module, or without PyPI (no network), the test skips and says which.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(SiphonIT.NeedsSiphon.class)
final class SiphonIT {
  /** What pip installs: siphon as the catalog shape was checked against, current xarray. */
  static final List<String> PACKAGES = List.of("siphon==0.11.0", "xarray", "netCDF4");

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("SiphonIT")
          .emulator(b -> b.dataDirectory(data()).listBuiltIns(false));

  private URI opendap;

  /** Makes (once) the virtual environment, or says why it cannot. */
  static final class NeedsSiphon implements ExecutionCondition {
    private static @Nullable ConditionEvaluationResult result;

    @Override
    public synchronized ConditionEvaluationResult evaluateExecutionCondition(
        ExtensionContext context) {
      if (result == null) {
        result = prepare();
      }
      return result;
    }

    private static ConditionEvaluationResult prepare() {
      String work = System.getProperty("it.work.dir");
      if (work == null || work.isBlank()) {
        return ConditionEvaluationResult.disabled(
            "system property it.work.dir is not set: run"
                + " the integration tests with mvn verify");
      }
      return venv().prepare();
    }
  }

  /** The environment under {@code target/siphon-venv}. */
  static PythonVenv venv() {
    return new PythonVenv(
        "SiphonIT",
        Path.of(System.getProperty("it.work.dir")).getParent().resolve("siphon-venv"),
        PACKAGES,
        "import siphon, xarray, netCDF4",
        "about 250 MB");
  }

  /** The catalog: {@code nc/} with coads and a README, {@code nc/deeper/} with fnoc1. */
  private static Path data() {
    try {
      Path data = FrontEndExtension.workDir("SiphonIT-data");
      Path nc = Files.createDirectories(data.resolve("nc/deeper"));
      // Files named like the built-ins are answered by them.
      Files.write(data.resolve("nc/coads_climatology.nc"), new byte[4096]);
      Files.writeString(data.resolve("nc/README.txt"), "Sample data.\n");
      Files.write(nc.resolve("fnoc1.nc"), new byte[1024]);
      return data;
    } catch (IOException e) {
      throw new IllegalStateException("cannot make the data directory", e);
    }
  }

  @BeforeAll
  void start() {
    opendap = FRONT_END.opendap();
  }

  @Test
  void siphon_walksTheCatalogs_andXarrayReadsWhatTheAsciiResponseSays() throws Exception {
    Path home = FrontEndExtension.workDir("SiphonIT-home");
    Path script = home.resolve("siphon_walk.py");
    try (InputStream in = SiphonIT.class.getResourceAsStream("/siphon_walk.py")) {
      Files.copy(in, script);
    }
    PythonVenv.Run walk =
        venv()
            .python(
                List.of(script.toString(), opendap + "catalog.xml", "COADSX", "TIME", "lat"),
                180,
                home);
    assertEquals(0, walk.exitCode(), walk.output());

    List<String> catalogs = new ArrayList<>();
    Map<String, String> datasets = new LinkedHashMap<>();
    Map<String, String> access = new LinkedHashMap<>();
    Map<String, String> shapes = new LinkedHashMap<>();
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : walk.output().lines().toList()) {
      String[] f = line.split("\t", -1);
      switch (f[0]) {
        case "catalog" -> catalogs.add(f[1]);
        case "dataset" -> datasets.put(f[1], f[2]);
        case "access" -> access.put(f[1] + " " + f[2], f[3]);
        case "shape" -> shapes.put(f[1] + " " + f[2], f[3]);
        case "values" -> values.put(f[1] + " " + f[2], f[3]);
        default -> {} // Warnings from the libraries.
      }
    }
    assertEquals(
        List.of(
            opendap + "catalog.xml", opendap + "nc/catalog.xml", opendap + "nc/deeper/catalog.xml"),
        catalogs,
        walk.output());
    assertEquals(
        Map.of(
            "coads_climatology.nc",
            opendap + "nc/catalog.xml",
            "README.txt",
            opendap + "nc/catalog.xml",
            "fnoc1.nc",
            opendap + "nc/deeper/catalog.xml"),
        datasets,
        walk.output());
    assertEquals(
        opendap + "nc/coads_climatology.nc",
        access.get("coads_climatology.nc OPENDAP"),
        walk.output());
    assertEquals(opendap + "nc/coads_climatology.nc", access.get("coads_climatology.nc DAP4"));
    assertEquals(opendap + "nc/deeper/fnoc1.nc", access.get("fnoc1.nc OPENDAP"));
    // Without AllowDirectDataSourceAccess a dataset offers no file; a file that is not data is
    // offered as it is, and its URL answers.
    assertEquals(null, access.get("coads_climatology.nc HTTPServer"), walk.output());
    String readme = access.get("README.txt HTTPServer");
    assertEquals(opendap + "nc/README.txt", readme, walk.output());
    assertEquals("Sample data.\n", ItSupport.text(ItSupport.get(URI.create(readme))));

    // COADSX, and two more variables of other types and shapes, as the ASCII response has them.
    assertEquals("180", shapes.get("coads_climatology.nc COADSX"));
    assertEquals("12x90x180", shapes.get("coads_climatology.nc SST"));
    assertEquals("16x17x21", shapes.get("fnoc1.nc u"));
    assertValues(values, "coads_climatology.nc", "nc/coads_climatology.nc", "COADSX");
    assertValues(values, "coads_climatology.nc", "nc/coads_climatology.nc", "TIME");
    assertValues(values, "fnoc1.nc", "nc/deeper/fnoc1.nc", "lat");
  }

  private void assertValues(
      Map<String, String> values, String dataset, String path, String variable) throws Exception {
    String read = values.get(dataset + " " + variable);
    assertTrue(read != null, dataset + " " + variable + " was not read: " + values.keySet());
    HttpResponse<byte[]> ascii = ItSupport.get(URI.create(opendap + path + ".ascii?" + variable));
    assertEquals(200, ascii.statusCode(), ItSupport.text(ascii));
    // "Dataset: coads_climatology.nc\nCOADSX, 21, 23, ...\n"
    String line = ItSupport.text(ascii).lines().toList().get(1);
    double[] expected =
        Arrays.stream(line.substring(line.indexOf(',') + 1).split(","))
            .map(String::strip)
            .mapToDouble(Double::parseDouble)
            .toArray();
    double[] actual = Arrays.stream(read.split(",")).mapToDouble(Double::parseDouble).toArray();
    assertEquals(expected.length, actual.length, dataset + " " + variable);
    for (int i = 0; i < expected.length; i++) {
      // ASCII prints Float32 with 6 significant digits, Float64 with 15.
      assertEquals(
          expected[i],
          actual[i],
          Math.abs(expected[i]) * 1e-6,
          dataset + " " + variable + "[" + i + "]");
    }
  }
}
