package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.ScriptedLoader.leaf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.spec.SpecException;
import org.olfsfastpath.testing.FakeTicker;

/** Each setting is validated when set, with a message naming it and its value. */
final class DataSourceCacheBuilderTest {
  private static final NodeLoader LOADER = (path, caller) -> leaf(path, 1);

  @TempDir Path root;

  @Test
  void loader_required() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> DataSourceCache.newBuilder().build());
    assertEquals("loader is required: call loader(besClient::showNode)", e.getMessage());
  }

  @Test
  void loader_null() {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> DataSourceCache.newBuilder().loader(null));
    assertEquals("loader == null", e.getMessage());
  }

  @Test
  void loader_twice() {
    DataSourceCacheBuilder builder = DataSourceCache.newBuilder().loader(LOADER);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> builder.loader(LOADER));
    assertTrue(e.getMessage().startsWith("loader was already set to "), e.getMessage());
  }

  @Test
  void maximumSize_negative() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DataSourceCache.newBuilder().maximumSize(-1));
    assertEquals("maximumSize was -1, must be >= 0", e.getMessage());
  }

  @Test
  void maximumSize_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> DataSourceCache.newBuilder().maximumSize(10).maximumSize(20));
    assertEquals("maximumSize was already set to 10", e.getMessage());
  }

  @Test
  void maximumWeight_afterMaximumSize() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> DataSourceCache.newBuilder().maximumSize(10).maximumWeight(20));
    assertEquals(
        "maximumWeight cannot be combined with maximumSize (already set to 10)", e.getMessage());
  }

  @Test
  void maximumSize_afterMaximumWeight() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> DataSourceCache.newBuilder().maximumWeight(20).maximumSize(10));
    assertEquals(
        "maximumSize cannot be combined with maximumWeight (already set to 20)", e.getMessage());
  }

  @Test
  void maximumWeight_negative() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DataSourceCache.newBuilder().maximumWeight(-5));
    assertEquals("maximumWeight was -5, must be >= 0", e.getMessage());
  }

  @Test
  void ttl_zero() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DataSourceCache.newBuilder().ttl(Duration.ZERO));
    assertEquals("ttl was PT0S, must be at least 1 ms", e.getMessage());
  }

  @Test
  void ttl_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                DataSourceCache.newBuilder().ttl(10, TimeUnit.MINUTES).ttl(Duration.ofMinutes(5)));
    assertEquals("ttl was already set to PT10M", e.getMessage());
  }

  @Test
  void ttl_null() {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> DataSourceCache.newBuilder().ttl(null));
    assertEquals("ttl == null", e.getMessage());
  }

  @Test
  void ttl_hugeSaturatesInsteadOfOverflowing() throws IOException {
    try (DataSourceCache cache =
        DataSourceCache.newBuilder()
            .loader(LOADER)
            .ttl(Duration.ofSeconds(Long.MAX_VALUE))
            .build()) {
      assertEquals(1, cache.lookup("/a.nc").size());
    }
  }

  @Test
  void refreshAfter_negative() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DataSourceCache.newBuilder().refreshAfter(Duration.ofSeconds(-1)));
    assertEquals("refreshAfter was PT-1S, must be at least 1 ms", e.getMessage());
  }

  @Test
  void refreshAfter_notShorterThanTtl() {
    DataSourceCacheBuilder builder =
        DataSourceCache.newBuilder()
            .loader(LOADER)
            .ttl(Duration.ofMinutes(10))
            .refreshAfter(Duration.ofMinutes(10));
    IllegalStateException e = assertThrows(IllegalStateException.class, builder::build);
    assertEquals("refreshAfter (PT10M) must be shorter than ttl (PT10M)", e.getMessage());
  }

  @Test
  void refreshAfter_defaultsToHalfTheTtl() {
    DataSourceCacheBuilder builder = DataSourceCache.newBuilder().ttl(Duration.ofMinutes(10));
    assertEquals(
        Duration.ofMinutes(5).toNanos(),
        builder.refreshAfterNanos(Duration.ofMinutes(10).toNanos()));
  }

  @Test
  void negativeTtl_negative() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DataSourceCache.newBuilder().negativeTtl(-1, TimeUnit.SECONDS));
    assertEquals("negativeTtl was PT-1S, must be 0 or at least 1 ms", e.getMessage());
  }

  @Test
  void mtimeCheckInterval_negative() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DataSourceCache.newBuilder().mtimeCheckInterval(Duration.ofMillis(-1)));
    assertEquals("mtimeCheckInterval was PT-0.001S, must be 0 or at least 1 ms", e.getMessage());
  }

  @Test
  void loadTimeout_zero() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DataSourceCache.newBuilder().loadTimeout(0, TimeUnit.SECONDS));
    assertEquals("loadTimeout was PT0S, must be at least 1 ms", e.getMessage());
  }

  @Test
  void dataRoot_notADirectory() throws IOException {
    Path file = Files.createFile(root.resolve("file.nc"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DataSourceCache.newBuilder().dataRoot(file));
    assertEquals("dataRoot " + file + " is not a directory", e.getMessage());
  }

  @Test
  void enabled_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> DataSourceCache.newBuilder().enabled(false).enabled(true));
    assertEquals("enabled was already set to false", e.getMessage());
  }

  @Test
  void executor_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> DataSourceCache.newBuilder().executor(Runnable::run).executor(Runnable::run));
    assertTrue(e.getMessage().startsWith("executor was already set to "), e.getMessage());
  }

  @Test
  void ticker_null() {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> DataSourceCache.newBuilder().ticker(null));
    assertEquals("ticker == null", e.getMessage());
  }

  @Test
  void from_appliesEverySetting() throws IOException {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("enabled", "true");
    settings.put("maximumSize", "100_000");
    settings.put("ttl", "600s");
    settings.put("refreshAfter", "5m");
    settings.put("negativeTtl", "10");
    settings.put("dataRoot", root.toString());
    settings.put("mtimeCheckInterval", "250ms");
    settings.put("loadTimeout", "1h");
    ScriptedLoader bes = new ScriptedLoader();
    FakeTicker ticker = new FakeTicker();

    try (DataSourceCache cache =
        DataSourceCache.from(settings).loader(bes).ticker(ticker).executor(Runnable::run).build()) {
      assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));
      ticker.advance(Duration.ofSeconds(10));
      assertThrows(BesErrorException.class, () -> cache.lookup("/gone.nc"));
      assertEquals(2, bes.calls("/gone.nc"), "negativeTtl 10 s");
    }
  }

  @Test
  void from_disabled() throws IOException {
    ScriptedLoader bes = new ScriptedLoader().answer("/a.nc", leaf("/a.nc", 1));
    try (DataSourceCache cache =
        DataSourceCache.from(Map.of("enabled", "FALSE")).loader(bes).build()) {
      cache.lookup("/a.nc");
      cache.lookup("/a.nc");
      assertFalse(cache.stats().enabled());
      assertEquals(2, bes.calls("/a.nc"));
    }
  }

  @Test
  void from_blankValue_isRefused() {
    SpecException e =
        assertThrows(SpecException.class, () -> DataSourceCache.from(Map.of("ttl", "")));
    assertEquals(
        "key ttl value was set to '': must be a number of seconds (30, 0.5) or a number"
            + " with a unit: ms, s, m, h, d (500ms, 10m)",
        e.getMessage());
  }

  @Test
  void from_unknownKey() {
    SpecException e =
        assertThrows(
            SpecException.class, () -> DataSourceCache.from(Map.of("maxEntries", "20000")));
    assertEquals(
        "key maxEntries value was set to '20000': not a data-source cache setting; known:"
            + " enabled, maximumSize, maximumWeight, ttl, refreshAfter, negativeTtl, dataRoot,"
            + " mtimeCheckInterval, loadTimeout",
        e.getMessage());
    assertEquals("maxEntries", e.key());
    assertEquals("20000", e.value());
  }

  @Test
  void from_badDuration() {
    SpecException e =
        assertThrows(SpecException.class, () -> DataSourceCache.from(Map.of("ttl", "ten minutes")));
    assertEquals(
        "key ttl value was set to 'ten minutes': must be a number of seconds (30, 0.5) or"
            + " a number with a unit: ms, s, m, h, d (500ms, 10m)",
        e.getMessage());
  }

  @Test
  void from_bareNumber_isSeconds_asEverywhere() {
    assertEquals(
        Duration.ofSeconds(600).toNanos(), DataSourceCache.from(Map.of("ttl", "600")).ttlNanos());
  }

  @Test
  void from_outOfRange() {
    SpecException e =
        assertThrows(SpecException.class, () -> DataSourceCache.from(Map.of("maximumSize", "-3")));
    assertEquals(
        "key maximumSize value was set to '-3': maximumSize was -3, must be >= 0", e.getMessage());
    assertEquals(IllegalArgumentException.class, e.getCause().getClass());
  }

  @Test
  void from_badBoolean() {
    SpecException e =
        assertThrows(SpecException.class, () -> DataSourceCache.from(Map.of("enabled", "yes")));
    assertEquals("key enabled value was set to 'yes': must be true or false", e.getMessage());
  }
}
