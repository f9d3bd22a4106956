package org.olfsfastpath.meta;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.meta.DiscoveryRecord.GeoBox;
import org.olfsfastpath.meta.DiscoveryRecord.GridAxis;
import org.olfsfastpath.meta.DiscoveryRecord.TimeSpan;
import org.olfsfastpath.meta.DiscoveryRecord.Vertical;
import org.olfsfastpath.pages.Axis;
import org.olfsfastpath.pages.Coordinates;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * What a dataset's coordinate values say of its extent, by CF's rules only (CF 1.11 section 4):
 * longitude and latitude by their units or standard name, the vertical by {@code positive}, {@code
 * axis=Z} or its standard name, time by {@code <unit> since <epoch>}. fnoc1's {@code degree North}
 * is not CF and gives nothing, which the rubric says. Computed once per record; immutable.
 *
 * <p>Longitudes are brought into [-180, 180) and the box runs around the widest gap between them,
 * so a grid over 0..360 or one crossing the antimeridian gets its real box; when no gap is wider
 * than 1.5 steps the box is global.
 */
final class Extents {
  private static final Set<String> EAST =
      Set.of("degrees_east", "degree_east", "degree_E", "degrees_E", "degreeE", "degreesE");
  private static final Set<String> NORTH =
      Set.of("degrees_north", "degree_north", "degree_N", "degrees_N", "degreeN", "degreesN");
  private static final Set<String> VERTICAL_NAMES =
      Set.of("depth", "altitude", "height", "air_pressure", "height_above_mean_sea_level");

  final @Nullable Axis lon;
  final @Nullable Axis lat;
  final @Nullable Axis vertical;
  final @Nullable Axis time;
  final @Nullable GeoBox box;
  final @Nullable Vertical verticalExtent;
  final @Nullable TimeSpan timeSpan;

  /** The data's own latitude and longitude range, unrounded, for checking the attributes. */
  final double latMin;

  final double latMax;
  final double lonMin;
  final double lonMax;
  final List<String> notes = new ArrayList<>();

  Extents(Coordinates coordinates) {
    Axis foundLon = null;
    Axis foundLat = null;
    Axis foundVertical = null;
    Axis foundTime = null;
    for (Axis axis : coordinates.axes().values()) {
      Variable v = axis.variable();
      String units = attribute(v, "units");
      String standard = attribute(v, "standard_name");
      String axisName = attribute(v, "axis").toUpperCase(Locale.ROOT);
      if (foundLon == null && (EAST.contains(units) || standard.equals("longitude"))) {
        foundLon = axis;
      } else if (foundLat == null && (NORTH.contains(units) || standard.equals("latitude"))) {
        foundLat = axis;
      } else if (foundTime == null && axis.size() > 0 && axis.instant(0).isPresent()) {
        foundTime = axis;
      } else if (foundVertical == null
          && (attribute(v, "positive").matches("(?i)up|down")
              || axisName.equals("Z")
              || VERTICAL_NAMES.contains(standard))) {
        foundVertical = axis;
      }
    }
    this.lon = foundLon;
    this.lat = foundLat;
    this.vertical = foundVertical;
    this.time = foundTime;
    double[] latRange = range(foundLat);
    double[] lonRange = range(foundLon);
    this.latMin = latRange[0];
    this.latMax = latRange[1];
    this.lonMin = lonRange[0];
    this.lonMax = lonRange[1];
    this.box = box(foundLon, foundLat);
    this.verticalExtent = vertical(foundVertical);
    this.timeSpan = time(foundTime);
  }

  private @Nullable GeoBox box(@Nullable Axis lon, @Nullable Axis lat) {
    if (lon == null || lat == null) {
      return null;
    }
    if (Double.isNaN(latMin) || Double.isNaN(lonMin)) {
      notes.add("the latitude or longitude coordinate has no valid value: no box from the data");
      return null;
    }
    if (latMin < -90 || latMax > 90) {
      notes.add(
          lat.variable().name() + " goes outside -90 to 90 degrees north: no box from the data");
      return null;
    }
    double[] east = eastRange(lon);
    return new GeoBox(east[0], east[1], latMin, latMax);
  }

