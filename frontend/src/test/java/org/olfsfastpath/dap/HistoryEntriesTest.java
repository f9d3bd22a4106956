package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.GetRequest;

final class HistoryEntriesTest {
  private static final Instant NOW = Instant.parse("2026-11-23T12:34:56.789Z");

  @Test
  void withAConstraint_bothEntriesNameTheRequest() {
    List<GetRequest.Context> contexts =
        HistoryEntries.of(
            NOW, "olfs-fastpath", "1.2", "http://h/opendap/nc/fnoc1.nc.nc", "u%5B0%5D", "u[0]");
    assertEquals(
        List.of(
            new GetRequest.Context(
                "history_json_entry",
                "{\"$schema\":"
                    + "\"https://harmony.earthdata.nasa.gov/schemas/history/0.1.0/history-0.1.0.json\","
                    + "\"date_time\":\"2026-11-23T12:34:56.789+0000\",\"program\":\"olfs-fastpath\","
                    + "\"version\":\"1.2\",\"parameters\":[{\"request_url\":"
                    + "\"http://h/opendap/nc/fnoc1.nc.nc?u%5B0%5D\"},{\"decoded_constraint\":\"u[0]\"}]}"),
            new GetRequest.Context(
                "cf_history_entry",
                "2026-11-23 12:34:56 GMT olfs-fastpath-1.2"
                    + " http://h/opendap/nc/fnoc1.nc.nc?u%5B0%5D\n")),
        contexts);
  }

  @Test
  void withoutAConstraint_noDecodedConstraint() {
    List<GetRequest.Context> contexts =
        HistoryEntries.of(NOW, "olfs-fastpath", "1.2", "http://h/x.nc.nc", "", "");
    assertEquals(
        "{\"$schema\":"
            + "\"https://harmony.earthdata.nasa.gov/schemas/history/0.1.0/history-0.1.0.json\","
            + "\"date_time\":\"2026-11-23T12:34:56.789+0000\",\"program\":\"olfs-fastpath\","
            + "\"version\":\"1.2\",\"parameters\":[{\"request_url\":\"http://h/x.nc.nc\"}]}",
        contexts.get(0).value());
    assertEquals(
        "2026-11-23 12:34:56 GMT olfs-fastpath-1.2 http://h/x.nc.nc\n", contexts.get(1).value());
  }
}
