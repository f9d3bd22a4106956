package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The fileout_json module's two answers for a DAP2 request: {@code returnAs="json"}, the abstract
 * form (a dataset object with attributes, leaves and nodes; two spaces per level), and {@code
 * returnAs="ijson"}, the instance form (each variable's values under its name; one space per
 * level). On {@code dods} they carry the data; on {@code ddx} only the metadata.
 *
 * <p>Faithful to the BES where it writes JSON that is not valid: nodes (Grids) follow one another
 * with no comma between them and the node list ends with a blank line, exactly as {@code
 * get_ddx_json_coads} shows. Float32 arrays are printed with six significant digits, the precision
 * of a fresh BES connection (a BES connection that earlier sent ASCII values prints them with
 * whatever precision that left on its stream). Every line ends a PPT chunk.
 */
final class JsonWriter {
  private final LineSink out;
  private final boolean data;

  private JsonWriter(LineSink out, boolean data) {
    this.out = out;
    this.data = data;
  }

  /** The abstract form ({@code returnAs="json"}). */
  static void abstractJson(
      DatasetModel model, Dap2Projection projection, boolean data, LineSink out)
      throws IOException {
    new JsonWriter(out, data).dataset(model, projection);
    out.finish();
  }

  /** The instance form ({@code returnAs="ijson"}). */
  static void instanceJson(
      DatasetModel model, Dap2Projection projection, boolean data, LineSink out)
      throws IOException {
    new JsonWriter(out, data).instance(model, projection);
    out.finish();
  }

