package org.olfsfastpath.boot;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.SpecConflictException;
import org.olfsfastpath.spec.SpecException;

/**
 * One layer's text spec as read from an olfs.xml file, remembering which setting each value came
 * from, so that a value the layer refuses is reported with its place in the file and as written.
 */
final class LayerSpec {
  private final Map<String, String> values = new LinkedHashMap<>();
  private final Map<String, OlfsSetting> origins = new LinkedHashMap<>();

  /** Records {@code raw} for the setting's key. */
  void put(OlfsSetting setting, String raw) {
    values.put(setting.key(), raw);
    origins.put(setting.key(), setting);
  }

  /** The spec, key to raw value, in the order read. */
  Map<String, String> values() {
    return Collections.unmodifiableMap(values);
  }

  /** The raw value of {@code key}, or null when the file does not set it. */
  @Nullable String raw(String key) {
    return values.get(key);
  }

  /** The setting {@code key} came from, or null. */
  @Nullable OlfsSetting origin(String key) {
    return origins.get(key);
  }

  /**
   * The configuration error for a refusal by the layer this spec was given to: a {@link
   * SpecException} names its key, so the message names the setting's place and raw value; a {@link
   * SpecConflictException} names the keys of a combination, so the message names each of those
   * settings this spec holds, in the order the file gave them.
   */
  ConfigurationException refused(String source, RuntimeException refusal) {
    if (refusal instanceof SpecException e && origins.containsKey(e.key())) {
      return new ConfigurationException(
          source + ": " + origins.get(e.key()).path() + " was '" + e.value() + "': " + e.reason(),
          e);
    }
    List<String> named = new ArrayList<>();
    if (refusal instanceof SpecConflictException conflict) {
      for (Map.Entry<String, OlfsSetting> origin : origins.entrySet()) {
        if (conflict.keys().contains(origin.getKey())) {
          named.add(origin.getValue().path() + "='" + values.get(origin.getKey()) + "'");
        }
      }
    }
    return new ConfigurationException(
        source
            + ": "
            + (named.isEmpty() ? "" : String.join(", ", named) + ": ")
            + refusal.getMessage(),
        refusal);
  }
}
