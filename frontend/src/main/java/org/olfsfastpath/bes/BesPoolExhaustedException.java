package org.olfsfastpath.bes;

import java.io.IOException;

/**
 * Every pooled BES connection stayed busy for the whole configured wait. The request was never
 * sent; a front end should answer 503 with Retry-After.
 */
public final class BesPoolExhaustedException extends IOException {
  private static final long serialVersionUID = 1L;

  public BesPoolExhaustedException(String message) {
    super(message);
  }
}
