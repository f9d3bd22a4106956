package org.olfsfastpath.emulator.dap;

import java.util.List;
import java.util.Objects;

/**
 * A numeric array variable of a generated dataset: its shape, its attributes and the generator of
 * its values. Immutable.
 */
final class Variable {
  private final String name;
  private final DapType type;
  private final List<Dimension> dimensions;
  private final List<Attribute> attributes;
  private final Values values;
  private final int size;

  Variable(
      String name,
      DapType type,
      List<Dimension> dimensions,
      List<Attribute> attributes,
      Values values) {
    this.name = Objects.requireNonNull(name, "name == null");
    this.type = Objects.requireNonNull(type, "type == null");
    this.dimensions = List.copyOf(dimensions);
    this.attributes = List.copyOf(attributes);
    this.values = Objects.requireNonNull(values, "values == null");
    if (this.dimensions.isEmpty()) {
      throw new IllegalArgumentException("variable " + name + " has no dimensions");
    }
    long product = 1;
    for (Dimension dimension : this.dimensions) {
      product *= dimension.size();
    }
    if (product > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("variable " + name + " has " + product + " values");
    }
    this.size = (int) product;
  }

  /** A coordinate variable: named as its one dimension, whose values it holds. */
  static Variable coordinate(
      Dimension dimension, DapType type, Values values, Attribute... attributes) {
    return new Variable(dimension.name(), type, List.of(dimension), List.of(attributes), values);
  }

  String name() {
    return name;
  }

  DapType type() {
    return type;
  }

  List<Dimension> dimensions() {
    return dimensions;
  }

  List<Attribute> attributes() {
    return attributes;
  }

  Values values() {
    return values;
  }

  /** The number of values in the full (unconstrained) variable. */
  int size() {
    return size;
  }

  int rank() {
    return dimensions.size();
  }

  /** Whether this is a netCDF coordinate variable: one dimension named like the variable. */
  boolean isCoordinate() {
    return dimensions.size() == 1 && dimensions.get(0).name().equals(name);
  }

  @Override
  public String toString() {
    return type.dapName() + " " + name + dimensions;
  }
}
