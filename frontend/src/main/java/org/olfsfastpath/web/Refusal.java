package org.olfsfastpath.web;

import java.util.List;

/**
 * A request this front end answers with an error of its own, not the BES's: the status, a message
 * safe to show, and headers the status calls for ({@code Allow} with a 405). Thrown by the
 * responders, answered by the servlet in the form the client reads.
 */
final class Refusal extends Exception {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final List<String> headers;

  /**
   * @param headers name, value pairs
   */
  Refusal(int status, String message, String... headers) {
    super(message, null, false, false);
    this.status = status;
    this.headers = List.of(headers);
  }

  int status() {
    return status;
  }

  /** Name, value pairs. */
  List<String> headers() {
    return headers;
  }
}
