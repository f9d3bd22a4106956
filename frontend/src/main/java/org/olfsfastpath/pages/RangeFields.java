package org.olfsfastpath.pages;

import org.jspecify.annotations.Nullable;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * One dimension's fields in a form: start, stride and stop indexes and, where the dimension has
 * coordinate values, from and to values beside them with a summary of the values (first, last, step
 * or irregular, dates).
 */
final class RangeFields {
  private RangeFields() {}

  static void write(
      StringBuilder out,
      Variable variable,
      int index,
      @Nullable Axis axis,
      FormSelection selection) {
    Dimension dimension = variable.dimensions().get(index);
    String label = Markup.escape(FormSelection.dimensionLabel(dimension, index));
    long last = dimension.size() - 1;
    if (last < 0) {
      out.append("<div class=\"ln\">").append(label).append(" is empty</div>");
      return;
    }
    String prefix = FormSelection.fieldPrefix(variable, index);
    String id = prefix.substring(0, prefix.length() - 1);
    out.append("<fieldset class=\"dim\" id=\"")
        .append(Markup.escape(id))
        .append("\" data-label=\"")
        .append(label)
        .append('"');
    if (axis != null) {
      out.append(" data-axis=\"")
          .append(Markup.escape(FormSelection.idOf(axis.variable())))
          .append('"');
    }
    out.append("><legend>")
        .append(label)
        .append(", 0 to ")
        .append(last)
        .append("</legend>")
        .append("<div class=\"row\">");
    input(out, selection, prefix + "start", "start", 0, last, 0);
    input(out, selection, prefix + "stride", "stride", 1, last + 1, 1);
    input(out, selection, prefix + "stop", "stop", 0, last, last);
    out.append("</div>");
    if (axis != null) {
      values(out, axis, prefix, selection, last);
    }
    out.append("</fieldset>");
  }

  private static void values(
      StringBuilder out, Axis axis, String prefix, FormSelection selection, long last) {
    String units = axis.hasDates() ? "" : axis.units();
    if (axis.translatesValues()) {
      String wide = axis.hasDates() ? " date" : "";
      out.append("<div class=\"row values\">");
      value(out, selection, prefix + "from", "from", axis.text(0), wide);
      value(out, selection, prefix + "to", "to", axis.text((int) last), wide);
      if (!units.isEmpty()) {
        out.append("<span class=\"units\">").append(Markup.escape(units)).append("</span>");
      }
      // The indexes shown beside the values, so that the server can tell which one was edited.
      String shown = selection.field(prefix + DimensionRange.SHOWN);
      out.append("<input type=\"hidden\" name=\"")
          .append(Markup.escape(prefix + DimensionRange.SHOWN))
          .append("\" value=\"")
          .append(Markup.escape(shown != null ? shown : "0:" + last))
          .append("\"></div>");
    }
    out.append("<div class=\"ln axis\">").append(Markup.escape(axis.summary()));
    if (axis.hasDates()) {
      out.append(" <span class=\"units\">(").append(Markup.escape(axis.units())).append(")</span>");
    } else if (!axis.translatesValues() && !units.isEmpty()) {
      out.append(' ').append(Markup.escape(units));
    }
    if (!axis.timeNote().isEmpty()) {
      out.append("<br>").append(Markup.escape(axis.timeNote()));
    }
    out.append("</div>");
  }

  private static void value(
      StringBuilder out,
      FormSelection selection,
      String field,
      String label,
      String fallback,
      String wide) {
    labelledInput(
        out,
        selection,
        field,
        label,
        "type=\"text\" class=\"value" + wide + "\"",
        " spellcheck=\"false\" autocomplete=\"off\"",
        fallback);
  }

  private static void input(
      StringBuilder out,
      FormSelection selection,
      String field,
      String label,
      long min,
      long max,
      long fallback) {
    labelledInput(
        out,
        selection,
        field,
        label,
        "type=\"number\"",
        " min=\"" + min + "\" max=\"" + max + "\" step=\"1\" inputmode=\"numeric\"",
        Long.toString(fallback));
  }

  /**
   * A labelled input of {@code field}: {@code type} is what comes before its id (its type, a
   * class), {@code more} what comes after its name; its value is what was submitted, else {@code
   * fallback}; marked invalid when the field has an error.
   */
  private static void labelledInput(
      StringBuilder out,
      FormSelection selection,
      String field,
      String label,
      String type,
      String more,
      String fallback) {
    String submitted = selection.field(field);
    String escaped = Markup.escape(field);
    out.append("<label for=\"")
        .append(escaped)
        .append("\">")
        .append(label)
        .append("</label> <input ")
        .append(type)
        .append(" id=\"")
        .append(escaped)
        .append("\" name=\"")
        .append(escaped)
        .append('"')
        .append(more)
        .append(" value=\"")
        .append(Markup.escape(submitted == null ? fallback : submitted))
        .append('"');
    if (selection.fieldError(field) != null) {
      out.append(" aria-invalid=\"true\"");
    }
    out.append("> ");
  }
}
