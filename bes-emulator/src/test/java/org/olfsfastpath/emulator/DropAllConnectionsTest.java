package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ppt.PptFraming;

/**
 * {@link BesEmulator#dropAllConnections()}: every BES process killed at once, the listener alive.
 * Each client sees a clean end of stream (a FIN, as the kernel sends for a killed process that had
 * read its request), wherever its exchange was.
 */
final class DropAllConnectionsTest {

  /** Reads until the end of stream; returns the bytes read, failing on a reset or a timeout. */
  private static long readToEnd(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[64 * 1024];
    long total = 0;
    int n;
    while ((n = in.read(buffer)) >= 0) {
      total += n;
    }
    return total;
  }

  @Test
  void everyOpenConnection_isClosedAtOnce_wherever_andTheListenerStays(@TempDir Path dir)
      throws Exception {
    Path counts = dir.resolve("counts.txt");
    try (BesEmulator bes = BesEmulator.newBuilder().countsFile(counts).build()) {
      int port = Exchanges.start(bes);
      // Idle after its handshake; idle after an answer, as a pooled connection waits; and one
      // whose client does not read a 400 MiB answer, so that the emulator is blocked writing.
      try (Socket idle = Exchanges.rawConnect(port);
          Socket pooled = Exchanges.rawConnect(port);
          Socket streaming = Exchanges.rawConnect(port)) {
        Exchanges.rawExchange(pooled, Requests.showNode("/"));
        streaming
            .getOutputStream()
            .write(PptFraming.encodeMessage(Requests.get("/big/400MiB.nc", "dods", "")));
        byte[] header = Exchanges.readExactly(streaming.getInputStream(), PptFraming.HEADER_LENGTH);
        assertEquals(PptFraming.DATA, header[7], "the answer has begun");

        assertEquals(3, bes.dropAllConnections());

        assertEquals(0, readToEnd(idle), "the idle connection ends with nothing more");
        assertEquals(0, readToEnd(pooled), "the pooled connection ends with nothing more");
        long streamed = readToEnd(streaming);
        assertTrue(streamed < 400L << 20, "the answer ended early, after " + streamed + " bytes");
        assertTrue(
            bes.awaitClosedConnections(3, Duration.ofSeconds(10)),
            "closed " + bes.closedConnectionCount());
      }
      assertEquals(1, bes.dropCount());
      assertEquals(3, bes.droppedConnectionCount());
      String expectedCounts =
          "requests=2\ndefine=1\nget=1\nsetContainer=1\nsetContext=3\n"
              + "showNode=1\ndropAllConnections=1\ndroppedConnections=3\n";
      assertEquals(expectedCounts, bes.countsText());
      assertEquals(expectedCounts, Files.readString(counts), "the counts file says so too");

      // The listener lives on: the next connection is answered, the next drop finds nothing.
      assertFalse(Exchanges.once(bes, Requests.showNode("/big")).isError());
      assertTrue(bes.awaitClosedConnections(4, Duration.ofSeconds(10)));
      assertEquals(0, bes.dropAllConnections());
      assertEquals(2, bes.dropCount());
      assertEquals(3, bes.droppedConnectionCount());

      bes.resetCounts();
      assertEquals("requests=0\n", bes.countsText());
      assertEquals(0, bes.dropCount());
    }
  }

  @Test
  void aConnectionDroppedMidAnswer_neverGetsItsEndChunk() throws Exception {
    try (BesEmulator bes = BesEmulator.newBuilder().maxChunkLength(65_520).build();
        Socket socket = Exchanges.rawConnect(Exchanges.start(bes))) {
      socket
          .getOutputStream()
          .write(PptFraming.encodeMessage(Requests.get("/big/40MiB.nc", "dap", "")));
      InputStream in = socket.getInputStream();
      // Read whole chunks until a few have come, then drop: what arrives afterwards is the rest
      // of what was already queued, then the end of stream, never an end chunk or an error.
      for (int i = 0; i < 3; i++) {
        byte[] header = Exchanges.readExactly(in, PptFraming.HEADER_LENGTH);
        int length = PptFraming.parseLength(header, 0, PptFraming.MAX_ENCODABLE_LENGTH);
        assertEquals(PptFraming.DATA, header[7]);
        assertTrue(length > 0);
        Exchanges.readExactly(in, length);
      }
      assertEquals(1, bes.dropAllConnections());
      byte[] rest = in.readAllBytes();
      String text = new String(rest, StandardCharsets.ISO_8859_1);
      assertFalse(text.contains("status=error"), "no error chunk");
      assertTrue(rest.length < 40L << 20, "the answer was cut short");
      // Whatever came whole ends in data: the end chunk 0000000d never came.
      int at = 0;
      while (at + PptFraming.HEADER_LENGTH <= rest.length) {
        int length = PptFraming.parseLength(rest, at, PptFraming.MAX_ENCODABLE_LENGTH);
        assertTrue(length > 0, "an end chunk at " + at);
        at += PptFraming.HEADER_LENGTH + length;
      }
    }
  }
}
