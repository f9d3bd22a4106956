package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.util.List;

/**
 * The BES's ASCII response (get dods returnAs=ascii), as the asciival module prints it: a
 * "Dataset:" line, then each projected variable as comma-separated rows, names and row labels as
 * AsciiArray and AsciiGrid write them.
 */
final class AsciiWriter {
  private final Dap2Projection projection;
  private final String datasetName;
  private final ByteSink sink;
  private final StringBuilder line = new StringBuilder(4096);

  private AsciiWriter(String datasetName, Dap2Projection projection, ByteSink sink) {
    this.datasetName = datasetName;
    this.projection = projection;
    this.sink = sink;
  }

  /** The DAP2 ASCII response (get dods returnAs=ascii). */
  static void write(String datasetName, Dap2Projection projection, ByteSink sink)
      throws IOException {
    new AsciiWriter(datasetName, projection, sink).write();
  }

  /**
   * The DAP4 ASCII/CSV response (get dap returnAs=csv or ascii): each variable a plain array named
   * by its full path ({@code /lat, 50, 47.5, ...}), one PPT chunk per line as the BES's {@code
   * std::endl}s make them. Like the BES, an N-dimensional array whose last constrained dimension
   * has a single element prints its row labels with no values.
   */
  static void dap4(String datasetName, Dap4Projection projection, LineSink out) throws IOException {
    out.append("Dataset: ").append(datasetName).append('\n');
    StringBuilder line = new StringBuilder(4096);
    for (Dap4Projection.Entry entry : projection.entries()) {
      Variable variable = entry.variable();
      String name = "/" + variable.name();
      List<Slice> slices = entry.slices();
      DapType type = variable.type();
      Values values = variable.values();
      if (slices.size() == 1) {
        line.append(name).append(", ");
        Slice slice = slices.get(0);
        for (int i = 0; i < slice.count(); i++) {
          if (i > 0) {
            line.append(", ");
          }
          line.append(type.format(values.get(slice.index(i))));
          if (line.length() > 8192) {
            out.append(line);
            line.setLength(0);
          }
        }
      } else {
        boolean[] firstRow = {true};
        Hyperslab.forEachRow(
            variable,
            slices,
            (row, first, step, count) -> {
              if (!firstRow[0]) {
                line.append('\n');
              }
              firstRow[0] = false;
              line.append(name);
              for (int index : row) {
                line.append('[').append(index).append(']');
              }
              line.append(", ");
              int index = first;
              for (int i = 0; count > 1 && i < count; i++, index += step) {
                if (i > 0) {
                  line.append(", ");
                }
                line.append(type.format(values.get(index)));
              }
              out.append(line);
              line.setLength(0);
            });
      }
      line.append('\n');
      out.append(line);
      line.setLength(0);
    }
    out.finish();
  }

  private void write() throws IOException {
    line.append("Dataset: ").append(datasetName).append('\n');
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (!entry.grid()) {
        array(entry.array(), entry.array().variable().name());
      } else {
        grid(entry);
      }
      line.append('\n');
    }
    flushLine();
  }

  private void grid(Dap2Projection.Entry entry) throws IOException {
    String prefix = entry.variable().name() + ".";
    if (!entry.yieldsGrid()) {
      for (Dap2Projection.Part map : entry.maps()) {
        if (map.send()) {
          array(map, prefix + map.variable().name());
          line.append('\n');
        }
      }
      if (entry.array().send()) {
        array(entry.array(), prefix + entry.variable().name());
        line.append('\n');
      }
      return;
    }
    Dap2Projection.Part array = entry.array();
    List<Dap2Projection.Part> maps = entry.maps();
    if (array.variable().rank() == 1) {
      array(maps.get(0), prefix + maps.get(0).variable().name());
      line.append('\n');
      array(array, prefix + entry.variable().name());
      return;
    }
    // The last map on a line of its own, then one row per index of the leading dimensions,
    // labelled with the map values: SST.SST[SST.TIME=366][SST.COADSY=-89], ...
    Dap2Projection.Part lastMap = maps.get(maps.size() - 1);
    array(lastMap, prefix + lastMap.variable().name());
    line.append('\n');
    String name = prefix + entry.variable().name();
    Variable variable = array.variable();
    int[] rowsLeft = {rowCount(array)};
    Hyperslab.forEachRow(
        variable,
        array.slices(),
        (row, first, step, count) -> {
          line.append(name);
          for (int d = 0; d < row.length; d++) {
            Dap2Projection.Part map = maps.get(d);
            Variable mapVariable = map.variable();
            double label = mapVariable.values().get(map.slices().get(0).index(row[d]));
            line.append('[')
                .append(prefix)
                .append(mapVariable.name())
                .append('=')
                .append(mapVariable.type().format(label))
                .append(']');
          }
          line.append(", ");
          values(variable, first, step, count);
          if (--rowsLeft[0] > 0) {
            line.append('\n');
          }
        });
  }

  /** AsciiArray: a vector on one line after its name; more dimensions one line per row. */
  private void array(Dap2Projection.Part part, String name) throws IOException {
    Variable variable = part.variable();
    if (variable.rank() == 1) {
      line.append(name).append(", ");
      Slice slice = part.slices().get(0);
      values(variable, slice.start(), slice.stride(), slice.count());
      return;
    }
    int[] rowsLeft = {rowCount(part)};
    Hyperslab.forEachRow(
        variable,
        part.slices(),
        (row, first, step, count) -> {
          line.append(name);
          for (int index : row) {
            line.append('[').append(index).append(']');
          }
          line.append(", ");
          values(variable, first, step, count);
          if (--rowsLeft[0] > 0) {
            line.append('\n');
          }
        });
  }

  private static int rowCount(Dap2Projection.Part part) {
    List<Slice> slices = part.slices();
    int rows = 1;
    for (int d = 0; d < slices.size() - 1; d++) {
      rows *= slices.get(d).count();
    }
    return rows;
  }

  private void values(Variable variable, int first, int step, int count) throws IOException {
    DapType type = variable.type();
    Values values = variable.values();
    int index = first;
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        line.append(", ");
      }
      line.append(type.format(values.get(index)));
      index += step;
      if (line.length() > 8192) {
        flushLine();
      }
    }
  }

  private void flushLine() throws IOException {
    sink.writeLatin1(line);
    line.setLength(0);
  }
}
