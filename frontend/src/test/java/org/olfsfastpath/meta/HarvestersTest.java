package org.olfsfastpath.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.testing.Harvesters;
import org.olfsfastpath.testing.PythonVenv;

/**
 * The records as the catalogs that harvest them read them, from the writers directly (the WAR's
 * answers are checked the same way by webapp's HarvestIT): pycsw loads every sample's ISO record
 * and finds coads by a word of its title and by a box inside its extent, the rich sample by its
 * title and its regional box but not by a box outside it, the sparse one by its name only; rdflib's
 * SPARQL gets title, time and box from the DCAT records; pyld and Google's rules accept the
 * JSON-LD. The Python packages come from PyPI once, into {@code target/harvest-venv}; without
 * python3 or PyPI the test skips and says which.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(HarvestersTest.NeedsHarvesters.class)
final class HarvestersTest {
  static final Path TARGET = Path.of("target");

  /** Makes (once) the virtual environment, or says why it cannot. */
  static final class NeedsHarvesters implements ExecutionCondition {
    private static @Nullable ConditionEvaluationResult result;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      synchronized (NeedsHarvesters.class) {
        if (result == null) {
          result = Harvesters.venv(TARGET, "HarvestersTest").prepare();
        }
        return result;
      }
    }
  }

  private final PythonVenv venv = Harvesters.venv(TARGET, "HarvestersTest");
  private Path home = TARGET;

  @BeforeAll
  void write() throws Exception {
    home = Files.createDirectories(TARGET.resolve("harvest-records")).toAbsolutePath();
    for (FormType form : FormType.values()) {
      Path dir = Files.createDirectories(home.resolve(form.name()));
      for (String name : Records.SAMPLES) {
        DiscoveryRecord record = Records.of(name, form);
        String file = name.replaceAll("[^A-Za-z0-9_.-]", "_");
        Files.write(dir.resolve(file + ".iso.xml"), IsoWriter.write(record));
        Files.write(
            home.resolve(form.name() + "-" + file + ".rdf"), DcatWriter.write(record, false));
        Files.write(
            home.resolve(form.name() + "-" + file + ".ttl"), DcatWriter.write(record, true));
        Files.writeString(
            home.resolve(form.name() + "-" + file + ".json"), SchemaOrgWriter.dataset(record));
        Files.write(
            home.resolve(form.name() + "-" + file + ".rubric.html"),
            RubricWriter.write(record, Records.SITE));
      }
    }
  }

  private List<String[]> run(String script, List<String> arguments) throws Exception {
    List<String> command = new ArrayList<>();
    command.add("-W");
    command.add("ignore");
    command.add(Harvesters.script(script, home).toString());
    command.addAll(arguments);
    PythonVenv.Run run = venv.python(command, 300, home.toAbsolutePath());
    assertEquals(0, run.exitCode(), run.output());
    List<String[]> lines = new ArrayList<>();
    for (String line : run.output().lines().toList()) {
      lines.add(line.split("\t", -1));
    }
    return lines;
  }

  /** Per query, the titles pycsw found, after checking that it loaded every record. */
  private Map<String, List<String>> pycsw(FormType form, String... queries) throws Exception {
    List<String> arguments = new ArrayList<>();
    arguments.add(home.resolve(form.name()).toAbsolutePath().toString());
    arguments.addAll(List.of(queries));
    Map<String, List<String>> found = new LinkedHashMap<>();
    for (String[] line : run("pycsw_check.py", arguments)) {
      if (line[0].equals("loaded")) {
        assertEquals(Records.SAMPLES.size(), Integer.parseInt(line[1]), "pycsw loaded them all");
      } else if (line[0].equals("query")) {
        List<String> titles = line[3].isEmpty() ? List.of() : List.of(line[3].split(" \\| "));
        assertEquals(Integer.parseInt(line[2]), titles.size(), String.join("\t", line));
        found.put(line[1], titles);
      }
    }
    assertEquals(queries.length, found.size());
    return found;
  }

  @Test
  void pycsw_findsEachRecordByTitleAndBox() throws Exception {
    for (FormType form : FormType.values()) {
      Map<String, List<String>> found =
          pycsw(
              form,
              "word:coads",
              "title:coads",
              "bbox:0,10,10,20",
              "word:Atlantic",
              "bbox:-50,20,-20,40",
              "bbox:100,-10,120,10",
              "title:acdd_none_nocf");
      String rich = "North Atlantic upper ocean temperature, January to April 2020";
      assertEquals(List.of("coads_climatology.nc"), found.get("word:coads"), form.name());
      assertEquals(List.of("coads_climatology.nc"), found.get("title:coads"));
      assertEquals(List.of("coads_climatology.nc"), found.get("bbox:0,10,10,20"));
      assertEquals(List.of(rich), found.get("word:Atlantic"));
      assertTrue(found.get("bbox:-50,20,-20,40").contains(rich), found.toString());
      assertFalse(found.get("bbox:100,-10,120,10").contains(rich), found.toString());
      assertTrue(found.get("bbox:100,-10,120,10").contains(Datasets.ACDD_NONE_FILE_NAME));
      assertEquals(List.of(Datasets.ACDD_NONE_NO_CF_FILE_NAME), found.get("title:acdd_none_nocf"));
      for (Map.Entry<String, List<String>> query : found.entrySet()) {
        if (query.getKey().startsWith("bbox:")) {
          assertFalse(
              query.getValue().contains(Datasets.ACDD_NONE_NO_CF_FILE_NAME), "no box, no bbox hit");
        }
      }
    }
  }

  @Test
  void rdflib_sparqlGetsTitleTimeAndBox() throws Exception {
    List<String> files = new ArrayList<>();
    for (String form : List.of("DAP4-", "DAP2-")) {
      for (String file : List.of("coads_climatology.nc", "acdd_rich.nc", "acdd_none_nocf.nc")) {
        files.add(home.resolve(form + file + ".rdf").toAbsolutePath().toString());
        files.add(home.resolve(form + file + ".ttl").toAbsolutePath().toString());
      }
    }
    Map<String, String> rows = new LinkedHashMap<>();
    for (String[] line : run("rdf_check.py", files)) {
      if (line[0].equals("row")) {
        String key = Path.of(line[1]).getFileName().toString();
        assertEquals(null, rows.put(key, String.join("\t", List.of(line).subList(2, 6))), key);
      }
    }
    assertEquals(files.size(), rows.size(), rows.toString());
    for (String form : List.of("DAP4-", "DAP2-")) {
      for (String ext : List.of(".rdf", ".ttl")) {
        assertEquals(
            "coads_climatology.nc\t0000-01-16T06:00:00Z\t0000-12-16T01:20:06Z\t"
                + "POLYGON((-180 -89, 180 -89, 180 89, -180 89, -180 -89))",
            rows.get(form + "coads_climatology.nc" + ext));
        // rdflib reads 2020's dates as dates (and writes Z as +00:00), year 0's as text.
        assertEquals(
            "North Atlantic upper ocean temperature, January to April 2020\t"
                + "2020-01-01T00:00:00+00:00\t2020-04-01T00:00:00+00:00\t"
                + "POLYGON((-60 10, -10 10, -10 50, -60 50, -60 10))",
            rows.get(form + "acdd_rich.nc" + ext));
        assertEquals("acdd_none_nocf.nc\t\t\t", rows.get(form + "acdd_none_nocf.nc" + ext));
      }
    }
  }

  @Test
  void pyld_andGooglesRules_acceptTheJsonLd() throws Exception {
    List<String> files = new ArrayList<>();
    try (var listing = Files.list(home)) {
      listing
          .filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".rubric.html"))
          .forEach(p -> files.add(p.toAbsolutePath().toString()));
    }
    Path catalog = home.resolve("catalog.json");
    Files.writeString(
        catalog,
        SchemaOrgWriter.catalog(
            new org.olfsfastpath.cache.DataSource(
                "/data",
                false,
                Records.MODIFIED,
                0,
                true,
                List.of(
                    new org.olfsfastpath.cache.DataSource.Child(
                        "coads_climatology.nc", true, Records.MODIFIED, 4096, false))),
            Records.SITE,
            Records.SERVER),
        StandardCharsets.UTF_8);
    files.add(catalog.toAbsolutePath().toString());
    List<String[]> lines = run("jsonld_check.py", files);
    assertEquals(files.size(), lines.size());
    for (String[] line : lines) {
      assertEquals("ok", line[0], String.join("\t", line));
    }
  }
}
