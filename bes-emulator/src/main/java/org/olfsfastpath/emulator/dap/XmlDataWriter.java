package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The xml_data module's answer ({@code get type="xml_data"}): the projected variables and their
 * values as XML, in libxml2's layout (four-space indents, ISO-8859-1). Only the DAP2 constraint
 * applies and no attributes are written. An N-dimensional array wraps each row of values in one
 * {@code <dim number="k" index="i">} element per leading dimension. A Grid keeps its tag only when
 * all of it is projected; otherwise it is a Structure whose maps are plain Arrays. The answer goes
 * out without a flush, so it travels in as few PPT chunks as the chunk size allows.
 */
final class XmlDataWriter {
  static final String NAMESPACE = "http://xml.opendap.org/ns/dap/3.3#";
  private static final int DRAIN_AT = 16 * 1024;

  private final OutputStream out;
  private final StringBuilder text = new StringBuilder(DRAIN_AT + 1024);

  private XmlDataWriter(OutputStream out) {
    this.out = out;
  }

  static void write(Dap2Projection projection, OutputStream out) throws IOException {
    XmlDataWriter writer = new XmlDataWriter(out);
    writer
        .text
        .append("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n")
        .append("<Dataset xmlns=\"")
        .append(NAMESPACE)
        .append("\">\n");
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (!entry.grid()) {
        writer.array("Array", entry.array(), 1);
        continue;
      }
      boolean grid = entry.yieldsGrid();
      String tag = grid ? "Grid" : "Structure";
      writer.open(1, tag, entry.variable().name());
      if (entry.array().send()) {
        writer.array("Array", entry.array(), 2);
      }
      for (Dap2Projection.Part map : entry.maps()) {
        if (map.send()) {
          writer.array(grid ? "Map" : "Array", map, 2);
        }
      }
      writer.close(1, tag);
    }
    writer.text.append("</Dataset>\n");
    writer.drain();
  }

  private void array(String tag, Dap2Projection.Part part, int depth) throws IOException {
    Variable variable = part.variable();
    open(depth, tag, variable.name());
    indent(depth + 1).append('<').append(variable.type().dapName()).append(" name=\"");
    XmlText.attribute(variable.name(), text);
    text.append("\"/>\n");
    List<Slice> slices = part.slices();
    for (int d = 0; d < slices.size(); d++) {
      indent(depth + 1).append("<dimension name=\"");
      XmlText.attribute(variable.dimensions().get(d).name(), text);
      text.append("\" size=\"").append(slices.get(d).count()).append("\"/>\n");
    }
    DapType type = variable.type();
    Values values = variable.values();
    int rank = slices.size();
    Hyperslab.forEachRow(
        variable,
        slices,
        (row, first, step, count) -> {
          for (int d = 0; d < rank - 1; d++) {
            indent(depth + 1 + d)
                .append("<dim number=\"")
                .append(d)
                .append("\" index=\"")
                .append(row[d])
                .append("\">\n");
          }
          int valueDepth = depth + rank;
          int index = first;
          for (int i = 0; i < count; i++, index += step) {
            indent(valueDepth)
                .append("<value>")
                .append(type.format(values.get(index)))
                .append("</value>\n");
            if (text.length() > DRAIN_AT) {
              drain();
            }
          }
          for (int d = rank - 2; d >= 0; d--) {
            indent(depth + 1 + d).append("</dim>\n");
          }
        });
    close(depth, tag);
  }

  private void open(int depth, String tag, String name) {
    indent(depth).append('<').append(tag).append(" name=\"");
    XmlText.attribute(name, text);
    text.append("\">\n");
  }

  private void close(int depth, String tag) {
    indent(depth).append("</").append(tag).append(">\n");
  }

  private StringBuilder indent(int depth) {
    for (int i = 0; i < depth; i++) {
      text.append("    ");
    }
    return text;
  }

  private void drain() throws IOException {
    out.write(text.toString().getBytes(StandardCharsets.ISO_8859_1));
    text.setLength(0);
  }
}
