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
    throw new UnsupportedOperationException("not implemented yet");
  }

  /** A small generated dataset answering for any file name that has no built-in. */
  public static EmulatedDataset generic(String name) {
    throw new UnsupportedOperationException("not implemented yet");
  }
}
