package org.olfsfastpath.emulator.dap;

import java.io.IOException;

/**
 * The binary part of a DAP2 data response: each projected array as libdap's XDR marshaller sends
 * it (the element count twice, then the values, big-endian; Byte arrays padded to 4 bytes). A
 * Grid sends its array, then its maps, each only if projected.
 */
final class XdrEncoder {
  private XdrEncoder() {}

  static void write(Dap2Projection projection, ByteSink sink) throws IOException {
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (entry.array().send()) {
        array(entry.array(), sink);
      }
      for (Dap2Projection.Part map : entry.maps()) {
        if (map.send()) {
          array(map, sink);
        }
      }
    }
  }

  private static void array(Dap2Projection.Part part, ByteSink sink) throws IOException {
    int count = part.count();
    int at = sink.reserve(8);
    byte[] buffer = sink.buffer();
    at = DapType.putIntBigEndian(buffer, at, count);
    sink.advance(DapType.putIntBigEndian(buffer, at, count));
    Variable variable = part.variable();
    DapType type = variable.type();
    Values values = variable.values();
    int width = type.xdrWidth();
    Hyperslab.forEachRow(variable, part.slices(), (row, first, step, rowCount) -> {
      int index = first;
      int remaining = rowCount;
      while (remaining > 0) {
        // Fill what fits of the row into the buffer in one go, then hand it on.
        int batch = Math.min(remaining, 1024);
        int position = sink.reserve(batch * width);
        byte[] bytes = sink.buffer();
        for (int i = 0; i < batch; i++) {
          position = type.putXdr(bytes, position, values.get(index));
          index += step;
        }
        sink.advance(position);
        remaining -= batch;
      }
    });
    if (type == DapType.BYTE && count % 4 != 0) {
      int position = sink.reserve(4);
      int padding = 4 - count % 4;
      java.util.Arrays.fill(sink.buffer(), position, position + padding, (byte) 0);
      sink.advance(position + padding);
    }
  }
}
