package org.olfsfastpath.web;

import org.olfsfastpath.bes.BesError;

/**
 * The HTTP status a BES error answers with: the one place that maps a BES error type to HTTP.
 * Type 5 (not found) is 404, 3 (syntax or user error) 400, 4 (forbidden) 403, 6 (timeout) 504,
 * 7 its own http_status when that is a valid 4xx or 5xx; anything else, 1 and 2 included, 500.
 *
 * <p>The upstream OLFS answers a BES timeout (type 6) with 400, which tells the client its request
 * was wrong; a gateway that timed out is a 504.
 */
final class BesErrorStatus {
  private BesErrorStatus() {}

  static int of(BesError error) {
    return switch (error.type()) {
      case BesError.NOT_FOUND -> 404;
      case BesError.SYNTAX_USER -> 400;
      case BesError.FORBIDDEN -> 403;
      case BesError.TIMEOUT -> 504;
      case BesError.HTTP_ERROR -> error.httpStatus() >= 400 && error.httpStatus() <= 599
          ? error.httpStatus() : 500;
      default -> 500;
    };
  }
}
