package org.olfsfastpath.web;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The headers every DAP answer carries: {@code XDODS-Server} (the DAP2 server version clients
 * check), {@code XOPeNDAP-Server} (this server), and the DAP version of the response as both {@code
 * XDAP} (the name libdap's clients read) and {@code X-DAP} (the name upstream sends and the DAP
 * specification uses); and {@code Last-Modified} from the catalog. Thread-safe.
 */
final class DapHeaders {
  /** An HTTP date (RFC 9110 5.6.7), as the servlet API's setDateHeader writes it. */
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
          .withZone(ZoneOffset.UTC);

  private final String server;

  /**
   * The last date formatted: most answers are of the same few datasets, and formatting one costs
   * more than the rest of their headers together.
   */
  private volatile @Nullable HttpDate lastDate;

  private record HttpDate(long epochSecond, String text) {}

  DapHeaders(String serverVersion) {
    this.server = "olfs-fastpath/" + serverVersion;
  }

  /** Sets the server and protocol headers for a response of DAP version {@code dapVersion}. */
  void set(Exchange ex, String dapVersion) {
    ex.header("XDODS-Server", "dods/3.2");
    ex.header("XOPeNDAP-Server", server);
    ex.header("XDAP", dapVersion);
    ex.header("X-DAP", dapVersion);
  }

  /** Sets Last-Modified; HTTP dates have whole seconds. */
  void lastModified(Exchange ex, Instant modified) {
    ex.header("Last-Modified", httpDate(modified.getEpochSecond()));
  }

  /** {@code epochSecond} as an HTTP date: {@code Sun, 06 Nov 1994 08:49:37 GMT}. */
  String httpDate(long epochSecond) {
    HttpDate last = lastDate;
    if (last == null || last.epochSecond() != epochSecond) {
      last = new HttpDate(epochSecond, HTTP_DATE.format(Instant.ofEpochSecond(epochSecond)));
      lastDate = last;
    }
    return last.text();
  }
}
