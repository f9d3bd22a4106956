package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.ScriptedLoader.leaf;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.testing.FakeTicker;

/** Hits, misses, negative entries, expiry, invalidation, bounds and the off switch. */
final class DataSourceCacheTest {
  private final FakeTicker ticker = new FakeTicker();
  private final ScriptedLoader bes = new ScriptedLoader();
  private DataSourceCache cache;

  @AfterEach
  void close() {
    if (cache != null) {
      cache.close();
    }
  }

  /** Maintenance runs on the calling thread so counts are exact when a test reads them. */
  private DataSourceCacheBuilder builder() {
    return DataSourceCache.newBuilder().loader(bes).ticker(ticker).executor(Runnable::run);
  }

  @Test
  void coldLookupSendsOneShowNodeAndWarmLookupsSendNone() throws IOException {
    bes.answer("/coads_climatology.nc", leaf("/coads_climatology.nc", 3_114_044));
    cache = builder().build();

    DataSource first = cache.lookup("/coads_climatology.nc");
    DataSource second = cache.lookup("/coads_climatology.nc");
    DataSource third = cache.lookup("/coads_climatology.nc");

    assertEquals(1, bes.calls("/coads_climatology.nc"));
    assertEquals(
        new DataSource(
            "/coads_climatology.nc", true, ScriptedLoader.MODIFIED, 3_114_044, false, List.of()),
        first);
    assertSame(first, second);
    assertSame(first, third);
    DataSourceCacheStats stats = cache.stats();
    assertEquals(2, stats.hitCount());
    assertEquals(1, stats.missCount());
    assertEquals(1, stats.loadSuccessCount());
    assertEquals(1, stats.estimatedSize());
  }

  @Test
  void directoryListingMapsChildren() throws IOException {
    Instant modified = Instant.parse("2026-11-22T01:52:59Z");
    bes.answer(
        "/nc",
        new BesNode(
            "/nc",
            false,
            modified,
            0,
            false,
            List.of(
                new BesNode("nc_int8.nc", true, modified, 120, true, List.of()),
                new BesNode("sub", false, modified, 0, false, List.of()))));
    cache = builder().build();

    DataSource listing = cache.lookup("/nc");

    assertTrue(listing.isDirectory());
    assertFalse(listing.isData());
    assertEquals(
        List.of(
            new DataSource.Child("nc_int8.nc", true, modified, 120, false),
            new DataSource.Child("sub", false, modified, 0, true)),
        listing.children());
  }

