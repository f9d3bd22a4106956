package org.olfsfastpath.dap;

/**
 * A request URL was refused before any BES message: traversal, control characters, over-long parts,
 * malformed escapes or an unknown suffix (a 4xx), or a query parameter that asks for what this
 * server does not offer (501). Carries the HTTP status to answer and a message that is safe to show
 * the client (it names what was wrong, never a server path).
 */
public final class DapRequestRejectedException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int httpStatus;

  public DapRequestRejectedException(int httpStatus, String message) {
    super(message);
    if ((httpStatus < 400 || httpStatus > 499) && httpStatus != 501) {
      throw new IllegalArgumentException("httpStatus was " + httpStatus + ", must be 4xx or 501");
    }
    this.httpStatus = httpStatus;
  }

  /** The status to answer with: 4xx, or 501. */
  public int httpStatus() {
    return httpStatus;
  }
}
