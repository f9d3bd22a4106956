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
      attributeText(xmlBase);
      out.append('"');
    }
    out.append(" dapVersion=\"4.0\" dmrVersion=\"1.0\" name=\"");
    attributeText(model.name());
    out.append("\">\n");
    for (Dap4Projection.DeclaredDimension dimension : projection.dimensions()) {
      out.append("    <Dimension name=\"");
      attributeText(dimension.name());
      out.append("\" size=\"").append(dimension.size()).append("\"/>\n");
    }
    for (Dap4Projection.Entry entry : projection.entries()) {
      variable(entry, projection.constrained());
    }
    for (AttributeContainer container : model.globals()) {
      out.append("    <Attribute name=\"");
      attributeText(container.name());
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
    attributeText(variable.name());
    out.append("\">\n");
    for (int d = 0; d < variable.rank(); d++) {
      // Array::print_dim_element: a constrained DMR names the shared dimension only where the
      // constraint used it; a local slice shows its size.
      if (!constrained || entry.sharedDimension().get(d)) {
        out.append("        <Dim name=\"/");
        attributeText(variable.dimensions().get(d).name());
        out.append("\"/>\n");
      } else {
        out.append("        <Dim size=\"").append(entry.slices().get(d).count()).append("\"/>\n");
      }
    }
    attributes("        ", variable.attributes());
    for (Variable map : entry.maps()) {
      out.append("        <Map name=\"/");
      attributeText(map.name());
      out.append("\"/>\n");
    }
    out.append("    </").append(variable.type().dapName()).append(">\n");
  }

  private void attributes(String pad, List<Attribute> attributes) {
    for (Attribute attribute : attributes) {
      out.append(pad).append("<Attribute name=\"");
      attributeText(attribute.name());
      out.append("\" type=\"").append(attribute.type()).append("\">\n");
      for (String value : attribute.values()) {
        out.append(pad).append("    <Value>");
        elementText(value);
        out.append("</Value>\n");
      }
      out.append(pad).append("</Attribute>\n");
    }
  }

  /** libxml2's escaping of attribute values. */
  private void attributeText(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\n' -> out.append("&#10;");
        case '\r' -> out.append("&#13;");
        case '\t' -> out.append("&#9;");
        default -> latin1(c);
      }
    }
  }

  /**
   * libxml2's escaping of element text (xmlTextWriterWriteString, xmlEncodeSpecialChars): the
   * markup characters, the double quote and CR, as the BES's captured answers show.
   */
  private void elementText(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\r' -> out.append("&#13;");
        default -> latin1(c);
      }
    }
  }

  private void latin1(char c) {
    if (c > 0xff) {
      out.append("&#").append((int) c).append(';');
    } else {
      out.append(c);
    }
  }
}
