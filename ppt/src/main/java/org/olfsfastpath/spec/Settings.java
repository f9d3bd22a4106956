package org.olfsfastpath.spec;

import java.util.Map;
import java.util.Objects;

/**
 * The settings of one builder that a text spec may set, by name: a builder adds each {@link
 * Setting} it holds as it declares it, and {@code from(spec)} applies a spec to them, so the keys
 * of the spec are the setters' names and nothing lists them twice. Not thread-safe.
 */
public final class Settings {
  private SpecParser<Settings> parser;

  /**
   * @param name the builder's settings in messages, e.g. {@code BES client}
   */
  public Settings(String name) {
    this.parser = SpecParser.named(name);
  }

  /** Adds {@code setting}, readable from text, under its name; returns it. */
  public <T> Setting<T> add(Setting<T> setting) {
    Objects.requireNonNull(setting, "setting == null");
    if (!setting.hasText()) {
      throw new IllegalArgumentException(setting.name() + " cannot be set from text");
    }
    parser = parser.with(setting.name(), raw -> raw, (settings, raw) -> setting.setText(raw));
    return setting;
  }

  /**
   * Sets each setting of {@code spec} from its text, in the spec's order.
   *
   * @throws SpecException naming the key and the raw value, for an unknown key, a value that does
   *     not parse, or one the setting refuses
   */
  public void apply(Map<String, String> spec) {
    parser.apply(spec, this);
  }

  @Override
  public String toString() {
    return parser.toString();
  }
}
