package org.olfsfastpath.web;

import java.io.IOException;

/** Reading the BES body failed after {@code sent} bytes went to the client. */
final class BesStreamException extends IOException {
  private static final long serialVersionUID = 1L;
  final long sent;

  BesStreamException(long sent, IOException cause) {
    super(cause);
    this.sent = sent;
  }
}
