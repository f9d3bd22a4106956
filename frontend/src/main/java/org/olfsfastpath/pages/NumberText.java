package org.olfsfastpath.pages;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as the forms write them: a coordinate value with the fewest significant digits that read
 * back as the very same value (so a value copied from the page selects the same index), and rounded
 * figures for steps. Plain notation from 1e-6 to 1e15, scientific beyond ({@code 1e+34}).
 */
final class NumberText {
  private NumberText() {}

  /**
   * The shortest text that reads back as {@code value}: as a float when {@code float32} (the value
   * came from a Float32 and its double form holds binary noise such as 0.10000000149), else as a
   * double.
   */
  static String exact(double value, boolean float32) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return Double.toString(value);
    }
    if (value == 0) {
      return "0";
    }
    int maxDigits = float32 ? 9 : 17;
    BigDecimal exact = new BigDecimal(value);
    for (int digits = 1; digits <= maxDigits; digits++) {
      BigDecimal rounded = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
      boolean same =
          float32 ? rounded.floatValue() == (float) value : rounded.doubleValue() == value;
      if (same) {
        return plain(rounded);
      }
    }
    return plain(exact.round(new MathContext(maxDigits, RoundingMode.HALF_EVEN)));
  }

  /** {@code value} rounded to {@code digits} significant digits, e.g. a step of 730.485. */
  static String rounded(double value, int digits) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return Double.toString(value);
    }
    if (value == 0) {
      return "0";
    }
    return plain(new BigDecimal(value).round(new MathContext(digits, RoundingMode.HALF_EVEN)));
  }

  private static String plain(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    double magnitude = Math.abs(stripped.doubleValue());
    if (magnitude >= 1e-6 && magnitude < 1e15) {
      return stripped.toPlainString();
    }
    // Scientific, as C's %g writes it: 1e+34, -2.5e-07 becomes -2.5e-7 here (no padding).
    String unscaled = stripped.unscaledValue().abs().toString();
    int exponent = unscaled.length() - 1 - stripped.scale();
    StringBuilder out = new StringBuilder(unscaled.length() + 8);
    if (stripped.signum() < 0) {
      out.append('-');
    }
    out.append(unscaled.charAt(0));
    if (unscaled.length() > 1) {
      out.append('.').append(unscaled, 1, unscaled.length());
    }
    return out.append('e').append(exponent < 0 ? "-" : "+").append(Math.abs(exponent)).toString();
  }

  /** A whole number with thousands separators: {@code 3,114,044}. */
  static String grouped(long value) {
    String digits = Long.toString(Math.abs(value));
    StringBuilder out = new StringBuilder(digits.length() + digits.length() / 3 + 1);
    if (value < 0) {
      out.append('-');
    }
    for (int i = 0; i < digits.length(); i++) {
      if (i > 0 && (digits.length() - i) % 3 == 0) {
        out.append(',');
      }
      out.append(digits.charAt(i));
    }
    return out.toString();
  }
}
