package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.ScriptedLoader.leaf;

import com.github.benmanes.caffeine.cache.stats.CacheStats;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.testing.FakeTicker;

/**
 * Caffeine's statistics, which metrics binders read through {@code caffeine()}, are the cache's own
 * counters: the metrics endpoint and the status page never disagree.
 */
final class DataSourceCacheCaffeineStatsTest {
  private final ScriptedLoader bes = new ScriptedLoader();
  private final FakeTicker ticker = new FakeTicker();
  private DataSourceCache cache;

  @AfterEach
  void tearDown() {
    cache.close();
  }

  @Test
  void hitsMissesAndLoads_areTheCachesOwn() throws IOException {
    bes.answer("/a.nc", leaf("/a.nc", 1)).fail("/broken.nc", new IOException("BES went away"));
    cache = DataSourceCache.newBuilder().loader(bes).executor(Runnable::run).ticker(ticker).build();

    cache.lookup("/a.nc");
    cache.lookup("/a.nc");
    cache.lookup("/a.nc");
    assertThrows(BesErrorException.class, () -> cache.lookup("/missing.nc"));
    assertThrows(BesErrorException.class, () -> cache.lookup("/missing.nc"));
    assertThrows(IOException.class, () -> cache.lookup("/broken.nc"));

    DataSourceCacheStats own = cache.stats();
    CacheStats caffeine = cache.caffeine().stats();
    assertEquals(own.hitCount(), caffeine.hitCount());
    assertEquals(own.missCount(), caffeine.missCount());
    assertEquals(own.loadSuccessCount(), caffeine.loadSuccessCount());
    assertEquals(own.loadFailureCount(), caffeine.loadFailureCount());
    assertEquals(own.totalLoadTimeNanos(), caffeine.totalLoadTime());
    assertEquals(3, caffeine.hitCount(), "two hits on /a.nc, one on the negative entry");
    assertEquals(3, caffeine.missCount());
    assertEquals(2, caffeine.loadSuccessCount(), "/a.nc, and /missing.nc's \"not found\"");
    assertEquals(1, caffeine.loadFailureCount());
    assertTrue(cache.caffeine().policy().isRecordingStats());
  }

  @Test
  void evictionsAndExpirations_areCaffeinesEvictions() throws IOException {
    for (int i = 0; i < 20; i++) {
      bes.answer("/f" + i + ".nc", leaf("/f" + i + ".nc", 1));
    }
    cache =
        DataSourceCache.newBuilder()
            .loader(bes)
            .executor(Runnable::run)
            .ticker(ticker)
            .maximumSize(10)
            .ttl(Duration.ofMinutes(10))
            .build();
    for (int i = 0; i < 20; i++) {
      cache.lookup("/f" + i + ".nc");
    }
    cache.cleanUp();
    ticker.advance(Duration.ofMinutes(11));
    cache.cleanUp();

    DataSourceCacheStats own = cache.stats();
    CacheStats caffeine = cache.caffeine().stats();
    assertEquals(20, own.evictionCount() + own.expirationCount());
    assertEquals(own.evictionCount() + own.expirationCount(), caffeine.evictionCount());
    assertEquals(20, caffeine.evictionWeight(), "each dataset weighs 1");
  }
}
