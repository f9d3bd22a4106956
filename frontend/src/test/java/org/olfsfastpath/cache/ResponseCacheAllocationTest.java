package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.CountingLoader.source;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.testing.ThreadAllocation;

/**
 * A hit allocates nothing: a map read with keys equal to (not the same as) the cached ones, and an
 * identity comparison. Measured with the JVM's per-thread allocation counter.
 */
final class ResponseCacheAllocationTest {
  private static final int KEYS = 64;
  private static final int HITS = 50_000;

  /** Generous: rare maintenance and counter cells may allocate a little; a per-hit object won't. */
  private static final double MAX_BYTES_PER_HIT = 4.0;

  @Test
  void hitAllocatesNothing() throws IOException {
    ThreadAllocation threads = ThreadAllocation.orSkip();

    ResponseKey[] keys = new ResponseKey[KEYS];
    DataSource[] sources = new DataSource[KEYS];
    try (ResponseCache cache = ResponseCache.newBuilder().executor(Runnable::run).build()) {
      for (int i = 0; i < KEYS; i++) {
        String path = "/data/f" + i + ".nc";
        sources[i] = source(path);
        cache.load(key(path), sources[i], CountingLoader.text("DAS " + i));
        keys[i] = key(path); // equal, another instance: as a request would build it
      }
      for (int round = 0; round < 2; round++) { // warm up, counters' cells included
        for (int i = 0; i < HITS; i++) {
          assertNotNull(cache.lookup(keys[i & (KEYS - 1)], sources[i & (KEYS - 1)]));
        }
      }
      long thread = Thread.currentThread().getId();
      long before = threads.allocatedBy(thread);
      for (int i = 0; i < HITS; i++) {
        cache.lookup(keys[i & (KEYS - 1)], sources[i & (KEYS - 1)]);
      }
      long allocated = threads.allocatedBy(thread) - before;

      double perHit = (double) allocated / HITS;
      assertTrue(
          perHit < MAX_BYTES_PER_HIT,
          "a hit allocated " + perHit + " bytes on average (" + allocated + " in all)");
    }
  }

  private static ResponseKey key(String path) {
    return new ResponseKey(
        "",
        path,
        "dmr",
        "",
        List.of("xml:base=http://localhost:8080/opendap" + path + ".dmr", "dap4.checksum=false"));
  }
}
