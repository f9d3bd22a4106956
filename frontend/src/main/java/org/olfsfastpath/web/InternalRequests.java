package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Requests made inside the web application, with no client and no socket: the start-up warm-up
 * sends a few through the servlet clients reach, so the first real request finds its code loaded
 * and compiled (and the request-path benchmark measures the servlet with them). Only the methods
 * the servlet calls answer; the body is counted and dropped.
 */
public final class InternalRequests {
  private InternalRequests() {}

  /**
   * Marks a request the servlet counts nowhere (the warm-up's): the front end's statistics and
   * request metrics count only clients.
   */
  interface Uncounted {}

  /** A request for {@code uri} (below the context path {@code context}), with these headers. */
  static HttpServletRequest request(
      String method,
      String context,
      String uri,
      @Nullable String query,
      Map<String, String> headers) {
    return request(method, context, uri, query, headers, HttpServletRequest.class);
  }

  /** The same request, {@link Uncounted}: no statistic or metric counts it. */
  public static HttpServletRequest uncounted(
      String method,
      String context,
      String uri,
      @Nullable String query,
      Map<String, String> headers) {
    return request(method, context, uri, query, headers, HttpServletRequest.class, Uncounted.class);
  }

  private static HttpServletRequest request(
      String method,
      String context,
      String uri,
      @Nullable String query,
      Map<String, String> headers,
      Class<?>... types) {
    Map<String, String> named = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    named.putAll(headers);
    return (HttpServletRequest)
        Proxy.newProxyInstance(
            InternalRequests.class.getClassLoader(),
            types,
            (proxy, m, args) ->
                switch (m.getName()) {
                  case "getMethod" -> method;
                  case "getContextPath" -> context;
                  case "getRequestURI" -> context + uri;
                  case "getQueryString" -> query;
                  case "getRequestURL" ->
                      new StringBuffer("http://127.0.0.1").append(context).append(uri);
                  case "getScheme" -> "http";
                  case "getServerName" -> "127.0.0.1";
                  case "getServerPort" -> 80;
                  case "getProtocol" -> "HTTP/1.1";
                  case "getRemoteAddr" -> "127.0.0.1";
                  case "getHeader" -> named.get((String) args[0]);
                  case "getDateHeader" -> -1L;
                  case "getIntHeader" -> -1;
                  case "getContentLengthLong" -> -1L;
                  case "getDispatcherType" -> jakarta.servlet.DispatcherType.REQUEST;
                  case "toString" -> "internal " + method + " " + uri;
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  default -> defaultValue(m.getReturnType());
                });
  }

  /** A response that keeps its status and counts its body's bytes. */
  public static final class Response {
    public int status = 200;
    private final CountingOutput out = new CountingOutput(false);

    /** The body's bytes so far. */
    long bytes() {
      return out.bytes();
    }

    public HttpServletResponse build() {
      return (HttpServletResponse)
          Proxy.newProxyInstance(
              InternalRequests.class.getClassLoader(),
              new Class<?>[] {HttpServletResponse.class},
              (proxy, m, args) ->
                  switch (m.getName()) {
                    case "getOutputStream" -> out;
                    case "setStatus" -> {
                      status = (Integer) args[0];
                      yield null;
                    }
                    case "getStatus" -> status;
                    case "isCommitted" -> false;
                    case "toString" -> "internal response " + status;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> defaultValue(m.getReturnType());
                  });
    }
  }

  private static @Nullable Object defaultValue(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    if (type == int.class) {
      return 0;
    }
    if (type == long.class) {
      return 0L;
    }
    return null;
  }
}
