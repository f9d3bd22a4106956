package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The structure of a generated dataset as the netCDF handler would build it from a file: variables
 * in file order, global attribute containers, and the DAP2 Grids that follow from coordinate
 * variables. Immutable.
 */
final class DatasetModel {
  private final String name;
  private final List<Variable> variables;
  private final List<AttributeContainer> globals;
  private final List<Dimension> dimensions;
  private final Map<String, Variable> byName;
  private final Map<Variable, List<Variable>> gridMaps;

  DatasetModel(String name, List<Variable> variables, List<AttributeContainer> globals) {
    this.name = Objects.requireNonNull(name, "name == null");
    this.variables = List.copyOf(variables);
    this.globals = List.copyOf(globals);

    Map<String, Variable> names = new HashMap<>();
    for (Variable variable : this.variables) {
      if (names.put(variable.name(), variable) != null) {
        throw new IllegalArgumentException("two variables named " + variable.name());
      }
    }
    this.byName = Map.copyOf(names);

    // The DMR lists shared dimensions in the order variables first use them, as the handler's
    // DDS-to-DMR transform adds them.
    Map<String, Dimension> seen = new LinkedHashMap<>();
    for (Variable variable : this.variables) {
      for (Dimension dimension : variable.dimensions()) {
        Dimension earlier = seen.putIfAbsent(dimension.name(), dimension);
        if (earlier != null && earlier.size() != dimension.size()) {
          throw new IllegalArgumentException(
              "dimension "
                  + dimension.name()
                  + " has sizes "
                  + earlier.size()
                  + " and "
                  + dimension.size());
        }
      }
    }
    this.dimensions = List.copyOf(seen.values());

    // A variable all of whose dimensions have coordinate variables is a DAP2 Grid whose maps
    // are those coordinate variables, in dimension order.
    Map<Variable, List<Variable>> grids = new HashMap<>();
    for (Variable variable : this.variables) {
      if (variable.isCoordinate()) {
        continue;
      }
      List<Variable> maps = new ArrayList<>();
      for (Dimension dimension : variable.dimensions()) {
        Variable coordinate = names.get(dimension.name());
        if (coordinate == null || !coordinate.isCoordinate()) {
          maps = null;
          break;
        }
        maps.add(coordinate);
      }
      if (maps != null) {
        grids.put(variable, List.copyOf(maps));
      }
    }
    this.gridMaps = Map.copyOf(grids);
  }

  String name() {
    return name;
  }

  List<Variable> variables() {
    return variables;
  }

  List<AttributeContainer> globals() {
    return globals;
  }

  /** Shared dimensions in order of first use. */
  List<Dimension> dimensions() {
    return dimensions;
  }

  /** The top-level variable called {@code name}, or null. */
  @Nullable Variable variable(String name) {
    return byName.get(name);
  }

  boolean isGrid(Variable variable) {
    return gridMaps.containsKey(variable);
  }

  /** The map vectors of a Grid, or an empty list for a plain array. */
  List<Variable> maps(Variable variable) {
    return gridMaps.getOrDefault(variable, List.of());
  }
}
