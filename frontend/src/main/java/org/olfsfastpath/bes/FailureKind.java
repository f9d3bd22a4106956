package org.olfsfastpath.bes;

import java.io.IOException;
import java.io.InterruptedIOException;
import org.olfsfastpath.ppt.PptStreamErrorException;

/** How a command failed on a BES, which decides ejection and failover. */
enum FailureKind {
  /** The BES could not be reached: eject, fail over. */
  CONNECT,
  /** The BES broke the command off: count towards ejection, fail over. */
  IO,
  /** The read timeout elapsed: a slow BES; neither. */
  TIMEOUT,
  /** The BES answered an error: it works; neither. */
  BES_ERROR,
  /** Every connection to the BES stayed busy, or every one outside its reserve: neither. */
  EXHAUSTED;

  boolean retriable() {
    return this == CONNECT || this == IO;
  }

  /**
   * What a failure of a body that was already handed out says: {@link #IO} for one a BES process
   * that died gives (reset, end of stream, an unreadable chunk), which may be sent again.
   */
  static FailureKind ofBody(IOException e) {
    return e instanceof PptStreamErrorException
        ? BES_ERROR
        : e instanceof InterruptedIOException ? TIMEOUT : IO;
  }

  /** What {@code e} says of the BES that failed a command; {@code trace} tells a failed connect. */
  static FailureKind of(IOException e, CallTrace trace) {
    if (trace.isConnectFailure(e)) {
      return FailureKind.CONNECT;
    }
    if (e instanceof BesErrorException || e instanceof PptStreamErrorException) {
      return FailureKind.BES_ERROR;
    }
    if (e instanceof BesPoolExhaustedException || e instanceof BesLimitException) {
      return FailureKind.EXHAUSTED;
    }
    if (e instanceof InterruptedIOException) {
      return FailureKind.TIMEOUT;
    }
    return FailureKind.IO;
  }
}
