package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.pages.TimeUnits.Resolution;

final class TimeUnitsTest {
  private static TimeUnits units(String units, String calendar) {
    TimeUnits.Reading reading = TimeUnits.read(units, calendar);
    assertTrue(reading.units().isPresent(), reading.note());
    return reading.units().get();
  }

  @Test
  void coads_yearZero_isCountedAsWritten_andThePageSaysHow() {
    TimeUnits.Reading reading = TimeUnits.read("hour since 0000-01-01 00:00:00", null);
    TimeUnits time = reading.units().orElseThrow();
    assertEquals(CfCalendar.STANDARD, time.calendar());
    assertEquals(
        "the standard calendar has no year 0 (COARDS used year 0 for climatologies):"
            + " dates count from 0000-01-01 00:00:00 as written, in astronomical years (year 0 a"
            + " leap year)",
        reading.note());
    assertEquals("0000-01-16 06:00:00", time.format(366, Resolution.SECOND));
    assertEquals("0000-02-15 16:29:06", time.format(1096.4850000000001, Resolution.SECOND));
    // After a 29 February: year 0 is a leap year in astronomical years.
    assertEquals("0000-03-17 02:58:12", time.format(1826.97, Resolution.SECOND));
    assertEquals(1826.97, time.parse("0000-03-17 02:58:12").orElseThrow(), 1e-9);
    assertEquals(Resolution.SECOND, time.resolution(new double[] {366, 1096.4850000000001}));
  }

  @Test
  void theStandardCalendar_skipsTenDaysInOctober1582() {
    TimeUnits time = units("days since 1582-10-04", "standard");
    assertEquals("1582-10-15", time.format(1, Resolution.DAY));
    assertThrows(IllegalArgumentException.class, () -> time.parse("1582-10-10"));
    assertEquals(
        "1582-10-05",
        units("days since 1582-10-04", "proleptic_gregorian").format(1, Resolution.DAY));
    assertEquals("1582-10-05", units("days since 1582-10-04", "julian").format(1, Resolution.DAY));
  }

  @Test
  void gregorianDates_matchJavaTime() {
    TimeUnits time = units("days since 1970-01-01", "proleptic_gregorian");
    for (long day = -800_000; day <= 800_000; day += 997) {
      LocalDate expected = LocalDate.ofEpochDay(day);
      String text = time.format(day, Resolution.DAY);
      assertEquals(expected.toString(), text, "day " + day);
      assertEquals((double) day, time.parse(text).orElseThrow(), 1e-9, text);
    }
  }

  @Test
  void modelCalendars() {
    TimeUnits noleap = units("days since 2001-01-01", "noleap");
    assertEquals("2001-03-01", noleap.format(59, Resolution.DAY));
    assertEquals("2002-01-01", noleap.format(365, Resolution.DAY));
    assertThrows(IllegalArgumentException.class, () -> noleap.parse("2000-02-29"));
    TimeUnits allLeap = units("days since 2001-01-01", "366_day");
    assertEquals("2001-02-29", allLeap.format(59, Resolution.DAY));
    assertEquals("2002-01-01", allLeap.format(366, Resolution.DAY));
    TimeUnits day360 = units("days since 2000-01-01", "360_day");
    assertEquals("2000-02-01", day360.format(30, Resolution.DAY));
    assertEquals("2001-01-01", day360.format(360, Resolution.DAY));
    assertEquals(59.0, day360.parse("2000-02-30").orElseThrow());
    TimeUnits julian = units("days since 1900-01-01", "julian");
    assertEquals(59.0, julian.parse("1900-03-01").orElseThrow() - 1);
  }

  @Test
  void unitsAndEpochForms() {
    TimeUnits hours = units("hours since 2000-01-01 00:00:00", "");
    assertEquals("2000-01-02 12:00", hours.format(36, Resolution.MINUTE));
    assertEquals(Resolution.MINUTE, hours.resolution(new double[] {0, 36, 12.5}));
    assertEquals(Resolution.DAY, hours.resolution(new double[] {0, 24, 48}));
    TimeUnits offset = units("seconds since 1970-01-01T00:00:00+01:00", null);
    assertEquals("1969-12-31 23:00", offset.format(0, Resolution.MINUTE));
    TimeUnits minutes = units("Minutes since 1900-1-1 0:0:0 UTC", "gregorian");
    assertEquals("1900-01-01 01:30", minutes.format(90, Resolution.MINUTE));
    assertEquals(Optional.empty(), minutes.parse("soon"));
  }

  @Test
  void whatIsNotCertain_isSaid_notGuessed() {
    assertEquals(
        "no dates: \"months\" is not a unit of fixed length (UDUNITS takes a month or a"
            + " year as a mean length no calendar has)",
        TimeUnits.read("months since 2000-01-01", null).note());
    assertEquals(
        "no dates: the calendar \"none\" is not one this server understands",
        TimeUnits.read("days since 2000-01-01", "none").note());
    assertEquals(
        "no dates: the epoch \"base_time\" is not a date this server reads",
        TimeUnits.read("hours from base_time", null).note());
    assertEquals(
        "no dates: the epoch 2001-02-29 is not a date of the standard calendar",
        TimeUnits.read("days since 2001-02-29", null).note());
    TimeUnits.Reading notTime = TimeUnits.read("degrees_east", null);
    assertEquals(Optional.empty(), notTime.units());
    assertEquals("", notTime.note());
  }
}
