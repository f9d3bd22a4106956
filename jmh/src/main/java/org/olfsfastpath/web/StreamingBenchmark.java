package org.olfsfastpath.web;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;

/**
 * A data answer through the front end to a client that takes every byte at once (a fast client):
 * the DAP servlet, the BES get over a pooled PPT connection to the in-process emulator (written as
 * the BES writes), and the body to the client ({@link DirectClient}). Two paths side by side, so
 * that a fast client's cost of the spool shows:
 *
 * <ul>
 *   <li>{@code path=COPY}: the spool off, the body copied through a fixed buffer as the client
 *       takes it (the path before the spool, and the one without a container);
 *   <li>{@code path=SPOOL}: the spool on, in the container's non-blocking mode: a small answer read
 *       whole and written at once; a large one through a transfer whose producer reads the BES into
 *       one reused buffer and writes it straight to the client, which keeps up, so nothing is
 *       spooled.
 * </ul>
 *
 * <p>Two answers: {@code coads_climatology.nc.ascii?COADSX} (about 900 bytes, the small request)
 * and {@code big/400MiB.nc.dods} (400 MiB at full speed). What to read: the time per answer (for
 * the large one, 400 MiB over it is the rate), {@code gc.alloc.rate.norm} of the gc profiler (bytes
 * per answer for the whole JVM, the emulator included), and the aux counters {@code
 * frontEndBytesPerAnswer} and {@code frontEndBytesPerMiB}: what the benchmark's thread, which runs
 * the whole front end here, allocated per answer and per MiB streamed (the target for a large
 * answer: at most 1 KiB per MiB). The emulator's own allocation per answer is a few hundred bytes.
 *
 * <pre>{@code scripts/jmh --include StreamingBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class StreamingBenchmark extends StandardRun {
  /** The front end's path for a large answer. */
  public enum Path {
    COPY,
    SPOOL
  }

  @Param({"COPY", "SPOOL"})
  Path path;

  /** The answer, below the catalog root: the small request, and 400 MiB. */
  @Param({"coads_climatology.nc.ascii?COADSX", "big/400MiB.nc.dods"})
  String answer;

  InProcessFrontEnd frontEnd;
  DirectClient client;

  @Setup
  public void setUp() throws IOException {
    frontEnd =
        InProcessFrontEnd.start(
            // No data answer kept: each request sends its get, the path measured here.
            "<ResponseCache dataTypes=\"\"/><Spool enabled=\""
                + (path == Path.SPOOL)
                + "\" disk=\"0\"/>");
    int query = answer.indexOf('?');
    client =
        new DirectClient(
            frontEnd.servlet,
            "/" + (query < 0 ? answer : answer.substring(0, query)),
            query < 0 ? null : answer.substring(query + 1),
            path == Path.SPOOL);
    // The first answer opens the connection and loads the dataset's entry.
    client.serve();
  }

  @TearDown
  public void tearDown() {
    frontEnd.close();
  }

  @Benchmark
  public long answer(FrontEndAllocations allocations) throws IOException {
    long bytes = client.serve();
    allocations.bytes += bytes;
    allocations.answers++;
    return bytes;
  }

  /**
   * Bytes allocated per MiB streamed by the benchmark's thread alone, which runs the servlet, the
   * BES client and (on the spool's path) the transfer: the gc profiler's figure also counts the
   * in-process emulator's threads.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class FrontEndAllocations {
    private final ThreadAllocation allocation = new ThreadAllocation();
    long bytes;
    long answers;

    @Setup(Level.Iteration)
    public void start(BenchmarkParams benchmark, IterationParams iteration) {
      bytes = 0;
      answers = 0;
      allocation.start(benchmark, iteration);
    }

    /**
     * Bytes the front end allocated per MiB streamed, the mean over the measured iterations and
     * threads ({@link ThreadAllocation#perEach}).
     */
    public double frontEndBytesPerMiB() {
      return allocation.perEach(bytes / 1048576.0);
    }

    /** Bytes the front end allocated per answer, the mean as {@link #frontEndBytesPerMiB}'s. */
    public double frontEndBytesPerAnswer() {
      return allocation.perEach(answers);
    }
  }
}
