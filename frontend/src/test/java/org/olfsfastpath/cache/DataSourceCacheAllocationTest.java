package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.ScriptedLoader.leaf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.testing.FakeTicker;
import org.olfsfastpath.testing.ThreadAllocation;

/**
 * A hit allocates nothing: Caffeine's {@code AsyncCache.get} would cost about 56 bytes per hit, a
 * stat about 570. Measured with the JVM's per-thread allocation counter, so it needs no timing.
 */
final class DataSourceCacheAllocationTest {
  private static final int PATHS = 64;
  private static final int HITS = 50_000;

  /**
   * Generous: rare maintenance and counter cells may allocate a little; a per-hit object won't fit.
   */
  private static final double MAX_BYTES_PER_HIT = 4.0;

  @TempDir Path root;

  @Test
  void hitAllocatesNothing() throws IOException {
    assertHitsAllocateAlmostNothing(DataSourceCache.newBuilder());
  }

  @Test
  void hitWithDiskChecksDueOncePerIntervalAllocatesNothing() throws IOException {
    for (int i = 0; i < PATHS; i++) {
      Files.writeString(root.resolve("f" + i + ".nc"), "x");
    }
    // A fake ticker that never advances: checks are never due, as within one second in production.
    assertHitsAllocateAlmostNothing(
        DataSourceCache.newBuilder()
            .dataRoot(root)
            .ticker(new FakeTicker())
            .mtimeCheckInterval(Duration.ofSeconds(1)));
  }

  private static void assertHitsAllocateAlmostNothing(DataSourceCacheBuilder builder)
      throws IOException {
    ThreadAllocation threads = ThreadAllocation.orSkip();

    String[] paths = new String[PATHS];
    for (int i = 0; i < PATHS; i++) {
      paths[i] = "/f" + i + ".nc";
    }
    try (DataSourceCache cache =
        builder.loader((path, caller) -> leaf(path, 1)).executor(Runnable::run).build()) {
      for (int round = 0; round < 2; round++) { // warm up, counters' cells included
        for (int i = 0; i < HITS; i++) {
          cache.lookup(paths[i & (PATHS - 1)]);
        }
      }
      long thread = Thread.currentThread().getId();
      long before = threads.allocatedBy(thread);
      for (int i = 0; i < HITS; i++) {
        cache.lookup(paths[i & (PATHS - 1)]);
      }
      long allocated = threads.allocatedBy(thread) - before;

      double perHit = (double) allocated / HITS;
      assertTrue(
          perHit < MAX_BYTES_PER_HIT,
          "a hit allocated " + perHit + " bytes on average (" + allocated + " in all)");
    }
  }
}
