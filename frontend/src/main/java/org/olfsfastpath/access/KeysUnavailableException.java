package org.olfsfastpath.access;

/**
 * The provider's keys (its JWKS or discovery document) could not be fetched, and none that would
 * check this token is kept: the token may be good, so the answer is 503 with {@code Retry-After},
 * not 401. The message names the provider and the kind of failure, never a token.
 */
public final class KeysUnavailableException extends Exception {
  private static final long serialVersionUID = 1L;

  public KeysUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }

  public KeysUnavailableException(String message) {
    super(message);
  }
}
