package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.access.Credentials;
import org.olfsfastpath.access.LoginFailedException;
import org.olfsfastpath.access.Principal;
import org.olfsfastpath.access.SessionCodec;
import org.olfsfastpath.dap.Html;
import org.olfsfastpath.http.CacheHeaders;

/**
 * Upstream's login paths: {@code <ctx>/login} lists the providers and the user, {@code
 * <ctx>/login/<authContext>} begins a login with that provider and is also the OAuth2 {@code
 * redirect_uri} its callback comes back to (EDL applications are registered with it), {@code
 * <ctx>/logout} ends the session. The flows themselves are {@link Access}'s; this servlet turns
 * them into redirects, cookies and statuses: a callback refused for its state or a missing login
 * cookie is 400 with what to do (a client without a cookie jar would otherwise loop), a provider
 * that said no is 401, one that cannot be reached 502, one that does not answer in time 504.
 * Nothing here is cached by anyone ({@code Cache-Control: private, no-store}); each answer has its
 * access line, with the user when one is known, and each refusal its error line.
 */
public final class LoginServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  private final transient Access access;
  private final transient LoginCookies cookies;
  private final String contextPath;
  private final String cacheControl;

  /**
   * @param cache the answers' Cache-Control: every answer here is of one user or sets a cookie, so
   *     {@code private, no-store}
   */
  public LoginServlet(Access access, String contextPath, CacheHeaders cache) {
    this.access = Objects.requireNonNull(access, "access == null");
    this.contextPath = contextPath;
    this.cacheControl =
        Objects.requireNonNull(cache.cacheControl(CacheHeaders.Kind.PRIVATE_NO_STORE));
    this.cookies =
        new LoginCookies(
            contextPath, contextPath + access.loginPath(), access.options().secureCookie());
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.setHeader("Cache-Control", cacheControl);
    String path = req.getServletPath() + (req.getPathInfo() == null ? "" : req.getPathInfo());
    if (path.equals(access.logoutPath())) {
      logout(req, resp);
      return;
    }
    String rest = path.substring(Math.min(path.length(), access.loginPath().length()));
    if (rest.isEmpty() || rest.equals("/")) {
      page(req, resp);
      return;
    }
    String authContext = rest.substring(1);
    if (authContext.contains("/")
        || access.providers().stream().noneMatch(l -> l.authContext().equals(authContext))) {
      text(
          req,
          resp,
          404,
          "No login provider '" + authContext + "' here; see " + contextPath + access.loginPath());
      return;
    }
    URI callback = URI.create(Exchange.serviceUrl(req) + access.loginPath(authContext));
    boolean isCallback =
        req.getParameter("code") != null
            || req.getParameter("error") != null
            || req.getParameter("state") != null;
    try {
      if (isCallback && access.takesCallbacks(authContext)) {
        complete(req, resp, authContext, callback);
      } else {
        start(req, resp, authContext, callback);
      }
    } catch (LoginFailedException e) {
      failed(req, resp, e);
    }
  }

  private void start(
      HttpServletRequest req, HttpServletResponse resp, String authContext, URI callback)
      throws IOException, LoginFailedException {
    Access.LoginStart start = access.startLogin(authContext, req.getParameter("ret"), callback);
    if (start == null) {
      text(req, resp, 404, "No login provider '" + authContext + "' here");
      return;
    }
    String loginCookie = start.loginCookie();
    if (loginCookie != null) {
      resp.addHeader("Set-Cookie", cookies.login(loginCookie, req.isSecure()));
    }
    redirect(resp, start.redirect().toString());
  }

  private void complete(
      HttpServletRequest req, HttpServletResponse resp, String authContext, URI callback)
      throws IOException, LoginFailedException {
    String query = req.getQueryString();
    if (query != null) {
      req.setAttribute(RequestLog.LOGGED_QUERY_ATTRIBUTE, withoutCode(query));
    }
    URI response =
        URI.create(callback + (req.getQueryString() == null ? "" : "?" + req.getQueryString()));
    Access.LoginDone done =
        access.completeLogin(
            authContext, response, LoginCookies.read(req, SessionCodec.LOGIN_COOKIE), callback);
    req.setAttribute(RequestLog.USER_ATTRIBUTE, done.user().uid());
    resp.addHeader("Set-Cookie", cookies.clearLogin(req.isSecure()));
    resp.addHeader(
        "Set-Cookie", cookies.session(done.sessionCookie(), access.sessionLife(), req.isSecure()));
    redirect(resp, done.returnPath());
  }

  private void failed(HttpServletRequest req, HttpServletResponse resp, LoginFailedException e)
      throws IOException {
    String provider = e.providerError().isEmpty() ? "" : " (" + e.providerError() + ")";
    switch (e.kind()) {
      case NO_LOGIN ->
          text(
              req,
              resp,
              400,
              "This login came back without the login cookie it began with: the client keeps no"
                  + " cookies. Keep them (curl -c FILE -b FILE, wget --keep-session-cookies,"
                  + " netCDF-C HTTP.COOKIEJAR in .ncrc) or send a bearer token instead.");
      case BAD_STATE ->
          text(
              req,
              resp,
              400,
              "This login callback does not belong to the login begun here: "
                  + e.getMessage()
                  + ". Begin again.");
      case DENIED -> text(req, resp, 401, "The login provider refused the login" + provider + ".");
      case TIMEOUT ->
          text(req, resp, 504, "The login provider did not answer in time. Try again later.");
      default ->
          text(req, resp, 502, "The login provider could not be used: " + e.getMessage() + ".");
    }
  }

  private void logout(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    Principal user =
        access
            .authenticate(
                new Credentials(null, LoginCookies.read(req, SessionCodec.SESSION_COOKIE), null))
            .user();
    if (user != null) {
      // The access line of a logout names who logged out.
      req.setAttribute(RequestLog.USER_ATTRIBUTE, user.uid());
    }
    resp.addHeader("Set-Cookie", cookies.clearSession(req.isSecure()));
    String base = Exchange.serviceUrl(req);
    redirect(
        resp,
        access
            .logout(
                user,
                req.getParameter("ret"),
                base.substring(0, base.length() - contextPath.length()))
            .toString());
  }

  private void page(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    Principal user =
        access
            .authenticate(
                new Credentials(
                    req.getHeader("Authorization"),
                    LoginCookies.read(req, SessionCodec.SESSION_COOKIE),
                    req.getRemoteUser()))
            .user();
    if (user != null) {
      req.setAttribute(RequestLog.USER_ATTRIBUTE, user.uid());
    }
    StringBuilder html =
        new StringBuilder(1024)
            .append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"UTF-8\"><title>")
            .append(Html.escape(access.config().loginBanner()))
            .append("</title></head><body>\n<h1>")
            .append(Html.escape(access.config().loginBanner()))
            .append("</h1>\n");
    if (user != null) {
      html.append("<p id=\"user\">Logged in as <b>")
          .append(Html.escape(user.uid()))
          .append("</b> (")
          .append(Html.escape(user.authContext()))
          .append("). <a href=\"")
          .append(Html.escape(contextPath + access.logoutPath()))
          .append("\">Log out</a></p>\n");
    }
    html.append("<ul>\n");
    for (Access.LoginLink link : access.providers()) {
      html.append("<li><a href=\"")
          .append(Html.escape(contextPath + link.loginPath()))
          .append("\">")
          .append(Html.escape(link.description()))
          .append("</a></li>\n");
    }
    html.append("</ul>\n</body></html>\n");
    byte[] body = html.toString().getBytes(StandardCharsets.UTF_8);
    resp.setStatus(200);
    resp.setContentType("text/html;charset=utf-8");
    resp.setHeader("Content-Security-Policy", "default-src 'none'");
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
    RequestLog.body(req, body.length);
  }

  private static void redirect(HttpServletResponse resp, String location) {
    resp.setStatus(HttpServletResponse.SC_FOUND);
    resp.setHeader("Location", location);
    resp.setContentLength(0);
  }

  /** A refusal or a failed login, in plain text, in the access log and the error logs. */
  private static void text(
      HttpServletRequest req, HttpServletResponse resp, int status, String message)
      throws IOException {
    byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
    resp.setStatus(status);
    resp.setContentType("text/plain;charset=utf-8");
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
    RequestLog log = RequestLog.of(req);
    if (log != null) {
      log.body(body.length);
      log.error(status, message);
    }
  }

  /**
   * A callback's query as its log lines show it: the authorization code's value replaced, since
   * anyone who read it from a log before it was exchanged could try to exchange it themselves.
   */
  static String withoutCode(String query) {
    String[] pairs = query.split("&", -1);
    for (int i = 0; i < pairs.length; i++) {
      if (pairs[i].startsWith("code=")) {
        pairs[i] = "code=REDACTED";
      }
    }
    return String.join("&", pairs);
  }
}
