package org.olfsfastpath.emulator.dap;

import java.util.List;

/**
 * The DMR as libdap's DMR::print_dap4 writes it through libxml2: ISO-8859-1, four-space indents,
 * empty elements closed in place.
 */
final class DmrWriter {
  static final String NAMESPACE = "http://xml.opendap.org/ns/DAP/4.0#";

  private final StringBuilder out = new StringBuilder(2048);

  private DmrWriter() {}

  static String dmr(DatasetModel model, Dap4Projection projection, String xmlBase) {
    return new DmrWriter().write(model, projection, xmlBase);
  }

  private String write(DatasetModel model, Dap4Projection projection, String xmlBase) {
    out.append("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n");
    out.append("<Dataset xmlns=\"").append(NAMESPACE).append('"');
    if (!xmlBase.isEmpty()) {
      out.append(" xml:base=\"");
      XmlText.attribute(xmlBase, out);
      out.append('"');
    }
    out.append(" dapVersion=\"4.0\" dmrVersion=\"1.0\" name=\"");
    XmlText.attribute(model.name(), out);
    out.append("\">\n");
    for (Dap4Projection.DeclaredDimension dimension : projection.dimensions()) {
      out.append("    <Dimension name=\"");
      XmlText.attribute(dimension.name(), out);
      out.append("\" size=\"").append(dimension.size()).append("\"/>\n");
    }
    for (Dap4Projection.Entry entry : projection.entries()) {
      variable(entry, projection.constrained());
    }
    for (AttributeContainer container : model.globals()) {
      out.append("    <Attribute name=\"");
      XmlText.attribute(container.name(), out);
      out.append("\" type=\"Container\">\n");
      attributes("        ", container.attributes());
      out.append("    </Attribute>\n");
    }
    out.append("</Dataset>\n");
    return out.toString();
  }

  private void variable(Dap4Projection.Entry entry, boolean constrained) {
    Variable variable = entry.variable();
    out.append("    <").append(variable.type().dapName()).append(" name=\"");
    XmlText.attribute(variable.name(), out);
    out.append("\">\n");
    for (int d = 0; d < variable.rank(); d++) {
      // Array::print_dim_element: a constrained DMR names the shared dimension only where the
      // constraint used it; a local slice shows its size.
      if (!constrained || entry.sharedDimension().get(d)) {
        out.append("        <Dim name=\"/");
        XmlText.attribute(variable.dimensions().get(d).name(), out);
        out.append("\"/>\n");
      } else {
        out.append("        <Dim size=\"").append(entry.slices().get(d).count()).append("\"/>\n");
      }
    }
    attributes("        ", variable.attributes());
    for (Variable map : entry.maps()) {
      out.append("        <Map name=\"/");
      XmlText.attribute(map.name(), out);
      out.append("\"/>\n");
    }
    out.append("    </").append(variable.type().dapName()).append(">\n");
  }

  private void attributes(String pad, List<Attribute> attributes) {
    for (Attribute attribute : attributes) {
      out.append(pad).append("<Attribute name=\"");
      XmlText.attribute(attribute.name(), out);
      out.append("\" type=\"").append(attribute.type()).append("\">\n");
      for (String value : attribute.values()) {
        out.append(pad).append("    <Value>");
        XmlText.text(value, out);
        out.append("</Value>\n");
      }
      out.append(pad).append("</Attribute>\n");
    }
  }
}
