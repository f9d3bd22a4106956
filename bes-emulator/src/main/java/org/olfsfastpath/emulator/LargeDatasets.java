package org.olfsfastpath.emulator;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.emulator.dap.EmulatedDataset;

/**
 * The large datasets beside the built-ins, whose values are generated as they are written: {@code
 * /big/<N>MiB.nc} for N from 1 to 4096, a Float32 {@code data[time=N][lat=512][lon=512]} (exactly N
 * MiB of values, so a whole {@code .dods} answer of about N MiB), and the two shapes of the DARS
 * benchmark, {@code /dars/float32_116x1000x1000.nc} (a 464 MB answer) and {@code
 * /dars/float32_190x1000.nc} (760 kB). {@code /big/} lists a few sizes and answers for every N in
 * range; any other name there, like any other name under {@code /dars/}, is not found, as a missing
 * file is. A few datasets are kept with their parsed constraints; their values never are.
 * Thread-safe.
 */
final class LargeDatasets {
  static final String BIG = "big";
  static final String DARS = "dars";
  static final int MIN_MIB = 1;
  static final int MAX_MIB = 4096;

  /** 512 x 512 Float32 values: one MiB per time step. */
  static final int SIDE = 512;

  /** What {@code /big/} lists; every other size in range is served all the same. */
  static final List<String> BIG_LISTED = List.of("40MiB.nc", "400MiB.nc", "4096MiB.nc");

  static final String DARS_LARGE = "float32_116x1000x1000.nc";
  static final String DARS_SMALL = "float32_190x1000.nc";

  /** One spelling per size: no leading zero, no sign, the suffix exactly. */
  private static final Pattern BIG_NAME = Pattern.compile("([1-9][0-9]{0,3})MiB\\.nc");

  private final Cache<String, EmulatedDataset> datasets =
      Caffeine.newBuilder().maximumSize(64).build();

  /** Sizes of the files as listed; at most 4,098 names exist. */
  private final Map<String, Long> sizes = new ConcurrentHashMap<>();

  /** The directories at the catalog root. */
  List<String> directories() {
    return List.of(BIG, DARS);
  }

  boolean isDirectory(String name) {
    return name.equals(BIG) || name.equals(DARS);
  }

  /** The file names {@code directory} lists. */
  List<String> listed(String directory) {
    return switch (directory) {
      case BIG -> BIG_LISTED;
      case DARS -> List.of(DARS_LARGE, DARS_SMALL);
      default -> List.of();
    };
  }

  /** Whether {@code directory} holds a dataset named {@code file}, listed or not. */
  boolean contains(String directory, String file) {
    return switch (directory) {
      case BIG -> mebibytes(file) > 0;
      case DARS -> file.equals(DARS_LARGE) || file.equals(DARS_SMALL);
      default -> false;
    };
  }

  /**
   * The dataset named {@code file} in {@code directory}.
   *
   * @throws IllegalArgumentException if there is none (see {@link #contains})
   */
  EmulatedDataset dataset(String directory, String file) {
    if (!contains(directory, file)) {
      throw new IllegalArgumentException("no large dataset /" + directory + "/" + file);
    }
    return datasets.get(
        directory + "/" + file,
        key ->
            switch (directory) {
              case BIG -> Datasets.float32Cube(file, mebibytes(file), SIDE, SIDE);
              case DARS ->
                  file.equals(DARS_LARGE)
                      ? Datasets.float32Cube(file, 116, 1000, 1000)
                      : Datasets.float32Plane(file, 190, 1000);
              default -> throw new AssertionError("checked by contains: " + directory);
            });
  }

  /**
   * The size showNode gives: the length of the classic netCDF file that {@code get stream} sends,
   * as a real file's size is what streaming it sends.
   */
  long size(String directory, String file) {
    return sizes.computeIfAbsent(
        directory + "/" + file, key -> Datasets.streamLength(dataset(directory, file)));
  }

  /** N for a name {@code <N>MiB.nc} with N in range, else 0. */
  private static int mebibytes(String file) {
    Matcher matcher = BIG_NAME.matcher(file);
    if (!matcher.matches()) {
      return 0;
    }
    int n = Integer.parseInt(matcher.group(1));
    return n >= MIN_MIB && n <= MAX_MIB ? n : 0;
  }
}
