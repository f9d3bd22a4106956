package org.olfsfastpath.emulator.dap;

import java.util.List;
import java.util.Objects;

/**
 * A dataset of one Float32 variable, {@code data[time][lat][lon]} or {@code data[time][lon]}, with
 * no coordinate variables (so DAP2 sees a plain array, not a Grid), attributes {@code units} and
 * {@code long_name}, a global {@code title} that states the formula, and values from {@link
 * ModuloFloats}: what the emulator's large datasets (hundreds of MB, generated as they are written)
 * are made of. None of its dimensions is unlimited, so the netCDF handler adds no {@code
 * DODS_EXTRA} container.
 */
final class ModuloArray {
  static final String VARIABLE = "data";
  static final String UNITS = "1";
  static final String LONG_NAME = "synthetic values";
  static final String TITLE_3D =
      "Synthetic data: data[time][lat][lon] = ((7*time + 3*lat + lon) mod 1000) * 0.1";
  static final String TITLE_2D =
      "Synthetic data: data[time][lon] = ((7*time + lon) mod 1000) * 0.1";

  private ModuloArray() {}

  /** {@code data[time][lat][lon]}. */
  static DatasetModel cube(String name, int times, int latitudes, int longitudes) {
    return model(
        name,
        List.of(
            new Dimension("time", times),
            new Dimension("lat", latitudes),
            new Dimension("lon", longitudes)),
        TITLE_3D);
  }

  /** {@code data[time][lon]}. */
  static DatasetModel plane(String name, int times, int longitudes) {
    return model(
        name, List.of(new Dimension("time", times), new Dimension("lon", longitudes)), TITLE_2D);
  }

  private static DatasetModel model(String name, List<Dimension> dimensions, String title) {
    Objects.requireNonNull(name, "name == null");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("name is empty");
    }
    Variable data =
        new Variable(
            VARIABLE,
            DapType.FLOAT32,
            dimensions,
            List.of(Attribute.string("units", UNITS), Attribute.string("long_name", LONG_NAME)),
            new ModuloFloats(dimensions.stream().mapToInt(Dimension::size).toArray()));
    return new DatasetModel(
        name,
        List.of(data),
        List.of(new AttributeContainer("NC_GLOBAL", List.of(Attribute.string("title", title)))));
  }
}
