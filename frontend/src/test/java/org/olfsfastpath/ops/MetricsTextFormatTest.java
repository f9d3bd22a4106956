package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.cache.ResponseKey;
import org.olfsfastpath.web.BotFilterStats;

/**
 * The scrape is valid Prometheus text: the reference parser, {@code prometheus_client}'s {@code
 * text_string_to_metric_families} (Python; Debian's python3-prometheus-client, which scripts/setup
 * installs), reads every family with the expected type and samples. Skips, saying so, when python3
 * or prometheus_client is missing.
 */
final class MetricsTextFormatTest {
  private static final String PYTHON = "/usr/bin/python3";

  /** Prints one line per family: name, type, number of samples; exits 3 without the module. */
  private static final String PARSE =
      String.join(
          "\n",
          "import sys",
          "try:",
          "    from prometheus_client.parser import text_string_to_metric_families",
          "except ImportError:",
          "    print('SKIP: prometheus_client is not installed (Debian: python3-prometheus-client)')",
          "    sys.exit(3)",
          "text = open(sys.argv[1], encoding='utf-8').read()",
          "for family in text_string_to_metric_families(text):",
          "    print(family.name, family.type, len(family.samples))",
          "    for s in family.samples:",
          "        if s.name == 'olfs_requests_seconds_count' and s.labels.get('type') == 'das':",
          "            print('das_count', s.labels['status'], s.value)");

  private final FrontEndMetrics metrics = new FrontEndMetrics();

  @TempDir Path dir;

  @AfterEach
  void tearDown() {
    metrics.close();
  }

  @Test
  void prometheusClientParsesTheWholeScrape() throws Exception {
    assumeTrue(Files.isExecutable(Path.of(PYTHON)), PYTHON + " is not installed");
    DataSourceCache dataSources =
        DataSourceCache.newBuilder()
            .loader((path, caller) -> new BesNode(path, true, Instant.EPOCH, 1, true, List.of()))
            .executor(Runnable::run)
            .build();
    ResponseCache responses = ResponseCache.newBuilder().executor(Runnable::run).build();
    try (dataSources;
        responses) {
      metrics.monitorCaches(dataSources, responses);
      metrics.monitorPool(
          "localhost:10022", () -> new BesPoolStats(1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0));
      metrics.monitorPool(
          "bes \"two\"\\", () -> new BesPoolStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
      metrics.monitorBotFilter(() -> new BotFilterStats(true, 1, 0, 1, 1, 0, 2, 0, 1));
      metrics.recordRequest("das", 200, TimeUnit.MICROSECONDS.toNanos(200));
      metrics.recordRequest("das", 304, TimeUnit.MICROSECONDS.toNanos(50));
      metrics.recordRequest("contents.html", 200, TimeUnit.MILLISECONDS.toNanos(2));
      metrics.recordBesCommand("localhost:10022", "get das", 1_000_000, true);
      DataSource a = dataSources.lookup("/a.nc");
      responses.load(
          ResponseKey.of("", "/a.nc", "das", ""),
          a,
          () -> new ByteArrayInputStream("Attributes {}".getBytes(StandardCharsets.UTF_8)));

      Path file = dir.resolve("scrape.txt");
      Files.writeString(file, metrics.scrape(), StandardCharsets.UTF_8);
      Process python =
          new ProcessBuilder(PYTHON, "-c", PARSE, file.toString())
              .redirectErrorStream(true)
              .start();
      String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(python.waitFor(60, TimeUnit.SECONDS), "the parser did not finish");
      assumeTrue(python.exitValue() != 3, output.strip());
      assertEquals(0, python.exitValue(), output);

      Map<String, String> families = new LinkedHashMap<>();
      for (String line : output.split("\n")) {
        String[] fields = line.split(" ");
        if (fields.length == 3 && !fields[0].equals("das_count")) {
          families.put(fields[0], fields[1] + " " + fields[2]);
        }
      }
      // prometheus_client names a counter family without its _total suffix.
      assertEquals(
          "histogram " + 3 * (17 + 2),
          families.get("olfs_requests_seconds"),
          "three series (das 200, das 304, contents.html 200), each 17 buckets, a count, a sum");
      assertEquals("gauge 3", families.get("olfs_requests_seconds_max"));
      assertEquals("histogram " + 2 * (17 + 2), families.get("olfs_bes_commands_seconds"));
      assertEquals("gauge 2", families.get("olfs_bes_pool_open_connections"));
      assertEquals("counter 2", families.get("olfs_bes_pool_created_connections"));
      assertEquals("counter 4", families.get("cache_gets"));
      assertEquals("counter 3", families.get("olfs_bot_filter_refusals"), "one per cause");
      assertEquals("gauge 2", families.get("cache_size"));
      assertEquals("counter 1", families.get("olfs_response_cache_too_large"));
      assertEquals("gauge 1", families.get("olfs_response_cache_weight_bytes"));
      assertTrue(families.containsKey("jvm_memory_used_bytes"), families.toString());
      assertTrue(families.containsKey("jvm_gc_memory_allocated_bytes"), families.toString());
      assertTrue(families.containsKey("process_uptime_seconds"), families.toString());
      assertTrue(output.contains("das_count 200 1.0\n"), output);
      assertTrue(output.contains("das_count 304 1.0\n"), output);
    }
  }
}
