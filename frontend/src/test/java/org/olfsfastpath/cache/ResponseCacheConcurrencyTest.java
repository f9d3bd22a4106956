package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.olfsfastpath.cache.CountingLoader.bytes;
import static org.olfsfastpath.cache.CountingLoader.source;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.Racers.Gate;
import org.olfsfastpath.cache.Racers.Results;
import org.olfsfastpath.testing.Regression;

/** Single-flight loads: one BES get per cold answer, shared answers and shared failures. */
final class ResponseCacheConcurrencyTest {
  private static final ResponseKey KEY = ResponseKey.of("", "/coads_climatology.nc", "das", "");
  private static final int THREADS = 100;

  private final Racers racers = new Racers();
  private ResponseCache cache = ResponseCache.newBuilder().executor(Runnable::run).build();

  @AfterEach
  void tearDown() throws InterruptedException {
    racers.stop();
    cache.close();
  }

  @Test
  void hundredConcurrentColdRequestsSendOneGet() throws Exception {
    Gate gate = new Gate();
    CountingLoader das = new CountingLoader(bytes(5000));
    ResponseLoader gated =
        () -> {
          gate.pass();
          return das.open();
        };
    DataSource source = source("/coads_climatology.nc");
    Results results = new Results(THREADS);

    for (int i = 0; i < THREADS; i++) {
      racers.start(() -> results.add(cache.load(KEY, source, gated)), results);
    }
    gate.awaitEntered();
    racers.awaitAllWaiting(); // the other 99 are parked on the load under way
    gate.open();
    results.await();

    assertEquals(1, das.opens.get(), "one BES get for the whole burst");
    CachedResponse first = assertInstanceOf(CachedResponse.class, results.values.get(0));
    for (Object result : results.values) {
      assertSame(first, result);
    }
    assertSame(first, cache.lookup(KEY, source));
    ResponseCacheStats stats = cache.stats();
    assertEquals(THREADS - 1 + 1, stats.hitCount(), "99 shared the load, then one lookup");
    assertEquals(1, stats.missCount());
    assertEquals(1, stats.loadSuccessCount());
  }

  @Test
  void burstWithoutAGate_stillSendsOneGet() throws Exception {
    // No choreography: threads arrive while the load runs or after it, never start a second one.
    for (int round = 0; round < 20; round++) {
      cache.invalidateAll();
      CountingLoader das = new CountingLoader(bytes(20_000));
      DataSource source = source("/coads_climatology.nc");
      Results results = new Results(THREADS);
      CountDownLatch go = new CountDownLatch(1);
      for (int i = 0; i < THREADS; i++) {
        racers.start(
            () -> {
              go.await();
              results.add(cache.load(KEY, source, das));
            },
            results);
      }
      go.countDown();
      results.await();
      assertEquals(1, das.opens.get(), "round " + round);
      assertEquals(1, identities(results.values).size(), "round " + round);
    }
  }

  @Test
  void failure_reachesEveryWaiter_andIsNotKept() throws Exception {
    Gate gate = new Gate();
    AtomicInteger opens = new AtomicInteger();
    IOException down = new IOException("BES went away");
    DataSource source = source("/coads_climatology.nc");
    Results results = new Results(THREADS);

    for (int i = 0; i < THREADS; i++) {
      racers.start(
          () ->
              results.add(
                  cache.load(
                      KEY,
                      source,
                      () -> {
                        opens.incrementAndGet();
                        gate.pass();
                        throw down;
                      })),
          results);
    }
    gate.awaitEntered();
    racers.awaitAllWaiting();
    gate.open();
    results.await();

    assertEquals(1, opens.get());
    for (Object result : results.values) {
      assertSame(down, result, "each waiter gets the failure as the loading thread did");
    }
    assertNull(cache.lookup(KEY, source));
    assertEquals(1, cache.stats().loadFailureCount());
    assertEquals(THREADS, cache.stats().missCount());
    assertEquals(0, cache.stats().hitCount());
    CountingLoader again = new CountingLoader(bytes(10));
    cache.load(KEY, source, again);
    assertEquals(1, again.opens.get(), "the next request asks again");
  }

