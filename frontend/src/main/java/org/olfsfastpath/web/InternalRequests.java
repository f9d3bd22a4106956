package org.olfsfastpath.web;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
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
    return new Request(new Line(method, context, uri, query, named(headers)));
  }

  /**
   * The same request without a query, {@link Uncounted}: no statistic or metric counts it (the
   * warm-up's, which asks for whole responses).
   */
  public static HttpServletRequest uncounted(
      String method, String context, String uri, Map<String, String> headers) {
    return new UncountedRequest(new Line(method, context, uri, null, named(headers)));
  }

  /** What a request asks for: its method, where, and its headers, looked up by name in any case. */
  private record Line(
      String method,
      String context,
      String uri,
      @Nullable String query,
      Map<String, String> headers) {}

  /**
   * The methods the servlet calls on every request, answered without the proxy's reflection (an
   * argument array and boxing per call, which the request-path benchmark would count as the front
   * end's); the rest go to the proxy.
   */
  private static class Request extends HttpServletRequestWrapper {
    private final HttpServletRequest rest;
    private final String method;
    private final String context;
    private final String requestUri;
    private final @Nullable String query;
    private final Map<String, String> headers;

    Request(Line line) {
      this(proxy(line), line);
    }

    private Request(HttpServletRequest rest, Line line) {
      super(rest);
      this.rest = rest;
      this.headers = line.headers();
      this.method = line.method();
      this.context = line.context();
      this.requestUri = line.context() + line.uri();
      this.query = line.query();
    }

    @Override
    public String getMethod() {
      return method;
    }

    @Override
    public String getContextPath() {
      return context;
    }

    @Override
    public String getRequestURI() {
      return requestUri;
    }

    @Override
    public @Nullable String getQueryString() {
      return query;
    }

    @Override
    public @Nullable String getHeader(String name) {
      return headers.get(name);
    }

    @Override
    public long getDateHeader(String name) {
      return -1L;
    }

    @Override
    public @Nullable Object getAttribute(String name) {
      return null;
    }

    @Override
    public DispatcherType getDispatcherType() {
      return DispatcherType.REQUEST;
    }

    @Override
    public String toString() {
      return rest.toString();
    }
  }

  private static final class UncountedRequest extends Request implements Uncounted {
    UncountedRequest(Line line) {
      super(line);
    }
  }

  /** The headers, looked up by name in any case, as a container does. */
  private static Map<String, String> named(Map<String, String> headers) {
    Map<String, String> named = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    named.putAll(headers);
    return named;
  }

  private static HttpServletRequest proxy(Line line) {
    String method = line.method();
    String context = line.context();
    String uri = line.uri();
    @Nullable String query = line.query();
    Map<String, String> named = line.headers();
    return (HttpServletRequest)
        Proxy.newProxyInstance(
            InternalRequests.class.getClassLoader(),
            new Class<?>[] {HttpServletRequest.class},
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
                  case "getDispatcherType" -> DispatcherType.REQUEST;
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
      HttpServletResponse rest =
          (HttpServletResponse)
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
      return new ResponseView(rest);
    }

    /**
     * The methods the servlet calls on every answer, without the proxy's reflection: the status,
     * the body, and headers (dropped, as the proxy drops them).
     */
    private final class ResponseView extends HttpServletResponseWrapper {
      ResponseView(HttpServletResponse rest) {
        super(rest);
      }

      @Override
      public void setStatus(int sc) {
        status = sc;
      }

      @Override
      public int getStatus() {
        return status;
      }

      @Override
      public ServletOutputStream getOutputStream() {
        return out;
      }

      @Override
      public boolean isCommitted() {
        return false;
      }

      @Override
      public void setHeader(String name, @Nullable String value) {}

      @Override
      public void addHeader(String name, @Nullable String value) {}

      @Override
      public void setDateHeader(String name, long date) {}

      @Override
      public void setIntHeader(String name, int value) {}

      @Override
      public void setContentType(@Nullable String type) {}

      @Override
      public void setContentLength(int length) {}

      @Override
      public void setContentLengthLong(long length) {}

      @Override
      public String toString() {
        return "internal response " + status;
      }
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
