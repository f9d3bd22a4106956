package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.ScriptedLoader.leaf;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.testing.FakeTicker;

/** Refresh-ahead: an aging entry is answered at once while one background showNode replaces it. */
final class DataSourceCacheRefreshTest {
  private static final Duration GUARD = Duration.ofSeconds(20);

  private final FakeTicker ticker = new FakeTicker();
  private final ScriptedLoader bes = new ScriptedLoader();
  private DataSourceCache cache;

  @AfterEach
  void close() {
    if (cache != null) {
      cache.close();
    }
  }

  private DataSourceCacheBuilder builder(Executor executor) {
    return DataSourceCache.newBuilder()
        .loader(bes)
        .ticker(ticker)
        .executor(executor)
        .ttl(Duration.ofMinutes(10))
        .refreshAfter(Duration.ofMinutes(5));
  }

  @Test
  void agingEntryIsServedAtOnceWhileOneBackgroundLoadReplacesIt() throws IOException {
    QueueExecutor background = new QueueExecutor();
    bes.answer("/a.nc", leaf("/a.nc", 1));
    cache = builder(background).build();
    DataSource old = cache.lookup("/a.nc");
    background.runAll();

    ticker.advance(Duration.ofMinutes(4));
    assertSame(old, cache.lookup("/a.nc"));
    assertEquals(0, background.size(), "a young entry starts no refresh");

    ticker.advance(Duration.ofMinutes(2));
    bes.answer("/a.nc", leaf("/a.nc", 2));
    for (int i = 0; i < 10; i++) {
      assertSame(old, cache.lookup("/a.nc"), "answered from the cache while the refresh waits");
    }
    assertEquals(1, bes.calls("/a.nc"), "the refresh has not run yet");
    assertEquals(1, cache.stats().refreshCount(), "ten aging hits start one refresh");

    background.runAll();

    assertEquals(2, bes.calls("/a.nc"));
    assertEquals(2, cache.lookup("/a.nc").size());
    assertEquals(2, bes.calls("/a.nc"));
    DataSourceCacheStats stats = cache.stats();
    assertEquals(2, stats.loadSuccessCount());
    assertEquals(1, stats.missCount());
  }

  @Test
  void refreshedEntryStartsANewLife() throws IOException {
    QueueExecutor background = new QueueExecutor();
    bes.answer("/a.nc", leaf("/a.nc", 1));
    cache = builder(background).build();
    cache.lookup("/a.nc");
    ticker.advance(Duration.ofMinutes(6));
    cache.lookup("/a.nc");
    background.runAll();

    ticker.advance(Duration.ofMinutes(6)); // 12 minutes after the first load, 6 after the refresh

    cache.lookup("/a.nc");
    assertEquals(2, bes.calls("/a.nc"), "not expired: answered at once, refresh queued");
    background.runAll();
    assertEquals(3, bes.calls("/a.nc"));
  }

  @Test
  void refreshRunsOnTheExecutorWhileHitsAreAnsweredAtOnce() throws Exception {
    ThreadPerTaskExecutor background = new ThreadPerTaskExecutor();
    CountDownLatch refreshEntered = new CountDownLatch(1);
    CountDownLatch refreshMayFinish = new CountDownLatch(1);
    bes.answer("/a.nc", leaf("/a.nc", 1));
    NodeLoader slowOnRefresh =
        (path, caller) -> {
          if (bes.calls(path) >= 1) {
            refreshEntered.countDown();
            awaitOrFail(refreshMayFinish);
          }
          return bes.load(path, caller);
        };
    cache =
        DataSourceCache.newBuilder()
            .loader(slowOnRefresh)
            .ticker(ticker)
            .executor(background)
            .ttl(Duration.ofMinutes(10))
            .refreshAfter(Duration.ofMinutes(5))
            .build();
    DataSource old = cache.lookup("/a.nc");
    ticker.advance(Duration.ofMinutes(6));
    bes.answer("/a.nc", leaf("/a.nc", 2));

    assertSame(old, cache.lookup("/a.nc"));
    assertTrue(refreshEntered.await(GUARD.toMillis(), TimeUnit.MILLISECONDS));
    assertTimeoutPreemptively(
        GUARD,
        () -> {
          for (int i = 0; i < 10; i++) {
            assertSame(old, cache.lookup("/a.nc"), "the showNode under way delays no hit");
          }
        });
    assertEquals(1, cache.stats().refreshCount());

    refreshMayFinish.countDown();
    background.joinAll();

    assertEquals(2, cache.lookup("/a.nc").size());
    assertEquals(2, bes.calls("/a.nc"));
  }

