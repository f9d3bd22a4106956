package org.olfsfastpath.emulator.dap;

import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * The dataset served for any file with no built-in stand-in: a 2 x 10 x 20 temperature Grid over
 * time, latitude and longitude, 400 values, shaped like a typical netCDF file.
 */
final class GenericGrid {
  private static final int TIMES = 2;
  private static final int LATITUDES = 10;
  private static final int LONGITUDES = 20;
  static final float FILL = -9999f;

  private GenericGrid() {}

  static DatasetModel model(String name) {
    Dimension time = new Dimension("time", TIMES);
    Dimension lat = new Dimension("lat", LATITUDES);
    Dimension lon = new Dimension("lon", LONGITUDES);
    return new DatasetModel(
        name,
        List.of(
            axis(time, DapType.FLOAT64, "hours since 2000-01-01 00:00:00", "time", i -> 24.0 * i),
            axis(lat, DapType.FLOAT32, "degrees_north", "latitude", i -> -45 + 10 * i),
            axis(lon, DapType.FLOAT32, "degrees_east", "longitude", i -> 18 * i),
            new Variable(
                "temperature",
                DapType.FLOAT32,
                List.of(time, lat, lon),
                List.of(
                    Attribute.string("units", "K"),
                    Attribute.string("long_name", "air temperature"),
                    Attribute.float32("_FillValue", FILL)),
                Values.computed(GenericGrid::temperature))),
        List.of(
            new AttributeContainer(
                "NC_GLOBAL",
                List.of(
                    Attribute.string("title", "Generated data for " + name),
                    Attribute.string("Conventions", "CF-1.6"))),
            new AttributeContainer(
                "DODS_EXTRA", List.of(Attribute.string("Unlimited_Dimension", "time")))));
  }

  private static double temperature(int index) {
    int t = index / (LATITUDES * LONGITUDES);
    int y = (index / LONGITUDES) % LATITUDES;
    int x = index % LONGITUDES;
    double latitude = Math.toRadians(-45 + 10 * y);
    // Whole hundredths of a kelvin keep the ASCII response short.
    return (float)
        (Math.round(
                100
                    * (250
                        + 45 * Math.cos(latitude)
                        + 2 * t
                        + 3 * Math.sin(Math.toRadians(18 * x))))
            / 100.0);
  }

  private static Variable axis(
      Dimension dimension,
      DapType type,
      String units,
      String longName,
      IntToDoubleFunction values) {
    return Variable.coordinate(
        dimension,
        type,
        Values.computed(values),
        Attribute.string("units", units),
        Attribute.string("long_name", longName));
  }
}
