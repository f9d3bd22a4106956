package org.olfsfastpath.ops;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.olfsfastpath.web.FrontEndSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metrics endpoint, mapped to {@code /metrics}: {@code GET} answers every meter of {@link
 * FrontEndMetrics} in the Prometheus text format (version 0.0.4), for a Prometheus server to
 * scrape. Owns every response it is given.
 *
 * <p>Restricted like cache invalidation ({@link OperatorAccess}): allowed from a loopback address
 * with no proxy header, or from anywhere with {@code Authorization: Bearer <token>} when an admin
 * token is configured (Prometheus sends it with {@code authorization: {credentials: <token>}} in
 * its scrape config). Otherwise 403 with a JSON error. Unlike {@code /status}, the metrics name BES
 * hosts and response types, so they are not open to everyone.
 */
public final class MetricsServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final Logger log = LoggerFactory.getLogger(MetricsServlet.class);

  private final transient FrontEndMetrics metrics;
  private final transient OperatorAccess access;

  public MetricsServlet(FrontEndMetrics metrics, FrontEndSettings settings) {
    this(metrics, OperatorAccess.of(settings));
  }

  MetricsServlet(FrontEndMetrics metrics, OperatorAccess access) {
    this.metrics = Objects.requireNonNull(metrics, "metrics == null");
    this.access = Objects.requireNonNull(access, "access == null");
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String sub = req.getPathInfo();
    if (sub != null && !sub.equals("/")) {
      send(
          resp,
          HttpServletResponse.SC_NOT_FOUND,
          "application/json",
          "{\"error\": \"no such metrics resource\"}\n");
      return;
    }
    if (!access.allows(req)) {
      // Debug only: a scraper set up without the token would log a line every few seconds.
      log.debug("refused metrics to {}", req.getRemoteAddr());
      send(
          resp,
          HttpServletResponse.SC_FORBIDDEN,
          "application/json",
          "{\"error\": \"metrics"
              + " are served to localhost, or with the configured admin token\"}\n");
      return;
    }
    resp.setHeader("Cache-Control", "no-store");
    send(resp, HttpServletResponse.SC_OK, metrics.contentType(), metrics.scrape());
  }

  private static void send(HttpServletResponse resp, int status, String contentType, String text)
      throws IOException {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    resp.setStatus(status);
    resp.setContentType(contentType);
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }
}
