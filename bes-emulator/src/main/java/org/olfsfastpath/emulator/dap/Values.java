package org.olfsfastpath.emulator.dap;

import java.util.Objects;
import java.util.function.IntToDoubleFunction;
import org.jspecify.annotations.Nullable;

/**
 * The values of one variable in row-major order, generated rather than read. Implementations are
 * thread-safe.
 */
interface Values {
  /** The value at {@code index}, a row-major position within the variable's full shape. */
  double get(int index);

  /**
   * Encodes {@code count} values, read at {@code first}, {@code first + step}, ..., as Float32 into
   * {@code buffer} at {@code at}, big-endian (XDR, netCDF) or little-endian (DAP4); returns the
   * next position. This reads each value through {@link #get}; a generator that streams large
   * variables overrides it to encode a whole run without a call per value.
   */
  default int putFloat32(int first, int step, int count, byte[] buffer, int at, boolean bigEndian) {
    int index = first;
    if (bigEndian) {
      for (int i = 0; i < count; i++, index += step) {
        at = DapType.putIntBigEndian(buffer, at, Float.floatToRawIntBits((float) get(index)));
      }
    } else {
      for (int i = 0; i < count; i++, index += step) {
        at = DapType.putIntLittleEndian(buffer, at, Float.floatToRawIntBits((float) get(index)));
      }
    }
    return at;
  }

  static Values of(double... values) {
    double[] copy = values.clone();
    return index -> copy[index];
  }

  static Values of(float... values) {
    float[] copy = values.clone();
    return index -> copy[index];
  }

  /** Values computed on each read: for small or cheap generators. */
  static Values computed(IntToDoubleFunction generator) {
    Objects.requireNonNull(generator, "generator == null");
    return generator::applyAsDouble;
  }

  /**
   * Float32 values computed once, on first read, then served from memory: large data variables cost
   * nothing until asked for and little afterwards.
   */
  static Values lazyFloats(int count, IntToDoubleFunction generator) {
    return new LazyFloats(count, generator);
  }

  /** Holds the generated array; the race on first use only duplicates work, never corrupts. */
  final class LazyFloats implements Values {
    private final int count;
    private final IntToDoubleFunction generator;
    private volatile float @Nullable [] values;

    LazyFloats(int count, IntToDoubleFunction generator) {
      this.count = count;
      this.generator = Objects.requireNonNull(generator, "generator == null");
    }

    @Override
    public double get(int index) {
      float[] current = values;
      if (current == null) {
        current = new float[count];
        for (int i = 0; i < count; i++) {
          current[i] = (float) generator.applyAsDouble(i);
        }
        values = current;
      }
      return current[index];
    }
  }
}
