package org.olfsfastpath.pages;

import java.util.Locale;
import java.util.Optional;

/**
 * The calendars of the CF conventions that the forms turn into dates, each as a count of days (a
 * day number) and back. Years are astronomical: year 0 is the year before year 1, and it is a leap
 * year in the Julian and Gregorian rules alike. The form's script counts the same way ({@code
 * form.js}, {@code dayNumber}).
 */
enum CfCalendar {
  /**
   * CF's {@code standard} (also {@code gregorian}, and the default): Julian before 1582-10-15,
   * Gregorian from then on, the ten days between not existing; as UDUNITS counts.
   */
  STANDARD("standard"),
  PROLEPTIC_GREGORIAN("proleptic_gregorian"),
  JULIAN("julian"),
  NOLEAP("noleap"),
  ALL_LEAP("all_leap"),
  DAY_360("360_day");

  /** The Julian day number of 1582-10-15, the first Gregorian day of the standard calendar. */
  static final long GREGORIAN_START = 2_299_161;

  private static final int[] DAYS_BEFORE_MONTH = {
    0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365
  };

  private final String cfName;

  CfCalendar(String cfName) {
    this.cfName = cfName;
  }

  /** The name the CF conventions give it, e.g. {@code standard}. */
  String cfName() {
    return cfName;
  }

  /**
   * The calendar a variable's {@code calendar} attribute names, in any case; empty for a name this
   * front end does not understand ({@code none}, or anything not in CF).
   */
  static Optional<CfCalendar> named(String attribute) {
    return switch (attribute.strip().toLowerCase(Locale.ROOT)) {
      case "", "standard", "gregorian" -> Optional.of(STANDARD);
      case "proleptic_gregorian" -> Optional.of(PROLEPTIC_GREGORIAN);
      case "julian" -> Optional.of(JULIAN);
      case "noleap", "365_day" -> Optional.of(NOLEAP);
      case "all_leap", "366_day" -> Optional.of(ALL_LEAP);
      case "360_day" -> Optional.of(DAY_360);
      default -> Optional.empty();
    };
  }

  /** Whether {@code year-month-day} is a date of this calendar. */
  boolean isDate(long year, int month, int day) {
    if (month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) {
      return false;
    }
    // The ten days the standard calendar skipped in October 1582.
    return this != STANDARD || year != 1582 || month != 10 || day < 5 || day > 14;
  }

  /** The day number of a date of this calendar (see {@link #isDate}). */
  long dayNumber(long year, int month, int day) {
    return switch (this) {
      case STANDARD -> {
        boolean gregorian =
            year > 1582 || (year == 1582 && (month > 10 || (month == 10 && day >= 15)));
        yield gregorian ? gregorianJdn(year, month, day) : julianJdn(year, month, day);
      }
      case PROLEPTIC_GREGORIAN -> gregorianJdn(year, month, day);
      case JULIAN -> julianJdn(year, month, day);
      case NOLEAP -> 365 * year + DAYS_BEFORE_MONTH[month - 1] + day - 1;
      case ALL_LEAP -> 366 * year + DAYS_BEFORE_MONTH[month - 1] + (month > 2 ? 1 : 0) + day - 1;
      case DAY_360 -> 360 * year + 30L * (month - 1) + day - 1;
    };
  }

  /** The date of a day number: year, month (1-12), day (1-31). */
  long[] date(long dayNumber) {
    return switch (this) {
      case STANDARD ->
          dayNumber >= GREGORIAN_START ? gregorianDate(dayNumber) : julianDate(dayNumber);
      case PROLEPTIC_GREGORIAN -> gregorianDate(dayNumber);
      case JULIAN -> julianDate(dayNumber);
      case NOLEAP -> fixedYear(dayNumber, 365, false);
      case ALL_LEAP -> fixedYear(dayNumber, 366, true);
      case DAY_360 -> {
        long year = Math.floorDiv(dayNumber, 360);
        long inYear = Math.floorMod(dayNumber, 360);
        yield new long[] {year, inYear / 30 + 1, inYear % 30 + 1};
      }
    };
  }

  private int monthLength(long year, int month) {
    if (this == DAY_360) {
      return 30;
    }
    int length = DAYS_BEFORE_MONTH[month] - DAYS_BEFORE_MONTH[month - 1];
    if (month != 2) {
      return length;
    }
    boolean leap =
        switch (this) {
          case NOLEAP -> false;
          case ALL_LEAP -> true;
          case JULIAN -> Math.floorMod(year, 4) == 0;
          case PROLEPTIC_GREGORIAN -> gregorianLeap(year);
          default -> year > 1582 ? gregorianLeap(year) : Math.floorMod(year, 4) == 0;
        };
    return leap ? 29 : 28;
  }

  private static boolean gregorianLeap(long year) {
    return Math.floorMod(year, 4) == 0
        && (Math.floorMod(year, 100) != 0 || Math.floorMod(year, 400) == 0);
  }

  private static long[] fixedYear(long dayNumber, int yearLength, boolean leap) {
    long year = Math.floorDiv(dayNumber, yearLength);
    int inYear = Math.floorMod(dayNumber, yearLength);
    int month = 1;
    while (month < 12 && inYear >= DAYS_BEFORE_MONTH[month] + (leap && month >= 2 ? 1 : 0)) {
      month++;
    }
    int before = DAYS_BEFORE_MONTH[month - 1] + (leap && month > 2 ? 1 : 0);
    return new long[] {year, month, inYear - before + 1};
  }

  /** The Julian day number of a Gregorian date (Fliegel and Van Flandern, floor division). */
  private static long gregorianJdn(long year, int month, int day) {
    long a = (14 - month) / 12;
    long y = year + 4800 - a;
    long m = month + 12 * a - 3;
    return day
        + (153 * m + 2) / 5
        + 365 * y
        + Math.floorDiv(y, 4)
        - Math.floorDiv(y, 100)
        + Math.floorDiv(y, 400)
        - 32045;
  }

  private static long julianJdn(long year, int month, int day) {
    long a = (14 - month) / 12;
    long y = year + 4800 - a;
    long m = month + 12 * a - 3;
    return day + (153 * m + 2) / 5 + 365 * y + Math.floorDiv(y, 4) - 32083;
  }

  private static long[] gregorianDate(long jdn) {
    long a = jdn + 32044;
    long b = Math.floorDiv(4 * a + 3, 146097);
    long c = a - Math.floorDiv(146097 * b, 4);
    return fromShifted(b * 100, c);
  }

  private static long[] julianDate(long jdn) {
    return fromShifted(0, jdn + 32082);
  }

  /** The common tail of both conversions: {@code c} days into the shifted era. */
  private static long[] fromShifted(long centuries, long c) {
    long d = Math.floorDiv(4 * c + 3, 1461);
    long e = c - Math.floorDiv(1461 * d, 4);
    long m = (5 * e + 2) / 153;
    long day = e - (153 * m + 2) / 5 + 1;
    long month = m + 3 - 12 * (m / 10);
    long year = centuries + d - 4800 + m / 10;
    return new long[] {year, month, day};
  }
}
