package org.olfsfastpath.web;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Just enough of a servlet request and response to drive the servlets without a container: the
 * response keeps its status, headers and body, commits once its buffer fills like a real one, and
 * can be told that the client has gone.
 */
public final class FakeHttp {
  private FakeHttp() {}

  public static final class Request {
    public String method = "GET";
    public String contextPath = "/opendap";
    public String path = "/";
    public String query;
    public String remoteAddr = "127.0.0.1";
    public final Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    public final Map<String, String> parameters = new LinkedHashMap<>();
    public final Map<String, Object> attributes = new LinkedHashMap<>();
    public byte[] body = new byte[0];
    public String contentType;

    /** A POST of a form-encoded body. */
    public static Request post(String path, String formBody) {
      Request r = get(path).method("POST");
      r.body = formBody.getBytes(StandardCharsets.UTF_8);
      r.contentType = "application/x-www-form-urlencoded";
      return r;
    }

    public static Request get(String path) {
      Request r = new Request();
      int q = path.indexOf('?');
      r.path = q < 0 ? path : path.substring(0, q);
      r.query = q < 0 ? null : path.substring(q + 1);
      return r;
    }

    public Request method(String method) {
      this.method = method;
      return this;
    }

    public Request header(String name, String value) {
      headers.put(name, value);
      return this;
    }

    public HttpServletRequest build() {
      return (HttpServletRequest)
          Proxy.newProxyInstance(
              FakeHttp.class.getClassLoader(),
              new Class<?>[] {HttpServletRequest.class},
              (proxy, m, args) ->
                  switch (m.getName()) {
                    case "getMethod" -> method;
                    case "getRequestURI" -> contextPath + path;
                    case "getContextPath" -> contextPath;
                    case "getServletPath" -> path;
                    case "getPathInfo" -> null;
                    case "getQueryString" -> query;
                    case "getRemoteAddr" -> remoteAddr;
                    case "getHeader" -> headers.get((String) args[0]);
                    case "getHeaders" ->
                        java.util.Collections.enumeration(
                            headers.containsKey((String) args[0])
                                ? List.of(headers.get((String) args[0]))
                                : List.<String>of());
                    case "getParameter" -> parameters.get((String) args[0]);
                    case "getDateHeader" -> {
                      String v = headers.get((String) args[0]);
                      if (v == null) {
                        yield -1L;
                      }
                      try {
                        yield Instant.from(DateTimeFormatter.RFC_1123_DATE_TIME.parse(v))
                            .toEpochMilli();
                      } catch (RuntimeException e) {
                        throw new IllegalArgumentException(v);
                      }
                    }
                    case "getRequestURL" ->
                        new StringBuffer("http://localhost:8080" + contextPath + path);
                    case "getScheme" -> "http";
                    case "getServerName" -> "localhost";
                    case "getServerPort" -> 8080;
                    case "getContentType" -> contentType;
                    case "getContentLengthLong" -> (long) body.length;
                    case "getInputStream" ->
                        new jakarta.servlet.ServletInputStream() {
                          final java.io.ByteArrayInputStream in =
                              new java.io.ByteArrayInputStream(body);

                          @Override
                          public int read() {
                            return in.read();
                          }

                          @Override
                          public int read(byte[] b, int off, int len) {
                            return in.read(b, off, len);
                          }

                          @Override
                          public boolean isFinished() {
                            return in.available() == 0;
                          }

                          @Override
                          public boolean isReady() {
                            return true;
                          }

                          @Override
                          public void setReadListener(jakarta.servlet.ReadListener listener) {
                            throw new UnsupportedOperationException();
                          }
                        };
                    case "getDispatcherType" -> jakarta.servlet.DispatcherType.REQUEST;
                    case "getAttribute" -> attributes.get((String) args[0]);
                    case "setAttribute" -> {
                      attributes.put((String) args[0], args[1]);
                      yield null;
                    }
                    case "removeAttribute" -> {
                      attributes.remove((String) args[0]);
                      yield null;
                    }
                    case "getSession" -> null;
                    case "isAsyncStarted" -> false;
                    // No container: a long body is copied as the client takes it, without the
                    // spool.
                    case "isAsyncSupported" -> false;
                    case "toString" -> method + " " + path;
                    default -> throw new UnsupportedOperationException(m.getName());
                  });
    }
  }

