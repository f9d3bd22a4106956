package org.olfsfastpath.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

final class SpecsTest {
  @ParameterizedTest
  @CsvSource({
    "30, PT30S",
    "0.5, PT0.5S",
    "500ms, PT0.5S",
    "30s, PT30S",
    "10m, PT10M",
    "' 2 ', PT2S",
    "1.5h, PT1H30M",
    "2d, PT48H",
    "0, PT0S",
    "250MS, PT0.25S",
    "1 m, PT1M"
  })
  void duration_bareNumberIsSeconds_unitsMsSMHD(String text, Duration expected) {
    assertEquals(expected, Specs.duration(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "ten", "-5", "PT10M", "5 weeks", "1e3", ".5", "5."})
  void duration_otherForms_areRefusedSayingTheGrammar(String text) {
    assertEquals(
        "must be " + Specs.DURATION_FORM,
        assertThrows(IllegalArgumentException.class, () -> Specs.duration(text)).getMessage());
  }

  @Test
  void duration_tooLong() {
    assertEquals(
        "is too long",
        assertThrows(IllegalArgumentException.class, () -> Specs.duration("999999999999d"))
            .getMessage());
  }

  @ParameterizedTest
  @CsvSource({
    "0, 0",
    "1024, 1024",
    "256KiB, 262144",
    "64MiB, 67108864",
    "2GiB, 2147483648",
    "1KB, 1000",
    "1.5MB, 1500000",
    "12B, 12",
    "1.5KiB, 1536"
  })
  void size(String text, long expected) {
    assertEquals(expected, Specs.size(text));
  }

  @Test
  void size_refusals() {
    assertEquals(
        "must be " + Specs.SIZE_FORM,
        assertThrows(IllegalArgumentException.class, () -> Specs.size("lots")).getMessage());
    assertEquals(
        "is not a whole number of bytes",
        assertThrows(IllegalArgumentException.class, () -> Specs.size("1.5B")).getMessage());
  }

  @Test
  void bool_andIntegers() {
    assertTrue(Specs.bool("TRUE"));
    assertFalse(Specs.bool(" false "));
    assertEquals(
        "must be true or false",
        assertThrows(IllegalArgumentException.class, () -> Specs.bool("yes")).getMessage());
    assertEquals(100_000, Specs.integer("100_000"));
    assertEquals(-1, Specs.integer("-1"));
    assertEquals(
        "must be an integer",
        assertThrows(IllegalArgumentException.class, () -> Specs.integer("1.0")).getMessage());
    assertEquals(
        "is too large",
        assertThrows(IllegalArgumentException.class, () -> Specs.intValue("3000000000"))
            .getMessage());
  }

  @Test
  void checkDuration_refusesNegative_outOfRange_andWhatRoundsToZeroMillis() {
    Duration min = Duration.ofMillis(1);
    Duration max = Duration.ofDays(1);
    assertEquals(Duration.ofSeconds(5), Specs.checkDuration("t", Duration.ofSeconds(5), min, max));
    assertEquals(
        "t was PT-1S, must be between 1 ms and 1 day",
        assertThrows(
                IllegalArgumentException.class,
                () -> Specs.checkDuration("t", Duration.ofSeconds(-1), min, max))
            .getMessage());
    assertEquals(
        "t was PT0.0005S, must be between 1 ms and 1 day",
        assertThrows(
                IllegalArgumentException.class,
                () -> Specs.checkDuration("t", Duration.ofNanos(500_000), min, max))
            .getMessage());
    assertEquals(
        "t was PT48H, must be between 1 ms and 1 day",
        assertThrows(
                IllegalArgumentException.class,
                () -> Specs.checkDuration("t", Duration.ofDays(2), min, max))
            .getMessage());
    assertEquals(
        "t == null",
        assertThrows(NullPointerException.class, () -> Specs.checkDuration("t", null, min, max))
            .getMessage());
  }

  @Test
  void checkDuration_zeroMinimum_allowsZeroButNotWhatRoundsToIt() {
    assertEquals(
        Duration.ZERO, Specs.checkDuration("t", Duration.ZERO, Duration.ZERO, Duration.ofDays(1)));
    assertEquals(
        "t was PT0.0000001S, must be 0 or between 1 ms and 1 day",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    Specs.checkDuration(
                        "t", Duration.ofNanos(100), Duration.ZERO, Duration.ofDays(1)))
            .getMessage());
  }

  @Test
  void format_isTheGrammarsOwnForm() {
    assertEquals("500ms", Specs.format(Duration.ofMillis(500)));
    assertEquals("5s", Specs.format(Duration.ofSeconds(5)));
    assertEquals("10m", Specs.format(Duration.ofMinutes(10)));
    assertEquals("2h", Specs.format(Duration.ofHours(2)));
    assertEquals("1d", Specs.format(Duration.ofDays(1)));
    assertEquals("0s", Specs.format(Duration.ZERO));
    assertEquals("1500ms", Specs.format(Duration.ofMillis(1500)));
    assertEquals(Duration.ofMillis(1500), Specs.duration(Specs.format(Duration.ofMillis(1500))));
    assertEquals("64MiB", Specs.formatSize(64L << 20));
    assertEquals("1000", Specs.formatSize(1000));
  }

  @Test
  void parser_appliesInOrder_andWrapsRefusals() {
    SpecParser<Map<String, Object>> parser =
        SpecParser.<Map<String, Object>>named("sample")
            .with("timeout", Specs::duration, (m, d) -> m.put("timeout", d))
            .with("on", Specs::bool, (m, b) -> m.put("on", b))
            .with(
                "count",
                Specs::intValue,
                (m, n) -> {
                  if (n < 1) {
                    throw new IllegalArgumentException("count was " + n + ", must be >= 1");
                  }
                  m.put("count", n);
                });
    Map<String, String> spec = new LinkedHashMap<>();
    spec.put("timeout", "2");
    spec.put("on", "true");
    Map<String, Object> applied = parser.apply(spec, new LinkedHashMap<>());
    assertEquals(Map.of("timeout", Duration.ofSeconds(2), "on", true), applied);
    SpecException e =
        assertThrows(
            SpecException.class, () -> parser.apply(Map.of("count", "0"), new LinkedHashMap<>()));
    assertEquals("key count value was set to '0': count was 0, must be >= 1", e.getMessage());
    assertEquals("count was 0, must be >= 1", e.reason());
    assertEquals("[timeout, on, count]", parser.keys().toString());
    assertEquals(
        "sample key timeout was already added",
        assertThrows(
                IllegalStateException.class,
                () -> parser.with("timeout", Specs::bool, (m, b) -> {}))
            .getMessage());
  }
}
