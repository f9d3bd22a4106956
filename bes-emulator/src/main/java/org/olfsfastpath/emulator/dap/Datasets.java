package org.olfsfastpath.emulator.dap;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The emulator's datasets: stand-ins for the files Hyrax ships as samples ({@code
 * coads_climatology.nc}, {@code fnoc1.nc}), a small generated Grid for any other file name, and
 * large arrays of any size whose values are generated as they are written. Every call builds new
 * instances; a dataset computes its values on first use and is then thread-safe and cheap to query,
 * so callers should keep the instances they use.
 */
public final class Datasets {
  /**
   * The file name of {@link #hostile()}: {@code hostile"'<img src=x onerror=alert(1)>.nc}, markup
   * and quotes that a directory may hold.
   */
  public static final String HOSTILE_FILE_NAME = HostileNames.FILE_NAME;

  /** The file name of {@link #acddRich()}. */
  public static final String ACDD_RICH_FILE_NAME = AcddSamples.RICH;

  /** The file name of {@link #acddNone()}. */
  public static final String ACDD_NONE_FILE_NAME = AcddSamples.NONE;

  /** The file name of {@link #acddNoneWithoutCf()}. */
  public static final String ACDD_NONE_NO_CF_FILE_NAME = AcddSamples.NONE_NO_CF;

  /** The file name of {@link #hostileValues()}. */
  public static final String HOSTILE_VALUES_FILE_NAME = HostileValues.FILE_NAME;

  /** The length of {@link #hostileValues()}'s summary: 1 MiB of characters. */
  public static final int HOSTILE_SUMMARY_LENGTH = HostileValues.SUMMARY_LENGTH;

  private Datasets() {}

  /** Built-in datasets keyed by file name, e.g. {@code coads_climatology.nc}. */
  public static Map<String, EmulatedDataset> builtIns() {
    Map<String, EmulatedDataset> datasets = new LinkedHashMap<>();
    datasets.put(CoadsClimatology.FILE_NAME, coadsClimatology());
    datasets.put(Fnoc1.FILE_NAME, fnoc1());
    return java.util.Collections.unmodifiableMap(datasets);
  }

  /**
   * A stand-in for {@code coads_climatology.nc}: COADSX, COADSY, TIME and the Grids SST, AIRT, UWND
   * and VWND, with the real file's coordinates and attributes and generated values.
   */
  public static EmulatedDataset coadsClimatology() {
    return new GeneratedDataset(CoadsClimatology.model());
  }

  /** A stand-in for {@code fnoc1.nc}: Int16 winds u and v, Float32 lat, lon and time. */
  public static EmulatedDataset fnoc1() {
    return new GeneratedDataset(Fnoc1.model());
  }

  /**
   * A dataset whose names and attribute values are markup, for checking that pages escape what the
   * BES sends: its file name is {@link #HOSTILE_FILE_NAME}; Float64 {@code x[4]} and the Float32
   * Grid {@code <script>alert(2)</script>"'} over it, whose {@code long_name} and an attribute
   * named {@code on"'<b>x} hold more markup; a global {@code title} of {@code
   * </script><script>alert(4)</script>}. Each would-be script alerts its own number.
   */
  public static EmulatedDataset hostile() {
    return new GeneratedDataset(HostileNames.model());
  }

  /**
   * A dataset stating every ACDD 1.3 global attribute (highly recommended, recommended and
   * suggested) truly, for the discovery records: temperature and its quality flag over time[4] x
   * depth[3] x lat[21] x lon[26], 10 to 50 north and 60 to 10 west, January to April 2020 in {@code
   * days since 1970-01-01}, depth positive down; the coordinates have axis, standard_name and
   * bounds variables, the data variables long_name, standard_name, units and coverage_content_type.
   */
  public static EmulatedDataset acddRich() {
    return new GeneratedDataset(AcddSamples.rich());
  }

  /**
   * A dataset with no global attribute at all: CF coordinates lat[5] (-20 to 20 north) and lon[8]
   * (100 to 135 east), and a data variable {@code v[lat][lon]} without attributes.
   */
  public static EmulatedDataset acddNone() {
    return new GeneratedDataset(AcddSamples.none());
  }

  /** As {@link #acddNone()}, with coordinates {@code y} and {@code x} that have no units. */
  public static EmulatedDataset acddNoneWithoutCf() {
    return new GeneratedDataset(AcddSamples.noneWithoutCf());
  }

