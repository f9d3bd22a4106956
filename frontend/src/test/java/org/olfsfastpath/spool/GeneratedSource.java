package org.olfsfastpath.spool;

import java.io.IOException;
import java.io.InputStream;

/**
 * A BES answer as the transfer's source sees it: {@code length} bytes of {@link Pattern}, at most
 * {@code maxRead} a read, failing at {@code failAt} if set. Remembers whether it was closed and
 * whether it had been read to its end by then (a BES connection back to the pool) or not (one
 * discarded).
 */
final class GeneratedSource extends InputStream {
  private final long length;
  private final int maxRead;
  private final long failAt;
  private long position;
  private volatile boolean closed;
  private volatile boolean closedAtEnd;
  private volatile boolean atEnd;

  GeneratedSource(long length, int maxRead, long failAt) {
    this.length = length;
    this.maxRead = maxRead;
    this.failAt = failAt;
  }

  static GeneratedSource of(long length) {
    return new GeneratedSource(length, 48 * 1024, -1);
  }

  /** The first {@code n} bytes, read already (as the web layer's first read does). */
  int readFirst(byte[] buffer, int n) throws IOException {
    int done = 0;
    while (done < n) {
      int r = read(buffer, done, n - done);
      if (r < 0) {
        break;
      }
      done += r;
    }
    return done;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public synchronized int read(byte[] b, int off, int len) throws IOException {
    if (closed) {
      throw new IOException("read after close");
    }
    if (failAt >= 0 && position >= failAt) {
      throw new IOException("the BES failed after " + position + " bytes");
    }
    if (position >= length) {
      atEnd = true;
      return -1;
    }
    long limit = failAt >= 0 ? Math.min(length, failAt) : length;
    int n = (int) Math.min(Math.min(len, maxRead), limit - position);
    for (int i = 0; i < n; i++) {
      b[off + i] = Pattern.at(position + i);
    }
    position += n;
    return n;
  }

  @Override
  public void close() {
    closedAtEnd = atEnd;
    closed = true;
  }

  boolean isClosed() {
    return closed;
  }

  /** Whether it was closed after its end was read: the BES connection went back to the pool. */
  boolean releasedWhole() {
    return closed && closedAtEnd;
  }

  long position() {
    return position;
  }
}
