package org.olfsfastpath.emulator.dap;

import java.util.Arrays;

/**
 * The values of the emulator's large synthetic variables: at index (i0, i1, i2) of a
 * three-dimensional variable {@code (float) (((7*i0 + 3*i1 + i2) mod 1000) * 0.1)}, at (i0, i1) of
 * a two-dimensional one {@code (float) (((7*i0 + i1) mod 1000) * 0.1)}, the product computed in
 * double precision and then rounded to Float32. {@code scripts/dars --make-data} writes netCDF
 * files with exactly these values for a real BES, so that both servers send the same bytes: the
 * formula must not change on one side only.
 *
 * <p>Nothing is held but the thousand values the formula can give. A value depends only on its
 * index's residue modulo 1000, and the last index has weight 1, so a run along the last dimension
 * is a window of the thousand values encoded once per byte order: it is copied out of them, at most
 * two copies per thousand values; a strided run looks each value up. Immutable and thread-safe.
 */
final class ModuloFloats implements Values {
  /** The formula's modulus: the number of distinct values. */
  static final int PERIOD = 1000;

  private final int[] sizes;
  private final int[] weights;
  private final int[] bits = new int[PERIOD];
  private final byte[] bigEndian = new byte[PERIOD * 4];
  private final byte[] littleEndian = new byte[PERIOD * 4];

  /**
   * @param sizes the variable's dimension sizes, two or three of them
   * @throws IllegalArgumentException if there are not two or three sizes, or one is below 1
   */
  ModuloFloats(int... sizes) {
    this.sizes = sizes.clone();
    this.weights =
        switch (sizes.length) {
          case 2 -> new int[] {7, 1};
          case 3 -> new int[] {7, 3, 1};
          default ->
              throw new IllegalArgumentException(
                  "sizes were " + Arrays.toString(sizes) + ", must be two or three dimensions");
        };
    for (int size : sizes) {
      if (size < 1) {
        throw new IllegalArgumentException(
            "sizes were " + Arrays.toString(sizes) + ", must be >= 1");
      }
    }
    for (int residue = 0; residue < PERIOD; residue++) {
      bits[residue] = Float.floatToRawIntBits(value(residue));
      DapType.putIntBigEndian(bigEndian, residue * 4, bits[residue]);
      DapType.putIntLittleEndian(littleEndian, residue * 4, bits[residue]);
    }
  }

  /** The value for a residue of the weighted index sum. */
  static float value(int residue) {
    return (float) (residue * 0.1);
  }

  /** The weighted sum of the indices that {@code index} stands for, modulo 1000. */
  int residue(int index) {
    int rest = index;
    int sum = 0;
    for (int d = sizes.length - 1; d >= 0; d--) {
      int i = rest % sizes[d];
      rest /= sizes[d];
      sum = (sum + weights[d] * (i % PERIOD)) % PERIOD;
    }
    return sum;
  }

  @Override
  public double get(int index) {
    return Float.intBitsToFloat(bits[residue(index)]);
  }

  @Override
  public int putFloat32(int first, int step, int count, byte[] buffer, int at, boolean bigEndian) {
    if (count <= 0) {
      return at;
    }
    int rowLength = sizes[sizes.length - 1];
    int column = first % rowLength;
    if (step < 1 || column + (long) (count - 1) * step >= rowLength) {
      // The run leaves its row, where the residue jumps: value by value.
      return Values.super.putFloat32(first, step, count, buffer, at, bigEndian);
    }
    int residue = residue(first);
    if (step == 1) {
      byte[] encoded = bigEndian ? this.bigEndian : this.littleEndian;
      int left = count;
      while (left > 0) {
        int run = Math.min(left, PERIOD - residue);
        System.arraycopy(encoded, residue * 4, buffer, at, run * 4);
        at += run * 4;
        left -= run;
        residue = 0;
      }
      return at;
    }
    // The last index has weight 1: each step adds the step to the residue.
    int advance = step % PERIOD;
    if (bigEndian) {
      for (int i = 0; i < count; i++) {
        at = DapType.putIntBigEndian(buffer, at, bits[residue]);
        residue += advance;
        if (residue >= PERIOD) {
          residue -= PERIOD;
        }
      }
    } else {
      for (int i = 0; i < count; i++) {
        at = DapType.putIntLittleEndian(buffer, at, bits[residue]);
        residue += advance;
        if (residue >= PERIOD) {
          residue -= PERIOD;
        }
      }
    }
    return at;
  }

  @Override
  public String toString() {
    return "ModuloFloats" + Arrays.toString(sizes);
  }
}
