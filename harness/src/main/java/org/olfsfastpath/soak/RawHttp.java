package org.olfsfastpath.soak;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A deliberately plain HTTP/1.1 client over a raw socket: it sends exactly the bytes it is given
 * (hostile request lines, raw control bytes, invalid UTF-8 that no HTTP library would send) with
 * {@code Connection: close}, reads to the end of the stream, and reports whether the body was
 * complete by its own framing. A chunked body without its last chunk, or fewer bytes than
 * Content-Length, is incomplete: what a client sees when the server aborts a response midway. An
 * interim answer ({@code 100 Continue} to an {@code Expect}) is passed over, as a client does.
 */
public final class RawHttp {
  private RawHttp() {}

  /**
   * One exchange.
   *
   * @param status the status code, or -1 when no status line arrived
   * @param headers header names in lower case; a repeated header keeps its last value
   * @param complete whether the body ended by its framing (last chunk, Content-Length reached)
   * @param failure what went wrong on the socket (timeout, reset), or null
   * @param millis from connect to the end of the stream
   */
  public record Response(
      int status,
      Map<String, String> headers,
      byte[] body,
      boolean complete,
      @Nullable String failure,
      long millis) {
    public String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    public @Nullable String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** A status with a complete body: what a client may take as an answer. */
    boolean answered() {
      return status > 0 && complete && failure == null;
    }

    /**
     * The outcome as a client would classify it: the status, "truncated", "timeout" or "failed".
     */
    public String outcome() {
      if (status > 0 && complete) {
        return Integer.toString(status);
      }
      if (failure != null && failure.startsWith("timeout")) {
        return "timeout";
      }
      return status > 0 ? "truncated" : "failed";
    }
  }

  /** {@code GET target} with only Host and Connection: close. */
  public static Response get(int port, String target, Duration timeout) {
    return exchange(port, request("GET", target), timeout);
  }

