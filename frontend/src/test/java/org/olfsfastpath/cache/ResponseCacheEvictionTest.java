package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.CountingLoader.bytes;
import static org.olfsfastpath.cache.CountingLoader.source;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The cache stays within its bound in bytes, evicting whole entries and counting them. */
final class ResponseCacheEvictionTest {
  private static final int BODY = 1000;
  private static final long BOUND = 20_000;

  private final ResponseCache cache =
      ResponseCache.newBuilder()
          .executor(Runnable::run)
          .maximumWeight(BOUND)
          .maxEntryBytes(BODY)
          .build();

  @AfterEach
  void tearDown() {
    cache.close();
  }

  @Test
  void weightStaysWithinTheBound_andEvictionsAreCounted() throws IOException {
    int loads = 100;
    for (int i = 0; i < loads; i++) {
      String path = "/f" + i + ".nc";
      cache.load(
          ResponseKey.of("", path, "dds", ""),
          source(path),
          BODY,
          false,
          new CountingLoader(bytes(BODY)));
    }
    cache.cleanUp();

    ResponseCacheStats stats = cache.stats();
    assertTrue(stats.weightedBytes() <= BOUND, stats.toJson());
    long perEntry =
        ResponseKey.of("", "/f10.nc", "dds", "").weight() + BODY + CachedResponse.ENTRY_OVERHEAD;
    assertTrue(
        stats.entryCount() >= BOUND / perEntry - 2 && stats.entryCount() <= BOUND / perEntry,
        "entries " + stats.entryCount() + " of about " + perEntry + " bytes in " + BOUND);
    assertEquals(loads - stats.entryCount(), stats.evictionCount());
    assertTrue(stats.evictedBytes() >= stats.evictionCount() * (BODY + 256L), stats.toJson());
    assertEquals(stats.evictionCount(), cache.caffeine().stats().evictionCount());
  }

  @Test
  void anEntryHeavierThanTheBound_isNotKept() throws IOException {
    try (ResponseCache tiny =
        ResponseCache.newBuilder()
            .executor(Runnable::run)
            .maximumWeight(1000)
            .maxEntryBytes(1000)
            .build()) {
      ResponseKey key = ResponseKey.of("", "/a.nc", "das", "");
      tiny.load(key, source("/a.nc"), new CountingLoader(bytes(900)));
      tiny.cleanUp();
      assertEquals(0, tiny.size(), "900 bytes plus gzip, key and overhead weigh over 1000");
      assertEquals(1, tiny.stats().evictionCount());
    }
  }
}