  public static final class Response {
    public final int bufferSize;
    public int status = 200;
    public final Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    public final ByteArrayOutputStream committedBody = new ByteArrayOutputStream();
    public final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    public boolean committed;
    public boolean clientGone;

    public Response() {
      this(8192);
    }

    public Response(int bufferSize) {
      this.bufferSize = bufferSize;
    }

    public byte[] body() {
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      all.writeBytes(committedBody.toByteArray());
      all.writeBytes(buffer.toByteArray());
      return all.toByteArray();
    }

    public String text() {
      return new String(body(), StandardCharsets.UTF_8);
    }

    public String header(String name) {
      return headers.get(name);
    }

    private void commit() throws IOException {
      if (clientGone) {
        throw new IOException("Broken pipe (client went away)");
      }
      committed = true;
      committedBody.writeBytes(buffer.toByteArray());
      buffer.reset();
    }

    private final ServletOutputStream out =
        new ServletOutputStream() {
          @Override
          public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            buffer.write(b, off, len);
            if (buffer.size() >= bufferSize) {
              commit();
            }
          }

          @Override
          public void flush() throws IOException {
            commit();
          }

          @Override
          public boolean isReady() {
            return true;
          }

          @Override
          public void setWriteListener(WriteListener listener) {
            throw new UnsupportedOperationException();
          }
        };

    public HttpServletResponse build() {
      return (HttpServletResponse)
          Proxy.newProxyInstance(
              FakeHttp.class.getClassLoader(),
              new Class<?>[] {HttpServletResponse.class},
              (proxy, m, args) -> {
                switch (m.getName()) {
                  case "setStatus" -> {
                    if (!committed) {
                      status = (Integer) args[0];
                    }
                    return null;
                  }
                  case "getStatus" -> {
                    return status;
                  }
                  case "setHeader" -> {
                    // Like Tomcat, a null value is ignored (it does not remove the header).
                    if (!committed && args[1] != null) {
                      headers.put((String) args[0], (String) args[1]);
                    }
                    return null;
                  }
                  case "addHeader" -> {
                    // One field of the values in order, as a client reads repeated fields.
                    if (!committed && args[1] != null) {
                      headers.merge((String) args[0], (String) args[1], (a, b) -> a + ", " + b);
                    }
                    return null;
                  }
                  case "setDateHeader" -> {
                    if (!committed) {
                      headers.put(
                          (String) args[0],
                          DateTimeFormatter.RFC_1123_DATE_TIME
                              .withLocale(Locale.US)
                              .format(
                                  Instant.ofEpochMilli((Long) args[1]).atOffset(ZoneOffset.UTC)));
                    }
                    return null;
                  }
                  case "setIntHeader" -> {
                    if (!committed) {
                      headers.put((String) args[0], Integer.toString((Integer) args[1]));
                    }
                    return null;
                  }
                  case "getHeader" -> {
                    return headers.get((String) args[0]);
                  }
                  case "setContentType" -> {
                    if (!committed) {
                      headers.put("Content-Type", (String) args[0]);
                    }
                    return null;
                  }
                  case "getContentType" -> {
                    return headers.get("Content-Type");
                  }
                  case "setContentLength", "setContentLengthLong" -> {
                    if (!committed) {
                      headers.put("Content-Length", args[0].toString());
                    }
                    return null;
                  }
                  case "setBufferSize", "setCharacterEncoding" -> {
                    return null;
                  }
                  case "getOutputStream" -> {
                    return out;
                  }
                  case "isCommitted" -> {
                    return committed;
                  }
                  case "reset" -> {
                    if (committed) {
                      throw new IllegalStateException("committed");
                    }
                    buffer.reset();
                    headers.clear();
                    status = 200;
                    return null;
                  }
                  case "resetBuffer" -> {
                    if (committed) {
                      throw new IllegalStateException("committed");
                    }
                    buffer.reset();
                    return null;
                  }
                  case "flushBuffer" -> {
                    commit();
                    return null;
                  }
                  case "toString" -> {
                    return "FakeResponse " + status;
                  }
                  default -> throw new UnsupportedOperationException(m.getName());
                }
              });
    }
  }
}
