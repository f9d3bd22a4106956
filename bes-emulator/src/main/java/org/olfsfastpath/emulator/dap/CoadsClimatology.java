package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.List;

/**
 * A stand-in for coads_climatology.nc, the monthly COADS marine climatology Hyrax ships as sample
 * data: the real file's coordinates, variables and attributes, with sea surface temperature, air
 * temperature and wind generated from smooth functions of position and month. Land and polar cells
 * hold the fill value, as in the real file.
 */
final class CoadsClimatology {
  static final String FILE_NAME = "coads_climatology.nc";
  static final float FILL = -1.0e34f;

  private static final int LONGITUDES = 180;
  private static final int LATITUDES = 90;
  private static final int MONTHS = 12;

  /** The real file's TIME values, hours since year 0: mid-months of a 365.97-day climatology. */
  private static final double[] TIME = {
    366.0, 1096.4850000000001, 1826.97, 2557.455, 3287.94, 4018.425,
    4748.91, 5479.395, 6209.88, 6940.365, 7670.85, 8401.335
  };

  private CoadsClimatology() {}

  static DatasetModel model() {
    Dimension coadsx = new Dimension("COADSX", LONGITUDES);
    Dimension coadsy = new Dimension("COADSY", LATITUDES);
    Dimension time = new Dimension("TIME", MONTHS);
    List<Dimension> grid = List.of(time, coadsy, coadsx);
    int cells = MONTHS * LATITUDES * LONGITUDES;

    Variable longitude =
        twoDegreeAxis(
            coadsx, 21, Attribute.string("units", "degrees_east"), Attribute.string("modulo", " "));
    Variable latitude = twoDegreeAxis(coadsy, -89, Attribute.string("units", "degrees_north"));
    Variable months =
        Variable.coordinate(
            time,
            DapType.FLOAT64,
            Values.of(TIME),
            Attribute.string("units", "hour since 0000-01-01 00:00:00"),
            Attribute.string("time_origin", "1-JAN-0000 00:00:00"),
            Attribute.string("modulo", " "));
    return new DatasetModel(
        FILE_NAME,
        List.of(
            longitude,
            latitude,
            months,
            field(
                "SST",
                "SEA SURFACE TEMPERATURE",
                "Deg C",
                grid,
                Values.lazyFloats(cells, CoadsClimatology::seaSurfaceTemperature)),
            field(
                "AIRT",
                "AIR TEMPERATURE",
                "DEG C",
                grid,
                Values.lazyFloats(cells, CoadsClimatology::airTemperature)),
            field(
                "UWND",
                "ZONAL WIND",
                "M/S",
                grid,
                Values.lazyFloats(cells, CoadsClimatology::zonalWind)),
            field(
                "VWND",
                "MERIDIONAL WIND",
                "M/S",
                grid,
                Values.lazyFloats(cells, CoadsClimatology::meridionalWind))),
        List.of(
            new AttributeContainer(
                "NC_GLOBAL",
                List.of(Attribute.string("history", "FERRET V4.30 (debug/no GUI) 15-Aug-96"))),
            new AttributeContainer(
                "DODS_EXTRA", List.of(Attribute.string("Unlimited_Dimension", "TIME")))));
  }

  /** An axis of the 2-degree grid from {@code first}, its attributes then its even spacing. */
  private static Variable twoDegreeAxis(Dimension dimension, int first, Attribute... attributes) {
    List<Attribute> all = new ArrayList<>(List.of(attributes));
    all.add(Attribute.string("point_spacing", "even"));
    return Variable.coordinate(
        dimension,
        DapType.FLOAT64,
        Values.computed(i -> first + 2 * i),
        all.toArray(Attribute[]::new));
  }

  private static Variable field(
      String name, String longName, String units, List<Dimension> grid, Values values) {
    return new Variable(
        name,
        DapType.FLOAT32,
        grid,
        List.of(
            Attribute.float32("missing_value", FILL),
            Attribute.float32("_FillValue", FILL),
            Attribute.string("long_name", longName),
            Attribute.string("history", "From coads_climatology"),
            Attribute.string("units", units)),
        values);
  }

  private static int month(int index) {
    return index / (LATITUDES * LONGITUDES);
  }

  private static double latitude(int index) {
    return -89 + 2 * ((index / LONGITUDES) % LATITUDES);
  }

  private static double longitude(int index) {
    return 21 + 2 * (index % LONGITUDES);
  }

  /** Rough continents and the polar caps, where COADS has no marine observations. */
  static boolean isLand(double latitude, double longitude) {
    double east = longitude >= 360 ? longitude - 360 : longitude;
    return latitude <= -71
        || latitude >= 81
        || box(latitude, east, -35, 35, 10, 50) // Africa
        || box(latitude, east, 40, 75, 0, 140) // Europe and northern Asia
        || box(latitude, east, 10, 40, 60, 120) // southern Asia
        || box(latitude, east, -38, -12, 115, 152) // Australia
        || box(latitude, east, 15, 70, 235, 300) // North America
        || box(latitude, east, -55, 12, 280, 325); // South America
  }

  private static boolean box(
      double latitude, double longitude, double south, double north, double west, double east) {
    return latitude >= south && latitude <= north && longitude >= west && longitude <= east;
  }

  /** A value of a cell over the sea, from where the cell is. */
  private interface SeaValue {
    double at(double latitude, double longitude, int index);
  }

  /** FILL over land; over the sea, {@code value} at the cell's latitude and longitude. */
  private static double overSea(int index, SeaValue value) {
    double latitude = latitude(index);
    double longitude = longitude(index);
    if (isLand(latitude, longitude)) {
      return FILL;
    }
    return value.at(latitude, longitude, index);
  }

  /** The cell's month as a season: 1 in January, -1 in July. */
  private static double season(int index) {
    return Math.cos(2 * Math.PI * month(index) / MONTHS);
  }

  private static double seaSurfaceTemperature(int index) {
    return overSea(
        index,
        (latitude, longitude, cell) -> {
          double phi = Math.toRadians(latitude);
          double value =
              29 * Math.cos(phi) * Math.cos(phi)
                  - 1.5
                  - 3 * Math.sin(phi) * season(cell)
                  + 0.8 * Math.sin(3 * Math.toRadians(longitude)) * Math.cos(2 * phi);
          return Math.max(-1.8, value);
        });
  }

  private static double airTemperature(int index) {
    double sst = seaSurfaceTemperature(index);
    if (sst == FILL) {
      return FILL;
    }
    return sst - 0.8 - 0.02 * Math.abs(latitude(index));
  }

  private static double zonalWind(int index) {
    return overSea(
        index,
        (latitude, longitude, cell) -> {
          double phi = Math.toRadians(latitude);
          // Easterly trades near the equator, westerlies in mid-latitudes.
          return -6 * Math.cos(3 * phi) + 1.5 * season(cell) * Math.sin(phi);
        });
  }

  private static double meridionalWind(int index) {
    return overSea(
        index,
        (latitude, longitude, cell) ->
            2 * Math.sin(6 * Math.toRadians(latitude)) + 0.5 * Math.cos(Math.toRadians(longitude)));
  }
}
