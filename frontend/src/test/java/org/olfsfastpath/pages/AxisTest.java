package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.pages.DatasetModel.Attribute;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

final class AxisTest {
  static Axis axis(String type, String units, double... values) {
    List<Attribute> attributes =
        units.isEmpty()
            ? List.of()
            : List.of(new Attribute("units", "String", List.of(units), List.of()));
    return new Axis(
        new Variable(
            "x",
            "/x",
            "/x",
            type,
            List.of(new Dimension("/x", values.length)),
            attributes,
            List.of(),
            List.of(),
            List.of()),
        values);
  }

  static double[] coadsx() {
    double[] values = new double[180];
    for (int i = 0; i < values.length; i++) {
      values[i] = 21 + 2 * i;
    }
    return values;
  }

  @Test
  void regularAxis_summaryAndNearestIndexes() {
    Axis x = axis("Float64", "degrees_east", coadsx());
    assertTrue(x.isRegular());
    assertEquals("21 to 379, step 2", x.summary());
    // 100 lies halfway between 99 (index 39) and 101 (index 40): a start goes up, a stop down.
    assertEquals(40, x.nearest(100, true));
    assertEquals(39, x.nearest(100, false));
    assertEquals(89, x.nearest(200, false));
    assertEquals(90, x.nearest(200, true));
    assertEquals(40, x.nearest(100.9, false));
    assertEquals(0, x.nearest(-1000, true));
    assertEquals(179, x.nearest(1000, false));
  }

  @Test
  void decreasingFloat32Axis() {
    double[] lat = new double[17];
    for (int i = 0; i < lat.length; i++) {
      lat[i] = (float) (50 - 2.5 * i);
    }
    Axis axis = axis("Float32", "degree North", lat);
    assertEquals(-1, axis.direction());
    assertEquals("50 to 10, step -2.5", axis.summary());
    assertEquals(2, axis.nearest(45, true));
    assertEquals(3, axis.nearest(43.75, true));
    assertEquals(2, axis.nearest(43.75, false));
    assertEquals(16, axis.nearest(-90, false));
  }

  @Test
  void float32Values_areShownAsTheirFloatText() {
    double[] values = new double[10];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) (0.1 * (i + 1));
    }
    Axis axis = axis("Float32", "", values);
    assertEquals("0.1", axis.text(0));
    assertEquals("0.3", axis.text(2));
    assertTrue(axis.isRegular(), "evenly spaced within a float's rounding");
  }

  @Test
  void irregularAndNonMonotonicAxes() {
    Axis irregular = axis("Float64", "m", 1, 2, 4, 8);
    assertFalse(irregular.isRegular());
    assertEquals("irregular: 1 to 8 (min 1, max 8)", irregular.summary());
    assertEquals(2, irregular.nearest(3, true));
    assertEquals(1, irregular.nearest(3, false));
    Axis zigzag = axis("Float64", "m", 1, 3, 2);
    assertFalse(zigzag.translatesValues());
    assertEquals(
        "irregular: 1 to 2 (min 1, max 3), not monotonic: choose by index", zigzag.summary());
    assertThrows(IllegalStateException.class, () -> zigzag.nearest(2, true));
  }

  @Test
  void timeAxis_showsAndReadsDates() {
    Axis time = axis("Float64", "hours since 2000-01-01 00:00:00", 0, 6, 12, 18);
    assertTrue(time.hasDates());
    assertEquals("2000-01-01 00:00 to 2000-01-01 18:00, step 6 hours", time.summary());
    assertEquals(12.0, time.parse("2000-01-01 12:00"));
    assertEquals(7.5, time.parse("7.5"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> time.parse("noon"));
    assertEquals("\"noon\" is not a number or a date like 2000-01-01 00:00", e.getMessage());
  }

  @Test
  void datesOutOfRange_areNotShown_andThePageSaysWhy() {
    Axis far = axis("Float64", "days since 2000-01-01", 0, 1e9);
    assertFalse(far.hasDates());
    assertEquals("no dates: some values fall outside the years -9999 to 9999", far.timeNote());
  }
}
