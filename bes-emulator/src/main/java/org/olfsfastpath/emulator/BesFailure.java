package org.olfsfastpath.emulator;

import java.util.Objects;

/**
 * An error the emulated BES answers with a BESError document, carrying what the real one puts in
 * it: the error type, the message, and the C++ source location it reports. The wrapper is the
 * element around {@code BESError}: {@code BES} unless the failing command had already named its
 * response (the DAP gets do, as {@code getDDS}, {@code getDODS}, ...).
 */
final class BesFailure extends Exception {
  private static final long serialVersionUID = 1L;

  static final int INTERNAL_ERROR = 1;
  static final int INTERNAL_FATAL_ERROR = 2;
  static final int SYNTAX_USER_ERROR = 3;
  static final int FORBIDDEN_ERROR = 4;
  static final int NOT_FOUND_ERROR = 5;

  private final int type;
  private final String file;
  private final int line;
  private final String wrapper;

  BesFailure(int type, String message, String file, int line, String wrapper) {
    super(Objects.requireNonNull(message, "message == null"), null, false, false);
    if (type < 1 || type > 7) {
      throw new IllegalArgumentException("BES error type was " + type + ", must be 1-7");
    }
    this.type = type;
    this.file = Objects.requireNonNull(file, "file == null");
    this.line = line;
    this.wrapper = Objects.requireNonNull(wrapper, "wrapper == null");
  }

  /**
   * What BESDapTransmit reports when a get of {@code type} threw a std::exception: a fatal error,
   * after which the BES process exits.
   */
  static BesFailure transmitException(String type, RuntimeException e) {
    return new BesFailure(
        INTERNAL_FATAL_ERROR,
        "std::exception caught transmitting "
            + BesFacts.transmitName(type)
            + ": "
            + e
            + " (caught in BESDapTransmit).",
        "BESDapTransmit.cc",
        100,
        BesFacts.getResponseName(type));
  }

  static BesFailure syntax(String message, String file, int line) {
    return new BesFailure(SYNTAX_USER_ERROR, message, file, line, "BES");
  }

  static BesFailure internal(String message, String file, int line) {
    return new BesFailure(INTERNAL_ERROR, message, file, line, "BES");
  }

  /** BESUtil::check_path's answer for a path that does not exist under the catalog root. */
  static BesFailure notFound(String absolutePath) {
    return new BesFailure(
        NOT_FOUND_ERROR, "Failed to locate '" + absolutePath + "'\n", "BESUtil.cc", 287, "BES");
  }

  /**
   * BESUtil::check_path's answer for a path it refuses (a "..", a symbolic link, no read access).
   */
  static BesFailure forbidden(String path) {
    return new BesFailure(
        FORBIDDEN_ERROR, "Not allowed to access '" + path + "'\n", "BESUtil.cc", 293, "BES");
  }

  int type() {
    return type;
  }

  String file() {
    return file;
  }

  int line() {
    return line;
  }

  String wrapper() {
    return wrapper;
  }

  /** Whether the BES process exits after sending this error ({@code exit=true;status=error;}). */
  boolean isFatal() {
    return type == INTERNAL_FATAL_ERROR;
  }

  /** The error document the BES sends after its {@code status=error;} extension chunk. */
  byte[] toDocument(RequestIds ids) {
    XmlElement response = ids.responseElement();
    XmlElement error = response.child(wrapper).child("BESError");
    error.child("Type").text(Integer.toString(type));
    error.child("Message").text(Objects.requireNonNull(getMessage(), "constructed with a message"));
    error.child("Administrator").text(BesFacts.ADMINISTRATOR);
    XmlElement location = error.child("Location");
    location.child("File").text(file);
    location.child("Line").text(Integer.toString(line));
    return response.toDocument();
  }
}
