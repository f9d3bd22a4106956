package org.olfsfastpath.pages;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * One coordinate variable's values, as the BES sent them: what the form shows beside an index range
 * (first, last, step or "irregular" with min and max, dates for time) and how a value typed into
 * the form becomes an index. Immutable; the array is never handed out.
 *
 * <p><b>From a value to an index.</b> A value picks the index of the nearest coordinate value;
 * halfway between two, the one inside the range (a start rounds toward the stop, a stop toward the
 * start); beyond either end, the first or last index. Only a strictly increasing or decreasing axis
 * translates values. The form's script follows the same rules.
 *
 * <p>Public for the discovery records (package {@code meta}), which read a dataset's extent from
 * its coordinates when its attributes do not state it: the values, the step of a regular axis and a
 * time axis's instants.
 */
public final class Axis {
  private final Variable variable;
  private final double[] values;
  private final boolean float32;
  private final @Nullable TimeUnits time;
  private final TimeUnits.Resolution resolution;
  private final String timeNote;
  private final int direction;
  private final double step;
  private final boolean regular;

  Axis(Variable variable, double[] values) {
    this.variable = Objects.requireNonNull(variable, "variable == null");
    this.values = values.clone();
    this.float32 = variable.type().equals("Float32");
    TimeUnits.Reading reading =
        TimeUnits.read(variable.attributeValue("units"), variable.attributeValue("calendar"));
    TimeUnits units = reading.units().orElse(null);
    String note = reading.note();
    if (units != null && !units.inRange(this.values)) {
      units = null;
      note = "no dates: some values fall outside the years -9999 to 9999";
    }
    this.time = units;
    this.timeNote = note;
    this.resolution = units == null ? TimeUnits.Resolution.DAY : units.resolution(this.values);
    this.direction = direction(this.values);
    int n = this.values.length;
    this.step = n < 2 ? 0 : (this.values[n - 1] - this.values[0]) / (n - 1);
    this.regular = n >= 2 && direction != 0 && isRegular(this.values, step, float32);
  }

  /** The coordinate variable. */
  public Variable variable() {
    return variable;
  }

  /** The number of values. */
  public int size() {
    return values.length;
  }

  /** The value at {@code index}, as the BES sent it. */
  public double value(int index) {
    return values[index];
  }

  /** +1 if the values strictly increase with the index, -1 if they strictly decrease, else 0. */
  int direction() {
    return direction;
  }

  /** Whether values can choose indexes: the axis is strictly monotonic. */
  boolean translatesValues() {
    return direction != 0;
  }

  /** Whether the values are evenly spaced (within the rounding of their type). */
  public boolean isRegular() {
    return regular;
  }

  /** The step between neighbouring values of a regular axis; NaN when it is not regular. */
  public double step() {
    return regular ? step : Double.NaN;
  }

  /**
   * The instant of the value at {@code index} on a time axis in ISO 8601, to the second, e.g.
   * {@code 0000-01-16T06:00:00Z}: years astronomical as {@link TimeUnits} counts them (year 0 is 1
   * BCE), in the axis's calendar; empty when the values are not dates.
   */
  public Optional<String> instant(int index) {
    if (time == null) {
      return Optional.empty();
    }
    return Optional.of(
        time.format(values[index], TimeUnits.Resolution.SECOND).replace(' ', 'T') + "Z");
  }

  /** Whether the values are shown as dates. */
  boolean hasDates() {
    return time != null;
  }

  /** The time units, when the values are shown as dates. */
  Optional<TimeUnits> time() {
    return Optional.ofNullable(time);
  }

  /** Why a time axis has no dates, or how year 0 is counted; empty otherwise. */
  public String timeNote() {
    return timeNote;
  }

  /** The units attribute, or the empty string. */
  String units() {
    String units = variable.attributeValue("units");
    return units == null ? "" : units.strip();
  }

  /** The number at {@code index}, in the shortest exact form. */
  String number(int index) {
    return NumberText.exact(values[index], float32);
  }

