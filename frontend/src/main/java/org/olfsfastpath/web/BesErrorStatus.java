package org.olfsfastpath.web;

import java.util.Locale;
import org.olfsfastpath.bes.BesError;

/**
 * The HTTP status a BES error answers with: the one place that maps a BES error to HTTP. Type 5
 * (not found) is 404, 3 (syntax or user error) 400, 4 (forbidden) 403, 6 (timeout) 504, 7 its own
 * http_status when that is a valid 4xx or 5xx; anything else, 1 and 2 included, 500. Two messages
 * say more than their type:
 *
 * <ul>
 *   <li>"You asked for too much!" (type 3, a response or variable over olfs.xml's maxResponseSize
 *       or maxVariableSize) is 413: the request is fine, only too large;
 *   <li>"Unable to find transmitter X" (type 3, a module such as fileout_netcdf or gdal is not
 *       loaded) and "no transmitter for dap" (type 1, a module that cannot make DAP4 output) are
 *       501: the server cannot make that response, which neither the client's syntax (400) nor an
 *       internal failure (500) describes.
 * </ul>
 *
 * <p>The upstream OLFS answers a BES timeout (type 6) with 400, which tells the client its request
 * was wrong; a gateway that timed out is a 504.
 */
final class BesErrorStatus {
  private BesErrorStatus() {}

  static int of(BesError error) {
    String message = error.message().strip().toLowerCase(Locale.ROOT);
    if (message.contains("unable to find transmitter") || message.contains("no transmitter for")) {
      return 501;
    }
    return switch (error.type()) {
      case BesError.NOT_FOUND -> 404;
      case BesError.SYNTAX_USER -> message.startsWith("you asked for too much") ? 413 : 400;
      case BesError.FORBIDDEN -> 403;
      case BesError.TIMEOUT -> 504;
      case BesError.HTTP_ERROR ->
          error.httpStatus() >= 400 && error.httpStatus() <= 599 ? error.httpStatus() : 500;
      default -> 500;
    };
  }
}
