package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.testing.FakeTicker;

final class SiteMapCacheTest {
  private final FakeTicker ticker = new FakeTicker();
  private final Queue<Runnable> background = new ArrayDeque<>();
  private final AtomicInteger loads = new AtomicInteger();
  private final List<Object> outcomes = new ArrayList<>();

  private static SiteMap map(int lines) {
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < lines; i++) {
      paths.add("/d" + i + ".nc.html");
    }
    return SiteMap.of(paths, Samples.SITE);
  }

  /** A loader that answers the scripted outcomes in turn: a SiteMap, or an IOException. */
  private SiteMap next() throws IOException {
    Object outcome = outcomes.get(loads.getAndIncrement());
    if (outcome instanceof IOException e) {
      throw e;
    }
    return (SiteMap) outcome;
  }

  private SiteMapCache cache() {
    return SiteMapCache.newBuilder()
        .loader(this::next)
        .ticker(ticker)
        .executor(background::add)
        .refreshInterval(Duration.ofSeconds(600))
        .retryInterval(Duration.ofSeconds(30))
        .build();
  }

  @Test
  void firstGetBuildsOnce() throws Exception {
    SiteMap first = map(1);
    outcomes.add(first);
    SiteMapCache cache = cache();
    assertSame(first, cache.get());
    ticker.advance(Duration.ofSeconds(599));
    assertSame(first, cache.get());
    assertEquals(1, loads.get());
    assertEquals(0, background.size());
    assertEquals(1, cache.loadCount());
  }

  @Test
  void afterTheIntervalOneRebuildRunsInTheBackgroundWhileTheOldMapIsServed() throws Exception {
    SiteMap first = map(1);
    SiteMap second = map(2);
    outcomes.add(first);
    outcomes.add(second);
    SiteMapCache cache = cache();
    cache.get();
    ticker.advance(Duration.ofSeconds(600));
    assertSame(first, cache.get());
    assertSame(first, cache.get());
    assertEquals(1, background.size(), "one rebuild, however many requests");
    assertEquals(1, loads.get(), "nothing built in a request thread");
    background.remove().run();
    assertSame(second, cache.get());
    assertEquals(2, loads.get());
    assertEquals(0, background.size());
  }

  @Test
  void failedRebuild_keepsTheOldMapAndWaitsTheRetryInterval() throws Exception {
    SiteMap first = map(1);
    SiteMap third = map(3);
    outcomes.add(first);
    outcomes.add(new IOException("BES down"));
    outcomes.add(third);
    SiteMapCache cache = cache();
    cache.get();
    ticker.advance(Duration.ofSeconds(600));
    cache.get();
    background.remove().run();
    assertSame(first, cache.get());
    ticker.advance(Duration.ofSeconds(29));
    assertSame(first, cache.get());
    assertEquals(0, background.size());
    ticker.advance(Duration.ofSeconds(1));
    assertSame(first, cache.get());
    background.remove().run();
    assertSame(third, cache.get());
  }

  @Test
  void failedFirstBuild_failsAtOnceUntilTheRetryInterval() throws Exception {
    SiteMap map = map(1);
    outcomes.add(new IOException("BES down"));
    outcomes.add(map);
    SiteMapCache cache = cache();
    IOException first = assertThrows(IOException.class, cache::get);
    assertEquals("the site map could not be built: BES down", first.getMessage());
    ticker.advance(Duration.ofSeconds(29));
    IOException again = assertThrows(IOException.class, cache::get);
    assertEquals("the site map could not be built: BES down", again.getMessage());
    assertEquals(1, loads.get());
    ticker.advance(Duration.ofSeconds(1));
    assertSame(map, cache.get());
    assertEquals(2, loads.get());
  }

  @Test
  void loaderRuntimeException_isAnIOException() {
    SiteMapCache cache =
        SiteMapCache.newBuilder()
            .loader(
                () -> {
                  throw new IllegalStateException("bug");
                })
            .ticker(ticker)
            .build();
    IOException e = assertThrows(IOException.class, cache::get);
    assertEquals(
        "the site map could not be built: building the site map failed:"
            + " java.lang.IllegalStateException: bug",
        e.getMessage());
  }

  @Test
  void concurrentFirstGets_shareOneBuild() throws Exception {
    CountDownLatch loading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger builds = new AtomicInteger();
    SiteMap map = map(1);
    SiteMapCache cache =
        SiteMapCache.newBuilder()
            .loader(
                () -> {
                  builds.incrementAndGet();
                  loading.countDown();
                  try {
                    release.await(10, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  return map;
                })
            .ticker(ticker)
            .build();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<SiteMap>> gets = new ArrayList<>();
      gets.add(threads.submit(cache::get));
      assertEquals(true, loading.await(10, TimeUnit.SECONDS));
      for (int i = 0; i < 3; i++) {
        gets.add(threads.submit(cache::get));
      }
      release.countDown();
      for (Future<SiteMap> get : gets) {
        assertSame(map, get.get(10, TimeUnit.SECONDS));
      }
    } finally {
      threads.shutdownNow();
    }
    assertEquals(1, builds.get());
  }

  @Test
  void builder_requiresALoader() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> SiteMapCache.newBuilder().build());
    assertEquals("SiteMapCache requires a loader", e.getMessage());
  }

  @Test
  void builder_refreshIntervalMustBePositive() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SiteMapCache.newBuilder().refreshInterval(Duration.ZERO));
    assertEquals("refreshInterval was PT0S, must be > 0", e.getMessage());
  }

  @Test
  void builder_settingTwice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                SiteMapCache.newBuilder()
                    .retryInterval(Duration.ofSeconds(5))
                    .retryInterval(Duration.ofSeconds(6)));
    assertEquals("retryInterval was already set to PT5S", e.getMessage());
  }
}
