package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesGroupStats;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.bes.BesShareStats;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.cache.ResponseKey;

/** What the front end records shows up in the scrape, under the documented names and tags. */
final class MetricsRecordingTest {
  private static final String BES = "localhost:10022";
  private final FrontEndMetrics metrics = new FrontEndMetrics();

  @AfterEach
  void tearDown() {
    metrics.close();
  }

  @Test
  void requests_areTimedByTypeAndStatus_inTheBuckets() {
    metrics.recordRequest("das", 200, TimeUnit.MICROSECONDS.toNanos(300));
    metrics.recordRequest("das", 200, TimeUnit.MILLISECONDS.toNanos(3));
    metrics.recordRequest("dods", 404, TimeUnit.MILLISECONDS.toNanos(1));

    String scrape = metrics.scrape();
    assertLine(scrape, "# TYPE olfs_requests_seconds histogram");
    assertLine(scrape, "olfs_requests_seconds_bucket{status=\"200\",type=\"das\",le=\"2.5E-4\"} 0");
    assertLine(scrape, "olfs_requests_seconds_bucket{status=\"200\",type=\"das\",le=\"5.0E-4\"} 1");
    assertLine(scrape, "olfs_requests_seconds_bucket{status=\"200\",type=\"das\",le=\"0.005\"} 2");
    assertLine(scrape, "olfs_requests_seconds_bucket{status=\"200\",type=\"das\",le=\"10.0\"} 2");
    assertLine(scrape, "olfs_requests_seconds_bucket{status=\"200\",type=\"das\",le=\"+Inf\"} 2");
    assertLine(scrape, "olfs_requests_seconds_count{status=\"200\",type=\"das\"} 2");
    assertLine(scrape, "olfs_requests_seconds_sum{status=\"200\",type=\"das\"} 0.0033");
    assertLine(scrape, "olfs_requests_seconds_count{status=\"404\",type=\"dods\"} 1");
    assertLine(scrape, "olfs_requests_seconds_bucket{status=\"404\",type=\"dods\",le=\"0.001\"} 1");
    assertLine(scrape, "olfs_requests_seconds_max{status=\"404\",type=\"dods\"} 0.001");
    assertEquals(
        17,
        count(scrape, "olfs_requests_seconds_bucket{status=\"200\",type=\"das\","),
        "16 buckets from 0.1 ms to 10 s, and +Inf");
    assertLine(scrape, "olfs_requests_seconds_bucket{status=\"200\",type=\"das\",le=\"1.0E-4\"} 0");
  }

  @Test
  void oddStatuses_andTooManyTypes_areFolded() {
    metrics.recordRequest("das", 999, 1000);
    for (int i = 0; i < FrontEndMetrics.MAX_RESPONSE_TYPES + 5; i++) {
      metrics.recordRequest("type" + i, 200, 1000);
    }

    String scrape = metrics.scrape();
    assertLine(scrape, "olfs_requests_seconds_count{status=\"unknown\",type=\"das\"} 1");
    assertLine(scrape, "olfs_requests_seconds_count{status=\"200\",type=\"type62\"} 1");
    assertFalse(scrape.contains("type=\"type63\""), "the 65th name and on are folded");
    assertLine(scrape, "olfs_requests_seconds_count{status=\"200\",type=\"other\"} 6");
  }

  @Test
  void besCommands_areTimedByBesCommandAndOutcome() {
    metrics.recordBesCommand(BES, "get das", 2_000_000, true);
    metrics.recordBesCommand(BES, "showNode", 500_000, true);
    metrics.recordBesCommand(BES, "showNode", 1_500_000, false);

    String scrape = metrics.scrape();
    assertLine(scrape, "# TYPE olfs_bes_commands_seconds histogram");
    assertLine(
        scrape,
        "olfs_bes_commands_seconds_count{bes=\""
            + BES
            + "\",command=\"get das\",outcome=\"success\"} 1");
    assertLine(
        scrape,
        "olfs_bes_commands_seconds_count{bes=\""
            + BES
            + "\",command=\"get das\",outcome=\"error\"} 0");
    assertLine(
        scrape,
        "olfs_bes_commands_seconds_sum{bes=\""
            + BES
            + "\",command=\"showNode\",outcome=\"error\"} 0.0015");
    assertLine(
        scrape,
        "olfs_bes_commands_seconds_bucket{bes=\""
            + BES
            + "\",command=\"showNode\",outcome=\"success\",le=\"5.0E-4\"} 1");
  }

