package org.olfsfastpath.cache;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.bes.EmulatedBes;
import org.olfsfastpath.jmh.StandardRun;
import org.olfsfastpath.ppt.PptOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A data-source cache miss: the entry is dropped, and the lookup loads it with one showNode to the
 * BES emulator over a pooled connection, parses the answer and caches it. The difference to {@link
 * CacheHitBenchmark} is what the cache saves every warm request.
 *
 * <p>Workload: the in-process BES emulator with BES-faithful writes and no service time; a {@link
 * BesClient} with one connection, over TCP with QUICKACK or the Unix socket; each operation
 * invalidates coads_climatology.nc and looks it up again.
 *
 * <pre>{@code scripts/jmh --include CacheMissBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CacheMissBenchmark extends StandardRun {
  static final String DATASET = "/coads_climatology.nc";

  /** How the BES client reaches the emulator. */
  public enum Transport {
    TCP_QUICKACK,
    UNIX
  }

  @Param({"TCP_QUICKACK", "UNIX"})
  Transport transport;

  private EmulatedBes bes;
  private DataSourceCache cache;

  @Setup
  public void setUp() throws IOException {
    bes = EmulatedBes.start(transport == Transport.UNIX, PptOptions.defaults());
    cache =
        DataSourceCache.newBuilder()
            .loader((path, caller) -> bes.client().showNode(path))
            .ttl(Duration.ofHours(1))
            .build();
    cache.lookup(DATASET);
  }

  @TearDown
  public void tearDown() throws IOException {
    cache.close();
    bes.close();
  }

  @Benchmark
  public DataSource miss() throws IOException {
    cache.invalidate(DATASET);
    return cache.lookup(DATASET);
  }
}
