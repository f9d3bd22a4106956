package org.olfsfastpath.web;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.http.CorsPolicy;

/**
 * Applies the {@link CorsPolicy} to every answer but {@code /status} and {@code /metrics}: answers
 * a preflight itself (204 with what it allows, or 403), and gives an answer to an allowed origin
 * its {@code Access-Control-*} headers, errors included (the DAP servlet resets a response begun
 * for success before it writes an error; the headers are set again after such a reset). In
 * origin-list mode every answer names {@code Origin} in {@code Vary}, however the servlet sets
 * {@code Vary}. Installed only when some origin is allowed; it owns the response of a preflight
 * alone. Thread-safe.
 */
public final class CorsFilter implements Filter {
  private final CorsPolicy policy;

  public CorsFilter(CorsPolicy policy) {
    this.policy = Objects.requireNonNull(policy, "policy == null");
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    HttpServletResponse resp = (HttpServletResponse) response;
    String path = req.getServletPath();
    if (path.startsWith("/status") || path.startsWith("/metrics")) {
      chain.doFilter(request, response);
      return;
    }
    String origin = req.getHeader("Origin");
    String method = req.getHeader("Access-Control-Request-Method");
    if (origin != null && method != null && req.getMethod().equals("OPTIONS")) {
      preflight(origin, method, req.getHeader("Access-Control-Request-Headers"), resp);
      return;
    }
    String allowed = policy.allowOrigin(origin);
    if (allowed == null && !policy.varyOrigin()) {
      chain.doFilter(request, response);
      return;
    }
    CorsResponse cors = new CorsResponse(resp, allowed);
    cors.apply();
    chain.doFilter(request, cors);
  }

  private void preflight(
      String origin, String method, @Nullable String headers, HttpServletResponse resp) {
    CorsPolicy.Preflight answer = policy.preflight(origin, method, headers);
    resp.setHeader("Cache-Control", "no-store");
    if (policy.varyOrigin()) {
      resp.setHeader("Vary", "Origin");
    }
    if (!answer.allowed()) {
      resp.setStatus(HttpServletResponse.SC_FORBIDDEN);
      return;
    }
    resp.setStatus(HttpServletResponse.SC_NO_CONTENT);
    resp.setHeader("Access-Control-Allow-Origin", answer.allowOrigin());
    resp.setHeader("Access-Control-Allow-Methods", answer.allowMethods());
    if (!answer.allowHeaders().isEmpty()) {
      resp.setHeader("Access-Control-Allow-Headers", answer.allowHeaders());
    }
    resp.setHeader("Access-Control-Max-Age", answer.maxAge());
    if (policy.credentials()) {
      resp.setHeader("Access-Control-Allow-Credentials", "true");
    }
  }

  /**
   * The response with the CORS headers, set again when the servlet resets it, and {@code Origin}
   * kept in {@code Vary}.
   */
  private final class CorsResponse extends HttpServletResponseWrapper {
    private final @Nullable String allowed;

    CorsResponse(HttpServletResponse response, @Nullable String allowed) {
      super(response);
      this.allowed = allowed;
    }

    void apply() {
      HttpServletResponse resp = (HttpServletResponse) getResponse();
      if (allowed != null) {
        resp.setHeader("Access-Control-Allow-Origin", allowed);
        resp.setHeader("Access-Control-Expose-Headers", policy.exposedHeaders());
        if (policy.credentials()) {
          resp.setHeader("Access-Control-Allow-Credentials", "true");
        }
      }
      if (policy.varyOrigin()) {
        resp.setHeader("Vary", "Origin");
      }
    }

    @Override
    public void reset() {
      super.reset();
      apply();
    }

    @Override
    public void setHeader(String name, @Nullable String value) {
      super.setHeader(name, withOrigin(name, value));
    }

    @Override
    public void addHeader(String name, @Nullable String value) {
      if (isVary(name) && policy.varyOrigin()) {
        super.setHeader(name, withOrigin(name, value));
      } else {
        super.addHeader(name, value);
      }
    }

    private @Nullable String withOrigin(String name, @Nullable String value) {
      if (!isVary(name) || !policy.varyOrigin() || value == null) {
        return value;
      }
      return value.toLowerCase(Locale.ROOT).contains("origin") ? value : value + ", Origin";
    }
  }

  private static boolean isVary(String name) {
    return name.equalsIgnoreCase("Vary");
  }

  @Override
  public String toString() {
    return policy.toString();
  }
}
