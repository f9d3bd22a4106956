package org.olfsfastpath.ppt;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.olfsfastpath.ppt.ScriptedPptServer.chunk;
import static org.olfsfastpath.ppt.ScriptedPptServer.concat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
final class PptConnectionTest {
  private static final String REQUEST =
      "<request xmlns=\"http://xml.opendap.org/ns/bes/1.0#\" reqID=\"t\">"
          + "<showNode node=\"/coads_climatology.nc\"/></request>";
  private static final String ANSWER =
      "<showNode><item name=\"/coads_climatology.nc\"/></showNode>";
  private static final PptOptions OPTIONS =
      PptOptions.newBuilder()
          .readTimeout(Duration.ofSeconds(5))
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  @TempDir Path dir;

  private static byte[] utf8(String text) {
    return text.getBytes(UTF_8);
  }

  private static String body(PptResponse response) throws IOException {
    return new String(response.body().readAllBytes(), UTF_8);
  }

  // ---------------------------------------------------------------- round trips

  @ParameterizedTest
  @ValueSource(strings = {"tcp", "unix"})
  void roundTrip_handshakeThenRequestsOnOneConnection(String transport) throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.of(transport, dir)) {
      server.enqueue(
          peer -> {
            peer.handshake();
            for (int i = 0; i < 3; i++) {
              assertEquals(REQUEST, peer.readMessage().text());
              peer.respond(ANSWER + i);
            }
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        for (int i = 0; i < 3; i++) {
          PptResponse response = connection.send(utf8(REQUEST));
          assertFalse(response.isError());
          assertEquals(Map.of(), response.extensions());
          assertEquals(ANSWER + i, body(response));
          assertTrue(response.isComplete());
          assertEquals(ANSWER.length() + 1, response.bytesRead());
        }
        assertTrue(connection.isReusable());
        assertEquals(3, connection.commandsSent());
        assertEquals(server.endpoint(), connection.endpoint());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
      assertEquals(1, server.connectionCount());
    }
  }

  /**
   * The BES reads the handshake with one recv and refuses a request that arrives with it, so the
   * handshake must be alone on the wire; and each request goes out in one write, so that neither
   * Nagle nor a delayed ACK can split it (the server's first read holds the whole message).
   */
  @ParameterizedTest
  @ValueSource(strings = {"tcp", "unix"})
  void request_isOneWriteOfHeaderDocumentAndEndChunk(String transport) throws Exception {
    String document = REQUEST.repeat(20);
    byte[] expected = concat(String.format("%07xd", document.length()), document, "0000000d");
    try (ScriptedPptServer server = ScriptedPptServer.of(transport, dir)) {
      server.enqueue(
          peer -> {
            peer.handshake(); // fails unless the handshake arrived alone
            ScriptedPptServer.Recorded message = peer.readMessage();
            assertArrayEquals(expected, message.wire());
            assertEquals(
                expected.length, message.firstReadLength(), "bytes in the server's first read");
            peer.respond(ANSWER);
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        assertEquals(1, connection.writeCalls(), "writes for the handshake");
        body(connection.send(utf8(document)));
        assertEquals(2, connection.writeCalls(), "writes after one request");
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void response_withUpperCaseHexFromTheServer_isAccepted() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.write("000000Ad0123456789000000Ad9876543210" + "0000000d");
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        assertEquals("01234567899876543210", body(connection.send(utf8(REQUEST))));
        assertTrue(connection.isReusable());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void emptyResponse_isCompleteAtOnce() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.write("0000000d");
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        PptResponse response = connection.send(utf8(REQUEST));
        assertTrue(response.isComplete());
        assertEquals(-1, response.body().read());
        assertTrue(connection.isReusable());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  // ---------------------------------------------------------------- handshake

  @Test
  void handshake_refusedWithProtocolUndefined() throws Exception {
    assertHandshakeFails(
        peer -> {
          peer.handshake(PptFraming.SERVER_UNDEFINED);
          peer.readToEnd();
        },
        "BES refused the handshake with PPT_PROTOCOL_UNDEFINED");
  }

  @Test
  void handshake_refusedTheWayARealBesDoes() throws Exception {
    // A BES that does not accept the handshake writes this sentence, unframed, and closes.
    assertHandshakeFails(
        peer -> {
          peer.handshake("PPT cannot negotiate, client started the connection with HELLO");
        },
        "BES refused the handshake: \"PPT cannot negotiate, client started the connection with HELLO\"");
  }

  @Test
  void handshake_garbage() throws Exception {
    assertHandshakeFails(
        peer -> {
          peer.handshake("HTTP/1.1 400 Bad Request\r\n\r\n");
          peer.readToEnd();
        },
        "expected PPTSERVER_CONNECTION_OK but was \"HTTP/1.1 400 Bad Request????\"");
  }

  @Test
  void handshake_okFollowedByMoreBytes() throws Exception {
    assertHandshakeFails(
        peer -> {
          peer.handshake(PptFraming.SERVER_OK + "0000000d");
          peer.readToEnd();
        },
        "expected PPTSERVER_CONNECTION_OK but was \"PPTSERVER_CONNECTION_OK0000000d\"");
  }

  @Test
  void handshake_oversizedAnswer() throws Exception {
    String answer = PptFraming.SERVER_OK + "x".repeat(100);
    // No read after the answer: the client closes with unread bytes, which resets the connection.
    assertHandshakeFails(
        peer -> peer.handshake(answer),
        "handshake answer exceeds 64 bytes: \"" + answer.substring(0, 64) + "\"");
  }

  @Test
  void handshake_earlyClose() throws Exception {
    assertHandshakeFails(
        peer -> peer.readExactly(PptFraming.CLIENT_HANDSHAKE.length()),
        "BES closed the connection during the handshake after 0 bytes");
  }

  @Test
  void handshake_closeAfterPartOfTheAnswer() throws Exception {
    assertHandshakeFails(
        peer -> peer.handshake("PPTSERVER"),
        "BES closed the connection during the handshake after 9 bytes: \"PPTSERVER\"");
  }

  @Test
  void handshake_stalledServer_timesOut() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      CountDownLatch done = new CountDownLatch(1);
      server.enqueue(
          peer -> {
            peer.readExactly(PptFraming.CLIENT_HANDSHAKE.length());
            done.await(10, TimeUnit.SECONDS);
          });
      // The handshake has its own timeout: a BES that accepts but never answers is a failed
      // connect, found long before the read timeout a slow get may need.
      PptOptions options =
          OPTIONS.toBuilder()
              .handshakeTimeout(Duration.ofMillis(200))
              .readTimeout(Duration.ofSeconds(60))
              .build();
      PptTimeoutException e =
          assertThrows(
              PptTimeoutException.class, () -> PptConnection.open(server.endpoint(), options));
      assertEquals(
          "handshake timeout of 200 ms elapsed: the BES at "
              + server.endpoint()
              + " accepted the connection but did not answer the PPT handshake",
          e.getMessage());
      done.countDown();
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void handshakeTimeout_defaultsToTheConnectTimeout() {
    PptOptions options = PptOptions.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    assertEquals(Duration.ofSeconds(3), options.handshakeTimeout());
    assertEquals(Duration.ofSeconds(5), PptOptions.defaults().handshakeTimeout());
  }

  private static void assertHandshakeFails(ScriptedPptServer.Script script, String message)
      throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(script);
      PptProtocolException e =
          assertThrows(
              PptProtocolException.class, () -> PptConnection.open(server.endpoint(), OPTIONS));
      assertEquals(message, e.getMessage());
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  // ---------------------------------------------------------------- bad bytes

  /** Sends a request and answers it with {@code reply}, then waits for the client to go. */
  private static void assertBadResponse(Object reply, String message) throws Exception {
    assertBadResponse(reply, message, OPTIONS);
  }

  private static void assertBadResponse(Object reply, String message, PptOptions options)
      throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            if (reply != null) {
              peer.write(concat(reply));
            }
            peer.shutdownOutput();
            peer.readToEnd();
          });
      PptConnection connection = PptConnection.open(server.endpoint(), options);
      PptProtocolException e =
          assertThrows(
              PptProtocolException.class,
              () -> {
                PptResponse response = connection.send(utf8(REQUEST));
                response.body().readAllBytes();
              });
      assertEquals(message, e.getMessage());
      assertFalse(connection.isReusable(), "a connection that saw bad bytes is discarded");
      IllegalStateException again =
          assertThrows(IllegalStateException.class, () -> connection.send(utf8(REQUEST)));
      assertEquals(
          "connection " + connection.id() + " is closed or broken and cannot send",
          again.getMessage());
      connection.close();
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void badBytes_nonHexHeader() throws Exception {
    assertBadResponse(
        "00z0010d",
        "expected a hex digit at chunk header byte 2 but was 0x7a ('z') (header \"00z0010d\")");
  }

  @Test
  void badBytes_nonHexHeaderAfterData() throws Exception {
    assertBadResponse(
        "0000002dok<html>\r\n",
        "expected a hex digit at chunk header byte 0 but was 0x3c ('<') (header \"<html>\\x0d\\x0a\")");
  }

  @Test
  void badBytes_unknownType() throws Exception {
    assertBadResponse(
        "0000002zok0000000d",
        "expected chunk type 'd' or 'x' but was 0x7a ('z') (header \"0000002z\")");
  }

  @Test
  void badBytes_lengthOverTheCap() throws Exception {
    PptOptions small = OPTIONS.toBuilder().maxChunkLength(1024).build();
    assertBadResponse(
        "0000401d",
        "chunk length 1025 exceeds the limit of 1024 bytes (header \"0000401d\")",
        small);
  }

  @Test
  void badBytes_lengthOverTheDefaultCap() throws Exception {
    assertBadResponse(
        "fffffffd",
        "chunk length 268435455 exceeds the limit of 67108864 bytes (header \"fffffffd\")");
  }

  @Test
  void badBytes_malformedExtensions() throws Exception {
    assertBadResponse(
        "000000cxstatus=error0000000d",
        "expected extensions ending in ';' but was \"status=error\"");
  }

  @Test
  void badBytes_truncatedInsideAData() throws Exception {
    assertBadResponse(
        "0000064d0123456789",
        "BES closed the connection inside a data chunk with 90 bytes still expected");
  }

  @Test
  void badBytes_truncatedInsideAHeader() throws Exception {
    assertBadResponse(
        "0000002dok0000", "BES closed the connection inside a chunk header after 4 of 8 bytes");
  }

  @Test
  void badBytes_truncatedInsideExtensions() throws Exception {
    assertBadResponse(
        "000000dxstatus=",
        "BES closed the connection inside an extension chunk after 7 of 13 bytes");
  }

  @Test
  void badBytes_closeInsideTheFirstHeader() throws Exception {
    assertBadResponse("000", "BES closed the connection inside a chunk header after 3 of 8 bytes");
  }

  @Test
  void badBytes_earlyCloseBeforeAnyResponse() throws Exception {
    assertBadResponse(
        null,
        "BES closed the connection instead of answering the request (its process may have exited)");
  }

  @Test
  void badBytes_strayBytesAfterTheEndChunk_areCaughtBeforeTheNextRequest() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.write("0000002dok0000000dJUNK!");
            peer.readToEnd();
          });
      PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS);
      assertEquals("ok", body(connection.send(utf8(REQUEST))));
      PptProtocolException e =
          assertThrows(PptProtocolException.class, () -> connection.send(utf8(REQUEST)));
      assertEquals(
          "BES sent 5 unexpected bytes between messages on connection " + connection.id(),
          e.getMessage());
      assertFalse(connection.isReusable());
      connection.close();
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  // ---------------------------------------------------------------- timeouts

  @Test
  void readTimeout_beforeTheResponse() throws Exception {
    assertStall("", "read timeout of 200 ms elapsed waiting for the BES at ");
  }

  @Test
  void readTimeout_insideTheBody() throws Exception {
    assertStall(
        "0000100d" + "x".repeat(100), "read timeout of 200 ms elapsed waiting for the BES at ");
  }

  private static void assertStall(String partial, String messagePrefix) throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      CountDownLatch release = new CountDownLatch(1);
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.write(partial);
            release.await(10, TimeUnit.SECONDS);
          });
      PptOptions options = OPTIONS.toBuilder().readTimeout(Duration.ofMillis(200)).build();
      PptConnection connection = PptConnection.open(server.endpoint(), options);
      PptTimeoutException e =
          assertThrows(
              PptTimeoutException.class,
              () -> connection.send(utf8(REQUEST)).body().readAllBytes());
      assertEquals(messagePrefix + server.endpoint(), e.getMessage());
      assertFalse(connection.isReusable());
      connection.close();
      release.countDown();
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  /**
   * An interrupted thread's select returns at once; the wait must then give up rather than spin
   * until its (here 20 s) deadline.
   */
  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void interrupt_whileWaiting_endsTheWait() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      CountDownLatch release = new CountDownLatch(1);
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            release.await(10, TimeUnit.SECONDS);
          });
      PptOptions options = OPTIONS.toBuilder().readTimeout(Duration.ofSeconds(20)).build();
      PptConnection connection = PptConnection.open(server.endpoint(), options);
      Thread.currentThread().interrupt();
      try {
        InterruptedIOException e =
            assertThrows(InterruptedIOException.class, () -> connection.send(utf8(REQUEST)));
        assertEquals(
            "interrupted while waiting for the BES at " + server.endpoint(), e.getMessage());
        assertFalse(e instanceof PptTimeoutException);
      } finally {
        assertTrue(Thread.interrupted(), "the interrupt stays set for the caller");
      }
      assertFalse(connection.isReusable());
      release.countDown();
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  /**
   * Linux drops a SYN while a listener's accept queue is full, so a connect to a listener that
   * never accepts hangs in SYN_SENT: the connect timeout must end it. No traffic leaves loopback.
   */
  @Test
  void connectTimeout_listenerWithAFullBacklog() throws Exception {
    assumeTrue(
        System.getProperty("os.name").toLowerCase().contains("linux"),
        "skipped: relies on Linux dropping SYNs when the accept queue is full");
    InetAddress loopback = InetAddress.getLoopbackAddress();
    List<SocketChannel> fillers = new ArrayList<>();
    try (ServerSocket listener = new ServerSocket(0, 1, loopback)) {
      InetSocketAddress address = new InetSocketAddress(loopback, listener.getLocalPort());
      // Fill the accept queue until a connect stays pending.
      boolean full = false;
      for (int i = 0; i < 16 && !full; i++) {
        SocketChannel filler = SocketChannel.open();
        fillers.add(filler);
        filler.configureBlocking(false);
        if (!filler.connect(address)) {
          try (Selector selector = Selector.open()) {
            filler.register(selector, SelectionKey.OP_CONNECT);
            full = selector.select(300) == 0;
          }
        }
      }
      assumeTrue(full, "skipped: could not fill the accept queue of a loopback listener");
      PptEndpoint endpoint = PptEndpoint.tcp(loopback.getHostAddress(), listener.getLocalPort());
      PptOptions options = OPTIONS.toBuilder().connectTimeout(Duration.ofMillis(200)).build();
      PptTimeoutException e =
          assertThrows(PptTimeoutException.class, () -> PptConnection.open(endpoint, options));
      assertEquals("connect timeout of 200 ms elapsed connecting to " + endpoint, e.getMessage());
    } finally {
      for (SocketChannel filler : fillers) {
        filler.close();
      }
    }
  }

  @Test
  void connect_refused_namesTheEndpoint() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    PptEndpoint endpoint = PptEndpoint.tcp("127.0.0.1", port);
    ConnectException e =
        assertThrows(ConnectException.class, () -> PptConnection.open(endpoint, OPTIONS));
    assertEquals(
        "cannot connect to the BES at 127.0.0.1:" + port + ": Connection refused", e.getMessage());
  }

  @Test
  void connect_missingUnixSocket_namesTheEndpoint() {
    PptEndpoint endpoint = PptEndpoint.unix(dir.resolve("no-such.sock"));
    ConnectException e =
        assertThrows(ConnectException.class, () -> PptConnection.open(endpoint, OPTIONS));
    assertTrue(
        e.getMessage().startsWith("cannot connect to the BES at " + endpoint + ": "),
        e.getMessage());
  }

  // ---------------------------------------------------------------- streaming

  /**
   * 50 MB in chunks of random size, read through body() with an 8 KiB buffer. The server holds back
   * everything after the first chunk until the client has read payload bytes, so a client that
   * collected the body before handing it out would wait forever and fail.
   */
  @Test
  void largeResponse_isStreamedChunkByChunk() throws Exception {
    long total = 50L << 20;
    CountDownLatch clientReadSomething = new CountDownLatch(1);
    CountDownLatch allSent = new CountDownLatch(1);
    CRC32 sent = new CRC32();
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            Random random = new Random(7);
            long left = total;
            boolean first = true;
            while (left > 0) {
              byte[] payload = new byte[(int) Math.min(left, 1 + random.nextInt(256 * 1024))];
              random.nextBytes(payload);
              sent.update(payload);
              peer.write(chunk(PptFraming.DATA, payload));
              left -= payload.length;
              if (first) {
                first = false;
                if (!clientReadSomething.await(10, TimeUnit.SECONDS)) {
                  throw new AssertionError(
                      "the client did not read before the rest of the body was sent");
                }
              }
            }
            peer.write(PptFraming.endChunk());
            allSent.countDown();
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        PptResponse response = connection.send(utf8(REQUEST));
        InputStream body = response.body();
        CRC32 received = new CRC32();
        byte[] buffer = new byte[8192];
        long count = 0;
        int n;
        while ((n = body.read(buffer)) >= 0) {
          received.update(buffer, 0, n);
          count += n;
          clientReadSomething.countDown();
        }
        assertEquals(total, count);
        assertEquals(total, response.bytesRead());
        assertTrue(allSent.await(10, TimeUnit.SECONDS));
        assertEquals(sent.getValue(), received.getValue());
        assertTrue(response.isComplete());
        assertTrue(connection.isReusable());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void readAll_overTheLimit_discardsTheConnection() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.respond("x".repeat(100));
            peer.readToEnd();
          });
      PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS);
      PptResponse response = connection.send(utf8(REQUEST));
      PptProtocolException e = assertThrows(PptProtocolException.class, () -> response.readAll(50));
      assertEquals("BES response exceeds the limit of 50 bytes", e.getMessage());
      assertFalse(connection.isReusable());
      assertThrows(IllegalArgumentException.class, () -> response.readAll(-1));
      connection.close();
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  // ---------------------------------------------------------------- errors and exit

  @Test
  void errorResponse_isKnownBeforeTheBody() throws Exception {
    String document =
        "<response><BESError><Type>5</Type><Message>no</Message></BESError></response>";
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      CountDownLatch errorSeen = new CountDownLatch(1);
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            // The extension chunk and the document's chunk header only: isError() must be known
            // before any byte of the document has arrived.
            peer.write(
                concat(
                    PptFraming.encodeExtensions(Map.of("status", "error")),
                    PptFraming.header(document.length(), PptFraming.DATA)));
            if (!errorSeen.await(10, TimeUnit.SECONDS)) {
              throw new AssertionError("the client did not see the error before the document");
            }
            peer.write(concat(document, "0000000d"));
            peer.readMessage();
            peer.respond(ANSWER);
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        PptResponse response = connection.send(utf8(REQUEST));
        assertTrue(response.isError());
        assertFalse(response.isFatal());
        assertEquals(Map.of("status", "error"), response.extensions());
        errorSeen.countDown();
        assertEquals(document, new String(response.readAll(1 << 16), UTF_8));
        assertTrue(connection.isReusable(), "a BES error leaves the BES process usable");
        assertEquals(ANSWER, body(connection.send(utf8(REQUEST))));
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void midStreamError_surfacesFromTheBodyWithTheDocument() throws Exception {
    String document =
        "<?xml version=\"1.0\"?><response><BESError><Type>1</Type></BESError></response>";
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.write(
                concat(
                    chunk(PptFraming.DATA, utf8("partial data")),
                    "000000dxstatus=error;",
                    PptFraming.encodeMessage(utf8(document))));
            peer.readMessage();
            peer.respond(ANSWER);
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        PptResponse response = connection.send(utf8(REQUEST));
        assertFalse(response.isError(), "no error was known before the data");
        InputStream body = response.body();
        byte[] first = new byte[12];
        assertEquals(12, body.readNBytes(first, 0, 12));
        assertEquals("partial data", new String(first, ISO_8859_1));
        PptStreamErrorException e = assertThrows(PptStreamErrorException.class, body::read);
        assertEquals(Map.of("status", "error"), e.extensions());
        assertEquals(document, new String(e.errorDocument(), UTF_8));
        assertEquals(
            "BES sent status=error after data chunks (error document of "
                + document.length()
                + " bytes follows the partial response)",
            e.getMessage());
        assertTrue(response.isComplete());
        assertEquals(-1, body.read());
        assertTrue(connection.isReusable(), "the stream is in step after the end chunk");
        assertEquals(ANSWER, body(connection.send(utf8(REQUEST))));
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void fatalError_exitTrue_makesTheConnectionUnusable() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.write("0000017xexit=true;status=error;");
            peer.respond("<fatal/>");
            // The client must neither send more nor ask an exiting process to exit.
            assertEquals(0, peer.readToEnd().length);
          });
      PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS);
      PptResponse response = connection.send(utf8(REQUEST));
      assertTrue(response.isError());
      assertTrue(response.isFatal());
      assertEquals("<fatal/>", body(response));
      assertFalse(connection.isReusable());
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> connection.send(utf8(REQUEST)));
      assertEquals(
          "connection "
              + connection.id()
              + " is ending: the BES said its process exits and cannot send",
          e.getMessage());
      connection.close();
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"tcp", "unix"})
  void close_sendsExitNowInOneWrite(String transport) throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.of(transport, dir)) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.respond(ANSWER);
            assertEquals(
                "0000014xstatus=PPT_EXIT_NOW;0000000d", new String(peer.readToEnd(), ISO_8859_1));
          });
      PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS);
      body(connection.send(utf8(REQUEST)));
      connection.close();
      assertEquals(3, connection.writeCalls());
      assertFalse(connection.isReusable());
      connection.close(); // idempotent
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void close_withAnUnreadResponse_abortsWithoutExitNow() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.respond("x".repeat(1000));
            assertEquals(0, peer.readToEnd().length);
          });
      PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS);
      PptResponse response = connection.send(utf8(REQUEST));
      assertEquals('x', response.body().read());
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> connection.send(utf8(REQUEST)));
      assertEquals(
          "connection "
              + connection.id()
              + " still has an unread response: read it to the end "
              + "or close it before sending the next request",
          e.getMessage());
      response.close();
      assertFalse(connection.isReusable());
      connection.close();
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  // ---------------------------------------------------------------- health

  @ParameterizedTest
  @ValueSource(strings = {"tcp", "unix"})
  void isHealthy_whileTheBesWaits(String transport) throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.of(transport, dir)) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.respond(ANSWER);
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        assertTrue(connection.isHealthy());
        assertTrue(connection.isBetweenMessages());
        PptResponse response = connection.send(utf8(REQUEST));
        assertFalse(connection.isHealthy(), "a response is still unread");
        assertFalse(connection.isBetweenMessages(), "the rest of it would start the next one");
        assertTrue(connection.isReusable(), "asking does not harm a busy connection");
        body(response);
        assertTrue(connection.isBetweenMessages());
        assertTrue(connection.isHealthy());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"tcp", "unix"})
  void isHealthy_falseOnceTheBesHasGone(String transport) throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.of(transport, dir)) {
      CountDownLatch gone = new CountDownLatch(1);
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.close();
            gone.countDown();
          });
      PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS);
      assertTrue(gone.await(10, TimeUnit.SECONDS));
      // The end of stream reaches the client's socket asynchronously: wait for it, boundedly.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (connection.isHealthy() && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertFalse(connection.isHealthy());
      assertFalse(connection.isReusable(), "a connection found dead is closed");
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void isHealthy_falseOnStrayBytes() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      CountDownLatch opened = new CountDownLatch(1);
      CountDownLatch sent = new CountDownLatch(1);
      server.enqueue(
          peer -> {
            peer.handshake();
            // Only once the client is past the handshake, or the bytes would spoil the handshake
            // read.
            if (!opened.await(10, TimeUnit.SECONDS)) {
              throw new AssertionError("the client did not open");
            }
            peer.write("0000000d");
            sent.countDown();
            peer.readToEnd();
          });
      PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS);
      opened.countDown();
      assertTrue(sent.await(10, TimeUnit.SECONDS));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (connection.isHealthy() && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertFalse(connection.isReusable());
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  // ---------------------------------------------------------------- sockets

  @Test
  void quickAck_isUsedOnLinuxTcp() throws Exception {
    assumeTrue(
        System.getProperty("os.name").toLowerCase().contains("linux"),
        "skipped: TCP_QUICKACK is Linux only");
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readToEnd();
          });
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readToEnd();
          });
      try (PptConnection on = PptConnection.open(server.endpoint(), OPTIONS);
          PptConnection off =
              PptConnection.open(server.endpoint(), OPTIONS.toBuilder().quickAck(false).build())) {
        assertTrue(on.usesQuickAck());
        assertFalse(off.usesQuickAck());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void quickAck_isNotUsedOnUnixSockets() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.unix(dir.resolve("q.sock"))) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readToEnd();
          });
      try (PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS)) {
        assertFalse(connection.usesQuickAck());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  // ---------------------------------------------------------------- fuzz

  /**
   * Random response bytes from a real socket: each case ends in a body or an IOException (mostly
   * PptProtocolException), never another exception and never a hang, and a connection that saw a
   * protocol error is never reusable.
   */
  @Test
  void fuzz_randomResponses_endInABodyOrAnIOException() throws Exception {
    Random random = new Random(41);
    int cases = 150;
    int protocolErrors = 0;
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      PptOptions options =
          OPTIONS.toBuilder().maxChunkLength(4096).readTimeout(Duration.ofSeconds(2)).build();
      for (int i = 0; i < cases; i++) {
        byte[] reply = PptFuzz.randomStream(random);
        server.enqueue(
            peer -> {
              peer.handshake();
              peer.readMessage();
              peer.write(reply);
              peer.shutdownOutput();
              peer.readToEnd();
            });
        PptConnection connection = PptConnection.open(server.endpoint(), options);
        try {
          PptResponse response = connection.send(utf8(REQUEST));
          response.body().readAllBytes();
          assertTrue(response.isComplete());
        } catch (PptProtocolException e) {
          protocolErrors++;
          assertFalse(connection.isReusable(), "case " + i + ": " + e.getMessage());
        } catch (PptStreamErrorException e) {
          assertEquals("error", e.extensions().get("status"), "case " + i + ": " + e.getMessage());
        } catch (IOException e) {
          assertFalse(e instanceof PptTimeoutException, "case " + i + " hung: " + e);
        } finally {
          connection.close();
        }
      }
      server.awaitScripts(20, TimeUnit.SECONDS);
    }
    assertTrue(protocolErrors > cases / 10, "protocol errors " + protocolErrors + " of " + cases);
  }
}
