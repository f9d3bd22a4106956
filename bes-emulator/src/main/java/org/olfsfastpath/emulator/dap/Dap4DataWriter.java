package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The DAP4 data response as the BES serializes it: the DMR and CRLF in the first chunk, then each
 * projected variable's values little-endian, cut into chunks of max(4096, DMR + 2) bytes.
 *
 * <p>Without checksums the remainder goes in the END chunk. With the {@code dap4_checksums} context
 * true each variable's values are followed by the CRC-32 of those values (zlib's, written
 * little-endian), and the remainder goes in a DATA chunk of its own before an empty END chunk: the
 * BES writes an array's values on a thread of their own, and its closing flush finds them still
 * unwritten unless a checksum, which waits for that thread, came after them.
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
    if (checksums) {
      chunks.sendDataChunk();
    }
    chunks.finish();
  }

  private static void values(Dap4Projection.Entry entry, ByteSink sink) throws IOException {
    DapType type = entry.variable().type();
    Hyperslab.write(
        entry.variable(), entry.slices(), sink, type.dap4Width(), type::putLittleEndian);
  }
}
