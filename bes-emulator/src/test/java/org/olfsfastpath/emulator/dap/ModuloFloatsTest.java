package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The values of the large datasets: the shared formula, and the fast encoding of runs against the
 * value-by-value one it replaces.
 */
final class ModuloFloatsTest {

  /** The formula as {@code scripts/dars --make-data} computes it: a double, then float32. */
  static float expected(int i0, int i1, int i2) {
    return (float) (((7 * i0 + 3 * i1 + i2) % 1000) * 0.1);
  }

  static float expected(int i0, int i1) {
    return (float) (((7 * i0 + i1) % 1000) * 0.1);
  }

  @Test
  void get_isTheFormula_inThreeDimensions() {
    ModuloFloats values = new ModuloFloats(4096, 512, 512);
    int[][] indices = {
      {0, 0, 0},
      {0, 0, 1},
      {0, 1, 0},
      {1, 0, 0},
      {4095, 511, 511},
      {142, 333, 7},
      {1000, 1000 % 512, 999 % 512},
      {2048, 256, 128}
    };
    for (int[] at : indices) {
      int index = (at[0] * 512 + at[1]) * 512 + at[2];
      assertEquals(
          expected(at[0], at[1], at[2]),
          (float) values.get(index),
          "at " + at[0] + "," + at[1] + "," + at[2]);
    }
    // A few values as numbers: 0, 0.1 (as float32), 99.9 and the wrap back to 0.
    assertEquals(0f, (float) values.get(0));
    assertEquals(0.1f, (float) values.get(1));
    assertEquals(99.9f, (float) values.get(163 * 512 + 510)); // 3*163 + 510 = 999
    assertEquals(0f, (float) values.get(163 * 512 + 511)); // 1000 mod 1000
    assertEquals(
        (float) (((7 * 4095 + 3 * 511 + 511) % 1000) * 0.1),
        (float) values.get(4096 * 512 * 512 - 1));
  }

  @Test
  void get_isTheFormula_inTwoDimensions() {
    ModuloFloats values = new ModuloFloats(190, 1000);
    for (int[] at : new int[][] {{0, 0}, {0, 999}, {1, 0}, {189, 999}, {143, 1}}) {
      assertEquals(expected(at[0], at[1]), (float) values.get(at[0] * 1000 + at[1]));
    }
  }

  @Test
  void putFloat32_copiesRunsExactlyAsValueByValueEncodingWould() {
    ModuloFloats fast = new ModuloFloats(37, 1000, 1001);
    Values slow = fast::get; // the default encoding: one get per value
    Random random = new Random(20_240_101);
    for (int trial = 0; trial < 2_000; trial++) {
      int first = random.nextInt(37 * 1000 * 1001);
      int step = random.nextInt(4) == 0 ? 1 : 1 + random.nextInt(1500);
      int count = 1 + random.nextInt(3_000);
      // Keep the run inside the variable; some runs leave their row, which the fast path must see.
      count = Math.min(count, (37 * 1000 * 1001 - 1 - first) / step + 1);
      boolean bigEndian = random.nextBoolean();
      byte[] expected = new byte[count * 4 + 8];
      byte[] actual = new byte[count * 4 + 8];
      assertEquals(4 + count * 4, slow.putFloat32(first, step, count, expected, 4, bigEndian));
      assertEquals(4 + count * 4, fast.putFloat32(first, step, count, actual, 4, bigEndian));
      assertArrayEquals(
          expected,
          actual,
          "first " + first + " step " + step + " count " + count + " bigEndian " + bigEndian);
    }
  }

  @Test
  void putFloat32_writesTheByteOrderAsked() {
    ModuloFloats values = new ModuloFloats(2, 3, 1200);
    byte[] big = new byte[1200 * 4];
    byte[] little = new byte[1200 * 4];
    values.putFloat32(1200, 1, 1200, big, 0, true);
    values.putFloat32(1200, 1, 1200, little, 0, false);
    ByteBuffer bigValues = ByteBuffer.wrap(big).order(ByteOrder.BIG_ENDIAN);
    ByteBuffer littleValues = ByteBuffer.wrap(little).order(ByteOrder.LITTLE_ENDIAN);
    for (int lon = 0; lon < 1200; lon++) {
      assertEquals(expected(0, 1, lon), bigValues.getFloat(), "big-endian lon " + lon);
      assertEquals(expected(0, 1, lon), littleValues.getFloat(), "little-endian lon " + lon);
    }
  }

  @Test
  void shapes_otherThanTwoOrThreeDimensions_areRefused() {
    assertEquals(
        "sizes were [5], must be two or three dimensions",
        assertThrows(IllegalArgumentException.class, () -> new ModuloFloats(5)).getMessage());
    assertEquals(
        "sizes were [5, 0], must be >= 1",
        assertThrows(IllegalArgumentException.class, () -> new ModuloFloats(5, 0)).getMessage());
  }
}
