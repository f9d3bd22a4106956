package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** CFormat against C's printf("%.Pg") (expected texts taken from glibc/CPython). */
final class CFormatTest {
  @Test
  void float32AsLibdapPrintsIt() {
    assertEquals("-1e+34", CFormat.g(-1.0e34f, 6));
    assertEquals("0.1", CFormat.g(0.1f, 6));
    assertEquals("1.23457e-05", CFormat.g(1.23456789e-5f, 6));
    assertEquals("1e+07", CFormat.g(9999995.0f, 6));
    assertEquals("3.14159", CFormat.g((float) Math.PI, 6));
    assertEquals("1096.48", CFormat.g(1096.485f, 6));
  }

  @Test
  void float32AttributesAsTheNetcdfHandlerPrintsThem() {
    assertEquals("-9.99999979e+33", CFormat.g(-1.0e34f, 9));
    assertEquals("0.100000001", CFormat.g(0.1f, 9));
    assertEquals("9.99999975e-06", CFormat.g(1e-5f, 9));
    assertEquals("1096.48499", CFormat.g(1096.485f, 9));
  }

  @Test
  void float64WithFifteenDigits() {
    assertEquals("1096.485", CFormat.g(1096.4850000000001, 15));
    assertEquals("3.14159265358979", CFormat.g(Math.PI, 15));
    assertEquals("1e+15", CFormat.g(1e15, 15));
    assertEquals("123456.5", CFormat.g(123456.5, 15));
    assertEquals("0.00012345", CFormat.g(0.00012345, 15));
    assertEquals("4.94065645841247e-324", CFormat.g(Double.MIN_VALUE, 15));
    assertEquals("1.79769313486232e+308", CFormat.g(Double.MAX_VALUE, 15));
  }

  @Test
  void tiesRoundToEven() {
    assertEquals("123456", CFormat.g(123456.5, 6));
    assertEquals("2", CFormat.g(2.5, 1));
    assertEquals("1.23457e+06", CFormat.g(1234567.0, 6));
  }

  @Test
  void seventeenDigits() {
    assertEquals("0.10000000000000001", CFormat.g(0.1, 17));
    assertEquals("-9.9999999999999995e+33", CFormat.g(-1e34, 17));
  }

  @Test
  void specialValues() {
    assertEquals("0", CFormat.g(0.0, 6));
    assertEquals("-0", CFormat.g(-0.0, 6));
    assertEquals("nan", CFormat.g(Double.NaN, 6));
    assertEquals("-inf", CFormat.g(Double.NEGATIVE_INFINITY, 6));
    assertEquals("21", CFormat.g(21.0, 15));
    assertEquals("-89", CFormat.g(-89.0, 15));
  }

  @Test
  void precision_notPositive() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CFormat.g(1.0, 0));
    assertEquals("precision <= 0: 0", e.getMessage());
  }

  @Test
  void fastPathsAgreeWithExactRounding() {
    SplittableRandom random = new SplittableRandom(20240611);
    for (int i = 0; i < 10_000; i++) {
      double magnitude = Math.pow(10, random.nextInt(-40, 40));
      double value = (random.nextDouble() - 0.5) * magnitude;
      float single = (float) value;
      if (value == 0 || single == 0 || Float.isInfinite(single)) {
        continue;
      }
      for (int precision : new int[] {6, 9}) {
        assertEquals(
            CFormat.exact(single, precision),
            CFormat.g(single, precision),
            "float " + single + " %." + precision + "g");
      }
      for (int precision : new int[] {6, 15}) {
        assertEquals(
            CFormat.exact(value, precision),
            CFormat.g(value, precision),
            "double " + value + " %." + precision + "g");
      }
      // Short decimals: ties and near-ties are where the fast paths must step aside.
      double decimal = Math.round(value * 1000) / 1000.0;
      if (decimal != 0) {
        assertEquals(CFormat.exact(decimal, 6), CFormat.g(decimal, 6), "double " + decimal);
      }
    }
  }
}
