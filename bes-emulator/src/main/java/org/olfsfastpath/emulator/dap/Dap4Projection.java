package org.olfsfastpath.emulator.dap;

import java.util.List;
import java.util.Objects;

/**
 * What a DAP4 constraint selected: the shared dimensions the DMR declares, the variables to send in
 * dataset order with their slices, and which Maps survive. Immutable.
 *
 * @param constrained whether a constraint was given (the DMR is then printed constrained)
 * @param dimensions the Dimension declarations, with sizes after any dimension slice
 * @param entries the variables sent
 */
record Dap4Projection(
    boolean constrained, List<DeclaredDimension> dimensions, List<Entry> entries) {
  Dap4Projection {
    dimensions = List.copyOf(dimensions);
    entries = List.copyOf(entries);
  }

  /** A shared dimension as the DMR declares it. */
  record DeclaredDimension(String name, int size) {}

  /**
   * One variable.
   *
   * @param variable the dataset variable
   * @param slices one slice per dimension
   * @param sharedDimension per dimension, whether the Dim element names the shared dimension
   *     ({@code <Dim name="/X"/>}) rather than giving a size
   * @param maps the Maps the DMR still lists
   */
  record Entry(
      Variable variable, List<Slice> slices, List<Boolean> sharedDimension, List<Variable> maps) {
    Entry {
      Objects.requireNonNull(variable, "variable == null");
      slices = List.copyOf(slices);
      sharedDimension = List.copyOf(sharedDimension);
      maps = List.copyOf(maps);
    }

    int count() {
      int count = 1;
      for (Slice slice : slices) {
        count *= slice.count();
      }
      return count;
    }
  }
}