  private void dataset(DatasetModel model, Dap2Projection projection) throws IOException {
    out.append("{\n  \"name\": \"").append(model.name()).append("\",\n");
    List<Item> globals = new ArrayList<>();
    for (AttributeContainer container : model.globals()) {
      globals.add(new Item(container.name(), container.attributes()));
    }
    attributeBlock("  ", globals);
    out.append(",\n");
    List<Leaf> leaves = new ArrayList<>();
    List<Dap2Projection.Entry> nodes = new ArrayList<>();
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (entry.grid()) {
        nodes.add(entry);
      } else {
        leaves.add(new Leaf(entry.array()));
      }
    }
    members("  ", leaves, nodes);
    out.append("}\n");
  }

  /** A leaf: an array of an atomic type. */
  private record Leaf(Dap2Projection.Part part) {}

  /**
   * An attribute or, with {@code attributes} set, a container of them.
   *
   * @param attributes those of a container, null for an attribute
   * @param attribute the attribute, null for a container
   */
  private record Item(
      String name, @Nullable List<Attribute> attributes, @Nullable Attribute attribute) {
    Item(String name, List<Attribute> attributes) {
      this(name, attributes, null);
    }

    Item(Attribute attribute) {
      this(attribute.name(), null, attribute);
    }
  }

  private void members(String indent, List<Leaf> leaves, List<Dap2Projection.Entry> nodes)
      throws IOException {
    out.append(indent).append("\"leaves\": [");
    if (!leaves.isEmpty()) {
      out.append("\n");
      for (int i = 0; i < leaves.size(); i++) {
        if (i > 0) {
          out.append(",\n");
        }
        leaf(indent + "  ", leaves.get(i).part());
      }
      out.append("\n").append(indent);
    }
    out.append("],\n");
    out.append(indent).append("\"nodes\": [");
    if (!nodes.isEmpty()) {
      out.append("\n");
      for (Dap2Projection.Entry node : nodes) {
        node(indent + "  ", node);
      }
      out.append("\n").append(indent);
    }
    out.append("]\n");
  }

  /** A Grid (or what is left of one, a Structure): its parts are its leaves. */
  private void node(String indent, Dap2Projection.Entry entry) throws IOException {
    out.append(indent).append("{\n");
    out.append(indent).append("  \"name\": \"").append(entry.variable().name()).append("\",\n");
    // The netCDF handler gives a Grid no attributes of its own.
    attributeBlock(indent + "  ", List.of());
    out.append(",\n");
    List<Leaf> leaves = new ArrayList<>();
    if (entry.array().send()) {
      leaves.add(new Leaf(entry.array()));
    }
    for (Dap2Projection.Part map : entry.maps()) {
      if (map.send()) {
        leaves.add(new Leaf(map));
      }
    }
    members(indent + "  ", leaves, List.of());
    out.append(indent).append("}\n");
  }

  private void leaf(String indent, Dap2Projection.Part part) throws IOException {
    Variable variable = part.variable();
    out.append(indent).append("{\n");
    out.append(indent).append("  \"name\": \"").append(variable.name()).append("\",\n");
    out.append(indent).append("  \"type\": \"").append(variable.type().dapName()).append("\",\n");
    List<Item> items = new ArrayList<>();
    for (Attribute attribute : variable.attributes()) {
      items.add(new Item(attribute));
    }
    attributeBlock(indent + "  ", items);
    out.append(",\n");
    out.append(indent).append("  \"shape\": [");
    for (int d = 0; d < part.slices().size(); d++) {
      if (d > 0) {
        out.append(',');
      }
      out.append(Integer.toString(part.slices().get(d).count()));
    }
    out.append("]");
    if (data) {
      out.append(",\n").append(indent).append("  \"data\": ");
      values(part);
    }
    out.append("\n").append(indent).append("}");
  }

  private void attributeBlock(String indent, List<Item> items) throws IOException {
    out.append(indent).append("\"attributes\": [");
    if (items.isEmpty()) {
      out.append("]");
      return;
    }
    out.append("\n");
    for (int i = 0; i < items.size(); i++) {
      if (i > 0) {
        out.append(",\n");
      }
      Item item = items.get(i);
      Attribute single = item.attribute();
      if (single != null) {
        out.append(indent).append("  {\"name\": \"").append(item.name()).append("\", \"value\": [");
        attributeValues(single, ",");
        out.append("]}");
      } else {
        out.append(indent).append("  {\n");
        if (!item.name().isEmpty()) {
          out.append(indent).append("    \"name\": \"").append(item.name()).append("\",\n");
        }
        List<Item> children = new ArrayList<>();
        List<Attribute> attributes =
            Objects.requireNonNull(item.attributes(), "an Item with no attribute is a container");
        for (Attribute attribute : attributes) {
          children.add(new Item(attribute));
        }
        attributeBlock(indent + "    ", children);
        out.append("\n").append(indent).append("  }");
      }
    }
    out.append("\n").append(indent).append("]");
  }

  private void attributeValues(Attribute attribute, String separator) throws IOException {
    List<String> values = attribute.values();
    for (int v = 0; v < values.size(); v++) {
      if (v > 0) {
        out.append(separator);
      }
      if (attribute.isString()) {
        out.append('"').append(escape(values.get(v))).append('"');
      } else {
        out.append(values.get(v));
      }
    }
  }

  private void instance(DatasetModel model, Dap2Projection projection) throws IOException {
    out.append("{\n \"name\": \"").append(escape(model.name())).append("\",\n");
    boolean first = true;
    if (!data) {
      // The metadata form starts with the global attribute containers.
      for (AttributeContainer container : model.globals()) {
        if (!first) {
          out.append(",\n");
        }
        first = false;
        out.append(" \"").append(escape(container.name())).append("\": {\n");
        attributeMembers("   ", container.attributes());
        out.append("\n }");
      }
    }
    List<Dap2Projection.Entry> entries = projection.entries();
    for (int i = 0; i < entries.size(); i++) {
      if (!first) {
        out.append(",\n");
      }
      first = false;
      Dap2Projection.Entry entry = entries.get(i);
      if (!entry.grid()) {
        instanceArray(" ", entry.array());
        continue;
      }
      // A Grid is an object holding its array, then every map, projected or not.
      out.append(" \"").append(escape(entry.variable().name())).append("\": {\n");
      List<Dap2Projection.Part> parts = new ArrayList<>();
      if (entry.array().send()) {
        parts.add(entry.array());
      }
      for (int m = 0; m < entry.maps().size(); m++) {
        Dap2Projection.Part map = entry.maps().get(m);
        parts.add(
            map.send()
                ? map
                : new Dap2Projection.Part(
                    map.variable(), List.of(entry.array().slices().get(m)), true));
      }
      for (int p = 0; p < parts.size(); p++) {
        if (p > 0) {
          out.append(",\n");
        }
        instanceArray("  ", parts.get(p));
      }
      out.append("\n }");
    }
    out.append("\n}\n");
  }

  /** {@code "name": [values]}, or in metadata mode the variable's attributes as an object. */
  private void instanceArray(String indent, Dap2Projection.Part part) throws IOException {
    Variable variable = part.variable();
    out.append(indent).append('"').append(escape(variable.name())).append("\":  ");
    if (data) {
      values(part);
      return;
    }
    out.append("{\n");
    attributeMembers(indent + "  ", variable.attributes());
    out.append("\n").append(indent).append("}");
  }

  private void attributeMembers(String indent, List<Attribute> attributes) throws IOException {
    for (int a = 0; a < attributes.size(); a++) {
      if (a > 0) {
        out.append(",\n");
      }
      Attribute attribute = attributes.get(a);
      out.append(indent).append('"').append(escape(attribute.name())).append("\": [");
      attributeValues(attribute, ",");
      out.append("]");
    }
  }

  /** Nested arrays, row values joined by ", ", as FoDapJsonTransform writes them. */
  private void values(Dap2Projection.Part part) throws IOException {
    List<Slice> slices = part.slices();
    int rank = slices.size();
    Variable variable = part.variable();
    DapType type = variable.type();
    Values values = variable.values();
    int[] rowsLeft = {rowCount(slices)};
    StringBuilder text = new StringBuilder(1024);
    Hyperslab.forEachRow(
        variable,
        slices,
        (row, first, step, count) -> {
          // Open the brackets of every dimension whose index just wrapped to 0.
          int opening = 1;
          for (int d = rank - 2; d >= 0 && row[d] == 0; d--) {
            opening++;
          }
          boolean firstRow = rowsLeft[0] == rowCount(slices);
          if (!firstRow) {
            text.append(", ");
          }
          text.append("[".repeat(firstRow ? rank : opening));
          int index = first;
          for (int i = 0; i < count; i++, index += step) {
            if (i > 0) {
              text.append(", ");
            }
            text.append(type.format(values.get(index)));
          }
          // Close the brackets of every dimension whose index is at its end.
          int closing = 1;
          for (int d = rank - 2; d >= 0 && row[d] == slices.get(d).count() - 1; d--) {
            closing++;
          }
          text.append("]".repeat(closing));
          rowsLeft[0]--;
          if (text.length() > 8192) {
            out.append(text);
            text.setLength(0);
          }
        });
    out.append(text);
  }

  private static int rowCount(List<Slice> slices) {
    int rows = 1;
    for (int d = 0; d < slices.size() - 1; d++) {
      rows *= slices.get(d).count();
    }
    return rows;
  }

  /** fileout_json's escape_for_json: control characters, '\' and '"' as lowercase \\u00XX. */
  static String escape(String text) {
    StringBuilder escaped = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == '\\' || c == '"') {
        if (escaped == null) {
          escaped = new StringBuilder(text.length() + 16).append(text, 0, i);
        }
        escaped.append(String.format("\\u%04x", (int) c));
      } else if (escaped != null) {
        escaped.append(c);
      }
    }
    return escaped == null ? text : escaped.toString();
  }
}
