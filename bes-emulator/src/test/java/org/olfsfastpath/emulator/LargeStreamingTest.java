package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptResponse;

/**
 * A 400 MiB answer costs the emulator a buffer, not the answer: {@code /big/400MiB.nc.dods},
 * written as the BES writes (faithful writes, the BES's chunk sizes) and read by a plain PPT client
 * in this process: the emulator's connection thread allocates its chunk buffer once, then nothing
 * per chunk or per value. The test prints the rate it saw and asserts none: rates belong to
 * benchmarks on an idle machine.
 */
final class LargeStreamingTest {
  /** The first answer may grow the connection's chunk buffer (megabytes on loopback). */
  private static final long FIRST_ANSWER_BOUND = 16L << 20;

  /** Later answers: the request document and a few objects; below 1 KiB per MiB sent. */
  private static final long NEXT_ANSWER_BOUND = 400L << 10;

  private static final String DDS =
      "Dataset {\n    Float32 data[time = 400][lat = 512][lon = 512];\n} 400MiB.nc;\n";

  /** The DDS, the "Data:" line and XDR's two counts before the values. */
  private static final long PREFIX = DDS.length() + "Data:\n".length() + 8;

  private static final long ANSWER_BYTES = PREFIX + (400L << 20);

  private static Thread connectionThread(int index) {
    String name = "bes-emulator-connection-" + index;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().equals(name)) {
        return thread;
      }
    }
    throw new AssertionError("no thread " + name);
  }

  @Test
  void a400MiBDodsAnswer_streamsThroughABufferOfTheEmulator() throws IOException {
    var threads = ManagementFactory.getThreadMXBean();
    assumeTrue(
        threads instanceof com.sun.management.ThreadMXBean bean
            && bean.isThreadAllocatedMemorySupported(),
        "this JVM does not count the bytes a thread allocates (com.sun.management.ThreadMXBean)");
    com.sun.management.ThreadMXBean allocation = (com.sun.management.ThreadMXBean) threads;
    allocation.setThreadAllocatedMemoryEnabled(true);

    try (BesEmulator bes = BesEmulator.newBuilder().build()) {
      bes.start();
      try (PptConnection connection = Exchanges.open(bes.endpoint())) {
        // A first answer on the connection: its thread runs and its writer has met an answer.
        assertFalse(Exchanges.send(connection, Requests.showNode("/big/400MiB.nc")).isError());
        long thread = connectionThread(0).getId();

        // The first large answer grows the connection's chunk buffer to the chunk size, once.
        long before = allocation.getThreadAllocatedBytes(thread);
        double firstSeconds = streamWhole(connection);
        long first = allocation.getThreadAllocatedBytes(thread) - before;
        assertTrue(
            first < FIRST_ANSWER_BOUND,
            "the emulator's connection thread allocated "
                + first
                + " bytes for the first 400 MiB answer");

        // The next costs the request's parsing and a few small objects: nothing per chunk.
        before = allocation.getThreadAllocatedBytes(thread);
        double secondSeconds = streamWhole(connection);
        long second = allocation.getThreadAllocatedBytes(thread) - before;
        assertTrue(
            second < NEXT_ANSWER_BOUND,
            "the emulator's connection thread allocated "
                + second
                + " bytes for the second 400 MiB answer");

        // DAP4 with checksums: 4096-byte DAP4 chunks inside the PPT chunks, a CRC-32 of it all
        // in a data chunk of its own, then an empty END chunk.
        String dmr = Exchanges.send(connection, Requests.get("/big/400MiB.nc", "dmr", "")).body();
        long dataBytes = (400L << 20) + 4;
        long dap4Bytes = 4 + dmr.length() + 2 + (dataBytes / 4096 + 2) * 4 + dataBytes;
        before = allocation.getThreadAllocatedBytes(thread);
        long started = System.nanoTime();
        long received = 0;
        try (PptResponse response =
            connection.send(
                Requests.document(
                    "dap",
                    "<setContext name=\"dap4_checksums\">true</setContext>"
                        + "<setContainer name=\"c\" space=\"catalog\">/big/400MiB.nc</setContainer>"
                        + "<define name=\"d\" space=\"default\"><container name=\"c\"/></define>"
                        + "<get type=\"dap\" definition=\"d\"/>"))) {
          assertFalse(response.isError());
          byte[] buffer = new byte[256 * 1024];
          int n;
          while ((n = response.body().read(buffer)) >= 0) {
            received += n;
          }
        }
        double dap4Seconds = (System.nanoTime() - started) / 1e9;
        long dap4 = allocation.getThreadAllocatedBytes(thread) - before;
        assertEquals(dap4Bytes, received, "the whole DAP4 answer, exactly");
        assertTrue(
            dap4 < NEXT_ANSWER_BOUND,
            "the emulator's connection thread allocated "
                + dap4
                + " bytes for a 400 MiB DAP4 answer");

        System.out.printf(
            Locale.ROOT,
            "LargeStreamingTest: /big/400MiB.nc.dods (%d bytes) twice"
                + " through a plain PPT client: %.0f and %.0f MiB/s, the emulator's connection"
                + " thread allocating %d and %d bytes; .dap with checksums (%d bytes): %.0f MiB/s,"
                + " %d bytes%n",
            ANSWER_BYTES,
            ANSWER_BYTES / firstSeconds / (1 << 20),
            ANSWER_BYTES / secondSeconds / (1 << 20),
            first,
            second,
            dap4Bytes,
            dap4Bytes / dap4Seconds / (1 << 20),
            dap4);
      }
    }
  }

  /**
   * Reads a whole {@code /big/400MiB.nc.dods}, checking its size, its DDS and values along the way;
   * returns the seconds it took.
   */
  private static double streamWhole(PptConnection connection) throws IOException {
    long received = 0;
    long checked = 0;
    long started = System.nanoTime();
    try (PptResponse response = connection.send(Requests.get("/big/400MiB.nc", "dods", ""))) {
      assertFalse(response.isError());
      InputStream body = response.body();
      byte[] buffer = new byte[256 * 1024];
      byte[] head = new byte[(int) PREFIX];
      int n;
      while ((n = body.read(buffer)) >= 0) {
        for (int i = 0; i < n && received + i < PREFIX; i++) {
          head[(int) (received + i)] = buffer[i];
        }
        checked += checkValues(buffer, n, received, PREFIX);
        received += n;
      }
      assertEquals(
          DDS + "Data:\n", new String(head, 0, DDS.length() + 6, StandardCharsets.ISO_8859_1));
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    assertEquals(ANSWER_BYTES, received, "the whole answer, exactly");
    assertTrue(checked > 20_000, "values checked: " + checked);
    return seconds;
  }

  /**
   * Checks the values that lie whole in {@code buffer} at every 4099th position (a prime, so the
   * checks fall at every offset within rows and buffers) against the formula; returns how many.
   */
  private static long checkValues(byte[] buffer, int length, long offset, long prefix) {
    long checked = 0;
    long firstValue = Math.max(0, (offset - prefix + 3) / 4);
    long first = (firstValue + 4098) / 4099 * 4099;
    for (long value = first; ; value += 4099) {
      long at = prefix + value * 4 - offset;
      if (at + 4 > length) {
        return checked;
      }
      if (at < 0) {
        continue;
      }
      int bits =
          (buffer[(int) at] & 0xff) << 24
              | (buffer[(int) at + 1] & 0xff) << 16
              | (buffer[(int) at + 2] & 0xff) << 8
              | (buffer[(int) at + 3] & 0xff);
      int time = (int) (value / (512 * 512));
      int lat = (int) (value / 512 % 512);
      int lon = (int) (value % 512);
      float expected = (float) (((7 * time + 3 * lat + lon) % 1000) * 0.1);
      assertEquals(expected, Float.intBitsToFloat(bits), "value " + time + "," + lat + "," + lon);
      checked++;
    }
  }
}
