package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.spec.SpecException;
import org.olfsfastpath.testing.FakeTicker;

/** Each setting is validated when set, with a message naming it and its value. */
final class ResponseCacheBuilderTest {

  @Test
  void defaults() {
    try (ResponseCache cache = ResponseCache.newBuilder().build()) {
      assertTrue(cache.isEnabled());
      assertEquals(64L << 20, cache.maximumWeight());
      assertEquals(256L << 10, cache.maxEntryBytes());
      assertEquals(1L << 20, cache.maxDataEntryBytes());
      assertEquals(Set.of("all"), cache.dataTypes());
      assertEquals(4L * ((1L << 20) + 1), cache.maxHeadBufferBytes());
      assertEquals(Duration.ofSeconds(60), cache.loadTimeout());
      assertEquals(0, cache.size());
      assertTrue(cache.caffeine().policy().isRecordingStats());
    }
  }

  @Test
  void from_everyKey() {
    Map<String, String> spec = new LinkedHashMap<>();
    spec.put("enabled", "false");
    spec.put("maximumWeight", "16MiB");
    spec.put("maxEntryBytes", "64KiB");
    spec.put("dataTypes", " dods, ascii  csv ");
    spec.put("maxDataEntryBytes", "1MiB");
    spec.put("loadTimeout", "30s");
    try (ResponseCache cache = ResponseCache.from(spec).build()) {
      assertFalse(cache.isEnabled());
      assertEquals(16L << 20, cache.maximumWeight());
      assertEquals(64L << 10, cache.maxEntryBytes());
      assertEquals(List.of("dods", "ascii", "csv"), List.copyOf(cache.dataTypes()));
      assertEquals(1L << 20, cache.maxDataEntryBytes());
      assertEquals(Duration.ofSeconds(30), cache.loadTimeout());
    }
  }

  @Test
  void from_blankDataTypes_isNone() {
    try (ResponseCache cache = ResponseCache.from(Map.of("dataTypes", "  ")).build()) {
      assertEquals(Set.of(), cache.dataTypes());
    }
  }

  @Test
  void from_unknownKey() {
    SpecException e =
        assertThrows(SpecException.class, () -> ResponseCache.from(Map.of("maxEntries", "5")));
    assertEquals(
        "key maxEntries value was set to '5': not a response cache setting; known:"
            + " enabled, maximumWeight, maxEntryBytes, dataTypes, maxDataEntryBytes, loadTimeout",
        e.getMessage());
    assertEquals("maxEntries", e.key());
  }

  @Test
  void from_sizeThatDoesNotParse() {
    SpecException e =
        assertThrows(
            SpecException.class, () -> ResponseCache.from(Map.of("maxEntryBytes", "lots")));
    assertEquals(
        "key maxEntryBytes value was set to 'lots': must be a number of bytes, or a"
            + " number with a unit: KiB, MiB, GiB, KB, MB, GB (256KiB, 64MiB)",
        e.getMessage());
    assertEquals("lots", e.value());
  }

  @Test
  void from_capOutOfRange() {
    SpecException e =
        assertThrows(
            SpecException.class, () -> ResponseCache.from(Map.of("maxDataEntryBytes", "2GiB")));
    assertEquals(
        "key maxDataEntryBytes value was set to '2GiB': maxDataEntryBytes was 2147483648,"
            + " must be between 0 and 1GiB",
        e.getMessage());
  }

  @Test
  void from_badTypeName() {
    SpecException e =
        assertThrows(
            SpecException.class, () -> ResponseCache.from(Map.of("dataTypes", "dods;ascii")));
    assertEquals(
        "key dataTypes value was set to 'dods;ascii': dataTypes contains 'dods;ascii',"
            + " must be names of letters, digits, '.', '_' and '-'",
        e.getMessage());
  }

  @Test
  void from_badBoolean() {
    SpecException e =
        assertThrows(SpecException.class, () -> ResponseCache.from(Map.of("enabled", "yes")));
    assertEquals("key enabled value was set to 'yes': must be true or false", e.getMessage());
  }

