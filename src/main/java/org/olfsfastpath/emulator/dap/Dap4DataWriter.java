package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The DAP4 data response as the BES serializes it: the DMR and CRLF in the first chunk, then each
 * projected variable's values little-endian, each followed by its CRC-32 when checksums are on,
 * cut into chunks of max(4096, DMR + 2) bytes, the remainder in the END chunk.
 */
final class Dap4DataWriter {
  private Dap4DataWriter() {}

  static void write(String dmr, Dap4Projection projection, boolean checksums, OutputStream out)
      throws IOException {
    byte[] dmrBytes = dmr.getBytes(StandardCharsets.ISO_8859_1);
    int chunkSize = Math.max(Dap4ChunkedOutputStream.MINIMUM_CHUNK_SIZE, dmrBytes.length + 2);
    Dap4ChunkedOutputStream chunks = new Dap4ChunkedOutputStream(out, chunkSize);
    chunks.write(dmrBytes, 0, dmrBytes.length);
    chunks.write('\r');
    chunks.write('\n');
    chunks.sendDataChunk();

    ByteSink sink = new ByteSink(chunks);
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
    Hyperslab.forEachRow(variable, entry.slices(), (row, first, step, count) -> {
      int index = first;
      int remaining = count;
      while (remaining > 0) {
        int batch = Math.min(remaining, 1024);
        int position = sink.reserve(batch * width);
        byte[] bytes = sink.buffer();
        for (int i = 0; i < batch; i++) {
          position = type.putLittleEndian(bytes, position, values.get(index));
          index += step;
        }
        sink.advance(position);
        remaining -= batch;
      }
    });
  }
}
