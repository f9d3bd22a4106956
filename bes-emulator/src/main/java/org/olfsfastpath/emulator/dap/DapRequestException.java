package org.olfsfastpath.emulator.dap;

import java.util.Objects;

/**
 * The BES would answer this get with an error document. Carries the BES error type (3 for a
 * constraint or syntax error) and the message text the BES uses for the same mistake, plus where
 * the BES puts it: the element that wraps the {@code BESError} in the response ({@code getDDS},
 * {@code getDODS}, ... for errors raised while the response is built; {@code BES} for errors raised
 * while the command is parsed) and the source location the BES reports.
 */
public final class DapRequestException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int besErrorType;
  private final String responseElement;
  private final String file;
  private final int line;

  /** An error the BES reports in a {@code BES} element with no particular location. */
  public DapRequestException(int besErrorType, String message) {
    this(besErrorType, message, "BES", "", 0);
  }

  /**
   * @param besErrorType the BES error type, 1 to 7
   * @param message the text of the BES's {@code Message} element
   * @param responseElement the element wrapping {@code BESError}, e.g. {@code getDDS} or {@code
   *     BES}
   * @param file the BES's {@code Location/File}, or empty
   * @param line the BES's {@code Location/Line}, or 0
   */
  public DapRequestException(
      int besErrorType, String message, String responseElement, String file, int line) {
    super(Objects.requireNonNull(message, "message == null"));
    if (besErrorType < 1 || besErrorType > 7) {
      throw new IllegalArgumentException("besErrorType must be 1 to 7 but was " + besErrorType);
    }
    this.besErrorType = besErrorType;
    this.responseElement = Objects.requireNonNull(responseElement, "responseElement == null");
    this.file = Objects.requireNonNull(file, "file == null");
    this.line = line;
  }

  /** The BES error type: 1 internal, 2 fatal, 3 syntax/user, 4 forbidden, 5 not found, ... */
  public int besErrorType() {
    return besErrorType;
  }

  /**
   * The element wrapping {@code BESError}: {@code getDDS}, {@code getDODS}, ..., or {@code BES}.
   */
  public String responseElement() {
    return responseElement;
  }

  /** The source file the BES names in {@code Location/File}, or the empty string. */
  public String file() {
    return file;
  }

  /** The line the BES names in {@code Location/Line}, or 0. */
  public int line() {
    return line;
  }
}
