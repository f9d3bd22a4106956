package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The write calls each mode makes: what decides whether Nagle's algorithm stalls the client. */
final class ResponseWriterTest {

  /** Records every write call the writer makes on the "socket". */
  private static final class WriteCalls extends OutputStream {
    final List<String> calls = new ArrayList<>();

    @Override
    public void write(int b) {
      calls.add(String.valueOf((char) b));
    }

    @Override
    public void write(byte[] b, int off, int len) {
      calls.add(new String(b, off, len, StandardCharsets.ISO_8859_1));
    }
  }

  @Test
  void faithful_writesHeaderPayloadAndEndSeparately_likeTheBes() throws IOException {
    WriteCalls socket = new WriteCalls();
    ResponseWriter writer = new ResponseWriter(socket, true, 1 << 20, 0);
    writer.write("<xml/>".getBytes(StandardCharsets.US_ASCII));
    writer.finish();
    assertEquals(List.of("0000006d", "<xml/>", "0000000d"), socket.calls);
  }

  @Test
  void fast_writesTheWholeSmallAnswerAtOnce() throws IOException {
    WriteCalls socket = new WriteCalls();
    ResponseWriter writer = new ResponseWriter(socket, false, 1 << 20, 0);
    writer.write("<xml/>".getBytes(StandardCharsets.US_ASCII));
    writer.finish();
    assertEquals(List.of("0000006d<xml/>0000000d"), socket.calls);
  }

  @Test
  void flush_endsAChunk_andFullChunksAreCut() throws IOException {
    WriteCalls socket = new WriteCalls();
    ResponseWriter writer = new ResponseWriter(socket, true, 4, 0);
    writer.write("Data:\n".getBytes(StandardCharsets.US_ASCII));
    writer.flush();
    writer.write('x');
    writer.finish();
    assertEquals(
        List.of("0000004d", "Data", "0000002d", ":\n", "0000001d", "x", "0000000d"), socket.calls);
  }

  @Test
  void errorAnswer_sendsItsExtensionInOneWrite() throws IOException {
    WriteCalls socket = new WriteCalls();
    ResponseWriter writer = new ResponseWriter(socket, true, 1 << 20, 0);
    writer.extensions(Map.of("status", "error"));
    writer.write("e".getBytes(StandardCharsets.US_ASCII));
    writer.finish();
    assertEquals(List.of("000000dxstatus=error;", "0000001d", "e", "0000000d"), socket.calls);
  }

  @Test
  void emptyAnswer_isTheEndChunkAlone() throws IOException {
    WriteCalls socket = new WriteCalls();
    new ResponseWriter(socket, true, 16, 0).finish();
    assertEquals(List.of("0000000d"), socket.calls);
  }

  @Test
  void chunkSize_isChecked() {
    assertEquals(
        "maxChunkLength was 0, must be 1-268435455",
        assertThrows(
                IllegalArgumentException.class,
                () -> new ResponseWriter(new WriteCalls(), true, 0, 0))
            .getMessage());
  }

  @Test
  void bothModes_putTheSameBytesOnTheWire() throws IOException {
    byte[] faithful;
    byte[] fast;
    try (BesEmulator bes = BesEmulator.newBuilder().build();
        Socket socket = Exchanges.rawConnect(Exchanges.start(bes))) {
      faithful = Exchanges.rawExchange(socket, Requests.show("showVersion"));
    }
    try (BesEmulator bes = BesEmulator.newBuilder().faithfulWrites(false).build();
        Socket socket = Exchanges.rawConnect(Exchanges.start(bes))) {
      fast = Exchanges.rawExchange(socket, Requests.show("showVersion"));
    }
    assertEquals(
        new String(faithful, StandardCharsets.ISO_8859_1),
        new String(fast, StandardCharsets.ISO_8859_1));
    assertEquals(List.of("d:" + (faithful.length - 16), "d:0"), Exchanges.chunks(faithful));
  }

  /**
   * A write rate spaces an answer's chunks so that it takes its bytes / rate; a new answer starts
   * afresh.
   */
  @Test
  void writeRate_spacesTheChunks_perAnswer() throws IOException {
    WriteCalls socket = new WriteCalls();
    ResponseWriter writer = new ResponseWriter(socket, false, 100_000, 10_000_000); // 10 MB/s
    for (int answer = 0; answer < 2; answer++) {
      writer.reset();
      long start = System.nanoTime();
      writer.write(new byte[1_000_000]);
      writer.finish();
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
      // 1 MB at 10 MB/s: the last of its ten chunks is due 100 ms after the first went out.
      assertTrue(elapsedMillis >= 85, "answer " + answer + " took " + elapsedMillis + " ms");
    }
    assertEquals(20, socket.calls.size());
  }
}
