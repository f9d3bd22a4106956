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

  /** Records that opening a connection failed with {@code cause}. */
  void connectFailed(IOException cause) {
    connectFailure = cause;
  }

  /** Whether {@code failure} is a connect that failed, rather than a command that did. */
  boolean isConnectFailure(IOException failure) {
    return connectFailure != null && failure == connectFailure;
  }
}
