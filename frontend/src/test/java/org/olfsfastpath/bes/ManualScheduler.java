package org.olfsfastpath.bes;

import java.util.ArrayList;
import java.util.List;

/**
 * A probe scheduler that runs nothing by itself: a test moves the fake clock, then runs what has
 * come due with {@link #runDue()}, on its own thread. Thread-safe.
 */
final class ManualScheduler implements ProbeScheduler {
  private final FakePoolClock clock;
  private final List<Task> tasks = new ArrayList<>();
  private boolean shutdown;

  ManualScheduler(FakePoolClock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized void schedule(Runnable task, long delayNanos) {
    if (!shutdown) {
      tasks.add(new Task(task, clock.nanoTime() + Math.max(0, delayNanos)));
    }
  }

  @Override
  public synchronized void shutdown() {
    shutdown = true;
    tasks.clear();
  }

  /** Runs the tasks due by the clock, in the order they were scheduled; returns how many ran. */
  int runDue() {
    List<Task> due = new ArrayList<>();
    synchronized (this) {
      long now = clock.nanoTime();
      for (Task task : tasks) {
        if (now - task.dueNanos >= 0) {
          due.add(task);
        }
      }
      tasks.removeAll(due);
    }
    due.forEach(task -> task.runnable.run());
    return due.size();
  }

  /** Tasks waiting, due or not. */
  synchronized int pending() {
    return tasks.size();
  }

  private record Task(Runnable runnable, long dueNanos) {}
}
