package org.olfsfastpath.emulator.dap;

/**
 * The BES would answer this get with an error document. Carries the BES error type (3 for a
 * constraint or syntax error) and the message text the BES uses for the same mistake.
 */
public final class DapRequestException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int besErrorType;

  public DapRequestException(int besErrorType, String message) {
    super(message);
    this.besErrorType = besErrorType;
  }

  public int besErrorType() {
    return besErrorType;
  }
}
