package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.olfsfastpath.ppt.PptFraming;

/**
 * {@link Fault#cut}: the first bytes of the answer as they go on the wire, chunk headers included,
 * then the connection ends the way asked, at every offset of an answer of several chunks; what went
 * out is reported as a {@link WireCut}.
 */
final class CutFaultTest {
  /** Small chunks, so that a small answer has several chunk boundaries to cut at. */
  private static final int CHUNK = 16;

  private BesEmulator bes;
  private byte[] request;
  private byte[] whole;

  @BeforeEach
  void start() throws IOException {
    bes =
        BesEmulator.newBuilder()
            .maxChunkLength(CHUNK)
            .builtInDatasets(Map.of("tiny.nc", new TinyDataset("tiny.nc")))
            .build();
    bes.start();
    request = Requests.get("/tiny.nc", "dods", "");
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      whole = Exchanges.rawExchange(socket, request);
    }
    assertTrue(Exchanges.chunks(whole).size() > 3, Exchanges.chunks(whole).toString());
  }

  @AfterEach
  void close() {
    bes.close();
  }

  /** Sends the request on a new connection and reads until the end of stream. */
  private byte[] readUntilEnd() throws IOException {
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      socket.getOutputStream().write(PptFraming.encodeMessage(request));
      return socket.getInputStream().readAllBytes();
    }
  }

  @Test
  void close_sendsExactlyTheFirstBytes_atEveryOffset_thenEndOfStream() throws IOException {
    for (int offset = 0; offset <= whole.length + 1; offset++) {
      bes.enqueueFault(Fault.cut(offset, Fault.Cut.CLOSE));
      byte[] got = readUntilEnd();
      assertArrayEquals(
          Arrays.copyOf(whole, Math.min(offset, whole.length)), got, "offset " + offset);
    }
  }

  @Test
  void halfClose_endsTheStream_butGoesOnReading() throws IOException {
    int offset = whole.length / 2;
    bes.enqueueFault(Fault.cut(offset, Fault.Cut.HALF_CLOSE));
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      OutputStream out = socket.getOutputStream();
      out.write(PptFraming.encodeMessage(request));
      assertArrayEquals(Arrays.copyOf(whole, offset), socket.getInputStream().readAllBytes());
      // Its side is shut, not closed: what the client writes now is still read, not reset.
      for (int i = 0; i < 20; i++) {
        out.write(PptFraming.encodeMessage(request));
      }
      out.flush();
    }
  }

  @Test
  void reset_failsTheClientsRead_afterAtMostTheFirstBytes() throws IOException {
    int offset = whole.length / 2;
    bes.enqueueFault(Fault.cut(offset, Fault.Cut.RESET));
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      socket.getOutputStream().write(PptFraming.encodeMessage(request));
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      // An RST may drop what was sent but not yet read, so the read fails at or before the offset.
      SocketException e =
          assertThrows(
              SocketException.class,
              () -> {
                byte[] buffer = new byte[256];
                int n;
                while ((n = in.read(buffer)) >= 0) {
                  got.write(buffer, 0, n);
                }
              });
      assertTrue(e.getMessage().contains("reset"), e.getMessage());
      assertTrue(got.size() <= offset, got.size() + " bytes");
      assertArrayEquals(Arrays.copyOf(whole, got.size()), got.toByteArray());
    }
  }

  @Test
  void stall_holdsTheFirstBytes_thenCuts() throws IOException {
    int offset = 10;
    Duration stall = Duration.ofMillis(300);
    bes.enqueueFault(Fault.cut(offset, Fault.Cut.CLOSE, stall));
    long start = System.nanoTime();
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      socket.getOutputStream().write(PptFraming.encodeMessage(request));
      InputStream in = socket.getInputStream();
      assertArrayEquals(Arrays.copyOf(whole, offset), Exchanges.readExactly(in, offset));
      assertEquals(-1, in.read());
    }
    long elapsed = (System.nanoTime() - start) / 1_000_000;
    assertTrue(elapsed >= stall.toMillis(), elapsed + " ms");
  }

  @Test
  void eachCut_isReported_withWhereTheChunksBegan() throws IOException {
    List<Long> starts = new ArrayList<>();
    for (int at = 0; at < whole.length; ) {
      starts.add((long) at);
      at += PptFraming.HEADER_LENGTH + PptFraming.parseLength(whole, at, CHUNK);
    }
    bes.clearFaults();
    bes.enqueueFault(Fault.cut(Long.MAX_VALUE, Fault.Cut.CLOSE));
    assertArrayEquals(whole, readUntilEnd());
    int inSecondChunk = (int) (starts.get(1) + 3);
    bes.enqueueFault(Fault.cut(inSecondChunk, Fault.Cut.CLOSE));
    readUntilEnd();

    List<WireCut> cuts = bes.cuts();
    assertEquals(2, cuts.size(), cuts.toString());
    WireCut sentWhole = cuts.get(0);
    assertEquals("get", sentWhole.command());
    assertEquals("dods", sentWhole.getType());
    assertTrue(sentWhole.whole());
    assertEquals(whole.length, sentWhole.wireLength());
    assertEquals(whole.length, sentWhole.sent());
    assertEquals(starts, sentWhole.chunkStarts());
    WireCut inside = cuts.get(1);
    assertEquals(-1, inside.wireLength());
    assertEquals(inSecondChunk, inside.sent());
    assertEquals(starts.subList(0, 2), inside.chunkStarts());
  }

  @ParameterizedTest
  @EnumSource(Fault.Cut.class)
  void aCut_appliesOnce_theNextConnectionIsAnsweredWhole(Fault.Cut how) throws IOException {
    bes.enqueueFault(Fault.cut(5, how));
    try {
      readUntilEnd();
    } catch (SocketException reset) {
      // The RESET cut's read fails; that it is one is checked above.
    }
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      assertArrayEquals(whole, Exchanges.rawExchange(socket, request));
    }
  }

  @Test
  void cuts_areValues() {
    assertEquals(Fault.cut(5, Fault.Cut.RESET), Fault.cut(5, Fault.Cut.RESET, Duration.ZERO));
    assertTrue(!Fault.cut(5, Fault.Cut.RESET).equals(Fault.cut(6, Fault.Cut.RESET)));
    assertTrue(!Fault.cut(5, Fault.Cut.RESET).equals(Fault.cut(5, Fault.Cut.CLOSE)));
    assertEquals(
        "Fault{CUT HALF_CLOSE at 7 after a stall of PT0.02S}",
        Fault.cut(7, Fault.Cut.HALF_CLOSE, Duration.ofMillis(20)).toString());
    assertEquals(7, Fault.cut(7, Fault.Cut.CLOSE).offset());
    assertEquals(-1, Fault.stall().offset());
    assertThrows(IllegalArgumentException.class, () -> Fault.cut(-1, Fault.Cut.CLOSE));
  }
}
