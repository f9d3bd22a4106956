package org.olfsfastpath.emulator.dap;

/**
 * libdap rejected a constraint. The message is libdap's own text; the caller adds the prefix the
 * BES puts in front of it for the response being built.
 */
final class ConstraintException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int besErrorType;

  ConstraintException(String message) {
    this(BesErrors.SYNTAX_USER_ERROR, message);
  }

  ConstraintException(int besErrorType, String message) {
    super(message, null, false, false);
    this.besErrorType = besErrorType;
  }

  int besErrorType() {
    return besErrorType;
  }
}
