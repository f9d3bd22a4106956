package org.olfsfastpath.bes;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link BesResponse} that does its release once, however often and from wherever it is closed
 * (the response, or its body), and hears every failure of its body before the caller does: the one
 * close-once wrapper of this package. {@link PooledResponse} returns its connection to the pool;
 * {@link GroupResponse} ends its command's count in flight on its BES.
 */
abstract class ClosingResponse implements BesResponse {
  private final InputStream body;
  private final AtomicBoolean closed = new AtomicBoolean();

  /**
   * @param raw the body as it comes, read through this response
   */
  ClosingResponse(InputStream raw) {
    this.body = new Body(raw);
  }

  /** Releases what the response holds; called once, on the first close. */
  abstract void release();

  /**
   * Hears a failure of the body before it reaches the caller.
   *
   * @return the exception the caller gets
   */
  abstract IOException readFailed(IOException failure);

  @Override
  public final InputStream body() {
    return body;
  }

  @Override
  public final void close() {
    if (closed.compareAndSet(false, true)) {
      release();
    }
  }

  /** Closing the body closes the response, so either way the release happens once. */
  private final class Body extends FilterInputStream {
    Body(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      try {
        return in.read();
      } catch (IOException e) {
        throw readFailed(e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return in.read(b, off, len);
      } catch (IOException e) {
        throw readFailed(e);
      }
    }

    @Override
    public void close() {
      ClosingResponse.this.close();
    }
  }
}
