package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.List;

/**
 * Datasets for the discovery records ({@code .iso}, {@code .rdf}, {@code .rubric}): one that states
 * every ACDD 1.3 attribute (and ncISO's ISO_Topic_Categories), over a regional grid its attributes
 * describe truly, and two that state none, with and without CF coordinates. The values are
 * plausible, not measured: a smooth temperature field over the North Atlantic, January to April
 * 2020, at three depths.
 */
final class AcddSamples {
  static final String RICH = "acdd_rich.nc";
  static final String NONE = "acdd_none.nc";
  static final String NONE_NO_CF = "acdd_none_nocf.nc";

  private static final int TIMES = 4;
  private static final int DEPTHS = 3;
  private static final int LATITUDES = 21; // 10 to 50 north, every 2 degrees
  private static final int LONGITUDES = 26; // 60 to 10 west, every 2 degrees
  private static final float FILL = -999f;

  /** Days since 1970-01-01 of the first of January, February, March and April 2020. */
  private static final double[] DAYS = {18262, 18293, 18322, 18353};

  private AcddSamples() {}

  /** Every ACDD 1.3 attribute, highly recommended, recommended and suggested. */
  static DatasetModel rich() {
    return new DatasetModel(RICH, richVariables(), List.of(richGlobals(), unlimited()));
  }

  private static List<Variable> richVariables() {
    Dimension time = new Dimension("time", TIMES);
    Dimension depth = new Dimension("depth", DEPTHS);
    Dimension lat = new Dimension("lat", LATITUDES);
    Dimension lon = new Dimension("lon", LONGITUDES);
    Dimension nv = new Dimension("nv", 2);
    List<Dimension> grid = List.of(time, depth, lat, lon);
    int cells = TIMES * DEPTHS * LATITUDES * LONGITUDES;
    return List.of(
        coordinate(
            time,
            "T",
            "time",
            "days since 1970-01-01 00:00:00",
            Values.of(DAYS),
            Attribute.string("calendar", "standard")),
        coordinate(
            depth,
            "Z",
            "depth",
            "m",
            Values.of(0.0, 10.0, 20.0),
            Attribute.string("positive", "down")),
        coordinate(
            lat,
            "Y",
            "latitude",
            "degrees_north",
            Values.computed(i -> 10 + 2 * i),
            Attribute.string("bounds", "lat_bnds")),
        coordinate(
            lon,
            "X",
            "longitude",
            "degrees_east",
            Values.computed(i -> -60 + 2 * i),
            Attribute.string("bounds", "lon_bnds")),
        bounds("lat_bnds", lat, nv, 9),
        bounds("lon_bnds", lon, nv, -61),
        new Variable(
            "temp",
            DapType.FLOAT32,
            grid,
            List.of(
                Attribute.string("long_name", "sea water temperature"),
                Attribute.string("standard_name", "sea_water_temperature"),
                Attribute.string("units", "degree_Celsius"),
                Attribute.string("coverage_content_type", "physicalMeasurement"),
                Attribute.float32("_FillValue", FILL)),
            Values.lazyFloats(cells, AcddSamples::temperature)),
        new Variable(
            "temp_qc",
            DapType.INT16,
            grid,
            statusFlag("sea water temperature", "sea_water_temperature"),
            Values.computed(i -> i % 7 == 0 ? 3 : 1)));
  }

