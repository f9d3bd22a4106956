package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.ScriptedLoader.leaf;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Collections;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.Racers.Gate;
import org.olfsfastpath.cache.Racers.Results;
import org.olfsfastpath.testing.Regression;

/** Single-flight loads, and loads for different paths never waiting on each other. */
final class DataSourceCacheConcurrencyTest {
  private static final Duration GUARD = Racers.GUARD;

  private final Racers racers = new Racers();
  private DataSourceCache cache;

  @AfterEach
  void tearDown() throws InterruptedException {
    racers.stop();
    if (cache != null) {
      cache.close();
    }
  }

  @Test
  void hundredConcurrentColdLookupsSendOneShowNode() throws Exception {
    Gate gate = new Gate();
    AtomicInteger loads = new AtomicInteger();
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  loads.incrementAndGet();
                  gate.pass();
                  return leaf(path, 42);
                })
            .build();
    Results results = new Results(100);

    for (int i = 0; i < 100; i++) {
      racers.start(() -> results.add(cache.lookup("/coads_climatology.nc")), results);
    }
    gate.awaitEntered();
    racers.awaitAllWaiting(); // the other 99 are parked on the load under way
    gate.open();
    results.await();

    assertEquals(1, loads.get());
    assertEquals(100, results.values.size());
    DataSource first = (DataSource) results.values.get(0);
    for (Object value : results.values) {
      assertSame(first, value);
    }
    DataSourceCacheStats stats = cache.stats();
    assertEquals(1, stats.loadCount());
    assertEquals(1, stats.missCount());
    assertEquals(99, stats.hitCount(), "lookups that joined the load count as hits");
  }

  @Test
  @Regression(
      "0f9cb54: a lookup that found no entry, then joined a load another lookup had "
          + "claimed, was counted as a miss, so misses outnumbered loads")
  void racingColdLookupsCountOneMissPerLoadAndEveryOtherLookupAsAHit() throws Exception {
    // Lookups that find no entry at the same moment all race to claim the load; the losers join
    // it. Counted by who ran the load, not by what each lookup saw first, misses equal loads in
    // every interleaving. Many short rounds make the close races happen.
    int rounds = 400;
    int perRound = 8;
    AtomicInteger loads = new AtomicInteger();
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  loads.incrementAndGet();
                  Thread.yield(); // keep the load in flight a little, as a showNode would
                  return leaf(path, 1);
                })
            .build();
    CyclicBarrier startTogether = new CyclicBarrier(perRound);
    Results results = new Results(perRound);
    for (int t = 0; t < perRound; t++) {
      racers.start(
          () -> {
            for (int round = 0; round < rounds; round++) {
              startTogether.await(GUARD.toMillis(), TimeUnit.MILLISECONDS);
              cache.lookup("/round" + round + ".nc");
            }
            results.add("done");
          },
          results);
    }
    results.await();

    assertEquals(Collections.nCopies(perRound, "done"), results.values);
    DataSourceCacheStats stats = cache.stats();
    assertEquals(rounds, loads.get(), "one showNode per path");
    assertEquals(rounds, stats.missCount(), "one miss per load");
    assertEquals((long) rounds * perRound, stats.hitCount() + stats.missCount());
  }

  @Test
  void concurrentLookupsShareOneFailedLoadAndTheNextLookupRetries() throws Exception {
    Gate gate = new Gate();
    AtomicInteger loads = new AtomicInteger();
    IOException down = new IOException("Connection reset");
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  if (loads.incrementAndGet() == 1) {
                    gate.pass();
                    throw down;
                  }
                  return leaf(path, 1);
                })
            .build();
    Results results = new Results(20);

    for (int i = 0; i < 20; i++) {
      racers.start(() -> results.add(cache.lookup("/a.nc")), results);
    }
    gate.awaitEntered();
    racers.awaitAllWaiting();
    gate.open();
    results.await();

    assertEquals(1, loads.get());
    assertEquals(20, results.values.size());
    for (Object value : results.values) {
      assertSame(down, value);
    }
    assertEquals(1, cache.lookup("/a.nc").size(), "the failure was not cached");
    assertEquals(2, loads.get());
  }

  @Test
  void slowLoadDoesNotBlockHitsOrLoadsForOtherPaths() throws Exception {
    // "/Aa" and "/BB" have the same hash code, so they share a bin of the underlying hash map:
    // a load run inside the map's compute would block the other one.
    assertEquals("/Aa".hashCode(), "/BB".hashCode());
    Gate gate = new Gate();
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  if (path.equals("/Aa")) {
                    gate.pass();
                  }
                  return leaf(path, path.length());
                })
            .build();
    cache.lookup("/warm.nc");
    Results slow = new Results(1);
    racers.start(() -> slow.add(cache.lookup("/Aa")), slow);
    gate.awaitEntered();

    assertTimeoutPreemptively(
        GUARD,
        () -> {
          assertEquals(8, cache.lookup("/warm.nc").size()); // a hit
          assertEquals(3, cache.lookup("/BB").size()); // a load in the same bin
          assertEquals(9, cache.lookup("/other.nc").size()); // any other load
        });

    assertEquals(1, slow.count.getCount(), "the slow load is still under way");
    gate.open();
    slow.await();
    assertEquals(3, ((DataSource) slow.values.get(0)).size());
  }

  @Test
  void fiveColdMissesForDifferentDatasetsLoadAtTheSameTime() throws Exception {
    // Upstream OLFS holds one lock across the BES round trip, so 5 such misses run one after
    // another. Here each load waits until all five are in flight: if they could not overlap,
    // the first would give up and fail.
    CountDownLatch allInFlight = new CountDownLatch(5);
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger maxInFlight = new AtomicInteger();
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                  allInFlight.countDown();
                  try {
                    if (!allInFlight.await(GUARD.toMillis(), TimeUnit.MILLISECONDS)) {
                      throw new IOException(
                          "loads did not overlap: only " + inFlight.get() + " in flight");
                    }
                  } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                  } finally {
                    inFlight.decrementAndGet();
                  }
                  return leaf(path, 1);
                })
            .build();
    Results results = new Results(5);

    for (int i = 0; i < 5; i++) {
      String path = "/dataset" + i + ".nc";
      racers.start(() -> results.add(cache.lookup(path)), results);
    }
    results.await();

    for (Object value : results.values) {
      assertInstanceOf(DataSource.class, value);
    }
    assertEquals(5, maxInFlight.get());
    assertEquals(5, cache.stats().loadSuccessCount());
  }

  @Test
  void waitingForAnotherLoadIsBoundedByTheLoadTimeout() throws Exception {
    Gate gate = new Gate();
    cache =
        DataSourceCache.newBuilder()
            .loadTimeout(Duration.ofMillis(50))
            .loader(
                (path, caller) -> {
                  gate.pass();
                  return leaf(path, 1);
                })
            .build();
    Results loading = new Results(1);
    racers.start(() -> loading.add(cache.lookup("/a.nc")), loading);
    gate.awaitEntered();

    InterruptedIOException e =
        assertThrows(InterruptedIOException.class, () -> cache.lookup("/a.nc"));

    assertEquals("timeout: waited 50 ms for another request's showNode of /a.nc", e.getMessage());
    gate.open();
    loading.await();
    assertEquals(1, cache.lookup("/a.nc").size());
  }

  @Test
  void interruptedWaiterGivesUpAndKeepsItsInterrupt() throws Exception {
    Gate gate = new Gate();
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  gate.pass();
                  return leaf(path, 1);
                })
            .build();
    Results loading = new Results(1);
    racers.start(() -> loading.add(cache.lookup("/a.nc")), loading);
    gate.awaitEntered();
    AtomicReference<Object> outcome = new AtomicReference<>();
    AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                outcome.set(cache.lookup("/a.nc"));
              } catch (IOException e) {
                outcome.set(e);
              }
              stillInterrupted.set(Thread.currentThread().isInterrupted());
            });
    racers.start(waiter);
    Racers.awaitWaiting(waiter);

    waiter.interrupt();
    waiter.join(GUARD.toMillis());

    assertInstanceOf(InterruptedIOException.class, outcome.get());
    assertTrue(stillInterrupted.get());
    gate.open();
    loading.await();
  }

  @Test
  void invalidateDuringALoadAnswersItsWaitersButKeepsNothing() throws Exception {
    Gate gate = new Gate();
    AtomicInteger loads = new AtomicInteger();
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  if (loads.incrementAndGet() == 1) {
                    gate.pass();
                  }
                  return leaf(path, loads.get());
                })
            .build();
    Results loading = new Results(1);
    racers.start(() -> loading.add(cache.lookup("/a.nc")), loading);
    gate.awaitEntered();

    cache.invalidate("/a.nc");
    gate.open();
    loading.await();

    assertEquals(1, ((DataSource) loading.values.get(0)).size());
    assertEquals(2, cache.lookup("/a.nc").size(), "the invalidated load was not kept");
  }
}
