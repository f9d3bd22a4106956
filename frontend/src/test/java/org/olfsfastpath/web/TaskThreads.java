package org.olfsfastpath.web;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/** Runs each task on a thread of its own and can wait for all of them: the tests' producers. */
final class TaskThreads implements Executor {
  private final List<Thread> threads = new ArrayList<>();

  @Override
  public void execute(Runnable task) {
    Thread thread = new Thread(task, "test-producer");
    synchronized (this) {
      threads.add(thread);
    }
    thread.start();
  }

  /** How many tasks were given. */
  synchronized int submitted() {
    return threads.size();
  }

  /** Waits for every task started so far to end. */
  void join() throws InterruptedException {
    List<Thread> all;
    synchronized (this) {
      all = List.copyOf(threads);
    }
    for (Thread thread : all) {
      thread.join();
    }
  }
}
