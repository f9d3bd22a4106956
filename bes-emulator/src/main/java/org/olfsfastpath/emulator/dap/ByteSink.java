package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * A write buffer in front of the caller's stream, so that large responses are streamed in pieces
 * and small ones leave in a single write. Encoders put values straight into {@link #buffer()} after
 * {@link #reserve(int)}, then {@link #advance(int)}. Can keep a CRC-32 of what passes through, for
 * DAP4 checksums. Not thread-safe.
 */
final class ByteSink {
  /** The largest buffer: big answers leave in pieces of this size. */
  static final int MAX_CAPACITY = 16 * 1024;

  private static final int MIN_CAPACITY = 64;

  private final OutputStream out;
  private final byte[] buffer;
  private final CRC32 crc = new CRC32();
  private int position;
  private boolean checksumming;

  /**
   * @param expectedBytes what the answer will probably take, so that a small answer does not pay
   *     for a large buffer
   */
  ByteSink(OutputStream out, long expectedBytes) {
    this.out = out;
    this.buffer = new byte[(int) Math.max(MIN_CAPACITY, Math.min(MAX_CAPACITY, expectedBytes))];
  }

  /** The buffer's size: the most one {@link #reserve(int)} can ask for. */
  int capacity() {
    return buffer.length;
  }

  /** Makes room for {@code bytes} more bytes (at most the capacity) and returns the position. */
  int reserve(int bytes) throws IOException {
    if (position + bytes > buffer.length) {
      drain();
      if (bytes > buffer.length) {
        throw new IllegalArgumentException(
            "reserve(" + bytes + ") exceeds capacity " + buffer.length);
      }
    }
    return position;
  }

  byte[] buffer() {
    return buffer;
  }

  /** Marks the bytes up to {@code newPosition} as written. */
  void advance(int newPosition) {
    if (checksumming) {
      crc.update(buffer, position, newPosition - position);
    }
    position = newPosition;
  }

  void write(byte[] bytes) throws IOException {
    write(bytes, 0, bytes.length);
  }

  void write(byte[] bytes, int offset, int length) throws IOException {
    if (checksumming) {
      crc.update(bytes, offset, length);
    }
    if (length > buffer.length - position) {
      drain();
      if (length > buffer.length) {
        out.write(bytes, offset, length);
        return;
      }
    }
    System.arraycopy(bytes, offset, buffer, position, length);
    position += length;
  }

  void writeLatin1(CharSequence text) throws IOException {
    write(text.toString().getBytes(StandardCharsets.ISO_8859_1));
  }

  /** Starts a CRC-32 over the bytes written from now on. */
  void startChecksum() {
    crc.reset();
    checksumming = true;
  }

  /** Ends the CRC-32 started by {@link #startChecksum()} and returns it. */
  int endChecksum() {
    checksumming = false;
    return (int) crc.getValue();
  }

  /** Writes out everything buffered; flushing the stream is left to its owner. */
  void finish() throws IOException {
    drain();
  }

  private void drain() throws IOException {
    if (position > 0) {
      out.write(buffer, 0, position);
      position = 0;
    }
  }
}
