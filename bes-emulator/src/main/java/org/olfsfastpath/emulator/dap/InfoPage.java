package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The usage module's info page ({@code get type="info_page"}): the global attributes, then every
 * variable of the whole dataset (the constraint does not apply) with its type and attributes, in
 * the BES's HTML. Values are not escaped, as the BES does not escape them.
 */
final class InfoPage {
  /** DAS tables whose names look global (NC_GLOBAL, DODS_EXTRA) are shown as dataset attributes. */
  private static final Pattern GLOBAL = Pattern.compile(".*global.*|.*dods.*");

  private static final Pattern DIMENSION_TABLE = Pattern.compile(".*_dim_[0-9]*");

  private InfoPage() {}

  static String html(DatasetModel model) {
    StringBuilder out = new StringBuilder(4096);
    out.append("<html><head><title>Dataset Information</title></head>\n<body>\n");
    String globals = globals(model);
    if (!globals.isEmpty()) {
      out.append(globals).append("\n<hr>\n");
    }
    out.append("<h3>Variables in this Dataset</h3>\n<center>\n<table>\n");
    for (Variable variable : model.variables()) {
      out.append("<tr>");
      if (model.isGrid(variable)) {
        cell(out, variable.name(), "Grid", variable.attributes());
        out.append("<table>\n");
        cell(out, variable.name(), arrayType(variable), variable.attributes());
        out.append("</td>\n");
        for (Variable map : model.maps(variable)) {
          out.append("<tr>");
          cell(out, map.name(), arrayType(map), map.attributes());
          out.append("</td>\n</tr>");
        }
        out.append("</table>\n");
      } else {
        cell(out, variable.name(), arrayType(variable), variable.attributes());
        out.append("</td>\n");
      }
      out.append("</tr>");
    }
    out.append("</table>\n</center><p>\n");
    out.append("\n<hr>\n");
    // No user-supplied HTML: the line it would fill stays empty.
    out.append("\n</body>\n</html>\n");
    return out.toString();
  }

  /** The DAS tables, variables' first, that count as global; empty if none does. */
  private static String globals(DatasetModel model) {
    List<List<Attribute>> tables = new ArrayList<>();
    for (Variable variable : model.variables()) {
      if (isGlobal(variable.name())) {
        tables.add(variable.attributes());
      }
    }
    for (AttributeContainer container : model.globals()) {
      if (isGlobal(container.name())) {
        tables.add(container.attributes());
      }
    }
    if (tables.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder(1024);
    out.append("<h3>Dataset Information</h3>\n<center>\n<table>\n");
    for (List<Attribute> table : tables) {
      for (Attribute attribute : table) {
        out.append("\n<tr><td align=right valign=top><b>")
            .append(attribute.name())
            .append("</b>:</td>\n<td align=left>")
            .append(String.join(", ", attribute.values()))
            .append("<br></td></tr>\n");
      }
    }
    out.append("</table>\n</center><p>\n");
    return out.toString();
  }

  private static boolean isGlobal(String tableName) {
    return !DIMENSION_TABLE.matcher(tableName).matches()
        && GLOBAL.matcher(tableName.toLowerCase(Locale.ROOT)).matches();
  }

  private static void cell(
      StringBuilder out, String name, String type, List<Attribute> attributes) {
    out.append("<td align=right valign=top><b>")
        .append(name)
        .append("</b>:</td>\n")
        .append("<td align=left valign=top>")
        .append(type)
        .append("<br>");
    for (Attribute attribute : attributes) {
      out.append(attribute.name())
          .append(": ")
          .append(String.join(", ", attribute.values()))
          .append("<br>\n");
    }
  }

  private static String arrayType(Variable variable) {
    StringBuilder type =
        new StringBuilder("Array of ").append(fancyName(variable.type())).append("s ");
    for (Dimension dimension : variable.dimensions()) {
      type.append('[')
          .append(dimension.name())
          .append(" = 0..")
          .append(dimension.size() - 1)
          .append(']');
    }
    return type.toString();
  }

  private static String fancyName(DapType type) {
    return switch (type) {
      case BYTE -> "Byte";
      case INT16 -> "16 bit Integer";
      case UINT16 -> "16 bit Unsigned integer";
      case INT32 -> "32 bit Integer";
      case UINT32 -> "32 bit Unsigned integer";
      case FLOAT32 -> "32 bit Real";
      case FLOAT64 -> "64 bit Real";
    };
  }
}
