package org.olfsfastpath.bes;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;
import org.olfsfastpath.ppt.PptResponse;

/**
 * A streaming data response that holds its pooled connection until closed. Closing after the body
 * was read to its end returns the connection; closing earlier aborts it (draining an unread body
 * could cost more than a new connection).
 */
final class PooledResponse implements BesResponse {
  private final BesConnectionPool pool;
  private final BesConnectionPool.Lease lease;
  private final PptResponse response;
  private final InputStream body;
  private final AtomicBoolean closed = new AtomicBoolean();

  PooledResponse(BesConnectionPool pool, BesConnectionPool.Lease lease, PptResponse response) {
    this.pool = pool;
    this.lease = lease;
    this.response = response;
    this.body = new Body(response.body());
  }

  @Override
  public InputStream body() {
    return body;
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      // Aborts the connection unless the end chunk was read.
      response.close();
    } finally {
      pool.release(lease);
    }
  }

  @Override
  public String toString() {
    return "PooledResponse{connection=" + lease.connection.id() + ", bytesRead="
        + response.bytesRead() + ", complete=" + response.isComplete() + "}";
  }

  /** Closing the body closes the response, so either way the connection goes back. */
  private final class Body extends FilterInputStream {
    Body(InputStream in) {
      super(in);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return in.read(b, off, len);
    }

    @Override
    public void close() {
      PooledResponse.this.close();
    }
  }
}
