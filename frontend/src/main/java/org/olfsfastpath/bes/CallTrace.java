package org.olfsfastpath.bes;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * What one command met on its way to the BES, for a {@link BesGroup}'s bookkeeping: the pool
 * records here a connect that failed, so the group can tell "the BES could not be reached" (eject
 * it) from "the BES broke off a command" or "the BES is slow", which the exception's type alone
 * cannot (a connect, a handshake and a read all time out with the same exception). Confined to the
 * thread that sends the command.
 */
final class CallTrace {
  private @Nullable IOException connectFailure;
  private boolean resent;
  private boolean resend;

  /** The trace of a command sent once more after it failed. */
  static CallTrace forResend() {
    CallTrace trace = new CallTrace();
    trace.resend = true;
    return trace;
  }

  /** Whether this is the command sent once more after it failed: it is not sent a third time. */
  boolean isResend() {
    return resend;
  }

  /** Records that opening a connection failed with {@code cause}. */
  void connectFailed(IOException cause) {
    connectFailure = cause;
  }

  /** Records that the command was sent again on a fresh connection after a stale one failed. */
  void resentOnFreshConnection() {
    resent = true;
  }

  /** Whether the client already sent the command again on a fresh connection of the same BES. */
  boolean resent() {
    return resent;
  }

  /** Whether {@code failure} is a connect that failed, rather than a command that did. */
  boolean isConnectFailure(IOException failure) {
    return connectFailure != null && failure == connectFailure;
  }
}
