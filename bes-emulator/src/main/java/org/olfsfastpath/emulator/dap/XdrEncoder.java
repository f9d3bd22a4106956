package org.olfsfastpath.emulator.dap;

import java.io.IOException;

/**
 * The binary part of a DAP2 data response: each projected array as libdap's XDR marshaller sends it
 * (the element count twice, then the values, big-endian; Byte arrays padded to 4 bytes). A Grid
 * sends its array, then its maps, each only if projected.
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

  /** The number of bytes {@link #write} produces. */
  static long size(Dap2Projection projection) {
    long size = 0;
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (entry.array().send()) {
        size += size(entry.array());
      }
      for (Dap2Projection.Part map : entry.maps()) {
        if (map.send()) {
          size += size(map);
        }
      }
    }
    return size;
  }

  private static long size(Dap2Projection.Part part) {
    long values = (long) part.count() * part.variable().type().xdrWidth();
    return 8 + (values + 3) / 4 * 4;
  }

  private static void array(Dap2Projection.Part part, ByteSink sink) throws IOException {
    int count = part.count();
    int at = sink.reserve(8);
    byte[] buffer = sink.buffer();
    at = DapType.putIntBigEndian(buffer, at, count);
    sink.advance(DapType.putIntBigEndian(buffer, at, count));
    DapType type = part.variable().type();
    Hyperslab.write(part.variable(), part.slices(), sink, type.xdrWidth(), type::putXdr);
    if (type == DapType.BYTE && count % 4 != 0) {
      int position = sink.reserve(4);
      int padding = 4 - count % 4;
      java.util.Arrays.fill(sink.buffer(), position, position + padding, (byte) 0);
      sink.advance(position + padding);
    }
  }
}
