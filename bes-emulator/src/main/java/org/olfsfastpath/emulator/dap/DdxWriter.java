package org.olfsfastpath.emulator.dap;

import java.util.List;

/**
 * The DDX ({@code get type="ddx"}) in its DAP 3.2 form, as libdap's DDS::print_xml_writer writes it
 * through libxml2 for a client that sends {@code xdap_accept=3.2} (the OLFS always does): global
 * attribute containers, then the projected variables with their attributes and constrained
 * dimensions, then the {@code blob} element. A Grid whose parts are all projected stays a Grid;
 * otherwise it is written as a Structure of plain Arrays.
 */
final class DdxWriter {
  private static final String NAMESPACE = "http://xml.opendap.org/ns/DAP/3.2#";

  private final StringBuilder out = new StringBuilder(8192);

  private DdxWriter() {}

  static String ddx(DatasetModel model, Dap2Projection projection, String xmlBase) {
    return new DdxWriter().write(model, projection, xmlBase);
  }

  private String write(DatasetModel model, Dap2Projection projection, String xmlBase) {
    out.append("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<Dataset name=\"");
    XmlText.attribute(model.name(), out);
    out.append("\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        .append(" xsi:schemaLocation=\"")
        .append(NAMESPACE)
        .append(" http://xml.opendap.org/dap/dap3.2.xsd\"")
        .append(" xmlns:grddl=\"http://www.w3.org/2003/g/data-view#\"")
        .append(" grddl:transformation=\"http://xml.opendap.org/transforms/ddxToRdfTriples.xsl\"")
        .append(" xmlns=\"")
        .append(NAMESPACE)
        .append('"')
        .append(" xmlns:dap=\"")
        .append(NAMESPACE)
        .append('"')
        .append(" dapVersion=\"3.2\"");
    if (!xmlBase.isEmpty()) {
      out.append(" xmlns:xml=\"http://www.w3.org/XML/1998/namespace\" xml:base=\"");
      XmlText.attribute(xmlBase, out);
      out.append('"');
    }
    out.append(">\n");
    for (AttributeContainer container : model.globals()) {
      indent(1).append("<Attribute name=\"");
      XmlText.attribute(container.name(), out);
      out.append("\" type=\"Container\">\n");
      attributes(2, container.attributes());
      indent(1).append("</Attribute>\n");
    }
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (!entry.grid()) {
        array(1, "Array", entry.array());
        continue;
      }
      boolean grid = entry.yieldsGrid();
      indent(1).append(grid ? "<Grid name=\"" : "<Structure name=\"");
      XmlText.attribute(entry.variable().name(), out);
      out.append("\">\n");
      if (entry.array().send()) {
        array(2, "Array", entry.array());
      }
      for (Dap2Projection.Part map : entry.maps()) {
        if (map.send()) {
          array(2, grid ? "Map" : "Array", map);
        }
      }
      indent(1).append(grid ? "</Grid>\n" : "</Structure>\n");
    }
    indent(1).append("<blob href=\"cid:\"/>\n");
    out.append("</Dataset>\n");
    return out.toString();
  }

  private void array(int depth, String tag, Dap2Projection.Part part) {
    Variable variable = part.variable();
    indent(depth).append('<').append(tag).append(" name=\"");
    XmlText.attribute(variable.name(), out);
    out.append("\">\n");
    attributes(depth + 1, variable.attributes());
    indent(depth + 1).append('<').append(variable.type().dapName()).append("/>\n");
    for (int d = 0; d < variable.rank(); d++) {
      indent(depth + 1).append("<dimension name=\"");
      XmlText.attribute(variable.dimensions().get(d).name(), out);
      out.append("\" size=\"").append(part.slices().get(d).count()).append("\"/>\n");
    }
    indent(depth).append("</").append(tag).append(">\n");
  }

  private void attributes(int depth, List<Attribute> attributes) {
    for (Attribute attribute : attributes) {
      indent(depth).append("<Attribute name=\"");
      XmlText.attribute(attribute.name(), out);
      out.append("\" type=\"").append(attribute.type()).append("\">\n");
      for (String value : attribute.values()) {
        indent(depth + 1).append("<value>");
        XmlText.text(value, out);
        out.append("</value>\n");
      }
      indent(depth).append("</Attribute>\n");
    }
  }

  private StringBuilder indent(int depth) {
    for (int i = 0; i < depth; i++) {
      out.append("    ");
    }
    return out;
  }
}