  private static AttributeContainer richGlobals() {
    List<Attribute> a = new ArrayList<>();
    a.add(Attribute.string("Conventions", "CF-1.8, ACDD-1.3"));
    a.add(
        Attribute.string("title", "North Atlantic upper ocean temperature, January to April 2020"));
    a.add(
        Attribute.string(
            "summary",
            "Sea water temperature at the surface, 10 m and 20 m on a 2 degree grid over the"
                + " subtropical and mid-latitude North Atlantic, monthly from January to April"
                + " 2020, with a quality flag per value. Sample data made for testing catalogs."));
    a.add(
        Attribute.string(
            "keywords",
            "EARTH SCIENCE > OCEANS > OCEAN TEMPERATURE > WATER TEMPERATURE, North Atlantic,"
                + " upper ocean"));
    a.add(Attribute.string("keywords_vocabulary", "GCMD:GCMD Keywords"));
    a.add(Attribute.string("id", "acdd_rich_2020"));
    a.add(Attribute.string("naming_authority", "org.example.ocean"));
    a.add(Attribute.string("history", "2026-11-28 made for the front end's catalog tests"));
    a.add(Attribute.string("source", "generated from a smooth analytic field"));
    a.add(Attribute.string("processing_level", "L4 gridded analysis"));
    a.add(Attribute.string("comment", "Values are plausible, not measured."));
    a.add(Attribute.string("acknowledgement", "Example Ocean Programme, grant 42"));
    a.add(Attribute.string("license", "https://creativecommons.org/licenses/by/4.0/"));
    a.add(Attribute.string("standard_name_vocabulary", "CF Standard Name Table v79"));
    a.add(Attribute.string("date_created", "2020-05-01T00:00:00Z"));
    a.add(Attribute.string("date_modified", "2020-06-15T12:30:00Z"));
    a.add(Attribute.string("date_issued", "2020-05-02"));
    a.add(Attribute.string("date_metadata_modified", "2020-06-16T08:00:00Z"));
    a.add(Attribute.string("creator_name", "Ada Oceanographer"));
    a.add(Attribute.string("creator_email", "ada@example.org"));
    a.add(Attribute.string("creator_url", "https://example.org/people/ada"));
    a.add(Attribute.string("creator_type", "person"));
    a.add(Attribute.string("creator_institution", "Example Ocean Institute"));
    a.add(Attribute.string("institution", "Example Ocean Institute"));
    a.add(Attribute.string("project", "Upper Ocean Climatologies"));
    a.add(Attribute.string("program", "Example Ocean Programme"));
    a.add(Attribute.string("publisher_name", "Example Data Centre"));
    a.add(Attribute.string("publisher_email", "data@example.org"));
    a.add(Attribute.string("publisher_url", "https://data.example.org/"));
    a.add(Attribute.string("publisher_type", "institution"));
    a.add(Attribute.string("publisher_institution", "Example Data Centre"));
    a.add(Attribute.string("contributor_name", "Grace Analyst, Alan Modeller"));
    a.add(Attribute.string("contributor_role", "processor, author"));
    a.add(
        Attribute.string("geospatial_bounds", "POLYGON((-60 10, -10 10, -10 50, -60 50, -60 10))"));
    a.add(Attribute.string("geospatial_bounds_crs", "EPSG:4326"));
    a.add(Attribute.string("geospatial_bounds_vertical_crs", "EPSG:5831"));
    a.add(Attribute.float32("geospatial_lat_min", 10f));
    a.add(Attribute.float32("geospatial_lat_max", 50f));
    a.add(Attribute.string("geospatial_lat_units", "degrees_north"));
    a.add(Attribute.float32("geospatial_lat_resolution", 2f));
    a.add(Attribute.float32("geospatial_lon_min", -60f));
    a.add(Attribute.float32("geospatial_lon_max", -10f));
    a.add(Attribute.string("geospatial_lon_units", "degrees_east"));
    a.add(Attribute.float32("geospatial_lon_resolution", 2f));
    a.add(Attribute.float32("geospatial_vertical_min", 0f));
    a.add(Attribute.float32("geospatial_vertical_max", 20f));
    a.add(Attribute.string("geospatial_vertical_positive", "down"));
    a.add(Attribute.string("geospatial_vertical_units", "m"));
    a.add(Attribute.float32("geospatial_vertical_resolution", 10f));
    a.add(Attribute.string("time_coverage_start", "2020-01-01T00:00:00Z"));
    a.add(Attribute.string("time_coverage_end", "2020-04-01T00:00:00Z"));
    a.add(Attribute.string("time_coverage_duration", "P3M"));
    a.add(Attribute.string("time_coverage_resolution", "P1M"));
    a.add(Attribute.string("product_version", "1.0"));
    a.add(Attribute.string("platform", "Models"));
    a.add(Attribute.string("platform_vocabulary", "GCMD:GCMD Platforms"));
    a.add(Attribute.string("instrument", "Computer"));
    a.add(Attribute.string("instrument_vocabulary", "GCMD:GCMD Instruments"));
    a.add(Attribute.string("cdm_data_type", "Grid"));
    a.add(Attribute.string("metadata_link", "https://data.example.org/acdd_rich_2020"));
    a.add(Attribute.string("references", "https://doi.org/10.5555/example"));
    // Not ACDD: the attribute ncISO reads ISO 19115 topic categories from.
    a.add(Attribute.string("ISO_Topic_Categories", "oceans, climatologyMeteorologyAtmosphere"));
    return new AttributeContainer("NC_GLOBAL", a);
  }

