package org.olfsfastpath.emulator.dap;

import java.util.Map;

/**
 * The emulator's built-in datasets. Planned: {@code coadsClimatology()} (a stand-in for
 * coads_climatology.nc), {@code generic(name)} for files and synthetic catalog entries with no
 * built-in of their own, and {@code builtIns()} keyed by file name.
 */
public final class Datasets {
  private Datasets() {}

  /** Built-in datasets keyed by file name, e.g. {@code coads_climatology.nc}. */
  public static Map<String, EmulatedDataset> builtIns() {
    double[] coadsx = new double[180];
    for (int i = 0; i < coadsx.length; i++) {
      coadsx[i] = 21 + 2 * i;
    }
    return Map.of("coads_climatology.nc",
        new RoughDataset("coads_climatology.nc", "COADSX", coadsx));
  }

  /** A small generated dataset answering for any file name that has no built-in. */
  public static EmulatedDataset generic(String name) {
    return new RoughDataset(name, "lon", new double[] {0, 1, 2, 3});
  }
}
