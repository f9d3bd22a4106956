package org.olfsfastpath.web;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.olfsfastpath.ppt.BlockInputStream;

/**
 * The gzip encoding (RFC 1952) of a stream, read as a stream: the header, the deflated bytes, and
 * the trailer (CRC-32 and length). A compressed answer is then bytes like any other, which the
 * spool can hold and send at its client's pace; a {@code GZIPOutputStream} would have to write into
 * the client's output as it compresses. Reuses its buffers; closing ends the deflater and closes
 * the source.
 */
final class GzipInput extends BlockInputStream {
  /** Magic, deflate, no flags, no time, no extra flags, OS unknown. */
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

  private static final int INPUT = 16 * 1024;

  private final InputStream in;
  private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
  private final CRC32 crc = new CRC32();
  private final byte[] input = new byte[INPUT];
  private final byte[] trailer = new byte[8];
  private int headerSent;
  private int trailerSent = -1;
  private boolean inputDone;

  GzipInput(InputStream in) {
    this.in = Objects.requireNonNull(in, "in == null");
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    if (headerSent < HEADER.length) {
      int n = Math.min(len, HEADER.length - headerSent);
      System.arraycopy(HEADER, headerSent, b, off, n);
      headerSent += n;
      return n;
    }
    while (!deflater.finished()) {
      if (deflater.needsInput() && !inputDone) {
        int n = in.read(input, 0, input.length);
        if (n < 0) {
          inputDone = true;
          deflater.finish();
        } else {
          crc.update(input, 0, n);
          deflater.setInput(input, 0, n);
        }
      }
      int n = deflater.deflate(b, off, len, Deflater.NO_FLUSH);
      if (n > 0) {
        return n;
      }
    }
    if (trailerSent < 0) {
      int value = (int) crc.getValue();
      int size = (int) deflater.getBytesRead(); // ISIZE: the length modulo 2^32.
      for (int i = 0; i < 4; i++) {
        trailer[i] = (byte) (value >>> (8 * i));
        trailer[4 + i] = (byte) (size >>> (8 * i));
      }
      trailerSent = 0;
    }
    if (trailerSent == trailer.length) {
      return -1;
    }
    int n = Math.min(len, trailer.length - trailerSent);
    System.arraycopy(trailer, trailerSent, b, off, n);
    trailerSent += n;
    return n;
  }

  @Override
  public void close() throws IOException {
    deflater.end();
    in.close();
  }
}
