package org.olfsfastpath.soak;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A client on a slow link: it connects from a loopback address of its own ({@code 127.0.0.x}, every
 * one of which is this machine on Linux), so the front end tells it apart from the others, sends
 * one GET, and reads the answer's body at a set rate through a small receive buffer (so the
 * back-pressure reaches the front end at once), until the body ends or its time is up; then it
 * closes, as a client that gives up does. An error answer is read whole.
 */
public final class SlowReader {
  private static final int RECEIVE_BUFFER = 16 * 1024;
  private static final int MAX_HEADERS = 16 * 1024;
  private static final int MAX_ERROR_BODY = 64 * 1024;

  private SlowReader() {}

  /**
   * What the slow client got.
   *
   * @param status the status code, or -1 when no status line arrived
   * @param headers header names in lower case
   * @param bodyBytes the body bytes it read
   * @param complete whether it read the whole body (its Content-Length, its last chunk, or the end
   *     of the stream of a response without either)
   * @param text an error answer's body, empty for a 200
   * @param failure what went wrong on the socket, or null
   */
  public record Result(
      int status,
      Map<String, String> headers,
      long bodyBytes,
      boolean complete,
      String text,
      @Nullable String failure) {
    /** {@code slow 200} for a body read slowly until the client gave up, else the status. */
    public String outcome() {
      if (status == 200 && !complete && failure == null) {
        return "slow 200";
      }
      return status > 0 ? Integer.toString(status) : "failed";
    }
  }

  /**
   * Reads {@code target} from the front end at {@code 127.0.0.1:port}, connecting from {@code
   * localAddress}, at most {@code bytesPerSecond}, until the body ends or {@code deadlineNanos}
   * ({@link System#nanoTime()}) passes.
   */
  public static Result read(
      int port,
      String localAddress,
      String target,
      int bytesPerSecond,
      long deadlineNanos,
      Duration timeout) {
    Map<String, String> headers = new TreeMap<>();
    int status = -1;
    long read = 0;
    boolean complete = false;
    String text = "";
    String failure = null;
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(RECEIVE_BUFFER);
      socket.bind(new InetSocketAddress(InetAddress.getByName(localAddress), 0));
      socket.connect(new InetSocketAddress("127.0.0.1", port), (int) timeout.toMillis());
      socket.setSoTimeout((int) timeout.toMillis());
      OutputStream out = socket.getOutputStream();
      out.write(RawHttp.request("GET", target));
      out.flush();
      InputStream in = socket.getInputStream();
      String head = readHead(in);
      status = parseStatus(head);
      for (String line : head.split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon > 0) {
          headers.put(
              line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
              line.substring(colon + 1).strip());
        }
      }
      if (status != 200) {
        byte[] body = in.readNBytes(MAX_ERROR_BODY);
        text = new String(body, StandardCharsets.UTF_8);
        complete = true;
        return new Result(status, headers, body.length, true, text, null);
      }
      int slice = Math.max(1, bytesPerSecond / 10);
      byte[] buffer = new byte[slice];
      long next = System.nanoTime();
      while (System.nanoTime() < deadlineNanos) {
        int n = in.read(buffer, 0, slice);
        if (n < 0) {
          complete = true;
          break;
        }
        read += n;
        next += Duration.ofMillis(100).toNanos() * n / slice;
        long wait = next - System.nanoTime();
        if (wait > 0) {
          Thread.sleep(
              Math.min(
                  wait / 1_000_000L + 1,
                  Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000L)));
        }
      }
    } catch (IOException e) {
      failure = e.toString();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "interrupted";
    }
    return new Result(status, headers, read, complete, text, failure);
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("the connection ended inside the response head");
      }
      head.write(b);
      matched =
          (b == '\r' && (matched == 0 || matched == 2))
                  || (b == '\n' && (matched == 1 || matched == 3))
              ? matched + 1
              : (b == '\r' ? 1 : 0);
      if (head.size() > MAX_HEADERS) {
        throw new IOException("a response head over " + MAX_HEADERS + " bytes");
      }
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  private static int parseStatus(String head) throws IOException {
    String[] parts = head.split(" ", 3);
    try {
      return Integer.parseInt(parts[1].strip());
    } catch (RuntimeException e) {
      throw new IOException("not an HTTP status line: " + head.lines().findFirst().orElse(""), e);
    }
  }
}
