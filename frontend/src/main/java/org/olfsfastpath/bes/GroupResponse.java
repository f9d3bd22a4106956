package org.olfsfastpath.bes;

import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;

/**
 * A get response handed out by a {@link BesGroup}: the BES's response, counted as in flight on its
 * BES until closed, holding its client's place in the group's shares until closed, whose body
 * failures are told to the group. A body that fails before its caller read a byte is sent again
 * once by itself ({@link #restart(IOException)}), the same BES or another, and the caller reads the
 * new answer as if nothing had happened; a caller that read bytes but passed none on may ask for
 * the same. Not thread-safe, as a response's body is read by one thread.
 */
final class GroupResponse extends ClosingResponse {
  /** Hears a failure of the body; the group counts it and may take the BES out. */
  interface FailureSink {
    void streamFailed(GroupMember member, IOException failure);
  }

  /** Sends the command once more after its body failed. */
  interface Restarter {
    /**
     * @return the new attempt, in flight on its BES; null when no BES may take it
     * @throws IOException the new attempt's failure
     */
    @Nullable Attempt restart(GroupMember failed, IOException failure) throws IOException;
  }

  /**
   * One sending of the command.
   *
   * @param member the BES it went to, counted in flight until the response is closed
   * @param response that BES's response
   * @param resent whether this was already the command sent again (so it is not sent a third time)
   */
  record Attempt(GroupMember member, BesResponse response, boolean resent) {}

  private final Relay relay;
  private final FailureSink sink;
  private final Restarter restarter;
  private final Runnable onClose;
  private @Nullable Attempt current;
  private boolean resent;

  /**
   * @param onClose runs once, when the response is closed (gives back the client's place)
   */
  GroupResponse(Attempt first, FailureSink sink, Restarter restarter, Runnable onClose) {
    this(new Relay(first.response().body()), first, sink, restarter, onClose);
  }

  private GroupResponse(
      Relay relay, Attempt first, FailureSink sink, Restarter restarter, Runnable onClose) {
    super(relay);
    this.relay = relay;
    relay.owner = this;
    this.current = first;
    this.resent = first.resent();
    this.sink = sink;
    this.restarter = restarter;
    this.onClose = onClose;
  }

  @Override
  void release() {
    Attempt attempt = current;
    current = null;
    try {
      if (attempt != null) {
        closeAttempt(attempt);
      }
    } finally {
      onClose.run();
    }
  }

  @Override
  IOException readFailed(IOException failure) {
    Attempt attempt = current;
    if (attempt != null) {
      sink.streamFailed(attempt.member(), failure);
    }
    return failure;
  }

  @Override
  public boolean restart(IOException failure) throws IOException {
    return restart(failure, true);
  }

  /**
   * Sends the command again when it may be.
   *
   * @param heard whether the failure already reached {@link #readFailed} (and so was counted)
   */
  private boolean restart(IOException failure, boolean heard) throws IOException {
    Attempt failed = current;
    if (resent || failed == null || FailureKind.ofBody(failure) != FailureKind.IO) {
      return false;
    }
    resent = true;
    if (!heard) {
      sink.streamFailed(failed.member(), failure);
    }
    // The failed connection is broken: give it back (and end its count in flight) first.
    current = null;
    closeAttempt(failed);
    Attempt next = restarter.restart(failed.member(), failure);
    if (next == null) {
      return false;
    }
    current = next;
    relay.in = next.response().body();
    relay.delivered = 0;
    return true;
  }

  private static void closeAttempt(Attempt attempt) {
    try {
      attempt.response().close();
    } finally {
      attempt.member().exit();
    }
  }

  @Override
  public String toString() {
    Attempt attempt = current;
    return attempt == null
        ? "GroupResponse{closed}"
        : "GroupResponse{bes=" + attempt.member().endpoint + ", " + attempt.response() + "}";
  }

  /**
   * The body as the caller reads it: the current attempt's, counting what it handed out, sending
   * the command again by itself when the body fails before a byte was handed out.
   */
  private static final class Relay extends InputStream {
    InputStream in;
    long delivered;
    @Nullable GroupResponse owner;

    Relay(InputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      while (true) {
        try {
          int n = in.read(b, off, len);
          if (n > 0) {
            delivered += n;
          }
          return n;
        } catch (IOException e) {
          GroupResponse response = owner;
          if (delivered > 0 || response == null || !response.restart(e, false)) {
            throw e;
          }
        }
      }
    }

    @Override
    public int available() throws IOException {
      return in.available();
    }
  }
}
