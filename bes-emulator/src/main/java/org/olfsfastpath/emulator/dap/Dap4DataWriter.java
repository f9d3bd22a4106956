package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The DAP4 data response as the BES serializes it: the DMR and CRLF in the first chunk, then each
 * projected variable's values little-endian, each followed by its CRC-32 when checksums are on, cut
 * into chunks of max(4096, DMR + 2) bytes, the remainder in the END chunk.
 */
final class Dap4DataWriter {
  private Dap4DataWriter() {}

  static void write(byte[] dmrBytes, Dap4Projection projection, boolean checksums, OutputStream out)
      throws IOException {
    int chunkSize = Math.max(Dap4ChunkedOutputStream.MINIMUM_CHUNK_SIZE, dmrBytes.length + 2);
    long dataSize = 0;
    for (Dap4Projection.Entry entry : projection.entries()) {
      dataSize += (long) entry.count() * entry.variable().type().dap4Width() + (checksums ? 4 : 0);
    }
    Dap4ChunkedOutputStream chunks =
        new Dap4ChunkedOutputStream(out, chunkSize, dmrBytes.length + 2 + dataSize);
    chunks.write(dmrBytes, 0, dmrBytes.length);
    chunks.write('\r');
    chunks.write('\n');
    chunks.sendDataChunk();

    ByteSink sink = new ByteSink(chunks, dataSize);
    for (Dap4Projection.Entry entry : projection.entries()) {
      if (checksums) {
        sink.startChecksum();
      }
      values(entry, sink);
      if (checksums) {
        int crc = sink.endChecksum();
        int at = sink.reserve(4);
        sink.advance(DapType.putIntLittleEndian(sink.buffer(), at, crc));
      }
    }
    sink.finish();
    chunks.finish();
  }

  private static void values(Dap4Projection.Entry entry, ByteSink sink) throws IOException {
    Variable variable = entry.variable();
    DapType type = variable.type();
    Values values = variable.values();
    int width = type.dap4Width();
    // Whole rows at a time, each cut to what fits in the sink's buffer.
    int batchLimit = sink.capacity() / 8;
    Hyperslab.forEachRow(
        variable,
        entry.slices(),
        (row, first, step, count) -> {
          int index = first;
          int remaining = count;
          while (remaining > 0) {
            int batch = Math.min(remaining, batchLimit);
            int position = sink.reserve(batch * width);
            sink.advance(type.putLittleEndian(values, index, step, batch, sink.buffer(), position));
            index += batch * step;
            remaining -= batch;
          }
        });
  }
}
