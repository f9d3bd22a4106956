package org.olfsfastpath.bes;

import java.io.IOException;
import org.olfsfastpath.ppt.PptResponse;
import org.olfsfastpath.ppt.PptStreamErrorException;

/**
 * A streaming data response that holds its pooled connection until closed. Closing after the body
 * was read to its end returns the connection; closing earlier aborts it (draining an unread body
 * could cost more than a new connection). The body is read through its {@link AnswerForm}: an
 * answer without the form of its get (an empty DDS, say) fails instead of ending, and its
 * connection is aborted, never lent again.
 */
final class PooledResponse extends ClosingResponse {
  private final BesConnectionPool pool;
  private final Lease lease;
  private final PptResponse response;

  /**
   * @param form the form the get's answer has when the BES really answered it
   * @param name the get's name for messages, e.g. {@code dds}
   */
  PooledResponse(
      BesConnectionPool pool, Lease lease, PptResponse response, AnswerForm form, String name) {
    super(
        form.check(
            response.body(),
            name,
            () -> response.isComplete() && !response.isError(),
            lease.connection::abort));
    this.pool = pool;
    this.lease = lease;
    this.response = response;
  }

  @Override
  void release() {
    try {
      // Aborts the connection unless the end chunk was read.
      response.close();
    } finally {
      pool.release(lease);
    }
  }

  /**
   * The BES failed after part of its answer was relayed. The stream is in sync again, but a BES
   * process that just failed mid-answer is not one to lend to the next request.
   */
  @Override
  IOException readFailed(IOException failure) {
    if (failure instanceof PptStreamErrorException) {
      lease.connection.abort();
    }
    return failure;
  }

  @Override
  public String toString() {
    return "PooledResponse{connection="
        + lease.connection.id()
        + ", bytesRead="
        + response.bytesRead()
        + ", complete="
        + response.isComplete()
        + "}";
  }
}
