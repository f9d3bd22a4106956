package org.olfsfastpath.emulator.dap;

import java.util.List;
import java.util.Objects;

/**
 * One attribute as the netCDF handler presents it. Values are kept as the handler's text (for
 * example {@code -9.99999979e+33} for a Float32 {@code -1e34}), because the DAS and the DMR print
 * exactly that text. Value-based.
 *
 * @param name the attribute's name
 * @param type its DAP type name: String, Float32, Int16, ...
 * @param values its values, at least one
 */
record Attribute(String name, String type, List<String> values) {
  Attribute {
    Objects.requireNonNull(name, "name == null");
    Objects.requireNonNull(type, "type == null");
    values = List.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("attribute " + name + " has no values");
    }
  }

  static Attribute string(String name, String value) {
    return new Attribute(name, "String", List.of(value));
  }

  static Attribute float32(String name, float value) {
    return new Attribute(name, "Float32", List.of(CFormat.g(value, 9)));
  }

  boolean isString() {
    return type.equals("String") || type.equals("Url");
  }
}
