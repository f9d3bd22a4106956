package org.olfsfastpath.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The raw client reads an answer as a client would, whatever bytes the server sends. */
final class RawHttpTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  @Test
  void interim100Continue_isPassedOver_theAnswerIsWhatFollows() throws Exception {
    RawHttp.Response r =
        answerWith(
            "HTTP/1.1 100 \r\n\r\n"
                + "HTTP/1.1 413 \r\nContent-Length: 7\r\nConnection: close\r\n\r\ntoo big");
    assertEquals(413, r.status());
    assertEquals("too big", r.text());
    assertEquals("close", r.header("Connection"));
    assertTrue(r.complete());
  }

  @Test
  void switchingProtocols_isAnAnswerOfItsOwn() throws Exception {
    RawHttp.Response r = answerWith("HTTP/1.1 101 \r\nUpgrade: h2c\r\nContent-Length: 0\r\n\r\n");
    assertEquals(101, r.status());
  }

  @Test
  void bodyShorterThanItsContentLength_isIncomplete() throws Exception {
    RawHttp.Response r = answerWith("HTTP/1.1 200 \r\nContent-Length: 9\r\n\r\nhalf");
    assertEquals(200, r.status());
    assertEquals("truncated", r.outcome());
  }

  /** One exchange with a server that reads the request's header, sends {@code wire} and closes. */
  private static RawHttp.Response answerWith(String wire) throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Void> served =
          CompletableFuture.runAsync(
              () -> {
                try (Socket s = server.accept()) {
                  s.setSoTimeout((int) TIMEOUT.toMillis());
                  readHeader(s.getInputStream());
                  OutputStream out = s.getOutputStream();
                  out.write(wire.getBytes(StandardCharsets.ISO_8859_1));
                  out.flush();
                } catch (IOException e) {
                  throw new IllegalStateException(e);
                }
              });
      RawHttp.Response r =
          RawHttp.exchange(
              server.getLocalPort(), RawHttp.request("GET", "/x", "Expect: 100-continue"), TIMEOUT);
      served.get();
      return r;
    }
  }

  private static void readHeader(InputStream in) throws IOException {
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int b = in.read();
      if (b < 0) {
        return;
      }
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
  }
}