  @Test
  void pool_isReadAtEachScrape() {
    AtomicReference<BesPoolStats> pool =
        new AtomicReference<>(new BesPoolStats(3, 2, 1, 5, 2, 1, 4, 0, 1, 0, 0, 0));
    metrics.monitorPool(BES, pool::get);

    String scrape = metrics.scrape();
    assertLine(scrape, "olfs_bes_pool_open_connections{bes=\"" + BES + "\"} 3.0");
    assertLine(scrape, "olfs_bes_pool_idle_connections{bes=\"" + BES + "\"} 2.0");
    assertLine(scrape, "olfs_bes_pool_in_use_connections{bes=\"" + BES + "\"} 1.0");
    assertLine(scrape, "# TYPE olfs_bes_pool_created_connections_total counter");
    assertLine(scrape, "olfs_bes_pool_created_connections_total{bes=\"" + BES + "\"} 5.0");
    assertLine(scrape, "olfs_bes_pool_discarded_connections_total{bes=\"" + BES + "\"} 2.0");
    assertLine(scrape, "olfs_bes_pool_retried_total{bes=\"" + BES + "\"} 1.0");
    assertLine(scrape, "olfs_bes_pool_waits_total{bes=\"" + BES + "\"} 4.0");
    assertLine(scrape, "olfs_bes_pool_exhausted_total{bes=\"" + BES + "\"} 0.0");
    assertLine(scrape, "olfs_bes_pool_connect_failures_total{bes=\"" + BES + "\"} 1.0");

    pool.set(new BesPoolStats(4, 0, 4, 6, 2, 1, 9, 2, 1, 0, 0, 0));
    System.gc(); // the supplier is a method reference nothing else holds: it must survive
    scrape = metrics.scrape();
    assertLine(scrape, "olfs_bes_pool_in_use_connections{bes=\"" + BES + "\"} 4.0");
    assertLine(scrape, "olfs_bes_pool_exhausted_total{bes=\"" + BES + "\"} 2.0");
  }

  @Test
  void poolReserve_andGroupSharesAndRetries_areReadAtEachScrape() {
    metrics.monitorPool(BES, () -> new BesPoolStats(3, 2, 1, 5, 2, 1, 4, 0, 1, 3, 2, 7));
    AtomicReference<BesGroupStats> group =
        new AtomicReference<>(
            new BesGroupStats(
                "/data",
                List.of(),
                1,
                null,
                40,
                2,
                0,
                5,
                new BesShareStats(
                    true,
                    32,
                    29,
                    8,
                    java.time.Duration.ofSeconds(5),
                    java.time.Duration.ofSeconds(120),
                    3,
                    11,
                    6,
                    4,
                    9,
                    10,
                    20,
                    30,
                    List.of())));
    metrics.monitorGroup("/data", group::get);

    String scrape = metrics.scrape();
    assertLine(scrape, "olfs_bes_pool_reserved_connections{bes=\"" + BES + "\"} 3.0");
    assertLine(scrape, "olfs_bes_pool_long_in_use_connections{bes=\"" + BES + "\"} 2.0");
    assertLine(scrape, "olfs_bes_pool_reserve_refusals_total{bes=\"" + BES + "\"} 7.0");
    assertLine(scrape, "olfs_bes_group_retries_total{group=\"/data\"} 5.0");
    assertLine(scrape, "olfs_bes_group_failovers_total{group=\"/data\"} 2.0");
    assertLine(scrape, "olfs_bes_group_refused_total{group=\"/data\",limit=\"clientShare\"} 10.0");
    assertLine(scrape, "olfs_bes_group_refused_total{group=\"/data\",limit=\"clientQueue\"} 20.0");
    assertLine(scrape, "olfs_bes_group_refused_total{group=\"/data\",limit=\"reserve\"} 30.0");
    assertLine(scrape, "olfs_bes_group_clients{group=\"/data\"} 3.0");
    assertLine(scrape, "olfs_bes_group_client_in_use{group=\"/data\"} 11.0");
    assertLine(scrape, "olfs_bes_group_client_waiting{group=\"/data\"} 4.0");
    assertLine(scrape, "olfs_bes_group_client_long_in_use{group=\"/data\"} 6.0");
    assertLine(scrape, "olfs_bes_group_connections{group=\"/data\"} 32.0");
    assertLine(scrape, "olfs_bes_group_long_limit{group=\"/data\"} 29.0");
    assertFalse(scrape.contains("192.0.2."), "no client address is a label");
  }

