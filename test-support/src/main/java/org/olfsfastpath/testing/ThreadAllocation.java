package org.olfsfastpath.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;

/**
 * The JVM's count of the bytes each thread has allocated, for tests that hold a path to allocating
 * nothing per operation. Where the JVM cannot count, {@link #orSkip()} skips the test, saying so.
 */
public final class ThreadAllocation {
  private final com.sun.management.ThreadMXBean threads;

  private ThreadAllocation(com.sun.management.ThreadMXBean threads) {
    this.threads = threads;
  }

  /** The counter, switched on; the calling test is skipped where this JVM has none. */
  public static ThreadAllocation orSkip() {
    assumeTrue(
        ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
        "this JVM cannot count allocated bytes per thread");
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(
        threads.isThreadAllocatedMemorySupported(),
        "this JVM cannot count allocated bytes per thread");
    threads.setThreadAllocatedMemoryEnabled(true);
    return new ThreadAllocation(threads);
  }

  /** The bytes the thread with this id has allocated since it started. */
  public long allocatedBy(long threadId) {
    return threads.getThreadAllocatedBytes(threadId);
  }
}
