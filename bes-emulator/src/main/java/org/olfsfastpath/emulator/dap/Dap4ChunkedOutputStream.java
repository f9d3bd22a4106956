package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;

/**
 * libdap's chunked_ostream as the BES uses it for a DAP4 data response: each chunk is a 4-byte
 * big-endian header (type in the top byte, little-endian flag 0x04 set, size in the low 24 bits)
 * and its bytes. A chunk goes out whenever {@code chunkSize} bytes are buffered; {@link #finish()}
 * sends what is left as the END chunk. Not thread-safe.
 */
final class Dap4ChunkedOutputStream extends OutputStream {
  static final int DATA = 0x00_00_00_00;
  static final int END = 0x01_00_00_00;
  static final int LITTLE_ENDIAN = 0x04_00_00_00;

  /** libdap's CHUNK_SIZE: the smallest chunk buffer. */
  static final int MINIMUM_CHUNK_SIZE = 4096;

  private final OutputStream out;
  private final int chunkSize;
  private final byte[] header = new byte[4];
  private byte[] buffer;
  private int count;

  /**
   * @param chunkSize the bytes after which a DATA chunk goes out
   * @param expectedBytes the response's probable size, so that a small one buffers little
   */
  Dap4ChunkedOutputStream(OutputStream out, int chunkSize, long expectedBytes) {
    if (chunkSize < 1 || chunkSize > 0x00_ff_ff_ff) {
      throw new IllegalArgumentException("chunkSize must be 1 to 2^24-1 but was " + chunkSize);
    }
    this.out = out;
    this.chunkSize = chunkSize;
    this.buffer = new byte[(int) Math.max(64, Math.min(chunkSize, expectedBytes))];
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    while (length > 0) {
      int room = chunkSize - count;
      int taken = Math.min(length, room);
      if (count + taken > buffer.length) {
        buffer =
            java.util.Arrays.copyOf(
                buffer, (int) Math.min(chunkSize, Math.max(count + taken, 2L * buffer.length)));
      }
      System.arraycopy(bytes, offset, buffer, count, taken);
      count += taken;
      offset += taken;
      length -= taken;
      if (count == chunkSize) {
        sendChunk(DATA);
      }
    }
  }

  /** Sends what is buffered as a DATA chunk now, as chunked_ostream's flush does. */
  void sendDataChunk() throws IOException {
    if (count > 0) {
      sendChunk(DATA);
    }
  }

  /** Sends what is buffered, possibly nothing, as the END chunk. */
  void finish() throws IOException {
    sendChunk(END);
  }

  private void sendChunk(int type) throws IOException {
    DapType.putIntBigEndian(header, 0, type | LITTLE_ENDIAN | count);
    out.write(header);
    out.write(buffer, 0, count);
    count = 0;
  }
}
