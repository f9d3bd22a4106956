package org.olfsfastpath.pages;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A time coordinate's units as CF and UDUNITS write them, {@code <unit> since <epoch>}, with the
 * variable's {@code calendar}: turns values into dates and dates back into values. Immutable.
 *
 * <p>Only what is certain is turned into dates: units of fixed length (seconds to weeks; not months
 * or years, whose length UDUNITS fixes at a mean that no calendar has), a calendar CF names, dates
 * within years -9999 to 9999. Anything else is {@link #explain described} instead, and the values
 * are shown as numbers. An epoch in year 0 or before, which the standard and Julian calendars do
 * not have (COARDS used year 0 for climatologies: coads_climatology's {@code hour since 0000-01-01
 * 00:00:00}), is counted as the units write it, in astronomical years (year 0 a leap year), and the
 * page says so.
 *
 * @param unit the unit as written, e.g. {@code hour}
 * @param secondsPerUnit its length
 * @param calendar the calendar counted in
 * @param epochDay the epoch's day number in that calendar
 * @param epochSecond the epoch's second of the day, UTC
 * @param epochText the epoch as written
 */
record TimeUnits(
    String unit,
    double secondsPerUnit,
    CfCalendar calendar,
    long epochDay,
    double epochSecond,
    String epochText) {
  private static final Pattern UNITS =
      Pattern.compile(
          "\\s*([A-Za-z_]+)\\s+(?:since|after|from)\\s+(.+?)\\s*", Pattern.CASE_INSENSITIVE);
  private static final Pattern EPOCH =
      Pattern.compile(
          "(-?\\d{1,4})-(\\d{1,2})-(\\d{1,2})(?:[ T]+(\\d{1,2}):(\\d{1,2})(?::(\\d{1,2}(?:\\.\\d*)?))?)?"
              + "\\s*(Z|UTC|GMT|[+-]\\d{1,2}(?::?\\d{2})?)?");
  private static final Pattern DATE =
      Pattern.compile(
          "\\s*(-?\\d{1,4})-(\\d{1,2})-(\\d{1,2})(?:[ T]+(\\d{1,2}):(\\d{2})(?::(\\d{2}(?:\\.\\d*)?))?)?"
              + "\\s*(?:Z|UTC)?\\s*");

  /** Each unit's length in seconds, by the names UDUNITS gives it. */
  private static final Map<String, Double> SECONDS =
      byName(
          Map.of(
              0.001, List.of("ms", "msec", "millisecond"),
              1.0, List.of("s", "sec", "second"),
              60.0, List.of("min", "minute"),
              3600.0, List.of("h", "hr", "hour"),
              86400.0, List.of("d", "day"),
              604800.0, List.of("week")));

  static final long MAX_YEAR = 9999;

  private static Map<String, Double> byName(Map<Double, List<String>> namesBySeconds) {
    Map<String, Double> seconds = new HashMap<>();
    namesBySeconds.forEach((length, names) -> names.forEach(name -> seconds.put(name, length)));
    return Map.copyOf(seconds);
  }

  /**
   * What a variable's units and calendar say about dates.
   *
   * @param units the time units, present when its values can be shown as dates
   * @param note what the page says beside them: why there are no dates, or how year 0 is counted;
   *     empty when there is nothing to say (and when the units are not about time)
   */
  record Reading(Optional<TimeUnits> units, String note) {}

  /**
   * Reads a coordinate's {@code units} and {@code calendar} attributes.
   *
   * @return no units and no note when {@code units} does not say {@code <unit> since <date>}
   */
  static Reading read(@Nullable String units, @Nullable String calendarAttribute) {
    if (units == null) {
      return new Reading(Optional.empty(), "");
    }
    Matcher m = UNITS.matcher(units);
    if (!m.matches()) {
      return new Reading(Optional.empty(), "");
    }
    String unit = m.group(1);
    String key = unit.toLowerCase(Locale.ROOT);
    Double seconds = SECONDS.get(key);
    if (seconds == null && key.endsWith("s")) {
      seconds = SECONDS.get(key.substring(0, key.length() - 1));
    }
    if (seconds == null) {
      return new Reading(
          Optional.empty(),
          "no dates: \""
              + unit
              + "\" is not a unit of fixed"
              + " length (UDUNITS takes a month or a year as a mean length no calendar has)");
    }
    CfCalendar calendar =
        CfCalendar.named(calendarAttribute == null ? "" : calendarAttribute).orElse(null);
    if (calendar == null) {
      return new Reading(
          Optional.empty(),
          "no dates: the calendar \""
              + calendarAttribute
              + "\" is not one this server understands");
    }
    Matcher e = EPOCH.matcher(m.group(2));
    if (!e.matches()) {
      return new Reading(
          Optional.empty(),
          "no dates: the epoch \"" + m.group(2) + "\" is not a date this server reads");
    }
    long year = Long.parseLong(e.group(1));
    int month = Integer.parseInt(e.group(2));
    int day = Integer.parseInt(e.group(3));
    if (!calendar.isDate(year, month, day)) {
      return new Reading(
          Optional.empty(),
          "no dates: the epoch "
              + m.group(2)
              + " is not a date"
              + " of the "
              + calendar.cfName()
              + " calendar");
    }
    double second =
        e.group(4) == null
            ? 0
            : Integer.parseInt(e.group(4)) * 3600.0
                + Integer.parseInt(e.group(5)) * 60.0
                + (e.group(6) == null ? 0 : Double.parseDouble(e.group(6)));
    second -= offsetSeconds(e.group(7));
    TimeUnits time =
        new TimeUnits(
            unit, seconds, calendar, calendar.dayNumber(year, month, day), second, m.group(2));
    String note = "";
    if (year <= 0 && (calendar == CfCalendar.STANDARD || calendar == CfCalendar.JULIAN)) {
      note =
          "the "
              + calendar.cfName()
              + " calendar has no year "
              + year
              + " (COARDS used year"
              + " 0 for climatologies): dates count from "
              + m.group(2)
              + " as written, in"
              + " astronomical years (year 0 a leap year)";
    }
    return new Reading(Optional.of(time), note);
  }

  private static double offsetSeconds(@Nullable String zone) {
    if (zone == null || zone.equals("Z") || zone.equals("UTC") || zone.equals("GMT")) {
      return 0;
    }
    int sign = zone.charAt(0) == '-' ? -1 : 1;
    String digits = zone.substring(1).replace(":", "");
    int hours;
    int minutes = 0;
    if (digits.length() <= 2) {
      hours = Integer.parseInt(digits);
    } else {
      hours = Integer.parseInt(digits.substring(0, digits.length() - 2));
      minutes = Integer.parseInt(digits.substring(digits.length() - 2));
    }
    return sign * (hours * 3600.0 + minutes * 60.0);
  }

  /** How finely the dates of an axis are written. */
  enum Resolution {
    DAY,
    MINUTE,
    SECOND
  }

  /** The finest resolution any of {@code values} needs (to the second at most). */
  Resolution resolution(double[] values) {
    Resolution finest = Resolution.DAY;
    for (double value : values) {
      long second = Math.round(secondOfDay(value));
      if (second % 60 != 0) {
        return Resolution.SECOND;
      }
      if (second != 0) {
        finest = Resolution.MINUTE;
      }
    }
    return finest;
  }

  /** Whether every value falls within years -9999 to 9999. */
  boolean inRange(double[] values) {
    for (double value : values) {
      double days = epochDay + Math.floor((epochSecond + value * secondsPerUnit) / 86400);
      if (!Double.isFinite(days) || Math.abs(days) > 4e6) {
        return false;
      }
      if (Math.abs(calendar.date((long) days)[0]) > MAX_YEAR) {
        return false;
      }
    }
    return true;
  }

  /** The date of {@code value}, e.g. {@code 0000-01-16 06:00}. */
  String format(double value, Resolution resolution) {
    double total = Math.round(epochSecond + value * secondsPerUnit);
    long day = epochDay + (long) Math.floor(total / 86400);
    long second = (long) (total - Math.floor(total / 86400) * 86400);
    long[] date = calendar.date(day);
    StringBuilder out = new StringBuilder(20);
    if (date[0] < 0) {
      out.append('-');
    }
    pad(out, Math.abs(date[0]), 4).append('-');
    pad(out, date[1], 2).append('-');
    pad(out, date[2], 2);
    if (resolution != Resolution.DAY) {
      pad(out.append(' '), second / 3600, 2).append(':');
      pad(out, second / 60 % 60, 2);
      if (resolution == Resolution.SECOND) {
        pad(out.append(':'), second % 60, 2);
      }
    }
    return out.toString();
  }

  /**
   * The value of a date written as {@code YYYY-MM-DD}, optionally with {@code hh:mm[:ss]} after a
   * space or {@code T}, in this calendar; empty when {@code text} is not such a date.
   *
   * @throws IllegalArgumentException naming the problem, when it looks like a date that this
   *     calendar does not have (a 31 September, a 29 February in a noleap calendar)
   */
  Optional<Double> parse(String text) {
    Matcher m = DATE.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    long year = Long.parseLong(m.group(1));
    int month = Integer.parseInt(m.group(2));
    int day = Integer.parseInt(m.group(3));
    if (!calendar.isDate(year, month, day)) {
      throw new IllegalArgumentException(
          text.strip() + " is not a date of the " + calendar.cfName() + " calendar");
    }
    double second =
        m.group(4) == null
            ? 0
            : Integer.parseInt(m.group(4)) * 3600.0
                + Integer.parseInt(m.group(5)) * 60.0
                + (m.group(6) == null ? 0 : Double.parseDouble(m.group(6)));
    double seconds =
        (calendar.dayNumber(year, month, day) - epochDay) * 86400.0 + second - epochSecond;
    return Optional.of(seconds / secondsPerUnit);
  }

  private double secondOfDay(double value) {
    double total = Math.round(epochSecond + value * secondsPerUnit);
    return total - Math.floor(total / 86400) * 86400;
  }

  private static StringBuilder pad(StringBuilder out, long value, int width) {
    String digits = Long.toString(value);
    for (int i = digits.length(); i < width; i++) {
      out.append('0');
    }
    return out.append(digits);
  }
}
