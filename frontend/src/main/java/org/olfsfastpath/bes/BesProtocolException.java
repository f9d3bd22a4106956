package org.olfsfastpath.bes;

import java.io.IOException;

/**
 * The BES answered with a document this client cannot read: not XML, or XML without the elements or
 * attribute values the command's answer must have. The message says what was expected and what came
 * instead; a front end should answer 502.
 */
public final class BesProtocolException extends IOException {
  private static final long serialVersionUID = 1L;

  public BesProtocolException(String message) {
    super(message);
  }

  public BesProtocolException(String message, Throwable cause) {
    super(message, cause);
  }
}