  @Test
  void failedRefreshKeepsTheOldAnswerUntilItExpires() throws IOException {
    QueueExecutor background = new QueueExecutor();
    bes.answer("/a.nc", leaf("/a.nc", 1));
    cache = builder(background).build();
    DataSource old = cache.lookup("/a.nc");
    ticker.advance(Duration.ofMinutes(6));
    bes.fail("/a.nc", new IOException("Connection refused"));

    assertSame(old, cache.lookup("/a.nc"));
    background.runAll();
    assertSame(old, cache.lookup("/a.nc"), "kept after the failed refresh");
    background.runAll();
    assertEquals(3, bes.calls("/a.nc"), "each hit after a failure may try again");
    assertEquals(2, cache.stats().loadFailureCount());

    ticker.advance(Duration.ofMinutes(5));
    assertThrows(IOException.class, () -> cache.lookup("/a.nc"), "expired: no stale answer");
  }

  @Test
  void refreshThatFindsThePathGoneTurnsTheEntryNegative() throws IOException {
    QueueExecutor background = new QueueExecutor();
    bes.answer("/a.nc", leaf("/a.nc", 1));
    cache = builder(background).negativeTtl(Duration.ofSeconds(10)).build();
    cache.lookup("/a.nc");
    ticker.advance(Duration.ofMinutes(6));
    bes.forget("/a.nc");

    cache.lookup("/a.nc");
    background.runAll();

    BesErrorException gone = assertThrows(BesErrorException.class, () -> cache.lookup("/a.nc"));
    assertEquals(BesError.NOT_FOUND, gone.error().type());
    assertEquals(2, bes.calls("/a.nc"));
    ticker.advance(Duration.ofSeconds(10));
    assertThrows(BesErrorException.class, () -> cache.lookup("/a.nc"));
    assertEquals(3, bes.calls("/a.nc"), "the negative entry lives for the negative ttl");
  }

  private static void awaitOrFail(CountDownLatch latch) throws IOException {
    try {
      if (!latch.await(GUARD.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IOException("test latch never opened");
      }
    } catch (InterruptedException e) {
      throw new InterruptedIOException();
    }
  }

  /** Holds background tasks until the test runs them on its own thread. */
  private static final class QueueExecutor implements Executor {
    private final Queue<Runnable> tasks = new ArrayDeque<>();

    @Override
    public synchronized void execute(Runnable task) {
      tasks.add(task);
    }

    synchronized int size() {
      return tasks.size();
    }

    void runAll() {
      Runnable task;
      while ((task = poll()) != null) {
        task.run();
      }
    }

    private synchronized Runnable poll() {
      return tasks.poll();
    }
  }

  /** Runs each background task on a new thread the test can join. */
  private static final class ThreadPerTaskExecutor implements Executor {
    private final List<Thread> threads = new ArrayList<>();

    @Override
    public synchronized void execute(Runnable task) {
      Thread thread = new Thread(task, "refresh-test-" + threads.size());
      threads.add(thread);
      thread.start();
    }

    void joinAll() throws InterruptedException {
      List<Thread> started;
      synchronized (this) {
        started = new ArrayList<>(threads);
      }
      for (Thread thread : started) {
        thread.join(GUARD.toMillis());
        assertTrue(!thread.isAlive(), thread + " did not finish");
      }
    }
  }
}
