package org.olfsfastpath.pages;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * The one small data request a form makes for its dataset's coordinates: which variables are
 * coordinates of which dimensions, the constraint that asks for all of them at once, and the
 * reading of the answer. Immutable.
 *
 * <p>A dimension's coordinate is a one-dimensional number variable along it: the variable named
 * like the dimension (a netCDF coordinate variable: {@code COADSX[COADSX]}), else, in DAP4, a Map
 * of the array along that dimension, and in DAP2 the Grid's map for it when the dataset has it as
 * an array of its own. Each form asks in its own protocol, since the two name variables differently
 * (a DAP4 group's {@code /g1/lat} has no DAP2 name): the DAP4 form a {@code dap} answer of {@code
 * /COADSX;/COADSY;/TIME}, the DAP2 form a {@code dods} answer of {@code COADSX,COADSY,TIME}, both
 * binary so that the values are exact ({@link BinaryValues}).
 */
public final class CoordinateRequest {
  private final DatasetModel model;
  private final List<Variable> variables;

  /** Per variable FQN, per dimension, the FQN of its coordinate or null. */
  private final Map<String, List<String>> coordinates;

  private CoordinateRequest(
      DatasetModel model, List<Variable> variables, Map<String, List<String>> coordinates) {
    this.model = model;
    this.variables = List.copyOf(variables);
    this.coordinates = coordinates;
  }

  /** Finds the coordinates of every dimension of {@code model}'s variables. */
  public static CoordinateRequest of(DatasetModel model) {
    Objects.requireNonNull(model, "model == null");
    Map<String, Variable> byFqn = new HashMap<>();
    for (Variable variable : model.variables()) {
      byFqn.put(variable.fqn(), variable);
    }
    Map<String, Variable> used = new LinkedHashMap<>();
    Map<String, List<String>> coordinates = new HashMap<>();
    for (Variable variable : model.allVariables()) {
      List<String> perDimension = new ArrayList<>();
      List<Dimension> dims = variable.dimensions();
      for (int d = 0; d < dims.size(); d++) {
        Variable coordinate = find(model, byFqn, variable, d);
        perDimension.add(coordinate == null ? "" : coordinate.fqn());
        if (coordinate != null) {
          used.put(coordinate.fqn(), coordinate);
        }
      }
      coordinates.put(variable.fqn(), perDimension);
    }
    List<Variable> ordered = new ArrayList<>();
    for (Variable variable : model.variables()) {
      if (used.containsKey(variable.fqn())) {
        ordered.add(variable);
      }
    }
    return new CoordinateRequest(model, ordered, coordinates);
  }

  private static @Nullable Variable find(
      DatasetModel model, Map<String, Variable> byFqn, Variable variable, int d) {
    Dimension dimension = variable.dimensions().get(d);
    if (dimension.name().isEmpty()) {
      return null;
    }
    if (model.form() == FormType.DAP4) {
      Variable named = byFqn.get(dimension.name());
      if (isCoordinate(named, dimension)) {
        return named;
      }
      for (String map : variable.maps()) {
        Variable mapped = byFqn.get(map);
        if (isCoordinate(mapped, dimension)) {
          return mapped;
        }
      }
      return null;
    }
    if (!variable.maps().isEmpty() && d < variable.maps().size()) {
      Variable mapped = byFqn.get(variable.maps().get(d));
      return isCoordinate(mapped, dimension) ? mapped : null;
    }
    Variable named = byFqn.get(dimension.name());
    return isCoordinate(named, dimension) ? named : null;
  }

  private static boolean isCoordinate(@Nullable Variable candidate, Dimension dimension) {
    if (candidate == null
        || candidate.dimensions().size() != 1
        || !candidate.members().isEmpty()
        || !DapTypes.isNumber(candidate.type())
        || DapTypes.dap4Width(candidate.type()) < 0) {
      return false;
    }
    Dimension own = candidate.dimensions().get(0);
    return own.size() == dimension.size()
        && (own.name().equals(dimension.name()) || own.name().isEmpty());
  }

  /** Whether the dataset has no coordinates at all (then nothing is asked). */
  public boolean isEmpty() {
    return variables.isEmpty();
  }

  /** Whether the answer to ask for is DAP4's {@code dap} (the DAP4 form), else {@code dods}. */
  public boolean dap4() {
    return model.form() == FormType.DAP4;
  }

  /** The constraint naming every coordinate: {@code /COADSX;/TIME} or {@code COADSX,TIME}. */
  public String constraint() {
    List<String> names = new ArrayList<>();
    for (Variable variable : variables) {
      names.add(variable.constraintName());
    }
    return String.join(dap4() ? ";" : ",", names);
  }

  /** How many values the answer carries, in all. */
  long valueCount() {
    long count = 0;
    for (Variable variable : variables) {
      count += variable.dimensions().get(0).size();
    }
    return count;
  }

  /** The coordinate variables, in dataset order. */
  List<Variable> variables() {
    return variables;
  }

  /** The coordinate of dimension {@code d} of {@code variable}, if it has one. */
  Optional<String> coordinateOf(Variable variable, int d) {
    List<String> perDimension = coordinates.get(variable.fqn());
    if (perDimension == null || d >= perDimension.size() || perDimension.get(d).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(perDimension.get(d));
  }

  /**
   * Reads the BES's answer to this request.
   *
   * @throws BesProtocolException if it is not the answer asked for
   */
  public Coordinates read(byte[] answer) throws BesProtocolException {
    double[][] values =
        dap4() ? BinaryValues.dap(answer, variables) : BinaryValues.dods(answer, variables);
    Map<String, Axis> axes = new LinkedHashMap<>();
    for (int v = 0; v < variables.size(); v++) {
      axes.put(variables.get(v).fqn(), new Axis(variables.get(v), values[v]));
    }
    return new Coordinates(this, axes, "");
  }

  /**
   * The coordinates when their values could not be had; the form shows index ranges only and says
   * why.
   *
   * @param why a sentence for the page, e.g. {@code the BES did not answer in time}
   */
  public Coordinates unavailable(String why) {
    Objects.requireNonNull(why, "why == null");
    return new Coordinates(this, Map.of(), isEmpty() ? "" : why);
  }
}
