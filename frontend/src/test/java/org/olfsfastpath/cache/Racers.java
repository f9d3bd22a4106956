package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads of a single-flight test: started to race on one load, awaited until each is parked on
 * it, and stopped after the test; with the {@link Gate} that holds a load and the {@link Results}
 * the threads report to. Shared by the data-source and response cache tests.
 */
final class Racers {
  /** The longest any wait in these tests lasts before it fails the test. */
  static final Duration GUARD = Duration.ofSeconds(20);

  private final List<Thread> threads = new ArrayList<>();

  /** What a racing thread runs. */
  @FunctionalInterface
  interface Action {
    void run() throws Exception;
  }

  /** Starts {@code action} on a thread of its own; what it throws goes to {@code results}. */
  void start(Action action, Results results) {
    start(
        new Thread(
            () -> {
              try {
                action.run();
              } catch (Exception e) {
                results.add(e);
              }
            }));
  }

  /** Starts a thread the test made itself, so that {@link #stop} ends it too. */
  void start(Thread thread) {
    threads.add(thread);
    thread.start();
  }

  /** Waits until every started thread is parked (waiting on the load) or finished. */
  void awaitAllWaiting() {
    for (Thread thread : threads) {
      awaitWaiting(thread);
    }
  }

  static void awaitWaiting(Thread thread) {
    long deadline = System.nanoTime() + GUARD.toNanos();
    while (true) {
      Thread.State state = thread.getState();
      if (state == Thread.State.WAITING
          || state == Thread.State.TIMED_WAITING
          || state == Thread.State.TERMINATED) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError(thread + " never waited, state " + state);
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  /** Interrupts every started thread and waits for it to end. */
  void stop() throws InterruptedException {
    for (Thread thread : threads) {
      thread.interrupt();
      thread.join(GUARD.toMillis());
    }
  }

  /** Lets a test hold a load inside the loader until it opens the gate. */
  static final class Gate {
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch open = new CountDownLatch(1);

    void pass() throws IOException {
      entered.countDown();
      try {
        if (!open.await(GUARD.toMillis(), TimeUnit.MILLISECONDS)) {
          throw new IOException("gate never opened");
        }
      } catch (InterruptedException e) {
        throw new InterruptedIOException("interrupted at the gate");
      }
    }

    void awaitEntered() throws InterruptedException {
      assertTrue(entered.await(GUARD.toMillis(), TimeUnit.MILLISECONDS), "no load started");
    }

    void open() {
      open.countDown();
    }
  }

  /** What each started thread returned or threw. */
  static final class Results {
    final List<Object> values = Collections.synchronizedList(new ArrayList<>());
    final CountDownLatch count;

    Results(int expected) {
      count = new CountDownLatch(expected);
    }

    void add(Object value) {
      values.add(value);
      count.countDown();
    }

    void await() throws InterruptedException {
      assertTrue(
          count.await(GUARD.toMillis(), TimeUnit.MILLISECONDS),
          "the started threads did not all finish");
    }
  }
}
