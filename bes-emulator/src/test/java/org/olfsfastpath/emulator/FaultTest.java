package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptProtocolException;
import org.olfsfastpath.ppt.PptResponse;
import org.olfsfastpath.ppt.PptStreamErrorException;
import org.olfsfastpath.ppt.PptTimeoutException;

final class FaultTest {
  private static final PptOptions IMPATIENT =
      Exchanges.OPTIONS.toBuilder()
          .readTimeout(Duration.ofMillis(300))
          .writeTimeout(Duration.ofMillis(300))
          .build();

  private BesEmulator bes;

  @BeforeEach
  void start() throws IOException {
    bes =
        BesEmulator.newBuilder()
            .builtInDatasets(Map.of("tiny.nc", new TinyDataset("tiny.nc")))
            .build();
    bes.start();
  }

  @AfterEach
  void close() {
    bes.close();
  }

  @Test
  void closeConnection_endsBeforeAnyAnswer_butTheRequestIsRecorded() throws Exception {
    bes.enqueueFault(Fault.closeConnection());
    PptProtocolException e =
        assertThrows(
            PptProtocolException.class, () -> Exchanges.once(bes, Requests.showNode("/tiny.nc")));
    assertEquals(
        "BES closed the connection instead of answering the request (its process may have exited)",
        e.getMessage());
    assertEquals("showNode", bes.takeRequest().responseCommand());
    assertFalse(
        Exchanges.once(bes, Requests.showNode("/tiny.nc")).isError(), "a fault applies once");
  }

  @Test
  void stall_neverAnswers() throws IOException {
    bes.enqueueFault(Fault.stall());
    try (PptConnection connection = PptConnection.open(bes.endpoint(), IMPATIENT)) {
      PptTimeoutException e =
          assertThrows(
              PptTimeoutException.class, () -> connection.send(Requests.showNode("/tiny.nc")));
      assertEquals(
          "read timeout of 300 ms elapsed waiting for the BES at " + bes.endpoint(),
          e.getMessage());
    }
  }

  @Test
  void delay_answersNormallyAfterItsTime() throws IOException {
    bes.enqueueFault(Fault.delay(Duration.ofMillis(20)));
    assertFalse(Exchanges.once(bes, Requests.showNode("/tiny.nc")).isError());
    bes.enqueueFault(Fault.delay(Duration.ofSeconds(30)));
    try (PptConnection connection = PptConnection.open(bes.endpoint(), IMPATIENT)) {
      assertThrows(PptTimeoutException.class, () -> connection.send(Requests.showNode("/tiny.nc")));
    }
  }

  @Test
  void garbage_isNotAChunkHeader() {
    bes.enqueueFault(Fault.garbage());
    PptProtocolException e =
        assertThrows(
            PptProtocolException.class, () -> Exchanges.once(bes, Requests.showNode("/tiny.nc")));
    assertEquals(
        "expected a hex digit at chunk header byte 0 but was 0x3c ('<') (header \"<html>50\")",
        e.getMessage());
  }

  @Test
  void oversizedChunkHeader_exceedsTheClientLimit() {
    bes.enqueueFault(Fault.oversizedChunkHeader());
    PptProtocolException e =
        assertThrows(
            PptProtocolException.class, () -> Exchanges.once(bes, Requests.showNode("/tiny.nc")));
    assertEquals(
        "chunk length 268435455 exceeds the limit of 67108864 bytes (header \"fffffffd\")",
        e.getMessage());
  }

  @Test
  void truncatedChunk_endsInsideTheData() throws IOException {
    bes.enqueueFault(Fault.truncatedChunk());
    try (PptConnection connection = Exchanges.open(bes.endpoint())) {
      PptProtocolException e =
          assertThrows(
              PptProtocolException.class,
              () -> Exchanges.send(connection, Requests.showNode("/tiny.nc")));
      assertTrue(
          e.getMessage().startsWith("BES closed the connection inside a data chunk with "),
          e.getMessage());
    }
  }

