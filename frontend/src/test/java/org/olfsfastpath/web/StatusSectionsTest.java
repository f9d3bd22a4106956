package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesGroupStats;
import org.olfsfastpath.bes.BesMemberStats;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.cache.DataSourceCacheStats;
import org.olfsfastpath.cache.ResponseCacheStats;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * The status document's sections, rendered from each component's statistics value under the
 * names and in the order docs/configuration.md and docs/faults.md show, which operators' tools
 * read.
 */
final class StatusSectionsTest {
  private static final Instant SINCE = Instant.parse("2026-11-22T01:52:59Z");

  @Test
  void dataSourceCache_namesAndOrder() {
    Map<String, Object> m = StatusSections.dataSourceCache(
        new DataSourceCacheStats(true, 3, 1, 2, 0, 1, 1, 5_000_000, 4, 5, 6, 7, 8, 9));
    assertEquals(List.of("enabled", "hitRate", "hitCount", "missCount", "loadSuccessCount",
        "loadFailureCount", "notFoundCount", "negativeHitCount", "averageLoadMillis",
        "totalLoadTimeMillis", "refreshCount", "evictionCount", "expirationCount", "size",
        "mtimeCheckCount", "mtimeReloadCount"), List.copyOf(m.keySet()));
    assertEquals(List.of(true, 0.75, 3L, 1L, 2L, 0L, 1L, 1L, 2.5, 5L, 4L, 5L, 6L, 7L, 8L, 9L),
        List.copyOf(m.values()));
  }

  @Test
  void responseCache_namesAndOrder() {
    Map<String, Object> m = StatusSections.responseCache(
        new ResponseCacheStats(true, 1, 3, 2, 1, 1, 0, 3_000_000, 2, 300, 4, 4096, 65536));
    assertEquals(List.of("enabled", "hitRate", "hitCount", "missCount", "loadSuccessCount",
        "loadFailureCount", "tooLargeCount", "staleMissCount", "averageLoadMillis",
        "evictionCount", "evictedBytes", "entryCount", "weightedBytes", "maximumWeight"),
        List.copyOf(m.keySet()));
    assertEquals(List.of(true, 0.25, 1L, 3L, 2L, 1L, 1L, 0L, 1.0, 2L, 300L, 4L, 4096L, 65536L),
        List.copyOf(m.values()));
  }

  @Test
  void pool_namesAndOrder() {
    assertEquals(Map.of("total", 3L, "idle", 2L, "inUse", 1L, "created", 5L, "discarded", 2L,
        "retried", 1L, "waits", 4L, "exhausted", 0L, "connectFailures", 1L),
        StatusSections.pool(new BesPoolStats(3, 2, 1, 5, 2, 1, 4, 0, 1)));
    assertEquals(List.of("total", "idle", "inUse", "created", "discarded", "retried", "waits",
        "exhausted", "connectFailures"),
        List.copyOf(StatusSections.pool(BesPoolStats.EMPTY).keySet()));
  }

  @Test
  void groups_andTheirBes_namesAndOrder() {
    BesMemberStats member = new BesMemberStats(PptEndpoint.tcp("bes1", 10022), 2, 1, 10, 1, 2,
        3, 4, 5, 6, 7, SINCE, "refused", Duration.ofMillis(980), 8, 9, 10,
        new BesPoolStats(3, 2, 1, 5, 2, 1, 4, 0, 1));
    Map<?, ?> group = (Map<?, ?>) StatusSections.groups(List.of(new BesGroupStats("/data",
        List.of(member), 0, SINCE, 11, 12, 13))).get(0);

    assertEquals(List.of("prefix", "down", "downSince", "available", "inFlight", "requests",
        "failovers", "unavailable", "bes"), List.copyOf(group.keySet()));
    assertEquals(List.of("/data", true, SINCE.toString(), 0, 1, 11L, 12L, 13L),
        List.copyOf(group.values()).subList(0, 8));
    Map<?, ?> bes = (Map<?, ?>) ((List<?>) group.get("bes")).get(0);
    assertEquals(List.of("bes", "weight", "ejected", "ejectedSince", "ejectionCause",
        "nextProbeMillis", "inFlight", "requests", "connectFailures", "ioFailures", "timeouts",
        "besErrors", "exhausted", "streamFailures", "failovers", "ejections", "probes",
        "probeFailures", "poolOpen", "poolIdle", "poolInUse"), List.copyOf(bes.keySet()));
    assertEquals(List.of("bes1:10022", 2, true, SINCE.toString(), "refused", 980L, 1, 10L, 1L,
        2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 3, 2, 1), List.copyOf(bes.values()));
  }

  @Test
  void botFilter_namesAndOrder() {
    Map<String, Object> m = StatusSections.botFilter(
        new BotFilterStats(true, 1, 2, 3, 4, 5, 6, 7, 8));
    assertEquals(List.of("enabled", "rules", "refused"), List.copyOf(m.keySet()));
    assertEquals(true, m.get("enabled"));
    Map<?, ?> rules = (Map<?, ?>) m.get("rules");
    assertEquals(List.of("ipAddresses", "ipMatches", "userAgentMatches", "allowedResponses",
        "blockedResponses"), List.copyOf(rules.keySet()));
    assertEquals(List.of(1, 2, 3, 4, 5), List.copyOf(rules.values()));
    Map<?, ?> refused = (Map<?, ?>) m.get("refused");
    assertEquals(List.of("IpAddress", "IpMatch", "UserAgentMatch"),
        List.copyOf(refused.keySet()));
    assertEquals(List.of(6L, 7L, 8L), List.copyOf(refused.values()));
  }

  @Test
  void ignoredSettings_namesAndOrder() {
    List<Object> list = StatusSections.ignoredSettings(List.of(
        new IgnoredSettings.Ignored("ThreddsService", "keep it upstream"),
        new IgnoredSettings.Ignored("Timer", "see the metrics")));
    assertEquals(2, list.size());
    Map<?, ?> first = (Map<?, ?>) list.get(0);
    assertEquals(List.of("setting", "instead"), List.copyOf(first.keySet()));
    assertEquals(List.of("ThreddsService", "keep it upstream"), List.copyOf(first.values()));
    assertEquals("Timer", ((Map<?, ?>) list.get(1)).get("setting"));
  }

  @Test
  void frontEnd_namesAndOrder() {
    FrontEndStats stats = new FrontEndStats();
    stats.requests.add(5);
    stats.posts.increment();
    Map<String, Object> m = StatusSections.fields(stats.snapshot());
    assertEquals(List.of("requests", "dataResponses", "notModified", "headRequests", "listings",
        "rejected", "besErrors", "besUnavailable", "poolExhausted", "midStreamFailures",
        "clientAborts", "bytesStreamed", "gzipResponses", "pages", "redirects", "posts"),
        List.copyOf(m.keySet()));
    assertEquals(5L, m.get("requests"));
    assertEquals(1L, m.get("posts"));
  }
}