  @Test
  void notFoundIsCachedForTheNegativeTtl() throws IOException {
    cache = builder().negativeTtl(Duration.ofSeconds(10)).build();

    BesErrorException first = assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));
    BesErrorException second =
        assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));

    assertEquals(1, bes.calls("/gone.nc"));
    assertEquals(BesError.NOT_FOUND, second.error().type());
    assertEquals(first.error(), second.error());
    assertNotSame(first, second);
    ticker.advance(Duration.ofSeconds(9));
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));
    assertEquals(1, bes.calls("/gone.nc"));

    ticker.advance(Duration.ofSeconds(1));
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));
    assertEquals(2, bes.calls("/gone.nc"));
    DataSourceCacheStats stats = cache.stats();
    assertEquals(2, stats.notFoundCount());
    assertEquals(2, stats.negativeHitCount());
    assertEquals(1, stats.expirationCount());
  }

  @Test
  void negativeEntryEndsWhenThePathAppearsAfterItsTtl() throws IOException {
    cache = builder().negativeTtl(Duration.ofSeconds(10)).ttl(Duration.ofMinutes(10)).build();
    assertThrows(BesErrorException.class, () -> cache.lookup("/new.nc"));

    bes.answer("/new.nc", leaf("/new.nc", 7));
    ticker.advance(Duration.ofSeconds(11));

    assertEquals(7, cache.lookup("/new.nc").size());
    ticker.advance(
        Duration.ofMinutes(5)); // positive entries live for the ttl, not the negative one
    assertEquals(7, cache.lookup("/new.nc").size());
    assertEquals(2, bes.calls("/new.nc"));
  }

  @Test
  void zeroNegativeTtlKeepsNoNegativeEntries() {
    cache = builder().negativeTtl(Duration.ZERO).build();

    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));

    assertEquals(2, bes.calls("/gone.nc"));
  }

  @Test
  void transportErrorsAreNotCached() throws IOException {
    ConnectException refused = new ConnectException("Connection refused");
    bes.fail("/a.nc", refused);
    cache = builder().build();

    assertSame(refused, assertThrows(ConnectException.class, () -> cache.lookup("/a.nc")));
    assertThrows(ConnectException.class, () -> cache.lookup("/a.nc"));
    assertEquals(2, bes.calls("/a.nc"));
    assertEquals(0, cache.size());

    bes.answer("/a.nc", leaf("/a.nc", 1));
    assertEquals(1, cache.lookup("/a.nc").size());
    assertEquals(3, bes.calls("/a.nc"));
    DataSourceCacheStats stats = cache.stats();
    assertEquals(2, stats.loadFailureCount());
    assertEquals(1, stats.loadSuccessCount());
    assertEquals(3, stats.missCount());
  }

  @Test
  void besErrorsOtherThanNotFoundAreNotCached() {
    BesError forbidden = new BesError(BesError.FORBIDDEN, "You do not have permission", 0, "");
    bes.fail("/secret.nc", new BesErrorException(forbidden));
    cache = builder().build();

    BesErrorException first =
        assertThrows(BesErrorException.class, () -> cache.lookup("/secret.nc"));
    assertThrows(BesErrorException.class, () -> cache.lookup("/secret.nc"));

    assertEquals(forbidden, first.error());
    assertEquals(2, bes.calls("/secret.nc"));
    assertEquals(0, cache.stats().notFoundCount());
  }

  @Test
  void loaderBugsPropagateAndAreNotCached() {
    bes.fail("/bug.nc", new IllegalStateException("parser bug"));
    cache = builder().build();

    assertThrows(IllegalStateException.class, () -> cache.lookup("/bug.nc"));
    assertThrows(IllegalStateException.class, () -> cache.lookup("/bug.nc"));

    assertEquals(2, bes.calls("/bug.nc"));
  }

  @Test
  void loaderReturningNullIsReportedAsItsBug() {
    cache =
        DataSourceCache.newBuilder().loader((path, caller) -> null).executor(Runnable::run).build();

    NullPointerException e = assertThrows(NullPointerException.class, () -> cache.lookup("/x.nc"));

    assertTrue(e.getMessage().endsWith("returned null for /x.nc"), e.getMessage());
  }

  @Test
  void entryExpiresAfterTtl() throws IOException {
    bes.answer("/a.nc", leaf("/a.nc", 1));
    cache = builder().ttl(Duration.ofMinutes(10)).refreshAfter(Duration.ofMinutes(9)).build();
    cache.lookup("/a.nc");

    ticker.advance(Duration.ofMinutes(10));
    bes.answer("/a.nc", leaf("/a.nc", 2));

    assertEquals(2, cache.lookup("/a.nc").size(), "an expired entry is reloaded before answering");
    assertEquals(2, bes.calls("/a.nc"));
    assertEquals(1, cache.stats().expirationCount());
  }

  @Test
  void invalidateDropsOnePath() throws IOException {
    bes.answer("/a.nc", leaf("/a.nc", 1)).answer("/b.nc", leaf("/b.nc", 1));
    cache = builder().build();
    cache.lookup("/a.nc");
    cache.lookup("/b.nc");

    cache.invalidate("/a.nc");
    cache.lookup("/a.nc");
    cache.lookup("/b.nc");

    assertEquals(2, bes.calls("/a.nc"));
    assertEquals(1, bes.calls("/b.nc"));
  }

  @Test
  void invalidateAllDropsEverything() throws IOException {
    bes.answer("/a.nc", leaf("/a.nc", 1)).answer("/b.nc", leaf("/b.nc", 1));
    cache = builder().build();
    cache.lookup("/a.nc");
    cache.lookup("/b.nc");
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));

    cache.invalidateAll();

    assertEquals(0, cache.size());
    cache.lookup("/a.nc");
    cache.lookup("/b.nc");
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));
    assertEquals(6, bes.totalCalls());
  }

  @Test
  void maximumSizeBoundsEntries() throws IOException {
    cache = builder().maximumSize(10).build();
    for (int i = 0; i < 100; i++) {
      String path = "/d" + i + ".nc";
      bes.answer(path, leaf(path, i));
      cache.lookup(path);
    }

    cache.cleanUp();

    assertTrue(cache.size() <= 10, "size " + cache.size());
    assertEquals(100 - cache.size(), cache.stats().evictionCount());
  }

  @Test
  void maximumWeightCountsDirectoryChildren() throws IOException {
    List<BesNode> children =
        List.of(
            leaf("a.nc", 1),
            leaf("b.nc", 1),
            leaf("c.nc", 1),
            leaf("d.nc", 1),
            leaf("e.nc", 1),
            leaf("f.nc", 1),
            leaf("g.nc", 1),
            leaf("h.nc", 1));
    bes.answer("/dir", new BesNode("/dir", false, ScriptedLoader.MODIFIED, 0, false, children));
    bes.answer("/x.nc", leaf("/x.nc", 1)).answer("/y.nc", leaf("/y.nc", 1));
    cache = builder().maximumWeight(10).build();

    cache.lookup("/dir"); // weight 9
    cache.lookup("/x.nc"); // weight 1: total 10, within the bound
    cache.cleanUp();
    assertEquals(0, cache.stats().evictionCount());

    cache.lookup("/y.nc"); // total 11
    cache.cleanUp();

    assertEquals(1, cache.stats().evictionCount());
  }

  @Test
  void disabledCacheAsksTheBesEveryTime() throws IOException {
    bes.answer("/a.nc", leaf("/a.nc", 1));
    cache = builder().enabled(false).build();

    cache.lookup("/a.nc");
    cache.lookup("/a.nc");
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));

    assertEquals(2, bes.calls("/a.nc"));
    assertEquals(2, bes.calls("/gone.nc"));
    DataSourceCacheStats stats = cache.stats();
    assertFalse(stats.enabled());
    assertEquals(0, stats.hitCount());
    assertEquals(4, stats.missCount());
    assertEquals(0, stats.estimatedSize());
  }

  @Test
  void statsAddUp() throws IOException {
    bes.answer("/a.nc", leaf("/a.nc", 1));
    bes.fail("/down.nc", new IOException("Broken pipe"));
    NodeLoader slowBes =
        (path, caller) -> {
          ticker.advance(Duration.ofMillis(2)); // each showNode takes 2 ms of ticker time
          return bes.load(path, caller);
        };
    cache =
        DataSourceCache.newBuilder().loader(slowBes).ticker(ticker).executor(Runnable::run).build();

    cache.lookup("/a.nc"); // miss, load
    cache.lookup("/a.nc"); // hit
    cache.lookup("/a.nc"); // hit
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc")); // miss, not found
    assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc")); // negative hit
    assertThrows(IOException.class, () -> cache.lookup("/down.nc")); // miss, failure

    DataSourceCacheStats stats = cache.stats();
    assertEquals(3, stats.hitCount());
    assertEquals(3, stats.missCount());
    assertEquals(6, stats.requestCount());
    assertEquals(0.5, stats.hitRate());
    assertEquals(2, stats.loadSuccessCount());
    assertEquals(1, stats.loadFailureCount());
    assertEquals(bes.totalCalls(), stats.loadCount());
    assertEquals(1, stats.notFoundCount());
    assertEquals(1, stats.negativeHitCount());
    assertEquals(Duration.ofMillis(6).toNanos(), stats.totalLoadTimeNanos());
    assertEquals(Duration.ofMillis(2).toNanos(), stats.averageLoadPenaltyNanos());
    assertEquals(2, stats.estimatedSize());
  }

  @Test
  void emptyStatsHaveNeutralRates() {
    cache = builder().build();

    DataSourceCacheStats stats = cache.stats();

    assertEquals(1.0, stats.hitRate());
    assertEquals(0.0, stats.averageLoadPenaltyNanos());
  }

  @Test
  void statsAsJson() {
    DataSourceCacheStats stats =
        new DataSourceCacheStats(true, 3, 1, 2, 0, 1, 1, 5000, 0, 4, 6, 2, 8, 1);

    assertEquals(
        "{\"enabled\":true,\"hitCount\":3,\"missCount\":1,\"hitRate\":0.750000,"
            + "\"loadSuccessCount\":2,\"loadFailureCount\":0,\"notFoundCount\":1,"
            + "\"negativeHitCount\":1,\"totalLoadTimeNanos\":5000,\"averageLoadPenaltyNanos\":2500.0,"
            + "\"refreshCount\":0,\"evictionCount\":4,\"expirationCount\":6,\"estimatedSize\":2,"
            + "\"mtimeCheckCount\":8,\"mtimeReloadCount\":1}",
        stats.toJson());
  }

  @Test
  void lookupAfterCloseIsRefused() {
    cache = builder().build();
    cache.close();

    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> cache.lookup("/a.nc"));

    assertEquals("DataSourceCache was closed", e.getMessage());
  }

  @Test
  void closeStopsTheOwnedRefreshPool() throws IOException {
    bes.answer("/a.nc", leaf("/a.nc", 1));
    cache = DataSourceCache.newBuilder().loader(bes).build();
    cache.lookup("/a.nc");

    cache.close();

    assertEquals(0, cache.size());
  }

  @Test
  void nullPathIsRefused() {
    cache = builder().build();

    NullPointerException e = assertThrows(NullPointerException.class, () -> cache.lookup(null));

    assertEquals("path == null", e.getMessage());
  }
}
