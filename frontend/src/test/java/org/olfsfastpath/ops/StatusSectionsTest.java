package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesGroupStats;
import org.olfsfastpath.bes.BesMemberStats;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.bes.BesShareStats;
import org.olfsfastpath.cache.DataSourceCacheStats;
import org.olfsfastpath.cache.ResponseCacheStats;
import org.olfsfastpath.json.Json;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.spool.SpoolStats;
import org.olfsfastpath.web.BotFilterStats;

/**
 * The status document's sections, rendered from each component's statistics value under the names
 * and in the order docs/configuration.md and docs/faults.md show, which operators' tools read.
 */
final class StatusSectionsTest {
  private static final Instant SINCE = Instant.parse("2026-11-22T01:52:59Z");

  @Test
  void dataSourceCache_namesAndOrder() {
    Map<String, Object> m =
        StatusSections.dataSourceCache(
            new DataSourceCacheStats(true, 3, 1, 2, 0, 1, 1, 5_000_000, 4, 5, 6, 7, 8, 9));
    assertEquals(
        List.of(
            "enabled",
            "hitRate",
            "hitCount",
            "missCount",
            "loadSuccessCount",
            "loadFailureCount",
            "notFoundCount",
            "negativeHitCount",
            "averageLoadMillis",
            "totalLoadTimeMillis",
            "refreshCount",
            "evictionCount",
            "expirationCount",
            "size",
            "mtimeCheckCount",
            "mtimeReloadCount"),
        List.copyOf(m.keySet()));
    assertEquals(
        List.of(true, 0.75, 3L, 1L, 2L, 0L, 1L, 1L, 2.5, 5L, 4L, 5L, 6L, 7L, 8L, 9L),
        List.copyOf(m.values()));
  }

  @Test
  void responseCache_namesAndOrder() {
    Map<String, Object> m =
        StatusSections.responseCache(
            new ResponseCacheStats(true, 1, 3, 2, 1, 1, 0, 3_000_000, 2, 300, 4, 4096, 65536));
    assertEquals(
        List.of(
            "enabled",
            "hitRate",
            "hitCount",
            "missCount",
            "loadSuccessCount",
            "loadFailureCount",
            "tooLargeCount",
            "staleMissCount",
            "averageLoadMillis",
            "evictionCount",
            "evictedBytes",
            "entryCount",
            "weightedBytes",
            "maximumWeight"),
        List.copyOf(m.keySet()));
    assertEquals(
        List.of(true, 0.25, 1L, 3L, 2L, 1L, 1L, 0L, 1.0, 2L, 300L, 4L, 4096L, 65536L),
        List.copyOf(m.values()));
  }

  @Test
  void spool_namesAndOrder() {
    Map<String, Object> m =
        StatusSections.spool(
            new SpoolStats(
                true, 1, 2, 3, 4, 5, 6, 7, 8, 9, "25%", "/spool", 99, 10, 11, 12, 13, 14, 15, 2,
                16));
    assertEquals(
        List.of(
            "enabled",
            "spooledResponses",
            "spooledBytes",
            "earlyReleases",
            "memoryBytes",
            "memoryPeakBytes",
            "memoryBudget",
            "diskBytes",
            "diskPeakBytes",
            "diskBudget",
            "diskSetting",
            "directory",
            "freeSpace",
            "openFiles",
            "fallbackMemory",
            "fallbackDiskBudget",
            "fallbackDiskError",
            "clientDisconnects",
            "handOffs",
            "fillers",
            "fillWaits",
            "fallbacks"),
        List.copyOf(m.keySet()));
    assertEquals(
        List.of(
            true, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, "25%", "/spool", 99L, 10L, 11L, 12L, 13L, 14L,
            15L, 2, 16L, 36L),
        List.copyOf(m.values()));
  }

  /** The pool section is the value under its own names: every BES's pool added up. */
  @Test
  void pool_namesAndOrder() {
    Map<String, Object> pool = Json.fields(new BesPoolStats(3, 2, 1, 5, 2, 1, 4, 0, 1, 3, 1, 6));
    assertEquals(
        List.of(
            "total",
            "idle",
            "inUse",
            "created",
            "discarded",
            "retried",
            "waits",
            "exhausted",
            "connectFailures",
            "reserved",
            "longInUse",
            "reserveRefusals"),
        List.copyOf(pool.keySet()));
    assertEquals(List.of(3, 2, 1, 5L, 2L, 1L, 4L, 0L, 1L, 3, 1, 6L), List.copyOf(pool.values()));
    assertEquals(pool.keySet(), Json.fields(BesPoolStats.EMPTY).keySet());
  }

