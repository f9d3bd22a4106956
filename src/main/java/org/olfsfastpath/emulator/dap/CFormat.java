package org.olfsfastpath.emulator.dap;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's {@code %.Pg} conversion, which is what libdap's iostream output ({@code setprecision(P)} in the
 * default float field) and the netCDF handler's attribute formatting produce. Java's {@code %g}
 * differs: it keeps trailing zeros and switches to exponent notation at other magnitudes.
 */
final class CFormat {
  private CFormat() {}

  /** Formats {@code value} as C's {@code printf("%.<precision>g", value)} does. */
  static String g(double value, int precision) {
    if (precision <= 0) {
      throw new IllegalArgumentException("precision <= 0: " + precision);
    }
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    if (value == 0) {
      return (Double.doubleToRawLongBits(value) < 0) ? "-0" : "0";
    }
    // BigDecimal(double) is the exact binary value, so HALF_EVEN rounding matches glibc's.
    BigDecimal rounded = new BigDecimal(value).round(new MathContext(precision, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent >= -4 && exponent < precision) {
      String fixed = rounded.setScale(Math.max(precision - 1 - exponent, 0), RoundingMode.HALF_EVEN)
          .toPlainString();
      return stripZeros(fixed);
    }
    String digits = rounded.unscaledValue().abs().toString();
    StringBuilder out = new StringBuilder(precision + 8);
    if (rounded.signum() < 0) {
      out.append('-');
    }
    out.append(digits.charAt(0));
    if (digits.length() > 1) {
      out.append('.').append(digits, 1, digits.length());
    }
    String mantissa = stripZeros(out.toString());
    int magnitude = Math.abs(exponent);
    return mantissa + (exponent < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + magnitude;
  }

  private static String stripZeros(String number) {
    if (number.indexOf('.') < 0) {
      return number;
    }
    int end = number.length();
    while (number.charAt(end - 1) == '0') {
      end--;
    }
    if (number.charAt(end - 1) == '.') {
      end--;
    }
    return number.substring(0, end);
  }
}