  /** West and east of the longitudes, around their widest gap. */
  private static double[] eastRange(Axis lon) {
    double[] values = new double[lon.size()];
    int n = 0;
    for (int i = 0; i < lon.size(); i++) {
      double v = lon.value(i);
      if (Double.isFinite(v)) {
        values[n++] = ((v + 180) % 360 + 360) % 360 - 180;
      }
    }
    values = Arrays.copyOf(values, n);
    Arrays.sort(values);
    if (n == 1) {
      return new double[] {values[0], values[0]};
    }
    double[] gaps = new double[n];
    int widest = n - 1;
    for (int i = 0; i < n; i++) {
      gaps[i] = i < n - 1 ? values[i + 1] - values[i] : values[0] + 360 - values[n - 1];
      if (gaps[i] > gaps[widest]) {
        widest = i;
      }
    }
    double[] sorted = gaps.clone();
    Arrays.sort(sorted);
    double median = sorted[n / 2];
    if (gaps[widest] <= 1.5 * median) {
      return new double[] {-180, 180};
    }
    return widest == n - 1
        ? new double[] {values[0], values[n - 1]}
        : new double[] {values[widest + 1], values[widest]};
  }

  private @Nullable Vertical vertical(@Nullable Axis axis) {
    if (axis == null) {
      return null;
    }
    double[] range = range(axis);
    if (Double.isNaN(range[0])) {
      return null;
    }
    String positive = attribute(axis.variable(), "positive").toLowerCase(Locale.ROOT);
    return new Vertical(
        range[0],
        range[1],
        attribute(axis.variable(), "units"),
        positive.equals("up") || positive.equals("down") ? positive : "");
  }

  private @Nullable TimeSpan time(@Nullable Axis axis) {
    if (axis == null) {
      return null;
    }
    int first = -1;
    int last = -1;
    for (int i = 0; i < axis.size(); i++) {
      double v = axis.value(i);
      if (Double.isFinite(v)) {
        first = first < 0 || v < axis.value(first) ? i : first;
        last = last < 0 || v > axis.value(last) ? i : last;
      }
    }
    if (first < 0) {
      return null;
    }
    IsoTime start = IsoTime.parse(axis.instant(first).orElse("")).orElse(null);
    IsoTime end = IsoTime.parse(axis.instant(last).orElse("")).orElse(null);
    if (start == null || end == null) {
      notes.add(
          axis.variable().name()
              + "'s dates are not dates of the proleptic Gregorian calendar ISO 8601 uses: no"
              + " time coverage from the data");
      return null;
    }
    if (!axis.timeNote().isEmpty()) {
      notes.add(axis.variable().name() + ": " + axis.timeNote());
    }
    return new TimeSpan(start, end, attribute(axis.variable(), "units"));
  }

  /** The grid's axes, longitude, latitude, vertical and time, those CF finds. */
  List<GridAxis> grid() {
    List<GridAxis> grid = new ArrayList<>(4);
    axis(grid, "column", lon, "degrees_east");
    axis(grid, "row", lat, "degrees_north");
    Axis v = vertical;
    axis(grid, "vertical", v, v == null ? "" : attribute(v.variable(), "units"));
    Axis t = time;
    String unit = t == null ? "" : attribute(t.variable(), "units").split("\\s+", 2)[0];
    axis(grid, "temporal", t, unit);
    return grid;
  }

  private static void axis(List<GridAxis> grid, String kind, @Nullable Axis axis, String units) {
    if (axis != null) {
      grid.add(
          new GridAxis(kind, axis.size(), resolution(axis), Clean.text(units, Clean.TITLE).text()));
    }
  }

  /** The smallest and largest finite value, or NaN and NaN. */
  private static double[] range(@Nullable Axis axis) {
    double min = Double.NaN;
    double max = Double.NaN;
    if (axis != null) {
      for (int i = 0; i < axis.size(); i++) {
        double v = axis.value(i);
        if (Double.isFinite(v)) {
          min = Double.isNaN(min) ? v : Math.min(min, v);
          max = Double.isNaN(max) ? v : Math.max(max, v);
        }
      }
    }
    return new double[] {min, max};
  }

  /** The step of a regular axis in its units, as text, or the empty string. */
  static String resolution(@Nullable Axis axis) {
    if (axis == null || !axis.isRegular()) {
      return "";
    }
    return number(Math.abs(axis.step()), axis.variable().type().equals("Float32"));
  }

  /** A number as an attribute would write it: the shortest form, no exponent. */
  static String number(double value, boolean float32) {
    String text = float32 ? Float.toString((float) value) : Double.toString(value);
    // 12 significant digits: a step computed from Float64 values (coads's 730.485 hours) is
    // written as people wrote it, not with the last bit's noise (730.4849999999999).
    return new BigDecimal(text)
        .round(new java.math.MathContext(12))
        .stripTrailingZeros()
        .toPlainString();
  }

  /** A variable's attribute, stripped, or the empty string. */
  static String attribute(Variable variable, String name) {
    String value = variable.attributeValue(name);
    return value == null ? "" : value.strip();
  }
}
