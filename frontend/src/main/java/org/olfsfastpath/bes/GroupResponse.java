package org.olfsfastpath.bes;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A get response handed out by a {@link BesGroup}: the BES's response, counted as in flight on its
 * BES until closed, and whose body failures are told to the group (nothing is retried once the
 * caller holds the response).
 */
final class GroupResponse implements BesResponse {
  /** Hears a failure of the body; the group counts it and may take the BES out. */
  interface FailureSink {
    void streamFailed(GroupMember member, IOException failure);
  }

  private final GroupMember member;
  private final BesResponse response;
  private final FailureSink sink;
  private final InputStream body;
  private final AtomicBoolean closed = new AtomicBoolean();

  GroupResponse(GroupMember member, BesResponse response, FailureSink sink) {
    this.member = member;
    this.response = response;
    this.sink = sink;
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
      response.close();
    } finally {
      member.exit();
    }
  }

  @Override
  public String toString() {
    return "GroupResponse{bes=" + member.endpoint + ", " + response + "}";
  }

  private final class Body extends FilterInputStream {
    Body(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      try {
        return in.read();
      } catch (IOException e) {
        sink.streamFailed(member, e);
        throw e;
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return in.read(b, off, len);
      } catch (IOException e) {
        sink.streamFailed(member, e);
        throw e;
      }
    }

    @Override
    public void close() {
      GroupResponse.this.close();
    }
  }
}
