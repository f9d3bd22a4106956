package org.olfsfastpath.emulator.dap;

import java.util.List;
import java.util.Objects;

/**
 * What a DAP2 constraint selected: the top-level variables to send, in dataset order, each with the
 * hyperslab of every part that is sent. Immutable.
 */
final class Dap2Projection {
  /**
   * An array, or one part (the array or a map) of a Grid.
   *
   * @param variable the variable whose values the part carries
   * @param slices one slice per dimension
   * @param send whether the part is in the response
   */
  record Part(Variable variable, List<Slice> slices, boolean send) {
    Part {
      Objects.requireNonNull(variable, "variable == null");
      slices = List.copyOf(slices);
    }

    /** The number of values the part sends. */
    int count() {
      int count = 1;
      for (Slice slice : slices) {
        count *= slice.count();
      }
      return count;
    }
  }

  /**
   * A top-level variable in the response.
   *
   * @param variable the dataset variable
   * @param grid whether it is a DAP2 Grid
   * @param array the array (for a Grid, the Grid's array part)
   * @param maps the Grid's map parts, in dimension order; empty for a plain array
   */
  record Entry(Variable variable, boolean grid, Part array, List<Part> maps) {
    Entry {
      maps = List.copyOf(maps);
    }

    /**
     * libdap's Grid::projection_yields_grid: the array is sent with every map, each map sliced like
     * the array's dimension. Otherwise a constrained Grid is sent as a Structure.
     */
    boolean yieldsGrid() {
      if (!grid || !array.send()) {
        return false;
      }
      for (int i = 0; i < maps.size(); i++) {
        Part map = maps.get(i);
        if (!map.send() || !map.slices().get(0).equals(array.slices().get(i))) {
          return false;
        }
      }
      return !maps.isEmpty();
    }
  }

  private final List<Entry> entries;

  Dap2Projection(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  List<Entry> entries() {
    return entries;
  }
}
