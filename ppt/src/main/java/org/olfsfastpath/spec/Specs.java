package org.olfsfastpath.spec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The grammar of setting values, the same for every layer and every olfs.xml attribute.
 *
 * <ul>
 *   <li>Durations: a number, optionally with a fraction, then a unit {@code ms s m h d}; a bare
 *       number is seconds, as Hyrax's olfs.xml writes its timeouts ({@code 30}, {@code 0.5}, {@code
 *       500ms}, {@code 10m}, {@code 1.5h}).
 *   <li>Sizes in bytes: a number, optionally with a fraction, then {@code B}, {@code KiB MiB GiB}
 *       (powers of 1024) or {@code KB MB GB} (powers of 1000); a bare number is bytes.
 *   <li>Booleans: {@code true} or {@code false}, any case.
 *   <li>Integers: decimal digits, {@code _} allowed between them.
 * </ul>
 *
 * <p>Each parse method throws {@link IllegalArgumentException} saying what the value must be;
 * {@link SpecParser} turns it into a {@link SpecException} naming the key and the raw value.
 */
public final class Specs {
  private static final Pattern DURATION =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)?", Pattern.CASE_INSENSITIVE);
  private static final Pattern SIZE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(b|kib|mib|gib|kb|mb|gb)?", Pattern.CASE_INSENSITIVE);
  private static final BigDecimal NANOS_PER_SECOND = BigDecimal.valueOf(1_000_000_000L);
  private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);

  /** A maximum this long or longer means no maximum (e.g. {@code ChronoUnit.FOREVER}). */
  private static final Duration UNBOUNDED = Duration.ofDays(365L * 1000);

  /** What a duration must look like, for messages and docs. */
  public static final String DURATION_FORM =
      "a number of seconds (30, 0.5) or a number with a unit: ms, s, m, h, d (500ms, 10m)";

  /** What a size must look like, for messages and docs. */
  public static final String SIZE_FORM =
      "a number of bytes, or a number with a unit: KiB, MiB, GiB, KB, MB, GB (256KiB, 64MiB)";

  private Specs() {}

  /**
   * Parses a duration ({@link #DURATION_FORM}).
   *
   * @throws IllegalArgumentException if {@code value} is not one, or longer than about 292 years
   */
  public static Duration duration(String value) {
    Matcher m = DURATION.matcher(value.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("must be " + DURATION_FORM);
    }
    String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
    long nanosPerUnit =
        switch (unit) {
          case "ms" -> 1_000_000L;
          case "s" -> 1_000_000_000L;
          case "m" -> 60_000_000_000L;
          case "h" -> 3_600_000_000_000L;
          default -> 86_400_000_000_000L;
        };
    BigDecimal nanos =
        new BigDecimal(m.group(1))
            .multiply(BigDecimal.valueOf(nanosPerUnit))
            .setScale(0, RoundingMode.HALF_UP);
    if (nanos.compareTo(MAX_NANOS) > 0) {
      throw new IllegalArgumentException("is too long");
    }
    return Duration.ofNanos(nanos.longValueExact());
  }

  /**
   * Parses a size in bytes ({@link #SIZE_FORM}).
   *
   * @throws IllegalArgumentException if {@code value} is not one, is not a whole number of bytes,
   *     or exceeds Long.MAX_VALUE
   */
  public static long size(String value) {
    Matcher m = SIZE.matcher(value.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("must be " + SIZE_FORM);
    }
    String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
    long multiplier =
        switch (unit) {
          case "kib" -> 1L << 10;
          case "mib" -> 1L << 20;
          case "gib" -> 1L << 30;
          case "kb" -> 1_000L;
          case "mb" -> 1_000_000L;
          case "gb" -> 1_000_000_000L;
          default -> 1L;
        };
    BigDecimal bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(multiplier));
    if (bytes.compareTo(MAX_NANOS) > 0) {
      throw new IllegalArgumentException("is too large");
    }
    try {
      return bytes.longValueExact();
    } catch (ArithmeticException fraction) {
      throw new IllegalArgumentException("is not a whole number of bytes", fraction);
    }
  }

  /**
   * Parses {@code true} or {@code false}, in any case.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static boolean bool(String value) {
    String v = value.strip();
    if (v.equalsIgnoreCase("true")) {
      return true;
    }
    if (v.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException("must be true or false");
  }

  /**
   * Parses a decimal integer; {@code _} may separate digits.
   *
   * @throws IllegalArgumentException if it is not one or does not fit in a long
   */
  public static long integer(String value) {
    String v = value.strip();
    if (!v.matches("-?\\d+(_\\d+)*")) {
      throw new IllegalArgumentException("must be an integer");
    }
    try {
      return Long.parseLong(v.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("is too large", e);
    }
  }

  /**
   * Parses a decimal integer that fits in an int.
   *
   * @throws IllegalArgumentException if it is not one
   */
  public static int intValue(String value) {
    long v = integer(value);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("is too large");
    }
    return (int) v;
  }

  /**
   * The one range check of a duration setting (after OkHttp's {@code checkDuration}): refuses a
   * null, a negative value, one outside {@code [min, max]}, and one that is not zero but rounds to
   * 0 ms (a timeout of 0.1 ms would fire before anything could happen). With {@code min} zero, zero
   * itself is allowed and means what the setting documents (e.g. fail at once).
   *
   * @param name the setting's name, for the message
   * @param min the least value, zero or at least 1 ms
   * @param max the greatest value; 1,000 years or more means none
   * @return {@code value}
   * @throws NullPointerException if {@code value} is null ({@code "<name> == null"})
   * @throws IllegalArgumentException naming the setting, the value and the allowed range, e.g.
   *     {@code "readTimeout was PT0S, must be between 1 ms and 1 day"}
   */
  public static Duration checkDuration(String name, Duration value, Duration min, Duration max) {
    Objects.requireNonNull(value, () -> name + " == null");
    boolean roundsToZero =
        !value.isZero() && !value.isNegative() && value.compareTo(Duration.ofMillis(1)) < 0;
    if (value.isNegative()
        || roundsToZero
        || value.compareTo(min) < 0
        || value.compareTo(max) > 0) {
      String low = min.isZero() ? "0 or " : "";
      Duration least = min.isZero() ? Duration.ofMillis(1) : min;
      String range =
          max.compareTo(UNBOUNDED) >= 0
              ? low + "at least " + describe(least)
              : low + "between " + describe(least) + " and " + describe(max);
      throw new IllegalArgumentException(name + " was " + value + ", must be " + range);
    }
    return value;
  }

  /**
   * A range bound in words: {@code 1 ms}, {@code 5 s}, {@code 10 min}, {@code 1 hour}, {@code 1
   * day}.
   */
  static String describe(Duration d) {
    long ms = d.toMillis();
    if (ms % 86_400_000L == 0) {
      return plural(ms / 86_400_000L, "day");
    }
    if (ms % 3_600_000L == 0) {
      return plural(ms / 3_600_000L, "hour");
    }
    if (ms % 60_000L == 0) {
      return ms / 60_000L + " min";
    }
    if (ms % 1_000L == 0) {
      return ms / 1_000L + " s";
    }
    return ms + " ms";
  }

  private static String plural(long n, String unit) {
    return n + " " + unit + (n == 1 ? "" : "s");
  }

  /**
   * Writes a duration in the grammar's own form, as short as it is exact: {@code 500ms}, {@code
   * 5s}, {@code 1.5s}, {@code 10m}, {@code 2h}, {@code 1d}; sub-millisecond values in nanoseconds
   * ({@code 100000ns}), which the grammar refuses anyway.
   */
  public static String format(Duration duration) {
    long nanos;
    try {
      nanos = duration.toNanos();
    } catch (ArithmeticException e) {
      return duration.toString();
    }
    if (nanos == 0) {
      return "0s";
    }
    long[] units = {
      86_400_000_000_000L, 3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L
    };
    String[] names = {"d", "h", "m", "s", "ms"};
    for (int i = 0; i < units.length; i++) {
      if (nanos % units[i] == 0) {
        return nanos / units[i] + names[i];
      }
    }
    if (nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    if (Math.abs(nanos) >= 1_000_000_000L && nanos % 1_000_000L == 0) {
      return new BigDecimal(nanos).divide(NANOS_PER_SECOND).stripTrailingZeros().toPlainString()
          + "s";
    }
    return nanos + "ns";
  }

  /** Nanoseconds, saturating at {@code Long.MAX_VALUE} (about 292 years) instead of overflowing. */
  public static long toNanosSaturated(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException e) {
      return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  /**
   * Writes a size in bytes as short as it is exact: {@code 64MiB}, {@code 256KiB}, {@code 1000}.
   */
  public static String formatSize(long bytes) {
    if (bytes != 0 && bytes % (1L << 30) == 0) {
      return (bytes >> 30) + "GiB";
    }
    if (bytes != 0 && bytes % (1L << 20) == 0) {
      return (bytes >> 20) + "MiB";
    }
    if (bytes != 0 && bytes % (1L << 10) == 0) {
      return (bytes >> 10) + "KiB";
    }
    return Long.toString(bytes);
  }
}
