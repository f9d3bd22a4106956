package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.json.Json;

/** The front end's statistics value: its names and order are the status document's. */
final class FrontEndStatsTest {
  @Test
  void frontEnd_namesAndOrder() {
    FrontEndStats stats = new FrontEndStats();
    stats.requests.add(5);
    stats.posts.increment();
    Map<String, Object> m = Json.fields(stats.snapshot());
    assertEquals(
        List.of(
            "requests",
            "dataResponses",
            "notModified",
            "headRequests",
            "listings",
            "rejected",
            "besErrors",
            "besUnavailable",
            "poolExhausted",
            "limitRefusals",
            "midStreamFailures",
            "clientAborts",
            "bytesStreamed",
            "gzipResponses",
            "pages",
            "redirects",
            "posts"),
        List.copyOf(m.keySet()));
    assertEquals(5L, m.get("requests"));
    assertEquals(1L, m.get("posts"));
  }
}
