package org.olfsfastpath.ppt;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Property-based fuzzing of the PPT decoding, in two places: the push decoder ({@link
 * PptChunkDecoder}, used by the emulator and the trace proxy) and the pull reader behind {@link
 * PptConnection#send} and {@link PptResponse} (used by the front end). Generated streams mix
 * well-formed chunks with garbage; a failing case shrinks to the smallest stream that still fails.
 *
 * <p>The pull reader is checked against the push decoder as its model: both read the same bytes, so
 * a body the connection hands out as complete must be exactly the data the decoder saw in a
 * complete message, and a stream the decoder refuses must fail the connection with an IOException,
 * never a runtime exception and never a short body reported as whole.
 */
final class PptDecoderPropertyTest {
  /** The chunk cap of both readers here: small, so generated headers can exceed it. */
  private static final int MAX_CHUNK = 4096;

  private static final PptOptions OPTIONS =
      PptOptions.newBuilder()
          .maxChunkLength(MAX_CHUNK)
          .readTimeout(Duration.ofSeconds(5))
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private static final byte[] REQUEST = "<request/>".getBytes(StandardCharsets.US_ASCII);

  private static ScriptedPptServer server;

  @BeforeContainer
  static void startServer() throws IOException {
    server = ScriptedPptServer.tcp();
  }

  @AfterContainer
  static void stopServer() throws IOException {
    server.close();
  }

  // ------------------------------------------------------------------ push decoder

  /** Well-formed messages, fed in any pieces, decode to exactly what was encoded. */
  @Property(tries = 300)
  void wellFormedMessages_decodeToWhatWasEncoded(
      @ForAll("messages") List<List<Piece>> messages, @ForAll("splits") List<Integer> splits)
      throws PptProtocolException {
    byte[] wire = encode(messages);
    PptChunkDecoderTest.Transcript decoded = new PptChunkDecoderTest.Transcript();
    PptChunkDecoder decoder = new PptChunkDecoder(MAX_CHUNK, decoded);
    feed(decoder, wire, splits);
    decoder.endOfStream();
    decoded.flushData();

    assertEquals(expectedEvents(messages), decoded.events);
    assertEquals(messages.size(), decoder.messages());
    assertTrue(decoder.isBetweenMessages());
  }

  /**
   * Any stream, fed whole or in any pieces, ends in the same transcript and the same outcome: a
   * clean end or one PptProtocolException with the same message. Nothing else escapes, and a failed
   * decoder refuses more input.
   */
  @Property(tries = 500)
  void anyStream_decodesAlikeInAnyPieces_andFailsOnlyWithProtocolException(
      @ForAll("streams") byte[] wire, @ForAll("splits") List<Integer> splits) {
    Outcome whole = decode(wire, List.of(Math.max(1, wire.length)));
    Outcome pieces = decode(wire, splits);
    assertEquals(whole, pieces);
  }

  /** Extensions survive encoding and parsing, in order, a repeated name keeping its last value. */
  @Property(tries = 300)
  void extensions_roundTrip(@ForAll("extensionMaps") Map<String, String> extensions)
      throws PptProtocolException {
    byte[] chunk = PptFraming.encodeExtensions(extensions);
    assertEquals(PptFraming.EXTENSION, PptFraming.type(chunk, 0));
    int length = PptFraming.parseLength(chunk, 0, MAX_CHUNK);
    assertEquals(extensions, PptFraming.parseExtensions(chunk, PptFraming.HEADER_LENGTH, length));
  }

  // ------------------------------------------------------------------ pull reader, over a socket

  /**
   * The connection agrees with the decoder on any answer: a complete first message gives the same
   * error flag and the same body (or a PptStreamErrorException where an error followed data);
   * anything else fails with an IOException. The BES closes after answering badly, so nothing waits
   * for a timeout; after a good answer it stays, and the connection is healthy exactly when nothing
   * follows the message.
   */
  @Property(tries = 250, shrinking = ShrinkingMode.BOUNDED)
  void connection_agreesWithTheDecoder(@ForAll("answers") byte[] answer) throws Exception {
    Model model = Model.of(answer);
    server.enqueue(
        peer -> {
          peer.handshake();
          peer.readMessage();
          peer.write(answer);
          if (model.complete) {
            peer.readToEnd();
          }
          peer.close();
        });
    PptConnection connection = PptConnection.open(server.endpoint(), OPTIONS);
    try {
      Object outcome = exchange(connection);
      if (!model.complete) {
        assertInstanceOf(
            IOException.class,
            outcome,
            () ->
                "an answer the decoder refuses ("
                    + model.failure
                    + ") must fail, but the"
                    + " connection read "
                    + describe(outcome)
                    + " from "
                    + show(answer));
        assertFalse(
            outcome instanceof PptStreamErrorException,
            () -> "an unfinished answer is not a complete error document: " + show(answer));
        assertFalse(connection.isReusable(), "a connection that failed is closed");
        return;
      }
      if (model.midStreamError) {
        assertInstanceOf(
            PptStreamErrorException.class,
            outcome,
            () ->
                "status=error after data must surface as a stream error, but was "
                    + describe(outcome)
                    + " for "
                    + show(answer));
      } else {
        if (!(outcome instanceof Exchange exchanged)) {
          fail(
              "a complete answer must be read whole, but was "
                  + describe(outcome)
                  + " for "
                  + show(answer));
          return;
        }
        assertEquals(model.error, exchanged.error, () -> "error flag for " + show(answer));
        assertArrayEquals(model.body, exchanged.body, () -> "body of " + show(answer));
      }
      // In step after a complete message: healthy exactly when nothing stray follows it.
      boolean stray = model.messageLength < answer.length;
      assertEquals(
          !stray && !model.exit, connection.isHealthy(), () -> "isHealthy after " + show(answer));
    } finally {
      connection.close();
    }
    server.awaitScripts(10, TimeUnit.SECONDS);
  }

  /** What one send gave: the exchange, or the exception it threw. */
  private static Object exchange(PptConnection connection) {
    try {
      PptResponse response = connection.send(REQUEST);
      boolean error = response.isError();
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      InputStream in = response.body();
      byte[] buffer = new byte[777];
      int n;
      while ((n = in.read(buffer)) >= 0) {
        body.write(buffer, 0, n);
      }
      assertTrue(response.isComplete(), "end of body means the end chunk was read");
      return new Exchange(error, body.toByteArray());
    } catch (IOException e) {
      return e;
    }
  }

  private record Exchange(boolean error, byte[] body) {}

  /**
   * What a correct reader makes of an answer, worked out by the push decoder: whether a first
   * message completes, its error flag (extensions before the first data, later ones winning), its
   * data, and whether status=error came after data.
   */
  private static final class Model implements PptChunkDecoder.Handler {
    final Map<String, String> leading = new LinkedHashMap<>();
    final ByteArrayOutputStream data = new ByteArrayOutputStream();
    boolean sawData;
    boolean midStreamError;
    boolean exit;
    boolean complete;
    boolean error;
    byte[] body;
    long messageLength;
    String failure;

    static Model of(byte[] answer) {
      Model model = new Model();
      PptChunkDecoder decoder = new PptChunkDecoder(MAX_CHUNK, model);
      try {
        // Byte by byte, to stop exactly at the end of the first message.
        for (int i = 0; i < answer.length && !model.complete; i++) {
          decoder.feed(answer, i, 1);
        }
        if (!model.complete) {
          decoder.endOfStream();
          model.failure = "no complete message";
        }
      } catch (PptProtocolException e) {
        model.failure = e.getMessage();
        model.complete = false;
      }
      model.error = "error".equals(model.leading.get("status"));
      model.body = model.data.toByteArray();
      return model;
    }

    @Override
    public void extensions(Map<String, String> extensions) {
      if ("true".equals(extensions.get("exit"))) {
        exit = true;
      }
      if (!sawData) {
        leading.putAll(extensions);
      } else if ("error".equals(extensions.get("status"))) {
        midStreamError = true;
      }
    }

    @Override
    public void data(byte[] bytes, int offset, int length) {
      sawData = true;
      if (!midStreamError) {
        data.write(bytes, offset, length);
      }
    }

    @Override
    public void messageEnded(long wireBytes) {
      if (!complete) {
        complete = true;
        messageLength = wireBytes;
      }
    }
  }

  // ------------------------------------------------------------------ generators

  /** One chunk of a well-formed message: data or extensions. */
  record Piece(byte[] data, Map<String, String> extensions) {
    static Piece data(byte[] data) {
      return new Piece(data, null);
    }

    static Piece extensions(Map<String, String> extensions) {
      return new Piece(null, extensions);
    }

    @Override
    public String toString() {
      return data != null ? "data[" + data.length + "]" : "ext" + extensions;
    }
  }

  @Provide
  Arbitrary<List<List<Piece>>> messages() {
    Arbitrary<Piece> data =
        Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(600).map(Piece::data);
    Arbitrary<Piece> extensions = extensionMaps().map(Piece::extensions);
    Arbitrary<Piece> piece = Arbitraries.frequencyOf(Tuple.of(4, data), Tuple.of(1, extensions));
    return piece.list().ofMaxSize(6).list().ofMinSize(1).ofMaxSize(4);
  }

  @Provide
  Arbitrary<Map<String, String>> extensionMaps() {
    Arbitrary<String> names =
        Arbitraries.oneOf(
            Arbitraries.of("status", "exit", "count"),
            Arbitraries.strings()
                .withChars("abcdefghijklmnopqrstuvwxyz_")
                .ofMinLength(1)
                .ofMaxLength(8));
    Arbitrary<String> values =
        Arbitraries.oneOf(
            Arbitraries.of("", "error", "true", "PPT_EXIT_NOW"),
            Arbitraries.strings()
                .withChars("abcdefgXYZ0123456789=./-_ ")
                .ofMinLength(1)
                .ofMaxLength(12)
                .filter(v -> !v.endsWith("=")));
    return Arbitraries.maps(names, values).ofMinSize(1).ofMaxSize(3);
  }

  /** Piece sizes for feeding a stream, used in turn until the stream is fed. */
  @Provide
  Arbitrary<List<Integer>> splits() {
    return Arbitraries.integers().between(1, 700).list().ofMinSize(1).ofMaxSize(12);
  }

  /** Streams of chunks, the end chunk, broken headers and bare garbage, sometimes cut short. */
  @Provide
  Arbitrary<byte[]> streams() {
    Arbitrary<byte[]> piece =
        Arbitraries.frequencyOf(
            Tuple.of(5, dataChunks()),
            Tuple.of(3, Arbitraries.just(PptFraming.endChunk())),
            Tuple.of(2, extensionChunks()),
            Tuple.of(1, brokenHeaders()),
            Tuple.of(1, Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(12)));
    return Combinators.combine(
            piece.list().ofMinSize(1).ofMaxSize(10), Arbitraries.integers().between(0, 100))
        .as(
            (pieces, cutPercent) -> {
              byte[] all = concat(pieces);
              // One stream in four stops early, as a BES that closes mid-message.
              return cutPercent < 75
                  ? all
                  : java.util.Arrays.copyOf(all, all.length * cutPercent / 100);
            });
  }

  /** Answers to a request: mostly a message that may go wrong, sometimes with more after it. */
  @Provide
  Arbitrary<byte[]> answers() {
    Arbitrary<byte[]> good = messages().map(list -> encode(List.of(list.get(0))));
    Arbitrary<byte[]> errorFirst =
        Combinators.combine(messages(), Arbitraries.of("status=error;", "exit=true;status=error;"))
            .as((list, ext) -> concat(List.of(extensionChunk(ext), encode(List.of(list.get(0))))));
    Arbitrary<byte[]> errorAfterData =
        Combinators.combine(
                Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(300),
                Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(300))
            .as(
                (data, document) ->
                    concat(
                        List.of(
                            PptFraming.header(data.length, PptFraming.DATA),
                            data,
                            extensionChunk("status=error;"),
                            PptFraming.encodeMessage(document))));
    return Arbitraries.frequencyOf(
        Tuple.of(3, good),
        Tuple.of(2, errorFirst),
        Tuple.of(2, errorAfterData),
        Tuple.of(4, streams()),
        Tuple.of(1, Combinators.combine(good, streams()).as((a, b) -> concat(List.of(a, b)))));
  }

  private static Arbitrary<byte[]> dataChunks() {
    return Combinators.combine(
            Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(300),
            Arbitraries.of(true, false))
        .as(
            (payload, lowerCase) ->
                concat(List.of(header(payload.length, 'd', lowerCase), payload)));
  }

  private static Arbitrary<byte[]> extensionChunks() {
    return Arbitraries.of(PptFuzz.EXTENSIONS).map(PptDecoderPropertyTest::extensionChunk);
  }

  private static Arbitrary<byte[]> brokenHeaders() {
    Arbitrary<byte[]> tooLong =
        Combinators.combine(
                Arbitraries.integers().between(MAX_CHUNK + 1, PptFraming.MAX_ENCODABLE_LENGTH),
                Arbitraries.of('d', 'x'))
            .as((length, type) -> header(length, type, true));
    Arbitrary<byte[]> badByte =
        Combinators.combine(
                Arbitraries.integers().between(0, 63),
                Arbitraries.integers().between(0, 7),
                Arbitraries.bytes())
            .as(
                (length, position, b) -> {
                  byte[] header = header(length, 'd', true);
                  header[position] = b;
                  return header;
                });
    return Arbitraries.oneOf(tooLong, badByte);
  }

  // ------------------------------------------------------------------ helpers

  private static byte[] header(int length, char type, boolean lowerCase) {
    String hex = String.format(Locale.ROOT, "%07x", length);
    return ((lowerCase ? hex : hex.toUpperCase(Locale.ROOT)) + type).getBytes(ISO_8859_1);
  }

  private static byte[] extensionChunk(String text) {
    byte[] payload = text.getBytes(ISO_8859_1);
    return concat(List.of(PptFraming.header(payload.length, PptFraming.EXTENSION), payload));
  }

  private static byte[] encode(List<List<Piece>> messages) {
    List<byte[]> parts = new ArrayList<>();
    for (List<Piece> message : messages) {
      for (Piece piece : message) {
        if (piece.data() != null) {
          parts.add(PptFraming.header(piece.data().length, PptFraming.DATA));
          parts.add(piece.data());
        } else {
          parts.add(PptFraming.encodeExtensions(piece.extensions()));
        }
      }
      parts.add(PptFraming.endChunk());
    }
    return concat(parts);
  }

  private static List<String> expectedEvents(List<List<Piece>> messages) {
    PptChunkDecoderTest.Transcript expected = new PptChunkDecoderTest.Transcript();
    for (List<Piece> message : messages) {
      expected.messageStarted();
      long wireBytes = PptFraming.HEADER_LENGTH;
      for (Piece piece : message) {
        if (piece.data() != null) {
          expected.data(piece.data(), 0, piece.data().length);
          wireBytes += PptFraming.HEADER_LENGTH + piece.data().length;
        } else {
          expected.extensions(piece.extensions());
          wireBytes += PptFraming.encodeExtensions(piece.extensions()).length;
        }
      }
      expected.messageEnded(wireBytes);
    }
    expected.flushData();
    return expected.events;
  }

  private record Outcome(
      List<String> events, long messages, boolean betweenMessages, String failure) {}

  private static Outcome decode(byte[] wire, List<Integer> splits) {
    PptChunkDecoderTest.Transcript transcript = new PptChunkDecoderTest.Transcript();
    PptChunkDecoder decoder = new PptChunkDecoder(MAX_CHUNK, transcript);
    String failure = null;
    try {
      feed(decoder, wire, splits);
      decoder.endOfStream();
    } catch (PptProtocolException e) {
      failure = e.getMessage();
      assertTrue(decoder.isFailed());
      assertThrows(
          IllegalStateException.class,
          () -> decoder.feed(new byte[1], 0, 1),
          "a failed decoder refuses more input");
    }
    transcript.flushData();
    return new Outcome(transcript.events, decoder.messages(), decoder.isBetweenMessages(), failure);
  }

  private static void feed(PptChunkDecoder decoder, byte[] wire, List<Integer> splits)
      throws PptProtocolException {
    int at = 0;
    for (int i = 0; at < wire.length; i++) {
      int n = Math.min(splits.get(i % splits.size()), wire.length - at);
      decoder.feed(wire, at, n);
      at += n;
    }
  }

  private static byte[] concat(List<byte[]> parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.write(part, 0, part.length);
    }
    return out.toByteArray();
  }

  private static String show(byte[] bytes) {
    StringBuilder s = new StringBuilder("\"");
    for (int i = 0; i < Math.min(bytes.length, 200); i++) {
      int c = bytes[i] & 0xFF;
      s.append(
          c >= 0x20 && c < 0x7f
              ? String.valueOf((char) c)
              : String.format(Locale.ROOT, "\\x%02x", c));
    }
    return s.append(bytes.length > 200 ? "...\"" : "\"")
        .append(" (")
        .append(bytes.length)
        .append(" bytes)")
        .toString();
  }

  private static String describe(Object outcome) {
    return outcome instanceof Exchange e
        ? "a body of " + e.body.length + " bytes (error=" + e.error + ")"
        : String.valueOf(outcome);
  }
}
