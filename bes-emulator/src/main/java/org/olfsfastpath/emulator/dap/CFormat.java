package org.olfsfastpath.emulator.dap;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.jspecify.annotations.Nullable;

/**
 * C's {@code %.Pg} conversion, which is what libdap's iostream output ({@code setprecision(P)} in
 * the default float field) and the netCDF handler's attribute formatting produce. Java's {@code %g}
 * differs: it keeps trailing zeros and switches to exponent notation at other magnitudes.
 */
final class CFormat {
  private CFormat() {}

  /** Formats a Float32 as C++ does after widening it to double. */
  static String g(float value, int precision) {
    return g(value, precision, true);
  }

  /** Formats {@code value} as C's {@code printf("%.<precision>g", value)} does. */
  static String g(double value, int precision) {
    return g(value, precision, false);
  }

  private static String g(double value, int precision, boolean isFloat) {
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
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      String integer = Long.toString((long) value);
      if (integer.length() - (value < 0 ? 1 : 0) <= precision) {
        return integer;
      }
    }
    if (precision <= 9) {
      String fast = scaled(value, precision);
      if (fast != null) {
        return fast;
      }
    }
    // Java's shortest text reads back as the same value, so it lies within half an ulp of it.
    // Where half an ulp is well below half a unit in the last printed digit, rounding the exact
    // value gives the digits of that text, and the slow exact path can be skipped.
    BigDecimal rounded = null;
    // Subnormal numbers have ulps far coarser than their digits suggest: exact path only.
    boolean normal = Math.abs(value) >= (isFloat ? Float.MIN_NORMAL : Double.MIN_NORMAL);
    if (normal && (isFloat ? precision <= 7 : precision <= 15)) {
      rounded =
          new BigDecimal(isFloat ? Float.toString((float) value) : Double.toString(value))
              .stripTrailingZeros();
      if (rounded.precision() > precision) {
        rounded = null;
      }
    }
    if (rounded == null) {
      return exact(value, precision);
    }
    return layout(rounded, precision);
  }

  /** The reference conversion: round the exact binary value. Finite, non-zero values only. */
  static String exact(double value, int precision) {
    // BigDecimal(double) is the exact binary value, so HALF_EVEN rounding matches glibc's.
    return layout(
        new BigDecimal(value).round(new MathContext(precision, RoundingMode.HALF_EVEN)), precision);
  }

  /** %g's choice between fixed and exponent notation, trailing zeros removed. */
  private static String layout(BigDecimal rounded, int precision) {
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent >= -4 && exponent < precision) {
      String fixed =
          rounded
              .setScale(Math.max(precision - 1 - exponent, 0), RoundingMode.HALF_EVEN)
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

  private static final double[] POWERS_OF_TEN = new double[23];

  static {
    double power = 1;
    for (int i = 0; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = power;
      power *= 10;
    }
  }

  /**
   * Few digits: scale the value to a {@code precision}-digit integer in double arithmetic. The
   * error of that is far below the rounding step, so the result is exact unless the scaled value
   * lies within a hair of a half, which is left (as null) to the exact path.
   */
  private static @Nullable String scaled(double value, int precision) {
    double magnitude = Math.abs(value);
    int exponent = (int) Math.floor(Math.log10(magnitude));
    int shift = precision - 1 - exponent;
    if (shift < -22 || shift > 22) {
      return null;
    }
    double scaled =
        shift >= 0 ? magnitude * POWERS_OF_TEN[shift] : magnitude / POWERS_OF_TEN[-shift];
    long low = precision > 0 ? (long) POWERS_OF_TEN[precision - 1] : 1;
    // log10 can land one off near powers of ten; re-derive from the scaled value.
    if (scaled < low - 0.5 || scaled >= 10 * low - 0.5) {
      return null;
    }
    double floor = Math.floor(scaled);
    double fraction = scaled - floor;
    if (Math.abs(fraction - 0.5) < 1e-3) {
      return null;
    }
    long digits = (long) floor + (fraction > 0.5 ? 1 : 0);
    if (digits >= 10 * low) {
      digits /= 10;
      exponent++;
    }
    String text = Long.toString(digits);
    StringBuilder out = new StringBuilder(precision + 8);
    if (value < 0) {
      out.append('-');
    }
    if (exponent >= -4 && exponent < precision) {
      if (exponent >= 0) {
        out.append(text, 0, exponent + 1).append('.').append(text, exponent + 1, text.length());
      } else {
        out.append("0.");
        for (int i = -1; i > exponent; i--) {
          out.append('0');
        }
        out.append(text);
      }
      return stripZeros(out.toString());
    }
    out.append(text.charAt(0)).append('.').append(text, 1, text.length());
    String mantissa = stripZeros(out.toString());
    int power = Math.abs(exponent);
    return mantissa + (exponent < 0 ? "e-" : "e+") + (power < 10 ? "0" : "") + power;
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
