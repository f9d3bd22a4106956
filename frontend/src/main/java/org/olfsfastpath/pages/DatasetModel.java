package org.olfsfastpath.pages;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A dataset's structure as its DMR (DAP4) or DDX (DAP2) describes it: global attributes and
 * variables with types, dimensions and attributes. Value-based and immutable; built by {@link
 * DatasetParser}.
 *
 * <p>DAP4 groups are flattened: a group's variables appear in {@link #variables()} with their fully
 * qualified names ({@code /g1/temp}), and a group's attributes appear among the global ones as a
 * container named after the group. A DAP2 Grid is its array (type, dimensions, attributes) with the
 * names of its maps.
 *
 * @param name the dataset name, e.g. {@code coads_climatology.nc}
 * @param form the form it renders as: {@link FormType#DAP4} from a DMR, {@link FormType#DAP2} from
 *     a DDX
 * @param attributes global attributes, in document order
 * @param variables top-level (and group) variables, in document order
 */
public record DatasetModel(
    String name, FormType form, List<Attribute> attributes, List<Variable> variables) {
  public DatasetModel {
    attributes = List.copyOf(attributes);
    variables = List.copyOf(variables);
  }

  /** Every variable, depth first: each top-level variable followed by its members. */
  public List<Variable> allVariables() {
    List<Variable> all = new ArrayList<>();
    for (Variable variable : variables) {
      addAll(variable, all);
    }
    return all;
  }

  private static void addAll(Variable variable, List<Variable> all) {
    all.add(variable);
    for (Variable member : variable.members()) {
      addAll(member, all);
    }
  }

  /**
   * One variable.
   *
   * @param name its own name
   * @param fqn its fully qualified name as people read it: {@code /g1/temp} or {@code /s.m} in
   *     DAP4, {@code s.m} in DAP2
   * @param constraintName the name a constraint expression uses, escaped as the protocol needs
   * @param type the DAP type name: {@code Float32}, {@code String}, {@code Structure}, {@code
   *     Sequence}; for an array, its element type
   * @param dimensions the array's dimensions, outermost first; empty for a scalar
   * @param attributes its attributes, in document order
   * @param maps the names of its map (coordinate) variables, as the document gives them
   * @param members a Structure's or Sequence's member variables; empty otherwise
   * @param gridMaps a DAP2 Grid's maps as the DDX declares them (name, element type, the one
   *     dimension), in the order of {@code maps}; empty in DAP4, where a Map names another variable
   *     of the dataset, and for every other variable
   */
  public record Variable(
      String name,
      String fqn,
      String constraintName,
      String type,
      List<Dimension> dimensions,
      List<Attribute> attributes,
      List<String> maps,
      List<Variable> members,
      List<Variable> gridMaps) {
    public Variable {
      dimensions = List.copyOf(dimensions);
      attributes = List.copyOf(attributes);
      maps = List.copyOf(maps);
      members = List.copyOf(members);
      gridMaps = List.copyOf(gridMaps);
    }

    /** The first attribute named {@code name} with a value, or null. */
    public @Nullable String attributeValue(String name) {
      for (Attribute attribute : attributes) {
        if (attribute.name().equals(name) && !attribute.values().isEmpty()) {
          return attribute.values().get(0);
        }
      }
      return null;
    }
  }

  /**
   * One dimension of an array.
   *
   * @param name its name (a DAP4 shared dimension's fully qualified name), or empty when anonymous
   * @param size its size, {@code >= 0}
   */
  public record Dimension(String name, long size) {
    public Dimension {
      if (size < 0) {
        throw new IllegalArgumentException("size was " + size + ", must be >= 0");
      }
    }
  }

  /**
   * One attribute, or a container of attributes.
   *
   * @param name its name
   * @param type its DAP type name, {@code Container} for a container
   * @param values its values as the document spells them; empty for a container
   * @param attributes a container's attributes; empty otherwise
   */
  public record Attribute(
      String name, String type, List<String> values, List<Attribute> attributes) {
    public Attribute {
      values = List.copyOf(values);
      attributes = List.copyOf(attributes);
    }

    /** Whether this is a container of attributes. */
    public boolean isContainer() {
      return type.equals("Container");
    }
  }
}
