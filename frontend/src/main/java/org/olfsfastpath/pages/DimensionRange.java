package org.olfsfastpath.pages;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * Reads one dimension's fields of a submitted form: {@code start}, {@code stride} and {@code stop}
 * indexes, and on a dimension with coordinate values {@code from} and {@code to} values. The page
 * as served shows each value beside its index (the value at that index) and remembers the two
 * indexes it showed in a hidden {@code shown} field ({@code start:stop}); so on a page submitted
 * without scripts, a value field that selects another index than was shown, beside an index field
 * left as shown, is the one the person changed, and it wins. (Without a {@code shown} field, as in
 * a URL written by hand, a value wins whenever it selects another index than its index field.) The
 * page's script keeps the two in step as they are typed. Values pick indexes by {@link
 * Axis#nearest}: a start toward the stop, a stop toward the start.
 *
 * <p>What it finds goes back into the fields map (the translated index, the value at the index) so
 * that the page, rendered again, shows the selection as it was understood.
 */
final class DimensionRange {
  /** The parts of one dimension's field names, after {@code dim-<id>-<i>-}. */
  static final List<String> PARTS = List.of("start", "stride", "stop", "from", "to");

  /** The hidden field holding the indexes the page showed, {@code start:stop}. */
  static final String SHOWN = "shown";

  private DimensionRange() {}

  /**
   * The range of dimension {@code d} of {@code variable}: start, stride, stop; or null after an
   * error, which is put under its field's name in {@code fieldErrors}.
   *
   * @param axis the dimension's coordinate values, or null
   * @param fields the submitted fields, updated with what the values selected
   * @param notes receives a sentence for each value translated into an index
   */
  static long @Nullable [] read(
      Variable variable,
      int d,
      @Nullable Axis axis,
      Map<String, String> fields,
      Map<String, String> fieldErrors,
      List<String> notes) {
    Dimension dimension = variable.dimensions().get(d);
    long size = dimension.size();
    String where = variable.fqn() + ", " + FormSelection.dimensionLabel(dimension, d) + ": ";
    String prefix = FormSelection.fieldPrefix(variable, d);
    // Errors by field, put in form order at the end: start, from, stride, stop, to.
    Map<String, String> errors = new LinkedHashMap<>();
    for (String part : PARTS) {
      errors.put(part, "");
    }
    Long start = number(fields, prefix + "start", 0, where + "start", errors, "start");
    Long stride = number(fields, prefix + "stride", 1, where + "stride", errors, "stride");
    Long stop = number(fields, prefix + "stop", size - 1, where + "stop", errors, "stop");
    boolean byValue = false;
    if (axis != null) {
      long[] shown = shown(fields.get(prefix + SHOWN));
      Integer from =
          valueIndex(
              axis,
              fields,
              prefix,
              where,
              "from",
              start,
              shown == null ? null : shown[0],
              errors,
              notes);
      if (from != null) {
        start = (long) from;
        byValue = true;
        errors.put("start", "");
      }
      Integer to =
          valueIndex(
              axis,
              fields,
              prefix,
              where,
              "to",
              stop,
              shown == null ? null : shown[1],
              errors,
              notes);
      if (to != null) {
        stop = (long) to;
        byValue = true;
        errors.put("stop", "");
      }
    }
    if (start != null && (start < 0 || start > size - 1)) {
      errors.put("start", where + "start " + start + " must be between 0 and " + (size - 1));
      start = null;
    }
    if (stride != null && stride < 1) {
      errors.put("stride", where + "stride " + stride + " must be at least 1");
      stride = null;
    }
    long lowest = start == null ? 0 : start;
    if (stop != null && (stop < lowest || stop > size - 1)) {
      if (byValue && axis != null && start != null && stop >= 0 && stop <= size - 1) {
        errors.put(
            "to",
            where
                + "the values select index "
                + start
                + " to "
                + stop
                + ": give them in the axis's order (its values "
                + (axis.direction() > 0 ? "increase" : "decrease")
                + " with the index)");
      } else {
        errors.put(
            "stop", where + "stop " + stop + " must be between " + lowest + " and " + (size - 1));
      }
      stop = null;
    }
    for (Map.Entry<String, String> error : errors.entrySet()) {
      if (!error.getValue().isEmpty()) {
        fieldErrors.put(prefix + error.getKey(), error.getValue());
      }
    }
    if (start == null || stride == null || stop == null) {
      return null;
    }
    if (axis != null) {
      fields.put(prefix + "start", Long.toString(start));
      fields.put(prefix + "stop", Long.toString(stop));
      fields.put(prefix + "from", axis.text((int) (long) start));
      fields.put(prefix + "to", axis.text((int) (long) stop));
      fields.put(prefix + SHOWN, start + ":" + stop);
    }
    return new long[] {start, stride, stop};
  }

  /**
   * Whether a value field's index replaces the index field's: it selects another index than the
   * index field, and the index field still shows what the page showed (when that is known).
   */
  private static boolean wins(int byValue, @Nullable Long index, @Nullable Long shown) {
    if (index == null) {
      return true;
    }
    if (byValue == index) {
      return false;
    }
    return shown == null || shown.longValue() == index;
  }

  /** The {@code start:stop} a page showed, or null when absent or unreadable. */
  private static long @Nullable [] shown(@Nullable String text) {
    if (text == null) {
      return null;
    }
    int colon = text.indexOf(':');
    try {
      return colon < 0
          ? null
          : new long[] {
            Long.parseLong(text.substring(0, colon).strip()),
            Long.parseLong(text.substring(colon + 1).strip())
          };
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The index the value field {@code part} ({@code from} or {@code to}) selects when it wins over
   * its index field ({@link #wins}), with a note saying so; null when it is empty, does not win,
   * the axis cannot translate values, or the value does not read (an error then).
   *
   * @param index what the index field holds, or null
   * @param shown the index the page showed beside it, or null
   */
  private static @Nullable Integer valueIndex(
      Axis axis,
      Map<String, String> fields,
      String prefix,
      String where,
      String part,
      @Nullable Long index,
      @Nullable Long shown,
      Map<String, String> errors,
      List<String> notes) {
    String text = fields.getOrDefault(prefix + part, "").strip();
    if (text.isEmpty()) {
      return null;
    }
    String what = where + part;
    if (!axis.translatesValues()) {
      errors.put(
          part,
          what
              + " cannot be a value: the values of "
              + axis.variable().fqn()
              + " are not monotonic, so choose by index");
      return null;
    }
    int selected;
    try {
      // A start toward the stop, a stop toward the start.
      selected = axis.nearest(axis.parse(text), part.equals("from"));
    } catch (IllegalArgumentException e) {
      errors.put(part, what + " " + e.getMessage());
      return null;
    }
    if (!wins(selected, index, shown)) {
      return null;
    }
    notes.add(what + " " + text + " selects index " + selected + " (" + axis.text(selected) + ")");
    return selected;
  }

  private static @Nullable Long number(
      Map<String, String> fields,
      String field,
      long fallback,
      String what,
      Map<String, String> errors,
      String part) {
    String text = fields.getOrDefault(field, "").strip();
    if (text.isEmpty()) {
      return fallback;
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      errors.put(part, what + " \"" + FormSelection.visible(text) + "\" is not a whole number");
      return null;
    }
  }
}
