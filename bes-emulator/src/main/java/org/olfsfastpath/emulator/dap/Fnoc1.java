package org.olfsfastpath.emulator.dap;

import java.util.List;

/**
 * A stand-in for fnoc1.nc, Hyrax's sample of FNOC wind components: the real file's dimensions,
 * coordinates and attributes, with generated 16-bit winds (scaled by 0.005 as the file says). Its
 * wind variables use a dimension with no coordinate variable, so DAP2 sees plain arrays.
 */
final class Fnoc1 {
  static final String FILE_NAME = "fnoc1.nc";

  private static final int TIMES = 16;
  private static final int LATITUDES = 17;
  private static final int LONGITUDES = 21;

  private Fnoc1() {}

  static DatasetModel model() {
    Dimension lat = new Dimension("lat", LATITUDES);
    Dimension lon = new Dimension("lon", LONGITUDES);
    Dimension timeA = new Dimension("time_a", TIMES);
    Dimension time = new Dimension("time", TIMES);
    List<Dimension> field = List.of(timeA, lat, lon);
    return new DatasetModel(
        FILE_NAME,
        List.of(
            wind("u", "Vector wind eastward component", field, Fnoc1::eastward),
            wind("v", "Vector wind northward component", field, Fnoc1::northward),
            new Variable(
                "lat",
                DapType.FLOAT32,
                List.of(lat),
                List.of(Attribute.string("units", "degree North")),
                Values.computed(i -> 50 - 2.5 * i)),
            new Variable(
                "lon",
                DapType.FLOAT32,
                List.of(lon),
                List.of(Attribute.string("units", "degree East")),
                Values.computed(i -> -60 + 2.5 * i)),
            new Variable(
                "time",
                DapType.FLOAT32,
                List.of(time),
                List.of(Attribute.string("units", "hours from base_time")),
                Values.computed(i -> 6 * i))),
        List.of(
            new AttributeContainer(
                "NC_GLOBAL",
                List.of(
                    Attribute.string("base_time", "88- 10-00:00:00"),
                    Attribute.string(
                        "title", " FNOC UV wind components from 1988- 10 to 1988- 13."))),
            new AttributeContainer(
                "DODS_EXTRA", List.of(Attribute.string("Unlimited_Dimension", "time_a")))));
  }

  private static Variable wind(
      String name,
      String longName,
      List<Dimension> field,
      java.util.function.IntToDoubleFunction generator) {
    // The file stores these two attributes as text, so the DAS shows them as Strings.
    return new Variable(
        name,
        DapType.INT16,
        field,
        List.of(
            Attribute.string("units", "meter per second"),
            Attribute.string("long_name", longName),
            Attribute.string("missing_value", "-32767"),
            Attribute.string("scale_factor", "0.005")),
        Values.computed(generator));
  }

  /** About ±15 m/s, in units of 0.005 m/s. */
  private static double eastward(int index) {
    int t = index / (LATITUDES * LONGITUDES);
    int y = (index / LONGITUDES) % LATITUDES;
    int x = index % LONGITUDES;
    return Math.round(3000 * Math.sin(0.4 * x + 0.3 * t) * Math.cos(0.35 * y));
  }

  private static double northward(int index) {
    int t = index / (LATITUDES * LONGITUDES);
    int y = (index / LONGITUDES) % LATITUDES;
    int x = index % LONGITUDES;
    return Math.round(2500 * Math.cos(0.3 * x - 0.2 * t) * Math.sin(0.45 * y + 0.5));
  }
}
