package org.olfsfastpath.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * The warm path of every request: a data-source cache hit, with and without the check of the file's
 * modification time on disk.
 *
 * <p>Workload: 1,024 catalog paths, all loaded in {@code @Setup}; each operation looks up the next
 * path of a per-thread cursor, so every lookup is a hit and no showNode is sent. With {@code
 * mtimeCheck=every-hit} the cache has a data root holding the 1,024 files and re-stats the file on
 * every hit (interval 0); with {@code off} it has no data root. Run with the gc profiler
 * (scripts/jmh does) for the allocations per hit.
 *
 * <pre>{@code scripts/jmh --include CacheHitBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
public class CacheHitBenchmark extends StandardRun {
  static final int PATHS = 1024;
  static final Instant LOADED = Instant.parse("2026-11-22T01:52:59Z");

  /** Whether a hit stats the file behind it. */
  public enum MtimeCheck {
    OFF,
    EVERY_HIT
  }

  @Param({"OFF", "EVERY_HIT"})
  MtimeCheck mtimeCheck;

  DataSourceCache cache;
  String[] paths;
  Path dataRoot;

  @Setup
  public void setUp() throws IOException {
    paths = new String[PATHS];
    dataRoot = Files.createTempDirectory("olfs-jmh-hit");
    for (int i = 0; i < PATHS; i++) {
      paths[i] = "/data/file" + i + ".nc";
    }
    DataSourceCacheBuilder builder =
        DataSourceCache.newBuilder()
            .loader((path, caller) -> node(path))
            .maximumSize(PATHS * 2L)
            .ttl(Duration.ofHours(1));
    if (mtimeCheck == MtimeCheck.EVERY_HIT) {
      Files.createDirectories(dataRoot.resolve("data"));
      for (String path : paths) {
        Files.write(dataRoot.resolve(path.substring(1)), new byte[] {1, 2, 3});
      }
      builder.dataRoot(dataRoot).mtimeCheckInterval(Duration.ZERO);
    }
    cache = builder.build();
    for (String path : paths) {
      cache.lookup(path);
    }
  }

  @TearDown
  public void tearDown() throws IOException {
    cache.close();
    try (Stream<Path> files = Files.walk(dataRoot)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  @Benchmark
  public DataSource hit(Cursor cursor) throws IOException {
    return cache.lookup(paths[cursor.next()]);
  }

  /** A per-thread position in the path table, so threads do not share a counter. */
  @State(Scope.Thread)
  public static class Cursor {
    int index;

    int next() {
      index = (index + 1) & (PATHS - 1);
      return index;
    }
  }

  static BesNode node(String path) {
    return new BesNode(path, true, LOADED, 3, true, List.of());
  }
}
