package org.olfsfastpath.pages;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * A dataset's coordinate values, as a form shows them beside its index ranges, or why they are not
 * there. Made by {@link CoordinateRequest#read} or {@link CoordinateRequest#unavailable};
 * immutable.
 */
public final class Coordinates {
  private final CoordinateRequest request;
  private final Map<String, Axis> axes;
  private final String note;

  Coordinates(CoordinateRequest request, Map<String, Axis> axes, String note) {
    this.request = request;
    // In the order given (the dataset's): the form's data lists the axes in it, and the page's
    // bytes (and so its ETag) must not change with the JVM, as Map.copyOf's order does.
    this.axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
    this.note = note;
  }

  /** The axis of dimension {@code d} of {@code variable}, when its values are known. */
  Optional<Axis> axis(Variable variable, int d) {
    return request.coordinateOf(variable, d).map(axes::get);
  }

  /** Every axis with values, by the coordinate variable's FQN, in the dataset's order. */
  public Map<String, Axis> axes() {
    return axes;
  }

  /** Why the values are not shown, or the empty string when they are (or there are none). */
  public String note() {
    return note;
  }
}