  @Test
  void groups_andTheirBes_namesAndOrder() {
    BesMemberStats member =
        new BesMemberStats(
            PptEndpoint.tcp("bes1", 10022),
            2,
            1,
            10,
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            SINCE,
            "refused",
            Duration.ofMillis(980),
            8,
            9,
            10,
            new BesPoolStats(3, 2, 1, 5, 2, 1, 4, 0, 1, 3, 1, 6));
    BesShareStats shares =
        new BesShareStats(
            true,
            32,
            29,
            4,
            Duration.ofSeconds(5),
            Duration.ofSeconds(120),
            2,
            9,
            7,
            3,
            20,
            15,
            16,
            17,
            List.of(
                new BesShareStats.ClientUse("192.0.2.7", 8, 3),
                new BesShareStats.ClientUse("192.0.2.8", 1, 0)));
    BesGroupStats stats =
        new BesGroupStats("/data", List.of(member), 0, SINCE, 11, 12, 13, 14, shares);
    Map<?, ?> group = (Map<?, ?>) StatusSections.groups(List.of(stats), true).get(0);

    assertEquals(
        List.of(
            "prefix",
            "down",
            "downSince",
            "available",
            "inFlight",
            "requests",
            "failovers",
            "retries",
            "unavailable",
            "shares",
            "bes"),
        List.copyOf(group.keySet()));
    assertEquals(
        List.of("/data", true, SINCE.toString(), 0, 1, 11L, 12L, 14L, 13L),
        List.copyOf(group.values()).subList(0, 9));
    Map<?, ?> share = (Map<?, ?>) group.get("shares");
    assertEquals(
        List.of(
            "fair",
            "connections",
            "longLimit",
            "queueLength",
            "queueWaitMillis",
            "downloadWaitMillis",
            "clients",
            "inUse",
            "longInUse",
            "waiting",
            "queued",
            "refused",
            "top"),
        List.copyOf(share.keySet()));
    assertEquals(
        List.of(true, 32, 29, 4, 5000L, 120000L, 2, 9, 7, 3, 20L),
        List.copyOf(share.values()).subList(0, 11));
    assertEquals(
        Map.of("clientShare", 15L, "clientQueue", 16L, "reserve", 17L), share.get("refused"));
    assertEquals(
        List.of(
            Map.of("client", "192.0.2.7", "inUse", 8, "waiting", 3),
            Map.of("client", "192.0.2.8", "inUse", 1, "waiting", 0)),
        share.get("top"));
    Map<?, ?> bes = (Map<?, ?>) ((List<?>) group.get("bes")).get(0);
    assertEquals(
        List.of(
            "bes",
            "weight",
            "ejected",
            "ejectedSince",
            "ejectionCause",
            "nextProbeMillis",
            "inFlight",
            "requests",
            "connectFailures",
            "ioFailures",
            "timeouts",
            "besErrors",
            "exhausted",
            "streamFailures",
            "failovers",
            "ejections",
            "probes",
            "probeFailures",
            "poolOpen",
            "poolIdle",
            "poolInUse",
            "poolReserved",
            "poolLongInUse",
            "poolReserveRefusals"),
        List.copyOf(bes.keySet()));
    assertEquals(
        List.of(
            "bes1:10022",
            2,
            true,
            SINCE.toString(),
            "refused",
            980L,
            1,
            10L,
            1L,
            2L,
            3L,
            4L,
            5L,
            6L,
            7L,
            8L,
            9L,
            10L,
            3,
            2,
            1,
            3,
            1,
            6L),
        List.copyOf(bes.values()));
  }

  /** Addresses are personal data: the status document names them to an operator only. */
  @Test
  void groups_topClients_namedToOperatorsOnly() {
    BesShareStats shares =
        new BesShareStats(
            true,
            32,
            29,
            4,
            Duration.ofSeconds(5),
            Duration.ofSeconds(120),
            1,
            8,
            0,
            0,
            0,
            0,
            0,
            0,
            List.of(new BesShareStats.ClientUse("192.0.2.7", 8, 0)));
    BesGroupStats stats = new BesGroupStats("/", List.of(), 1, null, 0, 0, 0, 0, shares);
    Map<?, ?> hidden =
        (Map<?, ?>) ((Map<?, ?>) StatusSections.groups(List.of(stats), false).get(0)).get("shares");
    List<?> top = (List<?>) hidden.get("top");
    Map<?, ?> first = (Map<?, ?>) top.get(0);
    assertNull(first.get("client"));
    assertEquals(8, first.get("inUse"));
    assertFalse(hidden.toString().contains("192.0.2.7"), hidden.toString());
  }

  @Test
  void botFilter_namesAndOrder() {
    Map<String, Object> m =
        StatusSections.botFilter(new BotFilterStats(true, 1, 2, 3, 4, 5, 6, 7, 8));
    assertEquals(List.of("enabled", "rules", "refused"), List.copyOf(m.keySet()));
    assertEquals(true, m.get("enabled"));
    Map<?, ?> rules = (Map<?, ?>) m.get("rules");
    assertEquals(
        List.of(
            "ipAddresses", "ipMatches", "userAgentMatches", "allowedResponses", "blockedResponses"),
        List.copyOf(rules.keySet()));
    assertEquals(List.of(1, 2, 3, 4, 5), List.copyOf(rules.values()));
    Map<?, ?> refused = (Map<?, ?>) m.get("refused");
    assertEquals(List.of("IpAddress", "IpMatch", "UserAgentMatch"), List.copyOf(refused.keySet()));
    assertEquals(List.of(6L, 7L, 8L), List.copyOf(refused.values()));
  }
}
