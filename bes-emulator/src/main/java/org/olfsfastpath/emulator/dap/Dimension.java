package org.olfsfastpath.emulator.dap;

import java.util.Objects;

/** A named (shared) dimension of a generated dataset. Value-based. */
record Dimension(String name, int size) {
  Dimension {
    Objects.requireNonNull(name, "name == null");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("name is empty");
    }
    if (size < 1) {
      throw new IllegalArgumentException("size < 1: " + size);
    }
  }
}
