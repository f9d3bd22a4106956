package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.testing.Harvesters;
import org.olfsfastpath.testing.PythonVenv;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * The catalogs that harvest discovery metadata, run on the WAR's answers in a real Tomcat in front
 * of the BES emulator: pycsw harvests every sample's {@code .iso} (and, in a second catalogue, its
 * {@code .dmr.iso}) and finds coads_climatology.nc by a word of its title and by a box inside its
 * extent, the rich sample by its title and by its regional box and not by a box outside it, the
 * sample without coordinates by its name and by no box; rdflib's SPARQL gets title, time and box
 * from {@code .rdf} as RDF/XML and as Turtle; pyld and Google's rules accept the JSON-LD of the
 * form pages, the listing and the rubric. The Python packages come from PyPI once, into {@code
 * target/harvest-venv}; without python3 or PyPI the test skips and says which.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(HarvestIT.NeedsHarvesters.class)
final class HarvestIT {
  static final List<String> SAMPLES =
      List.of(
          "coads_climatology.nc",
          "fnoc1.nc",
          Datasets.ACDD_RICH_FILE_NAME,
          Datasets.ACDD_NONE_FILE_NAME,
          Datasets.ACDD_NONE_NO_CF_FILE_NAME,
          Datasets.HOSTILE_VALUES_FILE_NAME);

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("HarvestIT")
          .emulator(
              b -> b.dataDirectory(data()).genericDataset(Datasets::find).listBuiltIns(false));

