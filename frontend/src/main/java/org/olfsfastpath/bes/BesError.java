package org.olfsfastpath.bes;

import java.util.Objects;

/**
 * A BES error document ({@code <BESError>}), parsed. Immutable.
 *
 * <p>Types: 1 internal, 2 internal fatal, 3 syntax or user error, 4 forbidden, 5 not found, 6
 * timeout, 7 an error that carries its own HTTP status.
 *
 * @param type the BES error type, 1-7
 * @param message the BES message, which may contain absolute server paths: never show it to web
 *     users as it is
 * @param httpStatus the {@code http_status} the BES sent with a type 7 error, or 0 when none
 * @param administrator the contact the BES names, or the empty string
 */
public record BesError(int type, String message, int httpStatus, String administrator) {
  public static final int INTERNAL = 1;
  public static final int INTERNAL_FATAL = 2;
  public static final int SYNTAX_USER = 3;
  public static final int FORBIDDEN = 4;
  public static final int NOT_FOUND = 5;
  public static final int TIMEOUT = 6;
  public static final int HTTP_ERROR = 7;

  public BesError {
    Objects.requireNonNull(message, "message == null");
    Objects.requireNonNull(administrator, "administrator == null");
  }

  /** Whether this is the BES's "no such node or file" answer. */
  public boolean isNotFound() {
    return type == NOT_FOUND;
  }
}
