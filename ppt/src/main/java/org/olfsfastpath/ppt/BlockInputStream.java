package org.olfsfastpath.ppt;

import java.io.IOException;
import java.io.InputStream;

/**
 * An input stream that reads only in blocks: its one-byte {@link #read()} reads a block of one
 * through {@link #read(byte[], int, int)}, so that each subclass writes its reading, checks and
 * accounting once. Not thread-safe, as no input stream is.
 */
public abstract class BlockInputStream extends InputStream {
  private final byte[] single = new byte[1];

  /** For subclasses. */
  protected BlockInputStream() {}

  @Override
  public final int read() throws IOException {
    int n = read(single, 0, 1);
    return n < 0 ? -1 : single[0] & 0xFF;
  }

  @Override
  public abstract int read(byte[] b, int off, int len) throws IOException;
}
