package org.olfsfastpath.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class SettingTest {
  @Test
  void unset_getsTheDefault_setOnce_getsTheValue() {
    Setting<Integer> max = Setting.between("maxConnections", 32, 1, 10_000);
    assertFalse(max.isSet());
    assertEquals(32, max.get());
    assertNull(max.ifSet());
    max.set(3);
    assertTrue(max.isSet());
    assertEquals(3, max.get());
    assertEquals(3, max.ifSet());
  }

  @Test
  void secondSet_namesTheEarlierValue_asShown() {
    Setting<Long> weight =
        Setting.atLeast("maximumWeight", 64L, 0, Specs::size).shownAs(Specs::formatSize);
    weight.set(64L << 20);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> weight.set(1L));
    assertEquals("maximumWeight was already set to 64MiB", e.getMessage());
  }

  @Test
  void checks_inOrder_stateThenNullThenValue() {
    Setting<Integer> max = Setting.between("maxConnections", 32, 1, 10_000);
    assertEquals(
        "maxConnections was 0, must be 1-10000",
        assertThrows(IllegalArgumentException.class, () -> max.set(0)).getMessage());
    assertEquals(
        "maxConnections == null",
        assertThrows(NullPointerException.class, () -> max.set(null)).getMessage());
    max.set(5);
    assertEquals(
        "maxConnections was already set to 5",
        assertThrows(IllegalStateException.class, () -> max.set(0)).getMessage());
    Setting<Integer> prewarm = Setting.atLeast("prewarm", 0, 0);
    assertEquals(
        "prewarm was -1, must be >= 0",
        assertThrows(IllegalArgumentException.class, () -> prewarm.set(-1)).getMessage());
  }

  @Test
  void aCheck_mayNormalizeTheValue() {
    Setting<String> prefix = Setting.of("prefix", "/").check(p -> p.startsWith("/") ? p : "/" + p);
    prefix.set("data");
    assertEquals("/data", prefix.get());
  }

  @Test
  void noValueAndNoDefault_isNull_orRefusedByGet() {
    Setting<String> token = Setting.of("adminToken", null);
    assertNull(token.orNull());
    assertEquals(
        "adminToken has no value and no default",
        assertThrows(IllegalStateException.class, token::get).getMessage());
  }

  @Test
  void settings_applyATextSpec_byTheSettersNames() {
    Settings settings = new Settings("sample");
    Setting<Duration> timeout =
        settings.add(
            Setting.duration(
                "timeout", Duration.ofSeconds(5), Duration.ofMillis(1), Duration.ofDays(1)));
    Setting<Boolean> quickAck = settings.add(Setting.bool("quickAck", true));
    Map<String, String> spec = new LinkedHashMap<>();
    spec.put("timeout", "250ms");
    spec.put("quickAck", "false");

    settings.apply(spec);

    assertEquals(Duration.ofMillis(250), timeout.get());
    assertFalse(quickAck.get());
  }

  @Test
  void settings_refusal_namesKeyAndRawValue() {
    Settings settings = new Settings("sample");
    settings.add(Setting.between("max", 1, 1, 10));
    SpecException e = assertThrows(SpecException.class, () -> settings.apply(Map.of("max", "11")));
    assertEquals("key max value was set to '11': max was 11, must be 1-10", e.getMessage());
    SpecException unknown =
        assertThrows(SpecException.class, () -> settings.apply(Map.of("min", "1")));
    assertEquals(
        "key min value was set to '1': not a sample setting; known: max", unknown.getMessage());
  }

  @Test
  void aSettingWithoutText_cannotBeAdded() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new Settings("sample").add(Setting.of("executor", null)));
    assertEquals("executor cannot be set from text", e.getMessage());
  }
}
