package org.olfsfastpath.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.testing.Regression;

final class StatusDocumentTest {
  /** The shape the front end writes: sections of counters, and the groups with their BES. */
  private static final String DOWN =
      """
      {
        "frontEnd": {
          "requests": 12,
          "rejected": 0
        },
        "warmUp": {
          "enabled": true,
          "settled": true,
          "dataset": null
        },
        "pool": {
          "total": 0,
          "exhausted": 3,
          "connectFailures": 1
        },
        "groups": [
          {
            "prefix": "/",
            "down": true,
            "downSince": "2026-11-23T21:55:40.052027643Z",
            "available": 0,
            "unavailable": 7,
            "bes": [
              {
                "bes": "127.0.0.1:43361",
                "ejected": true,
                "ejectedSince": "2026-11-23T21:55:40.052027643Z",
                "ejectionCause": "handshake timeout of 1000 ms elapsed: \\"quoted\\"",
                "nextProbeMillis": 980,
                "requests": 5,
                "exhausted": 0,
                "connectFailures": 9
              }
            ]
          }
        ]
      }
      """;

  @Test
  @Regression(
      "fc0329b: the soak read /status line by line, so a BES's exhausted and "
          + "connectFailures overwrote the pool section's")
  void sections_keepTheirOwnCounters_notTheGroupsNestedKeys() {
    StatusDocument status = StatusDocument.parse(DOWN);
    assertEquals(12, status.get("frontEnd", "requests"));
    // The BES's exhausted and connectFailures live in the group, not in the pool section.
    assertEquals(3, status.get("pool", "exhausted"));
    assertEquals(1, status.get("pool", "connectFailures"));
    assertEquals(1, status.get("warmUp", "settled"));
    assertThrows(IllegalStateException.class, () -> status.get("pool", "prefix"));
  }

  @Test
  void groups_showDownSinceAndTheBesState() {
    StatusDocument status = StatusDocument.parse(DOWN);
    assertTrue(status.down());
    assertEquals(Instant.parse("2026-11-23T21:55:40.052027643Z"), status.downSince());
    assertEquals(7, status.groupCounter("unavailable"));
    assertEquals(5, status.besCounter("requests"));
    assertEquals(9, status.besCounter("connectFailures"));
    assertEquals(Duration.ofMillis(980), status.nextProbe());
    assertEquals(
        "handshake timeout of 1000 ms elapsed: \"quoted\"", status.firstBes().get("ejectionCause"));
  }

  @Test
  void inService_noDownSince_noNextProbe() {
    StatusDocument status =
        StatusDocument.parse(
            DOWN.replace("\"down\": true", "\"down\": false")
                .replace("\"downSince\": \"2026-11-23T21:55:40.052027643Z\"", "\"downSince\": null")
                .replace("\"nextProbeMillis\": 980", "\"nextProbeMillis\": null"));
    assertFalse(status.down());
    assertNull(status.downSince());
    assertNull(status.nextProbe());
  }

  @Test
  void notJson_isRefusedWithWhere() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> StatusDocument.parse("{\"frontEnd\": {\"requests\": 1,}"));
    assertTrue(e.getMessage().startsWith("/status is not JSON"), e.getMessage());
  }
}
