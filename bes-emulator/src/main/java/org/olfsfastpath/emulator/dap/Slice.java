package org.olfsfastpath.emulator.dap;

/**
 * A hyperslab of one dimension, {@code [start:stride:stop]} with stop inclusive, already checked
 * against the dimension's size. Value-based.
 */
record Slice(int start, int stride, int stop) {
  Slice {
    if (start < 0 || stride < 1 || stop < start) {
      throw new IllegalArgumentException("bad slice [" + start + ":" + stride + ":" + stop + "]");
    }
  }

  /** The whole of a dimension of {@code size} elements. */
  static Slice all(int size) {
    return new Slice(0, 1, size - 1);
  }

  /** How many elements the slice selects. */
  int count() {
    return (stop - start) / stride + 1;
  }

  /** The index in the full dimension of the slice's {@code i}-th element. */
  int index(int i) {
    return start + i * stride;
  }
}