  /** Makes (once) the virtual environment, or says why it cannot. */
  static final class NeedsHarvesters implements ExecutionCondition {
    private static @Nullable ConditionEvaluationResult result;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      synchronized (NeedsHarvesters.class) {
        if (result == null) {
          String work = System.getProperty("it.work.dir");
          result =
              work == null || work.isBlank()
                  ? ConditionEvaluationResult.disabled(
                      "system property it.work.dir is not set: run the integration tests with"
                          + " mvn verify")
                  : venv().prepare();
        }
        return result;
      }
    }
  }

  static PythonVenv venv() {
    return Harvesters.venv(Path.of(System.getProperty("it.work.dir")).getParent(), "HarvestIT");
  }

  /** The catalog: {@code meta/} with every sample. */
  private static Path data() {
    try {
      Path meta =
          Files.createDirectories(FrontEndExtension.workDir("HarvestIT-data").resolve("meta"));
      for (String name : SAMPLES) {
        // Files named like the samples are answered by them (Datasets.find).
        Files.write(meta.resolve(name), new byte[1024]);
      }
      return meta.getParent();
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot make the data directory", e);
    }
  }

  private URI opendap = URI.create("http://localhost/");
  private Path home = Path.of(".");

  @BeforeAll
  void fetch() throws Exception {
    opendap = FRONT_END.opendap();
    home = FrontEndExtension.workDir("HarvestIT-home");
    for (String form : List.of("ddx", "dmr")) {
      Files.createDirectories(home.resolve(form));
    }
    for (String name : SAMPLES) {
      String file = name.replace(".nc", "");
      Files.write(home.resolve("ddx/" + file + ".xml"), body(name + ".iso", "text/xml"));
      Files.write(home.resolve("dmr/" + file + ".xml"), body(name + ".dmr.iso", "text/xml"));
      Files.write(home.resolve(file + ".rdf"), body(name + ".rdf", "application/rdf+xml"));
      Files.write(
          home.resolve(file + ".ttl"), body(name + ".rdf", "text/turtle", "Accept", "text/turtle"));
      Files.write(home.resolve(file + ".dmr.rdf"), body(name + ".dmr.rdf", "application/rdf+xml"));
      Files.write(home.resolve(file + ".html.page"), body(name + ".html", "text/html"));
      Files.write(home.resolve(file + ".dmr.html.page"), body(name + ".dmr.html", "text/html"));
      Files.write(home.resolve(file + ".rubric.page"), body(name + ".rubric", "text/html"));
    }
    Files.write(home.resolve("contents.page"), body("contents.html", "text/html"));
  }

  private byte[] body(String path, String type, String... headers) throws Exception {
    HttpResponse<byte[]> response = ItSupport.get(opendap.resolve("meta/" + path), headers);
    assertEquals(200, response.statusCode(), path + ": " + ItSupport.text(response));
    String contentType = response.headers().firstValue("Content-Type").orElse("");
    assertTrue(contentType.startsWith(type), path + ": " + contentType);
    return response.body();
  }

  private List<String[]> run(String script, List<String> arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of("-W", "ignore"));
    command.add(Harvesters.script(script, home).toString());
    command.addAll(arguments);
    PythonVenv.Run run = venv().python(command, 300, home);
    assertEquals(0, run.exitCode(), run.output());
    return run.output().lines().map(line -> line.split("\t", -1)).toList();
  }

  /** Every record of every sample: 200, a HEAD with the same headers and no body, then 304. */
  @Test
  void everyRecord_answers200_headAndNotModified() throws Exception {
    for (String name : SAMPLES) {
      for (String suffix :
          List.of(
              ".iso",
              ".rdf",
              ".ttl",
              ".rubric",
              ".dmr.iso",
              ".dmr.rdf",
              ".dmr.ttl",
              ".dmr.rubric")) {
        URI uri = opendap.resolve("meta/" + name + suffix);
        HttpResponse<byte[]> get = ItSupport.get(uri);
        assertEquals(200, get.statusCode(), uri + ": " + ItSupport.text(get));
        String etag = get.headers().firstValue("ETag").orElseThrow();
        HttpResponse<byte[]> head = ItSupport.send("HEAD", uri);
        assertEquals(200, head.statusCode(), uri.toString());
        assertEquals(0, head.body().length, uri.toString());
        assertEquals(
            get.headers().firstValue("Content-Type"),
            head.headers().firstValue("Content-Type"),
            uri.toString());
        assertEquals(Optional.of(etag), head.headers().firstValue("ETag"), uri.toString());
        HttpResponse<byte[]> notModified = ItSupport.get(uri, "If-None-Match", etag);
        assertEquals(304, notModified.statusCode(), uri.toString());
      }
    }
  }

  @Test
  void pycsw_findsCoadsByTitleWordAndByABoxInsideItsExtent() throws Exception {
    String rich = "North Atlantic upper ocean temperature, January to April 2020";
    for (String form : List.of("ddx", "dmr")) {
      List<String> arguments =
          List.of(
              home.resolve(form).toString(),
              "word:coads",
              "title:coads",
              "bbox:0,10,10,20",
              "word:Atlantic",
              "bbox:-50,20,-20,40",
              "bbox:100,-10,120,10",
              "title:acdd_none_nocf");
      Map<String, List<String>> found = new LinkedHashMap<>();
      for (String[] line : run("pycsw_check.py", arguments)) {
        if (line[0].equals("loaded")) {
          assertEquals(SAMPLES.size(), Integer.parseInt(line[1]), form + ": every record loads");
        } else if (line[0].equals("query")) {
          found.put(line[1], line[3].isEmpty() ? List.of() : List.of(line[3].split(" \\| ")));
        }
      }
      assertEquals(List.of("coads_climatology.nc"), found.get("word:coads"), form + " " + found);
      assertEquals(List.of("coads_climatology.nc"), found.get("title:coads"));
      assertEquals(List.of("coads_climatology.nc"), found.get("bbox:0,10,10,20"));
      assertEquals(List.of(rich), found.get("word:Atlantic"));
      assertTrue(found.get("bbox:-50,20,-20,40").contains(rich), found.toString());
      assertFalse(found.get("bbox:100,-10,120,10").contains(rich), found.toString());
      assertEquals(List.of(Datasets.ACDD_NONE_NO_CF_FILE_NAME), found.get("title:acdd_none_nocf"));
      for (Map.Entry<String, List<String>> query : found.entrySet()) {
        if (query.getKey().startsWith("bbox:")) {
          assertFalse(query.getValue().contains(Datasets.ACDD_NONE_NO_CF_FILE_NAME));
        }
      }
    }
  }

  @Test
  void rdflib_sparqlReturnsCoadsTitleTimeAndBox() throws Exception {
    List<String> files = new ArrayList<>();
    for (String file : List.of("coads_climatology", "acdd_rich", "acdd_none_nocf")) {
      for (String ext : List.of(".rdf", ".ttl", ".dmr.rdf")) {
        files.add(home.resolve(file + ext).toString());
      }
    }
    Map<String, String> rows = new LinkedHashMap<>();
    for (String[] line : run("rdf_check.py", files)) {
      if (line[0].equals("row")) {
        rows.put(
            Path.of(line[1]).getFileName().toString(),
            String.join("\t", List.of(line).subList(2, 6)));
      }
    }
    for (String ext : List.of(".rdf", ".ttl", ".dmr.rdf")) {
      assertEquals(
          "coads_climatology.nc\t0000-01-16T06:00:00Z\t0000-12-16T01:20:06Z\t"
              + "POLYGON((-180 -89, 180 -89, 180 89, -180 89, -180 -89))",
          rows.get("coads_climatology" + ext),
          rows.toString());
      assertEquals(
          "North Atlantic upper ocean temperature, January to April 2020\t"
              + "2020-01-01T00:00:00+00:00\t2020-04-01T00:00:00+00:00\t"
              + "POLYGON((-60 10, -10 10, -10 50, -60 50, -60 10))",
          rows.get("acdd_rich" + ext));
      assertEquals("acdd_none_nocf.nc\t\t\t", rows.get("acdd_none_nocf" + ext));
    }
  }

  @Test
  void pyldAndGooglesRules_acceptThePagesJsonLd() throws Exception {
    List<String> files = new ArrayList<>();
    try (var listing = Files.list(home)) {
      listing.filter(p -> p.toString().endsWith(".page")).forEach(p -> files.add(p.toString()));
    }
    assertEquals(3 * SAMPLES.size() + 1, files.size());
    List<String[]> lines = run("jsonld_check.py", files);
    assertEquals(files.size(), lines.size());
    for (String[] line : lines) {
      assertEquals("ok", line[0], String.join("\t", line));
    }
  }
}
