package org.olfsfastpath.meta;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A date or date-time in ISO 8601's extended form, as ACDD asks for its dates and time coverage,
 * with the year astronomical (year 0 is 1 BCE, as {@code pages.TimeUnits} counts a climatology's
 * {@code 0000-01-01} epoch). The writers spell the year each format's way: XSD 1.1 and ISO 8601
 * (RDF, schema.org) have a year 0; XSD 1.0, which ISO 19139's schemas use, has none, so {@link
 * #xsd10()} writes year 0 as {@code -0001}, the same instant.
 *
 * @param year the astronomical year
 * @param rest everything after the year, from the first {@code -}: {@code -01-16} or {@code
 *     -01-16T06:00:00Z}
 */
public record IsoTime(long year, String rest) {
  private static final Pattern FORM =
      Pattern.compile(
          "([+-]?\\d{4,6})-(\\d{2})-(\\d{2})"
              + "(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(\\.\\d+)?)?\\s*(Z|UTC|[+-]\\d{2}(?::?\\d{2})?)?)?");

  public IsoTime {
    Objects.requireNonNull(rest, "rest == null");
  }

  /**
   * Reads {@code text}: {@code YYYY-MM-DD}, optionally followed by {@code Thh:mm[:ss[.f]]} (or a
   * blank for the T) and a zone ({@code Z}, {@code UTC}, {@code +hh:mm}); empty for anything else,
   * including dates no calendar has (a 31 April).
   */
  public static Optional<IsoTime> parse(String text) {
    Matcher m = FORM.matcher(text.strip());
    if (!m.matches()) {
      return Optional.empty();
    }
    long year = Long.parseLong(m.group(1));
    int month = Integer.parseInt(m.group(2));
    int day = Integer.parseInt(m.group(3));
    try {
      LocalDate.of((int) year, month, day);
    } catch (DateTimeException e) {
      return Optional.empty();
    }
    StringBuilder rest = new StringBuilder(24).append(m.group(0), m.start(2) - 1, m.end(3));
    if (m.group(4) != null) {
      int hour = Integer.parseInt(m.group(4));
      int minute = Integer.parseInt(m.group(5));
      int second = m.group(6) == null ? 0 : Integer.parseInt(m.group(6));
      if (hour > 23 || minute > 59 || second > 59) {
        return Optional.empty();
      }
      rest.append('T').append(m.group(4)).append(':').append(m.group(5)).append(':');
      rest.append(m.group(6) == null ? "00" : m.group(6));
      if (m.group(7) != null) {
        rest.append(m.group(7));
      }
      String zone = m.group(8);
      if (zone != null) {
        rest.append(zone.equals("UTC") || zone.equals("Z") ? "Z" : zone(zone));
      }
    }
    return Optional.of(new IsoTime(year, rest.toString()));
  }

  private static String zone(String zone) {
    String digits = zone.substring(1).replace(":", "");
    String minutes = digits.length() > 2 ? digits.substring(2) : "00";
    return zone.charAt(0) + digits.substring(0, 2) + ":" + minutes;
  }

  /** Whether it has a time of day, not just a date. */
  public boolean hasTime() {
    return rest.indexOf('T') >= 0;
  }

  /** Whether it falls before year 1: a climatology's year 0, or BCE. */
  public boolean beforeYearOne() {
    return year <= 0;
  }

  /** ISO 8601 and XSD 1.1, year 0 as {@code 0000}: RDF and schema.org. */
  public String text() {
    return year(year) + rest;
  }

  /** XSD 1.0, which has no year 0: the year before 1 is {@code -0001}. ISO 19139. */
  public String xsd10() {
    return year(year <= 0 ? year - 1 : year) + rest;
  }

  /** The date part alone, {@code YYYY-MM-DD} as {@link #text()} writes it. */
  public String date() {
    return year(year) + rest.substring(0, 6);
  }

  private static String year(long year) {
    return (year < 0 ? "-" : "") + String.format(Locale.ROOT, "%04d", Math.abs(year));
  }

  @Override
  public String toString() {
    return text();
  }
}
