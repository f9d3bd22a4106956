package org.olfsfastpath.bes;

import java.io.IOException;

/**
 * A get response handed out by a {@link BesGroup}: the BES's response, counted as in flight on its
 * BES until closed, and whose body failures are told to the group (nothing is retried once the
 * caller holds the response).
 */
final class GroupResponse extends ClosingResponse {
  /** Hears a failure of the body; the group counts it and may take the BES out. */
  interface FailureSink {
    void streamFailed(GroupMember member, IOException failure);
  }

  private final GroupMember member;
  private final BesResponse response;
  private final FailureSink sink;

  GroupResponse(GroupMember member, BesResponse response, FailureSink sink) {
    super(response.body());
    this.member = member;
    this.response = response;
    this.sink = sink;
  }

  @Override
  void release() {
    try {
      response.close();
    } finally {
      member.exit();
    }
  }

  @Override
  IOException readFailed(IOException failure) {
    sink.streamFailed(member, failure);
    return failure;
  }

  @Override
  public String toString() {
    return "GroupResponse{bes=" + member.endpoint + ", " + response + "}";
  }
}