  /** The bytes of a request: the request line, Host, Connection: close, the extra header lines. */
  public static byte[] request(String method, String target, String... headerLines) {
    StringBuilder s =
        new StringBuilder(method)
            .append(' ')
            .append(target)
            .append(" HTTP/1.1\r\n")
            .append("Host: 127.0.0.1\r\nConnection: close\r\n");
    for (String line : headerLines) {
      s.append(line).append("\r\n");
    }
    return s.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * Sends {@code request} to 127.0.0.1:port and reads the whole answer, waiting at most timeout.
   */
  public static Response exchange(int port, byte[] request, Duration timeout) {
    long start = System.nanoTime();
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    String failure = null;
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), (int) timeout.toMillis());
      socket.setSoTimeout((int) Math.max(1, timeout.toMillis()));
      OutputStream out = socket.getOutputStream();
      out.write(request);
      out.flush();
      readToEnd(socket.getInputStream(), wire, start + timeout.toNanos());
    } catch (SocketTimeoutException e) {
      failure = "timeout after " + timeout.toMillis() + " ms";
    } catch (IOException e) {
      failure = e.toString();
    }
    long millis = (System.nanoTime() - start) / 1_000_000L;
    return parse(wire.toByteArray(), failure, millis, request);
  }

  /**
   * Reads the answer to {@code request}, already sent on {@code socket}, to the end of the stream.
   */
  public static Response readResponse(Socket socket, byte[] request) {
    long start = System.nanoTime();
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    String failure = null;
    try {
      readToEnd(socket.getInputStream(), wire, Long.MAX_VALUE);
    } catch (SocketTimeoutException e) {
      failure = "timeout";
    } catch (IOException e) {
      failure = e.toString();
    }
    return parse(wire.toByteArray(), failure, (System.nanoTime() - start) / 1_000_000L, request);
  }

  /**
   * One kept-alive connection for HEAD requests, reconnecting whenever the server ends it (Tomcat
   * closes a connection after its maxKeepAliveRequests): millions of requests without millions of
   * sockets.
   */
  public static final class KeepAlive implements AutoCloseable {
    private final int port;
    private final Duration timeout;
    private @Nullable Socket socket;
    private @Nullable InputStream in;

    KeepAlive(int port, Duration timeout) {
      this.port = port;
      this.timeout = timeout;
    }

    /** Sends {@code HEAD target} and returns the status, or -1 if no answer came. */
    int head(String target) throws IOException {
      for (int attempt = 0; attempt < 2; attempt++) {
        if (socket == null) {
          socket = new Socket();
          socket.connect(new InetSocketAddress("127.0.0.1", port), (int) timeout.toMillis());
          socket.setSoTimeout((int) timeout.toMillis());
          in = new BufferedInputStream(socket.getInputStream());
        }
        byte[] request =
            ("HEAD " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        String header;
        try {
          socket.getOutputStream().write(request);
          header = readHeader();
        } catch (IOException e) {
          header = null;
        }
        if (header == null) {
          // The server closed the kept-alive connection before this request: once more.
          close();
          continue;
        }
        int status = Integer.parseInt(header.substring(9, 12));
        if (header.toLowerCase(Locale.ROOT).contains("\r\nconnection: close")) {
          close();
        }
        return status;
      }
      return -1;
    }

    private @Nullable String readHeader() throws IOException {
      InputStream connected = Objects.requireNonNull(in, "head() connects before it reads");
      StringBuilder header = new StringBuilder();
      int c;
      while ((c = connected.read()) >= 0) {
        header.append((char) c);
        if (header.length() >= 4 && header.lastIndexOf("\r\n\r\n") == header.length() - 4) {
          return header.toString();
        }
      }
      return null;
    }

    @Override
    public void close() {
      if (socket != null) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // Discarding the connection anyway.
        }
        socket = null;
      }
    }
  }

  private static void readToEnd(InputStream in, ByteArrayOutputStream wire, long deadline)
      throws IOException {
    byte[] buffer = new byte[64 * 1024];
    int n;
    while ((n = in.read(buffer)) >= 0) {
      wire.write(buffer, 0, n);
      if (System.nanoTime() > deadline) {
        throw new SocketTimeoutException("whole-exchange deadline");
      }
    }
  }

  private static Response parse(
      byte[] wire, @Nullable String failure, long millis, byte[] request) {
    int headerEnd = indexOf(wire, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), 0);
    if (headerEnd < 0) {
      return new Response(
          -1, Map.of(), wire, false, failure == null ? "no complete header" : failure, millis);
    }
    String[] lines = new String(wire, 0, headerEnd, StandardCharsets.ISO_8859_1).split("\r\n");
    String[] statusLine = lines[0].split(" ", 3);
    int status;
    try {
      status = Integer.parseInt(statusLine[1]);
    } catch (RuntimeException e) {
      return new Response(-1, Map.of(), wire, false, "bad status line: " + lines[0], millis);
    }
    if (status >= 100 && status < 200 && status != 101) {
      // An interim answer (100 Continue to an Expect): the answer is what follows it.
      return parse(Arrays.copyOfRange(wire, headerEnd + 4, wire.length), failure, millis, request);
    }
    Map<String, String> headers = new TreeMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(
            lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).trim());
      }
    }
    byte[] rest = Arrays.copyOfRange(wire, headerEnd + 4, wire.length);
    boolean head =
        new String(request, 0, Math.min(5, request.length), StandardCharsets.ISO_8859_1)
            .startsWith("HEAD ");
    if (head || status == 204 || status == 304) {
      return new Response(status, headers, new byte[0], true, failure, millis);
    }
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      return dechunk(status, headers, rest, failure, millis);
    }
    String length = headers.get("content-length");
    if (length != null) {
      int expected = Integer.parseInt(length);
      boolean complete = rest.length >= expected;
      return new Response(
          status,
          headers,
          Arrays.copyOf(rest, Math.min(rest.length, expected)),
          complete,
          failure,
          millis);
    }
    // Delimited by the end of the connection: complete if it ended cleanly.
    return new Response(status, headers, rest, failure == null, failure, millis);
  }

  private static Response dechunk(
      int status, Map<String, String> headers, byte[] rest, @Nullable String failure, long millis) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int at = 0;
    while (true) {
      int lineEnd = indexOf(rest, new byte[] {'\r', '\n'}, at);
      if (lineEnd < 0) {
        return new Response(status, headers, body.toByteArray(), false, failure, millis);
      }
      String sizeText =
          new String(rest, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].trim();
      int size;
      try {
        size = Integer.parseInt(sizeText, 16);
      } catch (NumberFormatException e) {
        return new Response(
            status,
            headers,
            body.toByteArray(),
            false,
            "bad chunk size \"" + sizeText + "\"",
            millis);
      }
      at = lineEnd + 2;
      if (size == 0) {
        return new Response(status, headers, body.toByteArray(), true, failure, millis);
      }
      if (at + size + 2 > rest.length) {
        body.write(rest, at, Math.min(size, rest.length - at));
        return new Response(status, headers, body.toByteArray(), false, failure, millis);
      }
      body.write(rest, at, size);
      at += size + 2;
    }
  }

  private static int indexOf(byte[] haystack, byte[] needle, int from) {
    for (int i = from; i <= haystack.length - needle.length; i++) {
      if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
        return i;
      }
    }
    return -1;
  }
}