  @Test
  void midStreamError_followsPartOfTheData_andTheBesKeepsTheConnection() throws IOException {
    bes.enqueueFault(Fault.midStreamError());
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      byte[] wire = Exchanges.rawExchange(socket, Requests.get("/tiny.nc", "dds", ""));
      List<String> chunks = Exchanges.chunks(wire);
      int half = new TinyDataset("tiny.nc").dds().length() / 2;
      assertEquals(List.of("d:" + half, "x:status=error;"), chunks.subList(0, 2));
      assertEquals("d:0", chunks.get(3));
      assertFalse(
          Exchanges.chunks(Exchanges.rawExchange(socket, Requests.showNode("/tiny.nc")))
              .contains("x:status=error;"),
          "the next request on the same connection is answered");
    }
    bes.enqueueFault(Fault.midStreamError());
    try (PptConnection connection = Exchanges.open(bes.endpoint());
        PptResponse response = connection.send(Requests.get("/tiny.nc", "dds", ""))) {
      PptStreamErrorException e =
          assertThrows(PptStreamErrorException.class, () -> response.readAll(1 << 20));
      assertTrue(
          new String(e.errorDocument(), StandardCharsets.ISO_8859_1).contains("<Type>1</Type>"));
    }
  }

  @Test
  void emptyAnswer_isTheEndChunkAlone_andTheConnectionGoesOn() throws IOException {
    bes.enqueueFault(Fault.emptyAnswer());
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      byte[] wire = Exchanges.rawExchange(socket, Requests.get("/tiny.nc", "dds", ""));
      assertEquals("0000000d", new String(wire, StandardCharsets.ISO_8859_1));
      List<String> next =
          Exchanges.chunks(Exchanges.rawExchange(socket, Requests.get("/tiny.nc", "dds", "")));
      assertEquals(
          "d:" + new TinyDataset("tiny.nc").dds().length(),
          next.get(0),
          "the next request on the same connection is answered");
    }
  }

  @Test
  void fatalError_saysExitThenCloses() throws IOException {
    bes.enqueueFault(Fault.fatalError());
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      byte[] wire = Exchanges.rawExchange(socket, Requests.showNode("/tiny.nc"));
      assertEquals("x:exit=true;status=error;", Exchanges.chunks(wire).get(0));
      assertTrue(new String(wire, StandardCharsets.ISO_8859_1).contains("<Type>2</Type>"));
      assertEquals(-1, socket.getInputStream().read());
    }
  }

  @Test
  void refuseHandshake_answersProtocolUndefined() {
    bes.enqueueFault(Fault.refuseHandshake());
    PptProtocolException e =
        assertThrows(PptProtocolException.class, () -> Exchanges.open(bes.endpoint()));
    assertEquals("BES refused the handshake with PPT_PROTOCOL_UNDEFINED", e.getMessage());
    assertEquals(0, bes.requestCount());
  }

  @Test
  void stopReading_letsTheClientsWriteTimeOut() throws IOException {
    bes.enqueueFault(Fault.stopReading());
    try (PptConnection connection = PptConnection.open(bes.endpoint(), IMPATIENT)) {
      // Far more than the socket buffers of both ends can hold.
      byte[] huge = new byte[16 << 20];
      PptTimeoutException e = assertThrows(PptTimeoutException.class, () -> connection.send(huge));
      assertEquals(
          "write timeout of 300 ms elapsed sending to the BES at " + bes.endpoint(),
          e.getMessage());
    }
    assertEquals(0, bes.requestCount());
  }

  @Test
  void rule_appliesToEveryMatchingRequest_untilRemoved() throws IOException {
    FaultRule rule = FaultRule.forCommand("showNode", Fault.closeConnection());
    bes.addFaultRule(rule);
    assertThrows(
        PptProtocolException.class, () -> Exchanges.once(bes, Requests.showNode("/tiny.nc")));
    assertThrows(
        PptProtocolException.class, () -> Exchanges.once(bes, Requests.showNode("/tiny.nc")));
    assertFalse(Exchanges.once(bes, Requests.show("showVersion")).isError());
    assertTrue(bes.removeFaultRule(rule));
    assertFalse(Exchanges.once(bes, Requests.showNode("/tiny.nc")).isError());
  }

  @Test
  void scriptedFaults_comeBeforeRules_inOrder() throws IOException {
    bes.addFaultRule(FaultRule.when(request -> request.getType().equals("dds"), Fault.garbage()));
    bes.enqueueFault(Fault.delay(Duration.ZERO));
    assertFalse(Exchanges.once(bes, Requests.get("/tiny.nc", "dds", "")).isError());
    assertThrows(
        PptProtocolException.class, () -> Exchanges.once(bes, Requests.get("/tiny.nc", "dds", "")));
    bes.clearFaults();
    assertFalse(Exchanges.once(bes, Requests.get("/tiny.nc", "dds", "")).isError());
  }

  @Test
  void faults_areValues() {
    assertEquals(Fault.delay(Duration.ofMillis(5)), Fault.delay(Duration.ofMillis(5)));
    assertNotEquals(Fault.delay(Duration.ofMillis(5)), Fault.delay(Duration.ofMillis(6)));
    assertEquals("Fault{DELAY PT0.005S}", Fault.delay(Duration.ofMillis(5)).toString());
    assertEquals("Fault{STALL}", Fault.stall().toString());
    assertTrue(Fault.stopReading().isConnectionFault());
    assertEquals(
        "fault was Fault{REFUSE_HANDSHAKE}, a connection fault; enqueue it with enqueueFault",
        assertThrows(
                IllegalArgumentException.class,
                () -> FaultRule.when(r -> true, Fault.refuseHandshake()))
            .getMessage());
  }

  @Test
  void faultsOnALargeAnswer_workOnItsFirst16MiB_neverHoldingTheAnswer() throws IOException {
    try (BesEmulator large = BesEmulator.newBuilder().build()) {
      large.start();
      byte[] request = Requests.get("/big/4096MiB.nc", "dap", "");
      large.enqueueFault(Fault.truncatedChunk());
      try (Socket socket = Exchanges.rawConnect(large.port())) {
        socket.getOutputStream().write(PptFraming.encodeMessage(request));
        InputStream in = socket.getInputStream();
        byte[] header = Exchanges.readExactly(in, PptFraming.HEADER_LENGTH);
        assertEquals(
            PartialAnswers.RENDER_LIMIT,
            PptFraming.parseLength(header, 0, PptFraming.MAX_ENCODABLE_LENGTH));
        assertEquals(PartialAnswers.RENDER_LIMIT / 2, in.readAllBytes().length);
      }
      large.enqueueFault(Fault.midStreamError());
      try (Socket socket = Exchanges.rawConnect(large.port())) {
        List<String> chunks = Exchanges.chunks(Exchanges.rawExchange(socket, request));
        int error = chunks.indexOf("x:status=error;");
        assertEquals(
            PartialAnswers.RENDER_LIMIT / 2,
            dataBytes(chunks.subList(0, error)),
            chunks.toString());
      }
      large.enqueueFault(Fault.closeBeforeEnd());
      try (Socket socket = Exchanges.rawConnect(large.port())) {
        socket.getOutputStream().write(PptFraming.encodeMessage(request));
        List<String> chunks = Exchanges.chunks(socket.getInputStream().readAllBytes());
        assertEquals(PartialAnswers.RENDER_LIMIT, dataBytes(chunks), chunks.toString());
        assertFalse(chunks.contains("d:0"), "no end chunk");
      }
    }
  }

  /** The payload bytes of data chunks described as {@code d:LENGTH}. */
  private static long dataBytes(List<String> chunks) {
    long bytes = 0;
    for (String chunk : chunks) {
      assertTrue(chunk.startsWith("d:"), chunk);
      bytes += Long.parseLong(chunk.substring(2));
    }
    return bytes;
  }

  @Test
  void serviceTime_isSpentPerCommand_beforeAnswering() throws IOException {
    try (BesEmulator slow =
        BesEmulator.newBuilder()
            .delay("showNode", Duration.ofSeconds(30))
            .builtInDatasets(Map.of("tiny.nc", new TinyDataset("tiny.nc")))
            .build()) {
      slow.start();
      assertFalse(Exchanges.once(slow, Requests.show("showVersion")).isError());
      try (PptConnection connection = PptConnection.open(slow.endpoint(), IMPATIENT)) {
        assertThrows(
            PptTimeoutException.class, () -> connection.send(Requests.showNode("/tiny.nc")));
      }
      assertEquals(1, slow.commandCount("showNode"));
    }
  }
}
