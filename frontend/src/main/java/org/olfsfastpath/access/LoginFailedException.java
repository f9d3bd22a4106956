package org.olfsfastpath.access;

import java.util.Objects;

/**
 * A login that did not end with a user, and why: the web layer answers each kind with its status
 * ({@code NO_LOGIN} and {@code BAD_STATE} 400, {@code DENIED} 401, {@code UNREACHABLE} and {@code
 * BAD_ANSWER} 502, {@code TIMEOUT} 504). The message and the provider's error code never hold a
 * token, a code or a secret.
 */
public final class LoginFailedException extends Exception {
  private static final long serialVersionUID = 1L;

  /** What went wrong. */
  public enum Kind {
    /** The callback came without the login cookie: the client keeps no cookies. */
    NO_LOGIN,
    /** The callback's {@code state} is missing or not the login's, or the provider is another. */
    BAD_STATE,
    /** The provider refused: the user said no, the code was used, the token was refused. */
    DENIED,
    /** The provider could not be reached. */
    UNREACHABLE,
    /** The provider did not answer in time. */
    TIMEOUT,
    /** The provider answered something that could not be used. */
    BAD_ANSWER
  }

  private final Kind kind;
  private final String providerError;

  /**
   * @param providerError the provider's OAuth2 error code (letters, digits, {@code _}), or empty
   */
  public LoginFailedException(Kind kind, String message, String providerError) {
    super(message);
    this.kind = Objects.requireNonNull(kind, "kind == null");
    this.providerError = providerError.replaceAll("[^A-Za-z0-9_.-]", "");
  }

  public Kind kind() {
    return kind;
  }

  /** The provider's OAuth2 error code, e.g. {@code access_denied}, or empty. */
  public String providerError() {
    return providerError;
  }
}
