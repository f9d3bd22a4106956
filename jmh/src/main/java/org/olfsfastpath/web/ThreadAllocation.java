package org.olfsfastpath.web;

import java.lang.management.ManagementFactory;

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

  /** Starts counting on the calling thread. */
  void start() {
    thread = Thread.currentThread().getId();
    allocatedBefore = THREADS.getThreadAllocatedBytes(thread);
  }

  /** The bytes the thread allocated since {@link #start()}. */
  long allocated() {
    return THREADS.getThreadAllocatedBytes(thread) - allocatedBefore;
  }
}
