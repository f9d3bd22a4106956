package org.olfsfastpath.spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Applies a text spec, key to raw value, to a builder: the one place a layer says which settings it
 * takes from text. Each key is the name of the builder method it calls, as in Caffeine's {@code
 * CaffeineSpec}. Immutable and thread-safe once built; declare one per builder type.
 *
 * <pre>{@code
 * static final SpecParser<Builder> SPEC = SpecParser.<Builder>named("PPT options")
 *     .with("connectTimeout", Specs::duration, Builder::connectTimeout)
 *     .with("quickAck", Specs::bool, Builder::quickAck);
 * public static Builder from(Map<String, String> spec) { return SPEC.apply(spec, newBuilder()); }
 * }</pre>
 *
 * @param <B> the builder type
 */
public final class SpecParser<B> {
  private final String name;
  private final Map<String, BiConsumer<B, String>> keys;

  private SpecParser(String name, Map<String, BiConsumer<B, String>> keys) {
    this.name = name;
    this.keys = keys;
  }

  /** A parser with no keys yet, for the settings of {@code name} (used in messages). */
  public static <B> SpecParser<B> named(String name) {
    return new SpecParser<>(Objects.requireNonNull(name, "name == null"), Map.of());
  }

  /**
   * Adds a key whose text {@code parse} reads ({@link Specs#duration}, {@link Specs#bool}, ... or a
   * parser of its own, which throws IllegalArgumentException) and {@code setter} applies.
   */
  public <T> SpecParser<B> with(String key, Function<String, T> parse, BiConsumer<B, T> setter) {
    Objects.requireNonNull(key, "key == null");
    Objects.requireNonNull(parse, "parse == null");
    Objects.requireNonNull(setter, "setter == null");
    if (keys.containsKey(key)) {
      throw new IllegalStateException(name + " key " + key + " was already added");
    }
    Map<String, BiConsumer<B, String>> more = new LinkedHashMap<>(keys);
    more.put(key, (builder, raw) -> setter.accept(builder, parse.apply(raw)));
    return new SpecParser<>(name, Collections.unmodifiableMap(more));
  }

  /** The keys, in the order they were added. */
  public Set<String> keys() {
    return keys.keySet();
  }

  /**
   * Applies every entry of {@code spec} to {@code builder}, in the spec's order.
   *
   * @return {@code builder}
   * @throws SpecException naming the key and the raw value, for an unknown key, a value that does
   *     not parse, or one the builder refuses (IllegalArgumentException or IllegalStateException)
   */
  public B apply(Map<String, String> spec, B builder) {
    Objects.requireNonNull(spec, "spec == null");
    Objects.requireNonNull(builder, "builder == null");
    for (Map.Entry<String, String> entry : spec.entrySet()) {
      String key = Objects.requireNonNull(entry.getKey(), "spec has a null key");
      String raw =
          Objects.requireNonNull(entry.getValue(), () -> "spec value of " + key + " == null");
      BiConsumer<B, String> setter = keys.get(key);
      if (setter == null) {
        throw new SpecException(
            key, raw, "not a " + name + " setting; known: " + String.join(", ", keys.keySet()));
      }
      try {
        setter.accept(builder, raw);
      } catch (SpecException e) {
        throw e;
      } catch (IllegalArgumentException | IllegalStateException e) {
        throw new SpecException(key, raw, String.valueOf(e.getMessage()), e);
      }
    }
    return builder;
  }

  @Override
  public String toString() {
    return "SpecParser{" + name + ": " + keys.keySet() + "}";
  }
}
