package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletResponse;
import java.time.Instant;

/**
 * The headers every DAP answer carries: {@code XDODS-Server} (the DAP2 server version clients
 * check), {@code XOPeNDAP-Server} (this server), and the DAP version of the response as both {@code
 * XDAP} (what this front end always sent) and {@code X-DAP} (the name upstream sends and the DAP
 * specification uses); and {@code Last-Modified} from the catalog.
 */
final class DapHeaders {
  private final String server;

  DapHeaders(String serverVersion) {
    this.server = "olfs-fastpath/" + serverVersion;
  }

  /** Sets the server and protocol headers for a response of DAP version {@code dapVersion}. */
  void set(HttpServletResponse resp, String dapVersion) {
    resp.setHeader("XDODS-Server", "dods/3.2");
    resp.setHeader("XOPeNDAP-Server", server);
    resp.setHeader("XDAP", dapVersion);
    resp.setHeader("X-DAP", dapVersion);
  }

  /** Sets Last-Modified; HTTP dates have whole seconds. */
  static void lastModified(HttpServletResponse resp, Instant modified) {
    resp.setDateHeader("Last-Modified", modified.getEpochSecond() * 1000);
  }
}
