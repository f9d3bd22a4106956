package org.olfsfastpath.emulator.dap;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The emulator's datasets: stand-ins for the files Hyrax ships as samples
 * ({@code coads_climatology.nc}, {@code fnoc1.nc}) and a small generated Grid for any other file
 * name. Every call builds new instances; a dataset computes its values on first use and is then
 * thread-safe and cheap to query, so callers should keep the instances they use.
 */
public final class Datasets {
  private Datasets() {}

  /** Built-in datasets keyed by file name, e.g. {@code coads_climatology.nc}. */
  public static Map<String, EmulatedDataset> builtIns() {
    Map<String, EmulatedDataset> datasets = new LinkedHashMap<>();
    datasets.put(CoadsClimatology.FILE_NAME, coadsClimatology());
    datasets.put(Fnoc1.FILE_NAME, fnoc1());
    return java.util.Collections.unmodifiableMap(datasets);
  }

  /**
   * A stand-in for {@code coads_climatology.nc}: COADSX, COADSY, TIME and the Grids SST, AIRT,
   * UWND and VWND, with the real file's coordinates and attributes and generated values.
   */
  public static EmulatedDataset coadsClimatology() {
    return new GeneratedDataset(CoadsClimatology.model());
  }

  /** A stand-in for {@code fnoc1.nc}: Int16 winds u and v, Float32 lat, lon and time. */
  public static EmulatedDataset fnoc1() {
    return new GeneratedDataset(Fnoc1.model());
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
   * The dataset for a catalog path: the built-in stand-in for its file name if there is one,
   * otherwise a generic dataset named after the file. Directories are ignored, as the BES names a
   * dataset after its file: {@code /data/nc/coads_climatology.nc} is the coads stand-in.
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
      default -> generic(fileName);
    };
  }
}
