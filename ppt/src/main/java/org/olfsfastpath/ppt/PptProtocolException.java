package org.olfsfastpath.ppt;

import java.io.IOException;

/**
 * The peer sent bytes that are not PPT: a bad chunk header, an unknown chunk type, a length over
 * the configured cap, a refused or oversized handshake, or a stream that ended inside a message.
 * The connection that saw it is never reused.
 */
public final class PptProtocolException extends IOException {
  private static final long serialVersionUID = 1L;

  public PptProtocolException(String message) {
    super(message);
  }
}
