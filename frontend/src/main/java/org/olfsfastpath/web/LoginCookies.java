package org.olfsfastpath.web;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.AccessOptions;
import org.olfsfastpath.access.SessionCodec;

/**
 * The session and login cookies as headers: written by hand ({@code Set-Cookie}), because the
 * servlet API this WAR keeps to (4.0) has no {@code SameSite}. The session cookie is {@code
 * HttpOnly}, {@code SameSite=Lax} (the provider's callback is a top-level GET, which Lax lets
 * through) and {@code Secure} as FastPath/Access@secureCookie says; the login cookie is the same on
 * the login path only, for ten minutes.
 */
final class LoginCookies {
  private final String contextPath;
  private final String loginPath;
  private final AccessOptions.SecureCookie secure;

  /**
   * @param loginPath the login path with the context path, e.g. {@code /opendap/login}
   */
  LoginCookies(String contextPath, String loginPath, AccessOptions.SecureCookie secure) {
    this.contextPath = contextPath;
    this.loginPath = loginPath;
    this.secure = secure;
  }

  /** The value of cookie {@code name}, or null. */
  static @Nullable String read(HttpServletRequest req, String name) {
    Cookie[] cookies = req.getCookies();
    if (cookies == null) {
      return null;
    }
    for (Cookie c : cookies) {
      if (c.getName().equals(name)) {
        return c.getValue();
      }
    }
    return null;
  }

  String session(String value, Duration life, boolean overTls) {
    return header(SessionCodec.SESSION_COOKIE, value, path(), life.toSeconds(), overTls);
  }

  String clearSession(boolean overTls) {
    return header(SessionCodec.SESSION_COOKIE, "", path(), 0, overTls);
  }

  String login(String value, boolean overTls) {
    return header(
        SessionCodec.LOGIN_COOKIE, value, loginPath, SessionCodec.LOGIN_LIFE.toSeconds(), overTls);
  }

  String clearLogin(boolean overTls) {
    return header(SessionCodec.LOGIN_COOKIE, "", loginPath, 0, overTls);
  }

  private String path() {
    return contextPath.isEmpty() ? "/" : contextPath;
  }

  private String header(String name, String value, String path, long maxAge, boolean overTls) {
    return name
        + "="
        + value
        + "; Path="
        + path
        + "; Max-Age="
        + maxAge
        + "; HttpOnly; SameSite=Lax"
        + (secure.secure(overTls) ? "; Secure" : "");
  }
}
