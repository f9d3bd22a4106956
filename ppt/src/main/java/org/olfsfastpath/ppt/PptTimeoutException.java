package org.olfsfastpath.ppt;

import java.io.InterruptedIOException;

/**
 * A connect, read or write on a PPT connection took longer than its configured timeout. The message
 * names which timeout elapsed and its value.
 */
public final class PptTimeoutException extends InterruptedIOException {
  private static final long serialVersionUID = 1L;

  public PptTimeoutException(String message) {
    super(message);
  }
}
