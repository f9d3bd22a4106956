package org.olfsfastpath.bes;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;
import org.olfsfastpath.ppt.PptResponse;
import org.olfsfastpath.ppt.PptStreamErrorException;

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
    public int read() throws IOException {
      try {
        return in.read();
      } catch (PptStreamErrorException e) {
        throw discard(e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return in.read(b, off, len);
      } catch (PptStreamErrorException e) {
        throw discard(e);
      }
    }

    /**
     * The BES failed after part of its answer was relayed. The stream is in sync again, but a BES
     * process that just failed mid-answer is not one to lend to the next request.
     */
    private PptStreamErrorException discard(PptStreamErrorException e) {
      lease.connection.abort();
      return e;
    }

    @Override
    public void close() {
      PooledResponse.this.close();
    }
  }
}
