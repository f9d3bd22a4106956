package org.olfsfastpath.web;

import java.lang.management.ManagementFactory;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;

/**
 * The bytes one thread allocated since {@link #start()}: what the benchmark's thread alone, which
 * runs the front end, allocates; the gc profiler's figure also counts the in-process emulator's
 * threads.
 */
final class ThreadAllocation {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private long thread;
  private long allocatedBefore;
  private int share = 1;

  /**
   * Starts counting on the calling thread, for one iteration of {@code iteration}'s kind of a
   * benchmark run with {@code benchmark}'s threads and forks.
   */
  void start(BenchmarkParams benchmark, IterationParams iteration) {
    thread = Thread.currentThread().getId();
    allocatedBefore = THREADS.getThreadAllocatedBytes(thread);
    share =
        Math.max(1, iteration.getCount())
            * Math.max(1, benchmark.getThreads())
            * Math.max(1, benchmark.getForks());
  }

  /**
   * An {@code @AuxCounters(EVENTS)} figure of one thread's iteration, as JMH should print it: JMH
   * sums such counters over the measured iterations and over the threads, so a per-request mean
   * would come out multiplied by their product (3 iterations printed 3 times the bytes per
   * request). Each thread's iteration therefore reports its share of the mean, which JMH's sum
   * restores.
   */
  private double perIterationShare(double mean) {
    return mean / share;
  }

  /**
   * The bytes allocated per one of {@code count} things done (requests, answers, MiB), as {@link
   * #perIterationShare} reports a mean; 0 when none was done.
   */
  double perEach(double count) {
    return count == 0 ? 0 : perIterationShare(allocated() / count);
  }

  /** The bytes the thread allocated since {@link #start()}. */
  long allocated() {
    return THREADS.getThreadAllocatedBytes(thread) - allocatedBefore;
  }
}
