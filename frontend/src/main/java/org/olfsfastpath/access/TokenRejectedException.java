package org.olfsfastpath.access;

import java.util.Locale;
import java.util.Objects;

/**
 * A bearer token that does not prove a user, and why: the reason is a fixed word (counted in the
 * {@code token_checks} metric, sent in the {@code error_description} of the 401), never the token
 * or a claim's value.
 */
public final class TokenRejectedException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Why a token was refused. */
  public enum Reason {
    EXPIRED,
    NOT_YET_VALID,
    BAD_SIGNATURE,
    UNKNOWN_KEY,
    BAD_ISSUER,
    BAD_AUDIENCE,
    MALFORMED,
    ALG,
    /** An EDL token of an application that is not accepted ({@code AcceptedClientId}). */
    BAD_CLIENT;

    /** The reason as metrics and the 401 name it, e.g. {@code not_yet_valid}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Reason reason;

  public TokenRejectedException(Reason reason, String message) {
    super(message);
    this.reason = Objects.requireNonNull(reason, "reason == null");
  }

  public Reason reason() {
    return reason;
  }
}
