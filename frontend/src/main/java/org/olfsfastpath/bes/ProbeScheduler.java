package org.olfsfastpath.bes;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a group's probes off the request path, after a delay. A seam: tests pass one that runs the
 * tasks when told, against a fake clock.
 */
interface ProbeScheduler {
  /** Runs {@code task} after {@code delayNanos} (at once for zero); does nothing once shut down. */
  void schedule(Runnable task, long delayNanos);

  /** Drops every task not started and refuses new ones. */
  void shutdown();

  /**
   * Daemon threads, at most {@code maxThreads} (one per BES, so a probe waiting for a handshake
   * never delays another BES's), started on first need and ended after a minute idle.
   */
  static ProbeScheduler threads(String name, int maxThreads) {
    AtomicInteger count = new AtomicInteger();
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            maxThreads,
            task -> {
              Thread thread = new Thread(task, name + " " + count.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
    executor.setKeepAliveTime(1, TimeUnit.MINUTES);
    executor.allowCoreThreadTimeOut(true);
    executor.setRemoveOnCancelPolicy(true);
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    return new ProbeScheduler() {
      @Override
      public void schedule(Runnable task, long delayNanos) {
        try {
          executor.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
          // Shut down: the group is closed.
        }
      }

      @Override
      public void shutdown() {
        executor.shutdownNow();
      }

      @Override
      public String toString() {
        return "ProbeScheduler.threads(" + name + ")";
      }
    };
  }
}
