package org.olfsfastpath.ppt;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class PptChunkDecoderTest {

  /** Writes what the decoder reports as text, data runs merged, so that feeds can be compared. */
  static final class Transcript implements PptChunkDecoder.Handler {
    final List<String> events = new ArrayList<>();
    final ByteArrayOutputStream data = new ByteArrayOutputStream();
    final List<byte[]> payloads = new ArrayList<>();
    final ByteArrayOutputStream payload = new ByteArrayOutputStream();

    @Override
    public void messageStarted() {
      flushData();
      events.add("start");
    }

    @Override
    public void extensions(Map<String, String> extensions) {
      flushData();
      events.add("ext" + extensions);
    }

    @Override
    public void data(byte[] bytes, int offset, int length) {
      data.write(bytes, offset, length);
      payload.write(bytes, offset, length);
    }

    @Override
    public void messageEnded(long wireBytes) {
      flushData();
      events.add("end " + wireBytes);
      payloads.add(payload.toByteArray());
      payload.reset();
    }

    void flushData() {
      if (data.size() > 0) {
        events.add("data " + data.toString(ISO_8859_1));
        data.reset();
      }
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(ISO_8859_1);
  }

  @Test
  void decodesAResponseWithAnErrorExtension() throws Exception {
    Transcript t = new Transcript();
    PptChunkDecoder decoder = new PptChunkDecoder(1 << 20, t);
    byte[] wire = bytes("000000dxstatus=error;0000005d<err>0000000d");
    decoder.feed(wire, 0, wire.length);
    t.flushData();
    assertEquals(
        List.of("start", "ext{status=error}", "data <err>", "end " + wire.length), t.events);
    assertTrue(decoder.isBetweenMessages());
    assertEquals(1, decoder.messages());
  }

  @Test
  void decodesSeveralMessagesInOneFeed() throws Exception {
    Transcript t = new Transcript();
    PptChunkDecoder decoder = new PptChunkDecoder(1 << 20, t);
    byte[] wire = bytes("0000002dab0000001dc0000000d0000000d0000014xstatus=PPT_EXIT_NOW;0000000d");
    decoder.feed(wire, 0, wire.length);
    assertEquals(3, decoder.messages());
    assertArrayEquals(bytes("abc"), t.payloads.get(0));
    assertArrayEquals(new byte[0], t.payloads.get(1));
    assertEquals(
        List.of(
            "start",
            "data abc",
            "end 27",
            "start",
            "end 8",
            "start",
            "ext{status=PPT_EXIT_NOW}",
            "end 36"),
        t.events);
  }

  @Test
  void byteByByte_givesTheSameTranscriptAsOneFeed() throws Exception {
    byte[] wire = bytes("0000004xa=b;0000004dabcd0000002def0000000d");
    Transcript whole = new Transcript();
    new PptChunkDecoder(1 << 20, whole).feed(wire, 0, wire.length);
    Transcript split = new Transcript();
    PptChunkDecoder decoder = new PptChunkDecoder(1 << 20, split);
    for (int i = 0; i < wire.length; i++) {
      decoder.feed(wire, i, 1);
    }
    assertEquals(whole.events, split.events);
  }

  @Test
  void endOfStream_betweenMessagesIsFine() throws Exception {
    PptChunkDecoder decoder = new PptChunkDecoder(1 << 20, new Transcript());
    byte[] wire = bytes("0000000d");
    decoder.feed(wire, 0, wire.length);
    decoder.endOfStream();
    assertFalse(decoder.isFailed());
  }

  @Test
  void endOfStream_insideAHeader() throws Exception {
    assertEndOfStream("0000", "stream ended inside a chunk header after 4 of 8 bytes");
  }

  @Test
  void endOfStream_insideData() throws Exception {
    assertEndOfStream(
        "0000010dabc", "stream ended inside a data chunk with 13 bytes still expected");
  }

  @Test
  void endOfStream_insideExtensions() throws Exception {
    assertEndOfStream(
        "000000dxstatus", "stream ended inside an extension chunk after 6 of 13 bytes");
  }

  @Test
  void endOfStream_beforeTheEndChunk() throws Exception {
    assertEndOfStream("0000001da", "stream ended before the end chunk of a message");
  }

  private static void assertEndOfStream(String wire, String message) throws Exception {
    PptChunkDecoder decoder = new PptChunkDecoder(1 << 20, new Transcript());
    decoder.feed(bytes(wire), 0, wire.length());
    PptProtocolException e = assertThrows(PptProtocolException.class, decoder::endOfStream);
    assertEquals(message, e.getMessage());
    assertTrue(decoder.isFailed());
  }

  @Test
  void emptyExtensionChunk_isRefused() {
    PptChunkDecoder decoder = new PptChunkDecoder(1 << 20, new Transcript());
    PptProtocolException e =
        assertThrows(PptProtocolException.class, () -> decoder.feed(bytes("0000000x"), 0, 8));
    assertEquals("expected extensions ending in ';' but was \"\"", e.getMessage());
  }

  @Test
  void afterAFailure_furtherInputIsRefused() {
    PptChunkDecoder decoder = new PptChunkDecoder(16, new Transcript());
    PptProtocolException e =
        assertThrows(PptProtocolException.class, () -> decoder.feed(bytes("0000020d"), 0, 8));
    assertEquals(
        "chunk length 32 exceeds the limit of 16 bytes (header \"0000020d\")", e.getMessage());
    IllegalStateException again =
        assertThrows(IllegalStateException.class, () -> decoder.feed(bytes("0000000d"), 0, 8));
    assertEquals(
        "decoder failed earlier and lost its place: " + e.getMessage(), again.getMessage());
    assertFalse(decoder.isBetweenMessages());
  }

  @Test
  void constructor_checksArguments() {
    assertEquals(
        "maxChunkLength was 0, must be >= 1",
        assertThrows(IllegalArgumentException.class, () -> new PptChunkDecoder(0, new Transcript()))
            .getMessage());
    assertEquals(
        "handler == null",
        assertThrows(NullPointerException.class, () -> new PptChunkDecoder(1, null)).getMessage());
  }

  /**
   * Random streams, mostly well-formed pieces spiced with garbage, fed whole and in random pieces:
   * each ends in a transcript or a PptProtocolException, identical for both feeds, and never
   * anything else.
   */
  @Test
  void fuzz_randomStreams_endInATranscriptOrAProtocolException() {
    Random random = new Random(20261122L);
    int failures = 0;
    for (int run = 0; run < 3000; run++) {
      byte[] wire = PptFuzz.randomStream(random);
      Outcome whole = decode(wire, new int[] {wire.length});
      Outcome split = decode(wire, PptFuzz.randomSplits(random, wire.length));
      assertEquals(whole, split, "case " + run + ": " + new String(wire, ISO_8859_1));
      if (whole.failure != null) {
        failures++;
      }
    }
    // The generator must exercise both outcomes, or the test proves little.
    assertTrue(failures > 300 && failures < 2700, "failures " + failures + " of 3000");
  }

  private record Outcome(List<String> events, String failure) {}

  private static Outcome decode(byte[] wire, int[] pieces) {
    Transcript t = new Transcript();
    PptChunkDecoder decoder = new PptChunkDecoder(4096, t);
    int at = 0;
    try {
      for (int piece : pieces) {
        decoder.feed(wire, at, piece);
        at += piece;
      }
      decoder.endOfStream();
      t.flushData();
      return new Outcome(t.events, null);
    } catch (PptProtocolException e) {
      t.flushData();
      return new Outcome(t.events, e.getMessage());
    }
  }
}