  /**
   * A dataset whose global attribute values are hostile to metadata records: markup in the title,
   * keywords, license and creator, the control characters a BES's XML can carry, a summary of
   * {@link #HOSTILE_SUMMARY_LENGTH} characters, a date that is not one and an id with blanks.
   */
  public static EmulatedDataset hostileValues() {
    return new GeneratedDataset(HostileValues.model());
  }

  /**
   * A small generated dataset answering for any file name that has no built-in: Float64 time[2],
   * Float32 lat[10] and lon[20], and a Float32 Grid temperature[time][lat][lon].
   *
   * @param name the file name the dataset reports (its DDS and DMR name), e.g. {@code sst.nc}
   * @throws IllegalArgumentException if {@code name} is empty
   */
  public static EmulatedDataset generic(String name) {
    Objects.requireNonNull(name, "name == null");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("name is empty");
    }
    return new GeneratedDataset(GenericGrid.model(name));
  }

  /**
   * A large dataset whose values are generated as they are written, never held: one Float32
   * variable {@code data[time][lat][lon]} with no coordinate variables, attributes {@code units}
   * and {@code long_name}, and a global {@code title}. The value at (time, lat, lon) is {@code
   * (float) (((7*time + 3*lat + lon) mod 1000) * 0.1)}, the formula that {@code scripts/dars
   * --make-data} writes into netCDF files for a real BES. Every DAP2 and DAP4 answer, constrained
   * or not, streams through a fixed buffer whatever its size.
   *
   * @param name the file name the dataset reports, e.g. {@code 400MiB.nc}
   * @throws IllegalArgumentException if {@code name} is empty, a size is below 1 or the variable
   *     would hold more than {@link Integer#MAX_VALUE} values
   */
  public static EmulatedDataset float32Cube(String name, int times, int latitudes, int longitudes) {
    return new GeneratedDataset(ModuloArray.cube(name, times, latitudes, longitudes));
  }

  /**
   * As {@link #float32Cube} with two dimensions: {@code data[time][lon]}, whose value at (time,
   * lon) is {@code (float) (((7*time + lon) mod 1000) * 0.1)}.
   *
   * @throws IllegalArgumentException if {@code name} is empty, a size is below 1 or the variable
   *     would hold more than {@link Integer#MAX_VALUE} values
   */
  public static EmulatedDataset float32Plane(String name, int times, int longitudes) {
    return new GeneratedDataset(ModuloArray.plane(name, times, longitudes));
  }

  /**
   * The length of what {@code get stream} sends for a dataset of this class, which has no file: its
   * whole stand-in as a classic netCDF file. Computed from the header, no value is generated.
   *
   * @throws IllegalArgumentException if {@code dataset} was not made by this class
   */
  public static long streamLength(EmulatedDataset dataset) {
    Objects.requireNonNull(dataset, "dataset == null");
    if (!(dataset instanceof GeneratedDataset generated)) {
      throw new IllegalArgumentException("dataset was " + dataset + ", not one made by Datasets");
    }
    return FileOutNetcdf.stream(generated.model()).length();
  }

  /**
   * The dataset for a catalog path: the built-in stand-in for its file name if there is one (or
   * {@link #hostile()}, {@link #hostileValues()} and the ACDD samples for their file names),
   * otherwise a generic dataset named after the file; {@code
   * BesEmulatorBuilder.genericDataset(Datasets::find)} serves them from a data directory's files of
   * those names. Directories are ignored, as the BES names a dataset after its file: {@code
   * /data/nc/coads_climatology.nc} is the coads stand-in.
   *
   * @param path a file name or catalog path such as {@code /coads_climatology.nc}
   * @throws IllegalArgumentException if {@code path} names no file (empty or ends with '/')
   */
  public static EmulatedDataset find(String path) {
    Objects.requireNonNull(path, "path == null");
    String fileName = path.substring(path.lastIndexOf('/') + 1);
    if (fileName.isEmpty()) {
      throw new IllegalArgumentException("path names no file: \"" + path + "\"");
    }
    return switch (fileName) {
      case CoadsClimatology.FILE_NAME -> coadsClimatology();
      case Fnoc1.FILE_NAME -> fnoc1();
      case HostileNames.FILE_NAME -> hostile();
      case AcddSamples.RICH -> acddRich();
      case AcddSamples.NONE -> acddNone();
      case AcddSamples.NONE_NO_CF -> acddNoneWithoutCf();
      case HostileValues.FILE_NAME -> hostileValues();
      default -> generic(fileName);
    };
  }
}
