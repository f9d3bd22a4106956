package org.olfsfastpath.emulator.dap;

import java.util.List;

/** A plain HTML page describing a dataset: its global attributes and its variables. */
final class InfoPage {
  private InfoPage() {}

  static String html(DatasetModel model) {
    StringBuilder out = new StringBuilder(4096);
    out.append("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\"\n")
        .append("\"http://www.w3.org/TR/html4/loose.dtd\">\n")
        .append("<html><head><title>Dataset Information</title>\n")
        .append("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\">\n")
        .append("</head>\n<body>\n<h3>Dataset Information</h3>\n<center>\n<table border=\"0\">\n")
        .append("<tr>\n<td align=\"right\" valign=\"top\"><b>Dataset</b></td>\n<td>")
        .append(escape(model.name())).append("</td>\n</tr>\n");
    for (AttributeContainer container : model.globals()) {
      rows(out, container.name(), container.attributes());
    }
    out.append("</table>\n</center>\n<p>\n<hr>\n<h3>Variables in this Dataset</h3>\n")
        .append("<center>\n<table border=\"0\">\n");
    for (Variable variable : model.variables()) {
      out.append("<tr>\n<td align=\"right\" valign=\"top\"><b>")
          .append(escape(variable.name())).append("</b>:</td>\n<td>")
          .append(variable.type().dapName());
      for (Dimension dimension : variable.dimensions()) {
        out.append('[').append(escape(dimension.name())).append(" = ")
            .append(dimension.size()).append(']');
      }
      out.append("<br>");
      for (Attribute attribute : variable.attributes()) {
        out.append(escape(attribute.name())).append(": ")
            .append(escape(String.join(", ", attribute.values()))).append("<br>");
      }
      out.append("</td>\n</tr>\n");
    }
    out.append("</table>\n</center>\n<p>\n</body>\n</html>\n");
    return out.toString();
  }

  private static void rows(StringBuilder out, String container, List<Attribute> attributes) {
    for (Attribute attribute : attributes) {
      out.append("<tr>\n<td align=\"right\" valign=\"top\"><b>").append(escape(container))
          .append(' ').append(escape(attribute.name())).append("</b>:</td>\n<td>")
          .append(escape(String.join(", ", attribute.values()))).append("</td>\n</tr>\n");
    }
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
