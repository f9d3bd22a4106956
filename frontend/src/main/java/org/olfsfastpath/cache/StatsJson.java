package org.olfsfastpath.cache;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Locale;
import org.olfsfastpath.json.JsonWriter;

/** Both caches' statistics values as JSON, written from the record itself. */
final class StatsJson {
  private StatsJson() {}

  /**
   * A statistics record as one JSON object: its components in order, each under its own name,
   * with the hit rate after {@code missCount} (six decimals) and the mean load time after {@code
   * totalLoadTimeNanos} (one decimal).
   */
  static <S extends Record & LoadStats> String of(S stats) {
    StringBuilder out = new StringBuilder(512);
    JsonWriter w = JsonWriter.compact(out, false).beginObject();
    for (RecordComponent component : stats.getClass().getRecordComponents()) {
      Object value;
      try {
        value = component.getAccessor().invoke(stats);
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException("cannot read " + component, e);
      }
      w.name(component.getName()).value(value);
      if (component.getName().equals("missCount")) {
        w.name("hitRate").rawValue(String.format(Locale.US, "%.6f", stats.hitRate()));
      } else if (component.getName().equals("totalLoadTimeNanos")) {
        w.name("averageLoadPenaltyNanos")
            .rawValue(String.format(Locale.US, "%.1f", stats.averageLoadPenaltyNanos()));
      }
    }
    w.endObject();
    return out.toString();
  }
}
