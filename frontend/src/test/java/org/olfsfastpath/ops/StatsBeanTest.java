package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.AttributeNotFoundException;
import javax.management.MBeanAttributeInfo;
import javax.management.ReflectionException;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.json.Json;

/** The one generic bean: a value's components and derived values, its JSON, its documents. */
final class StatsBeanTest {
  record Counts(long hits, boolean enabled) {
    public long doubled() {
      return 2 * hits;
    }
  }

  private final AtomicLong hits = new AtomicLong();
  private final StatsBean<Counts> bean =
      new StatsBean<>(
          Counts.class,
          () -> new Counts(hits.get(), true),
          counts -> Json.compact(Json.fields(counts)));

  @Test
  void attributes_areTheComponentsTheDerivedValuesAndTheJson_readAfresh() throws Exception {
    hits.set(3);
    assertEquals(List.of("Hits", "Enabled", "Doubled", "StatsJson"), names(bean));
    assertEquals(3L, bean.getAttribute("Hits"));
    assertEquals(6L, bean.getAttribute("Doubled"));
    hits.set(4);
    assertEquals("{\"hits\":4,\"enabled\":true}", bean.getAttribute("StatsJson"));
  }

  @Test
  void with_addsADocument_afterTheValuesAttributes() throws Exception {
    StatsBean<Counts> withDocument = bean.with("Report", "the report", () -> "hits: " + hits);
    hits.set(5);
    assertEquals(List.of("Hits", "Enabled", "Doubled", "StatsJson", "Report"), names(withDocument));
    assertEquals("hits: 5", withDocument.getAttribute("Report"));
    assertEquals(2, withDocument.getAttributes(new String[] {"Report", "Hits"}).size());
    assertThrows(AttributeNotFoundException.class, () -> bean.getAttribute("Report"));
  }

  @Test
  void with_aNameTheBeanHas_isRefused() {
    assertThrows(IllegalArgumentException.class, () -> bean.with("Hits", "again", () -> ""));
    assertThrows(IllegalArgumentException.class, () -> bean.with("StatsJson", "again", () -> ""));
    StatsBean<Counts> once = bean.with("Report", "the report", () -> "");
    assertThrows(IllegalArgumentException.class, () -> once.with("Report", "again", () -> ""));
  }

  @Test
  void aBeanWithoutActions_hasNoOperation() {
    assertEquals(0, bean.getMBeanInfo().getOperations().length);
    assertThrows(
        ReflectionException.class,
        () -> bean.invoke("invalidateAll", new Object[0], new String[0]));
  }

  private static List<String> names(StatsBean<?> bean) {
    return Arrays.stream(bean.getMBeanInfo().getAttributes())
        .map(MBeanAttributeInfo::getName)
        .toList();
  }
}
