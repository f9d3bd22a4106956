package org.olfsfastpath.trace;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.ppt.ScriptedPptServer.chunk;
import static org.olfsfastpath.ppt.ScriptedPptServer.concat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptProtocolException;
import org.olfsfastpath.ppt.PptResponse;
import org.olfsfastpath.ppt.ScriptedPptServer;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
final class PptTraceTest {
  static final String NS = "http://xml.opendap.org/ns/bes/1.0#";
  static final String GET =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
          + "<request xmlns=\""
          + NS
          + "\" reqID=\"r1\">"
          + "<setContext name=\"xdap_accept\">3.2</setContext>"
          + "<setContext name=\"errors\">xml</setContext>"
          + "<setContainer name=\"c\" space=\"catalog\">/data/sst.nc</setContainer>"
          + "<define name=\"d1\" space=\"default\"><container name=\"c\"><constraint>SST[0:1]&amp;x&lt;3</constraint>"
          + "</container></define><get type=\"dods\" definition=\"d1\" returnAs=\"ascii\"/></request>";
  static final String SHOW_NODE =
      "<request xmlns=\"" + NS + "\" reqID=\"r2\"><showNode node=\"/missing.nc\"/></request>";
  static final String ERROR =
      "<?xml version=\"1.0\"?><response><BES><BESError><Type>5</Type>"
          + "<Message>Failed to locate\n  '/data/missing.nc'</Message></BESError></BES></response>";
  private static final PptOptions OPTIONS =
      PptOptions.newBuilder().readTimeout(Duration.ofSeconds(5)).build();
  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir Path dir;

  private static byte[] utf8(String text) {
    return text.getBytes(UTF_8);
  }

  /** Everything the server read from one connection, in order. */
  private static final class Received {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    synchronized void add(byte[] part) {
      bytes.write(part, 0, part.length);
    }

    synchronized byte[] all() {
      return bytes.toByteArray();
    }
  }

