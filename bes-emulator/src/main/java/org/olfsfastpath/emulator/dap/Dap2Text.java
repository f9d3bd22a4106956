package org.olfsfastpath.emulator.dap;

import java.util.List;

/** The DAP2 text documents, DAS and DDS, in libdap's layout. */
final class Dap2Text {
  private static final String ALLOWED_IN_IDENTIFIERS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-+_/.\\*";

  private Dap2Text() {}

  /** The DAS: every variable's attributes, then the global containers. Constraints do not apply. */
  static String das(DatasetModel model) {
    StringBuilder out = new StringBuilder(1024);
    out.append("Attributes {\n");
    for (Variable variable : model.variables()) {
      table(out, "    ", variable.name(), variable.attributes());
    }
    for (AttributeContainer container : model.globals()) {
      table(out, "    ", container.name(), container.attributes());
    }
    out.append("}\n");
    return out.toString();
  }

  private static void table(
      StringBuilder out, String pad, String name, List<Attribute> attributes) {
    out.append(pad).append(id2www(name)).append(" {\n");
    for (Attribute attribute : attributes) {
      out.append(pad)
          .append("    ")
          .append(attribute.type())
          .append(' ')
          .append(id2www(attribute.name()))
          .append(' ');
      List<String> values = attribute.values();
      for (int i = 0; i < values.size(); i++) {
        if (i > 0) {
          out.append(", ");
        }
        if (attribute.isString()) {
          quote(out, values.get(i));
        } else {
          out.append(values.get(i));
        }
      }
      out.append(";\n");
    }
    out.append(pad).append("}\n");
  }

  /** libdap's escattr inside double quotes: backslash and quote escaped, non-printables octal. */
  private static void quote(StringBuilder out, String value) {
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if ((c < ' ' && c != '\n' && c != '\t' && c != '\r') || c > '~') {
        out.append('\\').append(String.format("%03o", (int) c & 0xff));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }

  /** The DDS of the projected variables, as DDS::print_constrained writes it. */
  static String dds(DatasetModel model, Dap2Projection projection) {
    StringBuilder out = new StringBuilder(256);
    out.append("Dataset {\n");
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (!entry.grid()) {
        declaration(out, "    ", entry.array());
      } else if (entry.yieldsGrid()) {
        out.append("    Grid {\n      Array:\n");
        declaration(out, "        ", entry.array());
        out.append("      Maps:\n");
        for (Dap2Projection.Part map : entry.maps()) {
          declaration(out, "        ", map);
        }
        out.append("    } ").append(id2www(entry.variable().name())).append(";\n");
      } else {
        // A Grid that lost its array or a map, or whose maps are sliced differently, is sent as
        // a Structure of the parts that remain.
        out.append("    Structure {\n");
        if (entry.array().send()) {
          declaration(out, "        ", entry.array());
        }
        for (Dap2Projection.Part map : entry.maps()) {
          if (map.send()) {
            declaration(out, "        ", map);
          }
        }
        out.append("    } ").append(id2www(entry.variable().name())).append(";\n");
      }
    }
    out.append("} ").append(id2www(model.name())).append(";\n");
    return out.toString();
  }

  private static void declaration(StringBuilder out, String pad, Dap2Projection.Part part) {
    Variable variable = part.variable();
    out.append(pad).append(variable.type().dapName()).append(' ').append(id2www(variable.name()));
    for (int d = 0; d < variable.rank(); d++) {
      out.append('[')
          .append(id2www(variable.dimensions().get(d).name()))
          .append(" = ")
          .append(part.slices().get(d).count())
          .append(']');
    }
    out.append(";\n");
  }

  /** libdap's id2www: characters outside the allowed set become %XX. */
  static String id2www(String name) {
    StringBuilder out = null;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (ALLOWED_IN_IDENTIFIERS.indexOf(c) < 0) {
        if (out == null) {
          out = new StringBuilder(name.length() + 8).append(name, 0, i);
        }
        out.append('%')
            .append(Character.forDigit((c >> 4) & 0xf, 16))
            .append(Character.forDigit(c & 0xf, 16));
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? name : out.toString();
  }
}
