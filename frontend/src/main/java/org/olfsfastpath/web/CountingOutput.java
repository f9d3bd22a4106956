package org.olfsfastpath.web;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import org.jspecify.annotations.Nullable;

/**
 * A response body that is always ready and only counts what it is given: for requests made inside
 * the front end (the warm-up's) and the benchmarks' clients. A blocking one refuses a write
 * listener; an asynchronous one keeps it for its caller to call.
 */
final class CountingOutput extends ServletOutputStream {
  private final boolean async;
  private long bytes;
  private @Nullable WriteListener listener;

  CountingOutput(boolean async) {
    this.async = async;
  }

  @Override
  public void write(int b) {
    bytes++;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    bytes += len;
  }

  @Override
  public boolean isReady() {
    return true;
  }

  @Override
  public void setWriteListener(WriteListener listener) {
    if (!async) {
      throw new UnsupportedOperationException("blocking only");
    }
    this.listener = listener;
  }

  /** The bytes written so far. */
  long bytes() {
    return bytes;
  }

  /** The write listener the servlet set, if any. */
  @Nullable WriteListener listener() {
    return listener;
  }

  /** Forgets the bytes and the listener, for the next request. */
  void reset() {
    bytes = 0;
    listener = null;
  }
}