  @Test
  void caches_reportTheirOwnCounters() throws IOException {
    DataSourceCache dataSources =
        DataSourceCache.newBuilder()
            .loader((path, caller) -> new BesNode(path, true, Instant.EPOCH, 1, true, List.of()))
            .executor(Runnable::run)
            .build();
    ResponseCache responses = ResponseCache.newBuilder().executor(Runnable::run).build();
    try (dataSources;
        responses) {
      metrics.monitorCaches(dataSources, responses);
      DataSource a = dataSources.lookup("/a.nc");
      dataSources.lookup("/a.nc");
      dataSources.lookup("/a.nc");
      ResponseKey das = ResponseKey.of("", "/a.nc", "das", "");
      responses.load(das, a, () -> new ByteArrayInputStream(new byte[100]));
      responses.lookup(das, a);
      responses.load(
          ResponseKey.of("", "/a.nc", "dods", ""),
          a,
          10,
          false,
          () -> new ByteArrayInputStream(new byte[100]));

      String scrape = metrics.scrape();
      assertLine(scrape, "cache_gets_total{cache=\"datasource\",result=\"hit\"} 2.0");
      assertLine(scrape, "cache_gets_total{cache=\"datasource\",result=\"miss\"} 1.0");
      assertLine(scrape, "cache_size{cache=\"datasource\"} 1.0");
      assertLine(scrape, "cache_gets_total{cache=\"response\",result=\"hit\"} 1.0");
      assertLine(scrape, "cache_gets_total{cache=\"response\",result=\"miss\"} 2.0");
      assertLine(scrape, "cache_size{cache=\"response\"} 1.0");
      assertLine(scrape, "cache_evictions_total{cache=\"response\"} 0.0");
      assertLine(scrape, "olfs_response_cache_too_large_total 1.0");
      assertLine(scrape, "olfs_response_cache_weight_bytes " + (double) responses.weightedBytes());
      assertLine(scrape, "olfs_response_cache_max_weight_bytes 6.7108864E7");
      assertLine(scrape, "olfs_datasource_cache_negative_hits_total 0.0");
    }
  }

  @Test
  void jvmBinders_areOn_andTomcatsOffWithoutTomcat() {
    String scrape = metrics.scrape();
    for (String name :
        new String[] {
          "jvm_memory_used_bytes",
          "jvm_threads_live_threads",
          "jvm_classes_loaded_classes",
          "jvm_gc_memory_allocated_bytes_total",
          "process_uptime_seconds",
          "system_cpu_count"
        }) {
      assertTrue(scrape.contains("\n# TYPE " + name + " "), name);
    }
    assertFalse(FrontEndMetrics.tomcatVisible(), "no Tomcat classes in unit tests");
    assertFalse(metrics.tomcatBound());
    assertFalse(scrape.contains("tomcat_"));
  }

  @Test
  void scrape_toAStream_isTheSameText() throws IOException {
    metrics.recordRequest("das", 200, 1000);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    metrics.scrape(out);
    String streamed = out.toString(StandardCharsets.UTF_8);
    assertTrue(streamed.contains("olfs_requests_seconds_count{status=\"200\",type=\"das\"} 1\n"));
    assertEquals("text/plain; version=0.0.4; charset=utf-8", metrics.contentType());
  }

  @Test
  void nullNames_areRefused() {
    assertEquals(
        "responseType == null",
        assertThrows(NullPointerException.class, () -> metrics.recordRequest(null, 200, 1))
            .getMessage());
    assertEquals(
        "bes == null",
        assertThrows(
                NullPointerException.class,
                () -> metrics.recordBesCommand(null, "showNode", 1, true))
            .getMessage());
    assertEquals(
        "command == null",
        assertThrows(NullPointerException.class, () -> metrics.recordBesCommand(BES, null, 1, true))
            .getMessage());
  }

  static void assertLine(String scrape, String line) {
    assertTrue(
        ("\n" + scrape).contains("\n" + line + "\n"),
        () ->
            "no line <"
                + line
                + "> in\n"
                + scrape
                    .lines()
                    .filter(l -> l.startsWith(line.substring(0, Math.min(20, line.length()))))
                    .reduce("", (a, b) -> a + b + "\n"));
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
