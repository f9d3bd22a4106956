package org.olfsfastpath.ops;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.json.Json;
import org.olfsfastpath.web.FrontEndSettings;
import org.olfsfastpath.web.FrontEndStats;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's endpoints, mapped to {@code /status} and {@code /status/*}; owns every response it
 * is given.
 *
 * <ul>
 *   <li>{@code GET /status}: JSON statistics of the front end, the site map, the data-source cache
 *       and the BES connection pool. Open to everyone (it shows counts, never paths or settings);
 *       the addresses of the clients holding the most BES connections are shown only to a request
 *       an operator endpoint would allow ({@link OperatorAccess}), others see their counts alone.
 *   <li>{@code POST /status/invalidate?path=/some/dataset.nc} drops one cached path; {@code POST
 *       /status/invalidate?all=true} drops everything. Allowed from a loopback address with no
 *       proxy header (Forwarded, X-Forwarded-For), or from anywhere with {@code Authorization:
 *       Bearer <token>} when an admin token is configured ({@link OperatorAccess}, the rule the
 *       metrics endpoint shares).
 * </ul>
 */
public final class StatusServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final Logger log = LoggerFactory.getLogger(StatusServlet.class);

  private final transient Supplier<FrontEndStats.Snapshot> stats;
  private final transient CacheAdmin admin;
  private final transient OperatorAccess access;
  private final transient Supplier<Map<String, Object>> sections;

  /**
   * @param stats the front end's counters, read for each document
   * @param sections the sections of the web layer's own parts, e.g. {@code siteMap} (how many times
   *     the site map was built: a crawler's requests never add one, the refresh interval does) and
   *     {@code warmUp} (whether the start-up warm-up is over)
   */
  public StatusServlet(
      Supplier<FrontEndStats.Snapshot> stats,
      CacheAdmin admin,
      FrontEndSettings settings,
      Supplier<Map<String, Object>> sections) {
    this.stats = Objects.requireNonNull(stats, "stats == null");
    this.admin = Objects.requireNonNull(admin, "admin == null");
    this.access = OperatorAccess.of(settings);
    this.sections = Objects.requireNonNull(sections, "sections == null");
  }

  /** The whole status document, as an operator sees it (client addresses included). */
  Map<String, Object> status() {
    return status(true);
  }

  /**
   * The whole status document.
   *
   * @param operator whether client addresses are shown (the clients holding the most of each BES
   *     group's connections); to others only their counts
   */
  Map<String, Object> status(boolean operator) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("frontEnd", Json.fields(stats.get()));
    status.putAll(sections.get());
    status.putAll(admin.statistics(operator));
    return status;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String sub = req.getPathInfo();
    if (sub != null && !sub.equals("/")) {
      send(resp, HttpServletResponse.SC_NOT_FOUND, "{\"error\": \"no such status resource\"}\n");
      return;
    }
    resp.setHeader("Cache-Control", "no-store");
    send(resp, HttpServletResponse.SC_OK, Json.indented(status(access.allows(req))));
  }

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    if (!"/invalidate".equals(req.getPathInfo())) {
      send(resp, HttpServletResponse.SC_NOT_FOUND, "{\"error\": \"POST /status/invalidate\"}\n");
      return;
    }
    if (!access.allows(req)) {
      log.warn("refused cache invalidation from {}", req.getRemoteAddr());
      send(
          resp,
          HttpServletResponse.SC_FORBIDDEN,
          "{\"error\": \"invalidation is allowed from"
              + " localhost, or with the configured admin token\"}\n");
      return;
    }
    String path = req.getParameter("path");
    if ("true".equals(req.getParameter("all")) && path == null) {
      admin.invalidateAll();
      log.info("cache invalidated entirely by {}", req.getRemoteAddr());
      send(resp, HttpServletResponse.SC_OK, "{\"invalidated\": \"all\"}\n");
      return;
    }
    String normalized = normalize(path);
    if (normalized == null) {
      send(
          resp,
          HttpServletResponse.SC_BAD_REQUEST,
          "{\"error\": \"expected path=/catalog/path"
              + " (absolute, no . or .. segments) or all=true\"}\n");
      return;
    }
    admin.invalidate(normalized);
    log.info("cache entry {} invalidated by {}", normalized, req.getRemoteAddr());
    send(resp, HttpServletResponse.SC_OK, "{\"invalidated\": " + Json.quote(normalized) + "}\n");
  }

  /** The catalog path as the cache keys it: absolute, single slashes, no trailing slash. */
  static @Nullable String normalize(@Nullable String path) {
    if (path == null || !path.startsWith("/")) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (String segment : path.split("/")) {
      if (segment.equals(".") || segment.equals("..")) {
        return null;
      }
      for (int i = 0; i < segment.length(); i++) {
        if (segment.charAt(i) < 0x20 || segment.charAt(i) == 0x7f) {
          return null;
        }
      }
      if (!segment.isEmpty()) {
        out.append('/').append(segment);
      }
    }
    return out.length() == 0 ? "/" : out.toString();
  }

  private static void send(HttpServletResponse resp, int status, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    resp.setStatus(status);
    resp.setContentType("application/json");
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }
}