  /** No global attribute at all; CF coordinates, and a data variable without attributes. */
  static DatasetModel none() {
    Dimension lat = new Dimension("lat", 5);
    Dimension lon = new Dimension("lon", 8);
    return withoutGlobals(
        NONE,
        Variable.coordinate(
            lat,
            DapType.FLOAT32,
            Values.computed(i -> -20 + 10 * i),
            Attribute.string("units", "degrees_north")),
        Variable.coordinate(
            lon,
            DapType.FLOAT32,
            Values.computed(i -> 100 + 5 * i),
            Attribute.string("units", "degrees_east")),
        new Variable(
            "v", DapType.FLOAT32, List.of(lat, lon), List.of(), Values.computed(i -> i % 13)));
  }

  /** No global attribute, and coordinates without units: nothing to derive an extent from. */
  static DatasetModel noneWithoutCf() {
    Dimension y = new Dimension("y", 4);
    Dimension x = new Dimension("x", 6);
    return withoutGlobals(
        NONE_NO_CF,
        Variable.coordinate(y, DapType.FLOAT32, Values.computed(i -> i)),
        Variable.coordinate(x, DapType.FLOAT32, Values.computed(i -> i)),
        new Variable("v", DapType.FLOAT32, List.of(y, x), List.of(), Values.computed(i -> i % 5)));
  }

  /** A dataset of {@code variables} whose NC_GLOBAL is empty: no global attribute at all. */
  private static DatasetModel withoutGlobals(String name, Variable... variables) {
    return new DatasetModel(
        name, List.of(variables), List.of(new AttributeContainer("NC_GLOBAL", List.of())));
  }

  private static Variable coordinate(
      Dimension dimension,
      String axis,
      String standardName,
      String units,
      Values values,
      Attribute extra) {
    return Variable.coordinate(
        dimension,
        DapType.FLOAT64,
        values,
        Attribute.string("axis", axis),
        Attribute.string("standard_name", standardName),
        Attribute.string("long_name", standardName),
        Attribute.string("units", units),
        extra);
  }

  /** The cell edges of a 2-degree axis whose first cell starts at {@code first}, two per cell. */
  private static Variable bounds(String name, Dimension axis, Dimension nv, int first) {
    return new Variable(
        name,
        DapType.FLOAT32,
        List.of(axis, nv),
        List.of(),
        Values.computed(i -> first + 2 * (i / 2) + 2 * (i % 2)));
  }

  /**
   * The attributes of a CF status flag of a quantity: its names with the flag's suffixes, no unit,
   * and quality information as its content.
   */
  private static List<Attribute> statusFlag(String longName, String standardName) {
    return List.of(
        Attribute.string("long_name", longName + " quality flag"),
        Attribute.string("standard_name", standardName + " status_flag"),
        Attribute.string("units", "1"),
        Attribute.string("coverage_content_type", "qualityInformation"));
  }

  private static AttributeContainer unlimited() {
    return new AttributeContainer(
        "DODS_EXTRA", List.of(Attribute.string("Unlimited_Dimension", "time")));
  }

  private static double temperature(int index) {
    int x = index % LONGITUDES;
    int y = (index / LONGITUDES) % LATITUDES;
    int z = (index / (LONGITUDES * LATITUDES)) % DEPTHS;
    int t = index / (LONGITUDES * LATITUDES * DEPTHS);
    double latitude = 10 + 2 * y;
    // Whole hundredths keep the ASCII answers short.
    return Math.round(
            100 * (28 - 0.45 * (latitude - 10) - 0.15 * z * 10 / 10.0 - 0.3 * t + 0.02 * x))
        / 100.0;
  }
}
