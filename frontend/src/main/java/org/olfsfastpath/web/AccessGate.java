package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.access.Authentication;
import org.olfsfastpath.access.Credentials;
import org.olfsfastpath.access.Decision;
import org.olfsfastpath.access.Principal;
import org.olfsfastpath.access.SessionCodec;
import org.olfsfastpath.bes.BesUser;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.dap.DapRequestRejectedException;

/**
 * Login and access rules at the door of every DAP answer: asked right after the URL is parsed and
 * made canonical, before a 304, the response cache, the data-source cache or any BES command, for
 * every kind of answer the DAP servlet gives (data, metadata, forms, {@code .info}, HEAD, POST,
 * listings, THREDDS catalogs, the site map, {@code robots.txt}). It names a known user in the
 * request attribute {@link RequestLog#USER_ATTRIBUTE} (the access log's user, the BES's combined
 * log) and marks a restricted answer with {@link AnswerPolicy#PRIVATE_ATTRIBUTE}, so that {@link
 * AnswerPolicy} makes either answer {@code Cache-Control: private}, its 304 included. A refusal is
 * {@code no-store}. Without FastPath/Access it lets everything through and costs nothing.
 */
public final class AccessGate {
  private static final AccessGate OPEN = new AccessGate(null, "");

  private final @Nullable Access access;
  private final @Nullable LoginCookies cookies;

  /**
   * @param access the rules, or null when login is off
   */
  AccessGate(@Nullable Access access, String contextPath) {
    this.access = access;
    this.cookies =
        access == null
            ? null
            : new LoginCookies(
                contextPath, contextPath + access.loginPath(), access.options().secureCookie());
  }

  /** Everything open: no login configured. */
  public static AccessGate open() {
    return OPEN;
  }

  /**
   * The gate of {@code access} (null: {@link #open()}) for the application at {@code contextPath}.
   */
  public static AccessGate of(@Nullable Access access, String contextPath) {
    return access == null ? OPEN : new AccessGate(access, contextPath);
  }

  /** Whether login is on. */
  boolean on() {
    return access != null;
  }

  /**
   * Decides the request by its canonical path; on an allowed one, marks the request and returns the
   * user the BES is told about. A refusal is thrown ({@link Refusal}) for the servlet to answer in
   * the form its client reads; a login redirect is written here and null returned.
   *
   * @param parser makes the path canonical (decoded, normalized, {@code /hyrax} taken off), only
   *     when login is on: the rules see {@code /opendap/restricted/x.nc.dap} however it was spelled
   * @return the BES user, or null when the response was written (a redirect to log in)
   * @throws Refusal 401, 403 or 503
   * @throws DapRequestRejectedException for a path that climbs or cannot be decoded
   */
  @Nullable BesUser check(HttpServletRequest req, HttpServletResponse resp, DapRequestParser parser)
      throws Refusal, DapRequestRejectedException {
    Access rules = access;
    LoginCookies jar = cookies;
    if (rules == null || jar == null || req instanceof InternalRequests.Uncounted) {
      // No login, or the front end's own warm-up, which no client sees.
      return BesUser.ANONYMOUS;
    }
    String resourceId =
        req.getContextPath()
            + parser.canonicalPath(req.getRequestURI().substring(req.getContextPath().length()));
    Authentication who =
        rules.authenticate(
            new Credentials(
                req.getHeader("Authorization"),
                LoginCookies.read(req, SessionCodec.SESSION_COOKIE),
                req.getRemoteUser()));
    String clear =
        who instanceof Authentication.Anonymous anonymous && anonymous.clearSession()
            ? jar.clearSession(req.isSecure())
            : null;
    Decision decision = rules.decide(who, req.getMethod(), resourceId, req.getQueryString());
    Principal user = who.user();
    if (user != null) {
      req.setAttribute(RequestLog.USER_ATTRIBUTE, user.uid());
    }
    if (decision instanceof Decision.Allow allow) {
      if (clear != null) {
        resp.addHeader("Set-Cookie", clear);
      }
      if (allow.restricted()) {
        req.setAttribute(AnswerPolicy.PRIVATE_ATTRIBUTE, Boolean.TRUE);
      }
      return user == null
          ? BesUser.ANONYMOUS
          : new BesUser(user.uid(), user.edlToken(), user.edlClientId());
    }
    if (decision instanceof Decision.LoginRequired login) {
      String query = req.getQueryString();
      String back = req.getRequestURI() + (query == null ? "" : "?" + query);
      resp.setStatus(HttpServletResponse.SC_FOUND);
      resp.setHeader(
          "Location",
          req.getContextPath()
              + login.loginPath()
              + "?ret="
              + URLEncoder.encode(back, StandardCharsets.UTF_8));
      resp.setHeader("Cache-Control", "no-store");
      if (clear != null) {
        resp.addHeader("Set-Cookie", clear);
      }
      resp.setContentLength(0);
      return null;
    }
    if (decision instanceof Decision.Unauthorized unauthorized) {
      throw refusal(
          401, unauthorized.message(), clear, "WWW-Authenticate", unauthorized.challenge());
    }
    if (decision instanceof Decision.Unavailable unavailable) {
      throw refusal(503, unavailable.message(), clear, "Retry-After", "30");
    }
    Decision.Forbidden forbidden = (Decision.Forbidden) decision;
    throw refusal(403, forbidden.message(), clear);
  }

  /** A refusal no cache keeps, clearing a refused session cookie when there was one. */
  private static Refusal refusal(
      int status, String message, @Nullable String clear, String... more) {
    java.util.List<String> headers = new java.util.ArrayList<>(java.util.List.of(more));
    headers.add("Cache-Control");
    headers.add("no-store");
    if (clear != null) {
      headers.add("Set-Cookie");
      headers.add(clear);
    }
    return new Refusal(status, message, headers.toArray(new String[0]));
  }
}