  @Test
  @Regression(
      "f250c9c: the waiters of an answer too large to keep each stream a get of their own "
          + "and close it; a waiter that reported before closing let the closes be counted short")
  void tooLarge_waitersEachStreamTheirOwn() throws Exception {
    Gate gate = new Gate();
    byte[] large = bytes(4096);
    CountingLoader dods = new CountingLoader(large);
    ResponseLoader gated =
        () -> {
          InputStream in = dods.open();
          gate.pass();
          return in;
        };
    DataSource source = source("/coads_climatology.nc");
    int n = 10;
    Results results = new Results(n);

    for (int i = 0; i < n; i++) {
      racers.start(
          () -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (StreamedResponse streamed =
                (StreamedResponse) cache.load(KEY, source, 1024, false, gated)) {
              streamed.transferTo(out);
            }
            // Reported only once closed, so the close count below is complete when all have
            // reported.
            results.add(out.toByteArray());
          },
          results);
    }
    gate.awaitEntered();
    racers.awaitAllWaiting();
    gate.open();
    results.await();

    for (Object result : results.values) {
      assertArrayEquals(large, (byte[]) result, String.valueOf(result));
    }
    assertEquals(n, dods.opens.get(), "one get per request: each needs its own stream");
    assertEquals(n, dods.closes.get());
    assertEquals(n, cache.stats().tooLargeCount());
    assertEquals(0, cache.size());
  }

  @Test
  void aLoadFromAnotherDataSource_isNotShared() throws Exception {
    Gate gate = new Gate();
    DataSource before = source("/coads_climatology.nc");
    DataSource after = source("/coads_climatology.nc");
    CountingLoader old = CountingLoader.text("old");
    Results results = new Results(1);
    racers.start(
        () ->
            results.add(
                cache.load(
                    KEY,
                    before,
                    () -> {
                      gate.pass();
                      return old.open();
                    })),
        results);
    gate.awaitEntered();

    CachedResponse fresh = (CachedResponse) cache.load(KEY, after, CountingLoader.text("new"));

    assertSame(after, fresh.source());
    gate.open();
    results.await();
    assertSame(before, ((CachedResponse) results.values.get(0)).source());
    assertNull(
        cache.lookup(KEY, after),
        "loaded alone, not kept; the old load's entry is not" + " valid for the new source");
  }

  @Test
  void invalidationDuringALoad_answersTheWaiters_butKeepsNothing() throws Exception {
    Gate gate = new Gate();
    DataSource source = source("/coads_climatology.nc");
    CountingLoader das = CountingLoader.text("DAS");
    Results results = new Results(2);
    ResponseLoader gated =
        () -> {
          gate.pass();
          return das.open();
        };
    racers.start(() -> results.add(cache.load(KEY, source, gated)), results);
    gate.awaitEntered();
    racers.start(() -> results.add(cache.load(KEY, source, gated)), results);
    racers.awaitAllWaiting();

    cache.invalidate("/coads_climatology.nc");
    gate.open();
    results.await();

    assertSame(results.values.get(0), results.values.get(1));
    assertNull(cache.lookup(KEY, source));
    assertEquals(0, cache.size());
  }

  @Test
  void waiter_givesUpAfterTheLoadTimeout() throws Exception {
    cache.close();
    cache =
        ResponseCache.newBuilder()
            .executor(Runnable::run)
            .loadTimeout(Duration.ofMillis(50))
            .build();
    Gate gate = new Gate();
    DataSource source = source("/coads_climatology.nc");
    Results results = new Results(1);
    racers.start(
        () ->
            results.add(
                cache.load(
                    KEY,
                    source,
                    () -> {
                      gate.pass();
                      return InputStream.nullInputStream();
                    })),
        results);
    gate.awaitEntered();

    InterruptedIOException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            InterruptedIOException.class, () -> cache.load(KEY, source, CountingLoader.text("x")));
    assertEquals(
        "timeout: waited 50 ms for another request's load of das of" + " /coads_climatology.nc",
        e.getMessage());
    gate.open();
    results.await();
  }

  @Test
  void differentKeys_neverWaitForEachOther() throws Exception {
    Gate gate = new Gate();
    DataSource source = source("/coads_climatology.nc");
    Results results = new Results(1);
    racers.start(
        () ->
            results.add(
                cache.load(
                    KEY,
                    source,
                    () -> {
                      gate.pass();
                      return InputStream.nullInputStream();
                    })),
        results);
    gate.awaitEntered();

    ResponseKey dds = ResponseKey.of("", "/coads_climatology.nc", "dds", "");
    assertInstanceOf(CachedResponse.class, cache.load(dds, source, CountingLoader.text("DDS")));
    gate.open();
    results.await();
  }

  static Set<Object> identities(List<Object> values) {
    Set<Object> set = Collections.newSetFromMap(new IdentityHashMap<>());
    set.addAll(values);
    return set;
  }
}
