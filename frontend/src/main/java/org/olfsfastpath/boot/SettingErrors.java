package org.olfsfastpath.boot;

import java.util.function.Function;
import java.util.function.Supplier;
import org.olfsfastpath.spec.SpecException;
import org.olfsfastpath.spec.Specs;

/**
 * Turns a layer's refusal of a setting into an error that names it: the configuration error that
 * names olfs.xml, the setting and its value, or the spec error that names the key. Each section of
 * the wiring builds through it, so that every refusal reads alike. Stateless.
 */
final class SettingErrors {
  private SettingErrors() {}

  /**
   * Builds with the layer's own checks, turning a refusal into the configuration error that names
   * the file, the setting and its value.
   */
  static <T> T build(FrontEndConfig config, LayerSpec spec, Supplier<T> build) {
    try {
      return build.get();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw spec.refused(config.source(), e);
    }
  }

  static int intValue(String key, String value) {
    return parse(key, value, Specs::intValue);
  }

  static <T> T parse(String key, String value, Function<String, T> parser) {
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw new SpecException(key, value, String.valueOf(e.getMessage()), e);
    }
  }
}
