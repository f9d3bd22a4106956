package org.olfsfastpath.cache;

import java.util.Locale;
import org.olfsfastpath.json.Json;
import org.olfsfastpath.json.JsonWriter;

/** Both caches' statistics values as JSON, written from the record itself. */
final class StatsJson {
  private StatsJson() {}

  /**
   * A statistics record as one JSON object: its components in order ({@link Json#fields}), each
   * under its own name, with the hit rate after {@code missCount} (six decimals) and the mean load
   * time after {@code totalLoadTimeNanos} (one decimal).
   */
  static <S extends Record & LoadStats> String of(S stats) {
    StringBuilder out = new StringBuilder(512);
    JsonWriter w = JsonWriter.compact(out, false).beginObject();
    Json.fields(stats)
        .forEach(
            (name, value) -> {
              w.name(name).value(value);
              if (name.equals("missCount")) {
                w.name("hitRate").rawValue(String.format(Locale.US, "%.6f", stats.hitRate()));
              } else if (name.equals("totalLoadTimeNanos")) {
                w.name("averageLoadPenaltyNanos")
                    .rawValue(String.format(Locale.US, "%.1f", stats.averageLoadPenaltyNanos()));
              }
            });
    w.endObject();
    return out.toString();
  }
}
