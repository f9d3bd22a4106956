package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.DataSource;

final class DirectoryListingTest {
  private static final Instant T = Instant.parse("2026-11-22T01:52:59Z");

  private static DataSource directory() {
    return new DataSource(
        "/nc",
        false,
        T,
        0,
        true,
        List.of(
            new DataSource.Child("sub dir", false, T, 0, true),
            new DataSource.Child("fnoc1.nc", true, T, 23944, false),
            new DataSource.Child("<b>.txt", false, T, 5, false)));
  }

  @Test
  void json_listsEntriesInOrder() {
    String json = new String(DirectoryListing.json(directory()), StandardCharsets.UTF_8);
    assertEquals(
        "{\"path\": \"/nc\", \"lastModified\": \"2026-11-22T01:52:59Z\", \"entries\": [\n"
            + "  {\"name\": \"sub dir\", \"isDirectory\": true, \"isData\": false, \"size\": 0, \"lastModified\": \"2026-11-22T01:52:59Z\"},\n"
            + "  {\"name\": \"fnoc1.nc\", \"isDirectory\": false, \"isData\": true, \"size\": 23944, \"lastModified\": \"2026-11-22T01:52:59Z\"},\n"
            + "  {\"name\": \"\\u003cb>.txt\", \"isDirectory\": false, \"isData\": false, \"size\": 5, \"lastModified\": \"2026-11-22T01:52:59Z\"}\n"
            + "]}\n",
        json);
  }

  @Test
  void json_emptyDirectory() {
    DataSource empty = new DataSource("/", false, T, 0, true, List.of());
    assertEquals(
        "{\"path\": \"/\", \"lastModified\": \"2026-11-22T01:52:59Z\", \"entries\": []}\n",
        new String(DirectoryListing.json(empty), StandardCharsets.UTF_8));
  }
}