  /** What the form shows for {@code index}: its date on a time axis, else its number. */
  String text(int index) {
    return time != null ? time.format(values[index], resolution) : number(index);
  }

  /**
   * A summary for the page, e.g. {@code 21 to 379, step 2} or {@code irregular: 0.5 to 12 (min 0.5,
   * max 12)}.
   */
  String summary() {
    int n = values.length;
    if (n == 0) {
      return "no values";
    }
    if (n == 1) {
      return text(0);
    }
    StringBuilder out = new StringBuilder(64);
    if (!regular) {
      out.append("irregular: ");
    }
    out.append(text(0)).append(" to ").append(text(n - 1));
    if (regular) {
      out.append(", step ").append(NumberText.rounded(step, 9));
      if (time != null) {
        out.append(' ').append(time.unit());
      }
    } else {
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (double value : values) {
        min = Math.min(min, value);
        max = Math.max(max, value);
      }
      out.append(" (min ")
          .append(NumberText.exact(min, float32))
          .append(", max ")
          .append(NumberText.exact(max, float32))
          .append(')');
      if (direction == 0) {
        out.append(", not monotonic: choose by index");
      }
    }
    return out.toString();
  }

  /**
   * The index whose value is nearest {@code value}; a tie goes to the higher index when {@code
   * towardHigher}. Values beyond the ends give the first or last index.
   *
   * @throws IllegalStateException if the axis is not monotonic
   */
  int nearest(double value, boolean towardHigher) {
    if (direction == 0) {
      throw new IllegalStateException(variable.fqn() + " is not monotonic");
    }
    int n = values.length;
    // The first index whose value is at or past {@code value} in the axis's direction.
    int low = 0;
    int high = n;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if ((values[mid] - value) * direction < 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    if (low == 0) {
      return 0;
    }
    if (low == n) {
      return n - 1;
    }
    double below = Math.abs(value - values[low - 1]);
    double above = Math.abs(values[low] - value);
    if (below == above) {
      return towardHigher ? low : low - 1;
    }
    return below < above ? low - 1 : low;
  }

  /**
   * Reads a value typed into the form: a number in the variable's units or, on a time axis, a date
   * such as {@code 0000-03-01} or {@code 2000-01-01 12:00}.
   *
   * @throws IllegalArgumentException saying what is wrong with {@code text}
   */
  double parse(String text) {
    String stripped = text.strip();
    if (time != null) {
      Optional<Double> date = time.parse(stripped);
      if (date.isPresent()) {
        return date.get();
      }
    }
    try {
      double value = Double.parseDouble(stripped);
      if (Double.isFinite(value)
          && !stripped.endsWith("d")
          && !stripped.endsWith("D")
          && !stripped.endsWith("f")
          && !stripped.endsWith("F")) {
        return value;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException(
        "\""
            + stripped
            + "\" is not a number"
            + (time != null ? " or a date like " + text(0) : ""));
  }

  private static int direction(double[] values) {
    if (values.length == 0) {
      return 0;
    }
    if (values.length == 1) {
      return Double.isFinite(values[0]) ? 1 : 0;
    }
    int direction = Double.compare(values[1], values[0]) > 0 ? 1 : -1;
    for (int i = 1; i < values.length; i++) {
      double difference = values[i] - values[i - 1];
      if (!(difference * direction > 0) || !Double.isFinite(values[i])) {
        return 0;
      }
    }
    return Double.isFinite(values[0]) ? direction : 0;
  }

  private static boolean isRegular(double[] values, double step, boolean float32) {
    double largest = Math.max(Math.abs(values[0]), Math.abs(values[values.length - 1]));
    double rounding = float32 ? Math.ulp((float) largest) : Math.ulp(largest);
    double tolerance = Math.max(1e-9 * Math.abs(step), 4 * rounding);
    for (int i = 1; i < values.length; i++) {
      if (Math.abs(values[i] - values[i - 1] - step) > tolerance) {
        return false;
      }
    }
    return true;
  }
}