  @Test
  void traceOfAConversation_recordsEachMessage_andPassesBytesUnchanged() throws Exception {
    byte[] getAnswer =
        concat(
            chunk(PptFraming.DATA, utf8("Dataset {\n")),
            chunk(PptFraming.DATA, utf8("} x;\n")),
            "0000000d");
    byte[] errorAnswer =
        concat(
            PptFraming.encodeExtensions(Map.of("status", "error")),
            PptFraming.encodeMessage(utf8(ERROR)));
    Received received = new Received();
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            received.add(utf8(PptFraming.CLIENT_HANDSHAKE));
            ScriptedPptServer.Recorded get = peer.readMessage();
            received.add(get.wire());
            peer.write(getAnswer);
            ScriptedPptServer.Recorded show = peer.readMessage();
            received.add(show.wire());
            peer.write(errorAnswer);
            received.add(peer.readToEnd());
          });
      try (PptTrace trace = PptTrace.newBuilder(server.endpoint()).build()) {
        trace.start();
        PptConnection connection = PptConnection.open(trace.endpoint(), OPTIONS);
        PptResponse first = connection.send(utf8(GET));
        assertEquals("Dataset {\n} x;\n", new String(first.body().readAllBytes(), UTF_8));
        PptResponse second = connection.send(utf8(SHOW_NODE));
        assertTrue(second.isError());
        assertEquals(ERROR, new String(second.body().readAllBytes(), UTF_8));

        // Records of answered messages are complete before their last byte reaches the client.
        List<TraceRecord> records = trace.records();
        assertEquals(3, records.size(), records.toString());
        TraceRecord handshake = records.get(0);
        assertEquals(TraceRecord.Event.HANDSHAKE, handshake.event());
        assertEquals("handshake", handshake.command());
        assertEquals(Map.of("answer", PptFraming.SERVER_OK), handshake.request().arguments());
        assertEquals(28, handshake.requestBytes());
        assertEquals(23, handshake.responseBytes());
        assertFalse(handshake.error());
        assertNotNull(handshake.roundTrip());

        TraceRecord get = records.get(1);
        assertEquals(TraceRecord.Event.MESSAGE, get.event());
        assertEquals(1, get.connection());
        assertEquals(1, get.sequence());
        assertEquals("get", get.command());
        assertEquals(
            Map.of("type", "dods", "definition", "d1", "returnAs", "ascii"),
            get.request().arguments());
        assertEquals("/data/sst.nc", get.request().container());
        assertEquals("SST[0:1]&x<3", get.request().constraint());
        assertEquals(List.of("xdap_accept", "errors"), get.request().contexts());
        assertEquals("r1", get.request().requestId());
        assertEquals(
            "get type=dods definition=d1 returnAs=ascii container=/data/sst.nc constraint=SST[0:1]&x<3",
            get.request().summary());
        assertEquals(PptFraming.encodeMessage(utf8(GET)).length, get.requestBytes());
        assertEquals(getAnswer.length, get.responseBytes());
        assertEquals(2, get.responseChunks());
        assertFalse(get.error());
        assertNotNull(get.roundTrip());
        assertNotNull(get.firstByte());
        assertTrue(get.roundTrip().compareTo(get.firstByte()) >= 0);
        assertNull(get.note());

        TraceRecord show = records.get(2);
        assertEquals("showNode", show.command());
        assertEquals("showNode node=/missing.nc", show.request().summary());
        assertEquals(2, show.sequence());
        assertTrue(show.error());
        assertFalse(show.fatal());
        assertEquals(5, show.errorType());
        assertEquals("Failed to locate '/data/missing.nc'", show.errorMessage());
        assertEquals(errorAnswer.length, show.responseBytes());
        assertEquals(1, show.responseChunks());

        connection.close();
        TraceRecord close = trace.awaitRecord(r -> r.event() == TraceRecord.Event.CLOSE, WAIT);
        TraceRecord exit = trace.records().get(3);
        assertEquals("PPT_EXIT_NOW", exit.command());
        assertEquals(3, exit.sequence());
        assertEquals(PptFraming.encodeExitMessage().length, exit.requestBytes());
        assertNull(exit.roundTrip());
        assertEquals(3, close.sequence());
        assertEquals("client closed", close.note());
        server.awaitScripts(10, TimeUnit.SECONDS);
        byte[] sent =
            concat(
                PptFraming.CLIENT_HANDSHAKE,
                PptFraming.encodeMessage(utf8(GET)),
                PptFraming.encodeMessage(utf8(SHOW_NODE)),
                PptFraming.encodeExitMessage());
        assertArrayEquals(sent, received.all(), "bytes reach the BES unchanged");
        assertEquals(sent.length, close.requestBytes());
        assertEquals(
            PptFraming.SERVER_OK.length() + getAnswer.length + errorAnswer.length,
            close.responseBytes());
        assertEquals(5, trace.records().size());
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"tcp, tcp", "tcp, unix", "unix, tcp", "unix, unix"})
  void transports_anyCombinationOfListenAndTarget(String listen, String target) throws Exception {
    Path targetDir = Files.createDirectory(dir.resolve("target"));
    try (ScriptedPptServer server = ScriptedPptServer.of(target, targetDir)) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.respond("<showVersion/>");
            peer.readToEnd();
          });
      PptTrace.Builder builder = PptTrace.newBuilder(server.endpoint());
      if (listen.equals("unix")) {
        builder.listenUnix(dir.resolve("trace.sock"));
      }
      try (PptTrace trace = builder.build()) {
        trace.start();
        assertEquals(listen.equals("unix"), trace.endpoint() instanceof PptEndpoint.Unix);
        try (PptConnection connection = PptConnection.open(trace.endpoint(), OPTIONS)) {
          assertEquals(
              "<showVersion/>",
              new String(
                  connection
                      .send(utf8("<request xmlns=\"" + NS + "\"><showVersion/></request>"))
                      .readAll(1000),
                  UTF_8));
        }
        trace.awaitRecord(r -> r.event() == TraceRecord.Event.CLOSE, WAIT);
        assertEquals(
            List.of("handshake", "showVersion", "PPT_EXIT_NOW"),
            trace.records().stream()
                .filter(r -> r.request() != null)
                .map(TraceRecord::command)
                .toList());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
      assertFalse(Files.exists(dir.resolve("trace.sock")), "the listen socket is removed on stop");
    }
  }

  @Test
  void largeResponse_passesUnchanged_andIsCountedChunkByChunk() throws Exception {
    int chunks = 40;
    CRC32 sentCrc = new CRC32();
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    Random random = new Random(3);
    for (int i = 0; i < chunks; i++) {
      byte[] payload = new byte[50_000 + random.nextInt(100_000)];
      random.nextBytes(payload);
      sentCrc.update(payload);
      byte[] c = chunk(PptFraming.DATA, payload);
      wire.write(c, 0, c.length);
    }
    wire.write(PptFraming.endChunk(), 0, 8);
    byte[] answer = wire.toByteArray();
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.write(answer);
            peer.readToEnd();
          });
      try (PptTrace trace = PptTrace.newBuilder(server.endpoint()).build()) {
        trace.start();
        try (PptConnection connection = PptConnection.open(trace.endpoint(), OPTIONS)) {
          PptResponse response = connection.send(utf8(GET));
          CRC32 receivedCrc = new CRC32();
          byte[] buffer = new byte[8192];
          int n;
          while ((n = response.body().read(buffer)) >= 0) {
            receivedCrc.update(buffer, 0, n);
          }
          assertEquals(sentCrc.getValue(), receivedCrc.getValue());
        }
        TraceRecord get = trace.awaitRecord(r -> "get".equals(r.command()), WAIT);
        assertEquals(answer.length, get.responseBytes());
        assertEquals(chunks, get.responseChunks());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void badChunkFromTheBes_isRecorded_andStillForwarded() throws Exception {
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.write("0000002dok<html>\r\n0000000d");
            peer.readToEnd();
          });
      try (PptTrace trace = PptTrace.newBuilder(server.endpoint()).build()) {
        trace.start();
        PptConnection connection = PptConnection.open(trace.endpoint(), OPTIONS);
        PptProtocolException e =
            assertThrows(
                PptProtocolException.class, () -> connection.send(utf8(GET)).body().readAllBytes());
        assertTrue(
            e.getMessage().startsWith("expected a hex digit at chunk header byte 0"),
            e.getMessage());
        connection.close();
        TraceRecord decode =
            trace.awaitRecord(r -> r.event() == TraceRecord.Event.DECODE_ERROR, WAIT);
        assertEquals(
            "response stream: expected a hex digit at chunk header byte 0 but was 0x3c ('<') "
                + "(header \"<html>\\x0d\\x0a\"); bytes are still forwarded, no longer decoded",
            decode.note());
        TraceRecord unanswered = trace.awaitRecord(r -> "get".equals(r.command()), WAIT);
        assertNull(unanswered.roundTrip());
        assertEquals(
            "no complete response: the response stream could not be decoded", unanswered.note());
        TraceRecord close = trace.awaitRecord(r -> r.event() == TraceRecord.Event.CLOSE, WAIT);
        assertEquals(
            PptFraming.SERVER_OK.length() + 26, close.responseBytes(), "all bytes were forwarded");
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  /** A client that does not speak PPT at all: every byte still goes through, both ways. */
  @Test
  void nonPptTraffic_isForwardedUnchanged() throws Exception {
    byte[] request = "GET / HTTP/1.0\r\n\r\n".getBytes(ISO_8859_1);
    byte[] reply = new byte[3000];
    new Random(5).nextBytes(reply);
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            assertArrayEquals(request, peer.readExactly(request.length));
            peer.write(reply);
            peer.shutdownOutput();
            assertEquals(0, peer.readToEnd().length);
          });
      try (PptTrace trace = PptTrace.newBuilder(server.endpoint()).build()) {
        trace.start();
        try (SocketChannel raw =
            SocketChannel.open(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), trace.port()))) {
          raw.write(ByteBuffer.wrap(request));
          ByteArrayOutputStream got = new ByteArrayOutputStream();
          ByteBuffer buffer = ByteBuffer.allocate(1024);
          while (raw.read(buffer.clear()) >= 0) {
            got.write(buffer.array(), 0, buffer.position());
          }
          assertArrayEquals(reply, got.toByteArray());
        }
        TraceRecord close = trace.awaitRecord(r -> r.event() == TraceRecord.Event.CLOSE, WAIT);
        assertEquals(request.length, close.requestBytes());
        assertEquals(reply.length, close.responseBytes());
        List<String> notes =
            trace.records().stream()
                .filter(r -> r.event() == TraceRecord.Event.DECODE_ERROR)
                .map(TraceRecord::note)
                .toList();
        assertEquals(2, notes.size(), notes.toString());
        assertTrue(
            notes.contains(
                "request stream: expected PPTCLIENT_TESTING_CONNECTION but was \"G\"; "
                    + "bytes are still forwarded, no longer decoded"),
            notes.toString());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void requestCutShortByTheClient_isRecordedOnce_andStillForwarded() throws Exception {
    byte[] partial = "0000020d<request reqID=".getBytes(ISO_8859_1);
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            assertArrayEquals(partial, peer.readToEnd());
          });
      try (PptTrace trace = PptTrace.newBuilder(server.endpoint()).build()) {
        trace.start();
        try (SocketChannel raw =
            SocketChannel.open(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), trace.port()))) {
          raw.write(ByteBuffer.wrap(PptFraming.CLIENT_HANDSHAKE.getBytes(ISO_8859_1)));
          ByteBuffer answer = ByteBuffer.allocate(PptFraming.SERVER_OK.length());
          while (answer.hasRemaining() && raw.read(answer) >= 0) {
            // the handshake answer, read whole before the request starts
          }
          assertEquals(PptFraming.SERVER_OK, new String(answer.array(), ISO_8859_1));
          raw.write(ByteBuffer.wrap(partial));
        }
        TraceRecord close = trace.awaitRecord(r -> r.event() == TraceRecord.Event.CLOSE, WAIT);
        assertEquals(PptFraming.CLIENT_HANDSHAKE.length() + partial.length, close.requestBytes());
        List<String> notes =
            trace.records().stream()
                .filter(r -> r.event() == TraceRecord.Event.DECODE_ERROR)
                .map(TraceRecord::note)
                .toList();
        assertEquals(
            List.of(
                "request stream: stream ended inside a data chunk with 17 bytes still"
                    + " expected; bytes are still forwarded, no longer decoded"),
            notes);
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void refusedHandshake_isRecordedAsAnError() throws Exception {
    String refusal =
        "PPT cannot negotiate, client started the connection with PPTCLIENT_TESTING_CONNECTION";
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.readExactly(PptFraming.CLIENT_HANDSHAKE.length());
            peer.write(refusal);
          });
      try (PptTrace trace = PptTrace.newBuilder(server.endpoint()).build()) {
        trace.start();
        PptProtocolException e =
            assertThrows(
                PptProtocolException.class, () -> PptConnection.open(trace.endpoint(), OPTIONS));
        assertTrue(e.getMessage().startsWith("BES refused the handshake"), e.getMessage());
        TraceRecord handshake =
            trace.awaitRecord(r -> r.event() == TraceRecord.Event.HANDSHAKE, WAIT);
        assertTrue(handshake.error());
        assertEquals(refusal, handshake.request().arguments().get("answer"));
        assertEquals("BES refused the handshake", handshake.note());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void besUnreachable_closesTheClient_andRecordsIt() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    PptEndpoint nowhere = PptEndpoint.tcp("127.0.0.1", port);
    try (PptTrace trace = PptTrace.newBuilder(nowhere).build()) {
      trace.start();
      IOException e =
          assertThrows(IOException.class, () -> PptConnection.open(trace.endpoint(), OPTIONS));
      assertFalse(e instanceof org.olfsfastpath.ppt.PptTimeoutException, e.toString());
      TraceRecord record =
          trace.awaitRecord(r -> r.event() == TraceRecord.Event.CONNECT_ERROR, WAIT);
      assertEquals(
          "cannot connect to the BES at 127.0.0.1:" + port + ": Connection refused", record.note());
    }
  }

  @Test
  void listenerAndLogFile_getEveryRecord_andAFailingListenerChangesNothing() throws Exception {
    Path log = dir.resolve("trace.jsonl");
    List<TraceRecord> seen = new CopyOnWriteArrayList<>();
    CountDownLatch closed = new CountDownLatch(1);
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(
          peer -> {
            peer.handshake();
            peer.readMessage();
            peer.respond("ok");
            peer.readToEnd();
          });
      try (PptTrace trace =
          PptTrace.newBuilder(server.endpoint())
              .log(log)
              .keepRecords(false)
              .listener(
                  record -> {
                    seen.add(record);
                    if (record.event() == TraceRecord.Event.CLOSE) {
                      closed.countDown();
                    }
                    throw new IllegalStateException("listener bug");
                  })
              .build()) {
        trace.start();
        try (PptConnection connection = PptConnection.open(trace.endpoint(), OPTIONS)) {
          assertEquals("ok", new String(connection.send(utf8(SHOW_NODE)).readAll(100), UTF_8));
        }
        assertTrue(closed.await(10, TimeUnit.SECONDS));
        assertThrows(IllegalStateException.class, () -> trace.awaitRecord(r -> true, WAIT));
        assertTrue(trace.records().isEmpty());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
    List<String> lines = Files.readAllLines(log, UTF_8);
    assertEquals(4, lines.size(), lines.toString());
    assertEquals(seen.stream().map(TraceRecord::toJson).toList(), lines);
    assertTrue(lines.get(1).contains("\"command\":\"showNode\""), lines.get(1));
    assertTrue(lines.get(3).contains("\"event\":\"close\""), lines.get(3));
  }

  @Test
  void start_twice_andBadBuilderValues() throws Exception {
    PptTrace trace = PptTrace.newBuilder(PptEndpoint.tcp("127.0.0.1", 1)).build();
    trace.start();
    try {
      assertEquals(
          "trace was already started",
          assertThrows(IllegalStateException.class, trace::start).getMessage());
    } finally {
      trace.stop();
    }
    assertEquals(
        "port was 70000, must be 0-65535",
        assertThrows(
                IllegalArgumentException.class,
                () -> PptTrace.newBuilder(PptEndpoint.tcp("h", 1)).listenTcp("127.0.0.1", 70000))
            .getMessage());
    assertEquals(
        "target == null",
        assertThrows(NullPointerException.class, () -> PptTrace.newBuilder(null)).getMessage());
  }

  @Test
  void unixListenSocketThatExists_isRefused() throws Exception {
    Path existing = Files.createFile(dir.resolve("taken.sock"));
    PptTrace trace =
        PptTrace.newBuilder(PptEndpoint.tcp("127.0.0.1", 1)).listenUnix(existing).build();
    IOException e = assertThrows(IOException.class, trace::start);
    assertEquals("listen socket " + existing + " already exists; remove it first", e.getMessage());
    trace.stop();
    assertTrue(Files.exists(existing), "a file the trace did not create is left alone");
  }
}