  @Test
  void from_loadTimeoutTooShort() {
    SpecException e =
        assertThrows(SpecException.class, () -> ResponseCache.from(Map.of("loadTimeout", "0")));
    assertEquals(
        "key loadTimeout value was set to '0': loadTimeout was PT0S, must be at least" + " 1 ms",
        e.getMessage());
  }

  @Test
  void maximumWeight_negative() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> ResponseCache.newBuilder().maximumWeight(-1));
    assertEquals("maximumWeight was -1, must be >= 0", e.getMessage());
  }

  @Test
  void maximumWeight_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ResponseCache.newBuilder().maximumWeight(64L << 20).maximumWeight(1));
    assertEquals("maximumWeight was already set to 64MiB", e.getMessage());
  }

  @Test
  void maxEntryBytes_negative() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> ResponseCache.newBuilder().maxEntryBytes(-1));
    assertEquals("maxEntryBytes was -1, must be between 0 and 1GiB", e.getMessage());
  }

  @Test
  void maxEntryBytes_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ResponseCache.newBuilder().maxEntryBytes(1024).maxEntryBytes(1));
    assertEquals("maxEntryBytes was already set to 1KiB", e.getMessage());
  }

  @Test
  void maxDataEntryBytes_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ResponseCache.newBuilder().maxDataEntryBytes(1000).maxDataEntryBytes(1));
    assertEquals("maxDataEntryBytes was already set to 1000", e.getMessage());
  }

  @Test
  void maxEntryBytes_overMaximumWeight() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                ResponseCache.newBuilder()
                    .maximumWeight(100 << 10)
                    .maxEntryBytes(256 << 10)
                    .build());
    assertEquals("maxEntryBytes (256KiB) must not exceed maximumWeight (100KiB)", e.getMessage());
  }

  @Test
  void maxDataEntryBytes_overMaximumWeight() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                ResponseCache.newBuilder()
                    .maximumWeight(1 << 20)
                    .maxDataEntryBytes(2 << 20)
                    .build());
    assertEquals("maxDataEntryBytes (2MiB) must not exceed maximumWeight (1MiB)", e.getMessage());
  }

  @Test
  void smallMaximumWeight_lowersTheDefaultCaps() {
    try (ResponseCache cache = ResponseCache.newBuilder().maximumWeight(100_000).build()) {
      assertEquals(100_000, cache.maxEntryBytes());
      assertEquals(100_000, cache.maxDataEntryBytes());
    }
  }

  @Test
  void dataTypes_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ResponseCache.newBuilder().dataTypes(List.of("dods")).dataTypes(List.of("csv")));
    assertEquals("dataTypes was already set to [dods]", e.getMessage());
  }

  @Test
  void dataTypes_null() {
    assertEquals(
        "dataTypes == null",
        assertThrows(NullPointerException.class, () -> ResponseCache.newBuilder().dataTypes(null))
            .getMessage());
  }

  @Test
  void enabled_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ResponseCache.newBuilder().enabled(false).enabled(true));
    assertEquals("enabled was already set to false", e.getMessage());
  }

  @Test
  void loadTimeout_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                ResponseCache.newBuilder()
                    .loadTimeout(5, TimeUnit.SECONDS)
                    .loadTimeout(Duration.ofSeconds(6)));
    assertEquals("loadTimeout was already set to PT5S", e.getMessage());
  }

  @Test
  void loadTimeout_forever_saturates() {
    try (ResponseCache cache =
        ResponseCache.newBuilder().loadTimeout(ResponseCacheBuilder.MAX_DURATION).build()) {
      assertEquals(Duration.ofNanos(Long.MAX_VALUE), cache.loadTimeout());
    }
  }

  @Test
  void executor_twice() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ResponseCache.newBuilder().executor(Runnable::run).executor(Runnable::run));
    assertTrue(e.getMessage().startsWith("executor was already set to "), e.getMessage());
  }

  @Test
  void ticker_twice() {
    FakeTicker ticker = new FakeTicker();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ResponseCache.newBuilder().ticker(ticker).ticker(ticker));
    assertTrue(e.getMessage().startsWith("ticker was already set to "), e.getMessage());
  }

  @Test
  void ticker_null() {
    assertEquals(
        "ticker == null",
        assertThrows(NullPointerException.class, () -> ResponseCache.newBuilder().ticker(null))
            .getMessage());
  }
}
