package org.olfsfastpath.cache;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Single-flight loads under contention: 8 threads on one key, whose entry one of them keeps
 * invalidating, so the other 7 keep arriving while a load is in flight and must join it rather than
 * start their own.
 *
 * <p>Workload: the loader burns about 2 microseconds of CPU (a stand-in for a fast showNode, so
 * that the figure is the cache's coordination, not a socket) and counts its calls. The {@code
 * loads} and {@code lookups} counters are reported per iteration; loads per invalidation stays at 1
 * when single flight works, whatever the reader count.
 *
 * <pre>{@code scripts/jmh --include SingleFlightBenchmark}</pre>
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SingleFlightBenchmark extends StandardRun {
  static final String KEY = "/coads_climatology.nc";
  static final BesNode NODE =
      new BesNode(KEY, true, CacheHitBenchmark.LOADED, 3_114_044, true, List.of());

  final LongAdder loads = new LongAdder();
  DataSourceCache cache;

  @Setup(Level.Trial)
  public void setUp() {
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  loads.increment();
                  Blackhole.consumeCPU(500);
                  return NODE;
                })
            .ttl(Duration.ofHours(1))
            .build();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    cache.close();
  }

  @Benchmark
  @Group("oneKey")
  @GroupThreads(7)
  public DataSource lookup(ReaderCounters counters) throws IOException {
    counters.lookups++;
    return cache.lookup(KEY);
  }

  @Benchmark
  @Group("oneKey")
  @GroupThreads(1)
  public DataSource invalidateAndLookup(InvalidatorCounters counters) throws IOException {
    cache.invalidate(KEY);
    counters.invalidations++;
    return cache.lookup(KEY);
  }

  /** Lookups by the reading threads, per iteration. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class ReaderCounters {
    public long lookups;

    @Setup(Level.Iteration)
    public void reset() {
      lookups = 0;
    }
  }

  /** Invalidations and the loads they caused, per iteration, counted once (by the invalidator). */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class InvalidatorCounters {
    public long invalidations;
    private SingleFlightBenchmark benchmark;
    private long loadsBefore;

    @Setup(Level.Iteration)
    public void reset(SingleFlightBenchmark benchmark) {
      this.benchmark = benchmark;
      invalidations = 0;
      loadsBefore = benchmark.loads.sum();
    }

    /** Loads of the key this iteration: equal to invalidations when single flight holds. */
    public long loads() {
      return benchmark == null ? 0 : benchmark.loads.sum() - loadsBefore;
    }
  }
}
