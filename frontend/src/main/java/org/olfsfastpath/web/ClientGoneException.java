package org.olfsfastpath.web;

import java.io.IOException;

/**
 * Writing to the client failed: it went away. Nothing is answered; nothing is logged above debug.
 */
final class ClientGoneException extends Exception {
  private static final long serialVersionUID = 1L;

  ClientGoneException(IOException cause) {
    super(cause);
  }
}
