package org.olfsfastpath.bes;

import java.io.IOException;
import java.util.Objects;

/** The BES answered a command with an error document ({@code status=error;}). */
public final class BesErrorException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient BesError error;

  public BesErrorException(BesError error) {
    super("BES error type " + error.type() + ": " + error.message());
    this.error = Objects.requireNonNull(error, "error == null");
  }

  public BesError error() {
    return error;
  }
}
