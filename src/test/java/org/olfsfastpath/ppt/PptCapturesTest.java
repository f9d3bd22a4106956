package org.olfsfastpath.ppt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays the responses of a real BES 3.22.0, recorded byte for byte, through the decoder and
 * through a connection. Skips when the team's shared captures are absent.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
final class PptCapturesTest {
  private static final Pattern EXTENSION = Pattern.compile("'([^']+)': '([^']*)'");

  static Path capturesDir() {
    String shared = System.getProperty("shared.dir");
    Path dir = shared == null ? null : Path.of(shared, "bes-captures");
    assumeTrue(dir != null && Files.isDirectory(dir),
        "skipped: the shared BES captures are absent (system property shared.dir=" + shared + ")");
    return dir;
  }

  static Stream<String> captures() throws IOException {
    String shared = System.getProperty("shared.dir");
    Path dir = shared == null ? null : Path.of(shared, "bes-captures");
    if (dir == null || !Files.isDirectory(dir)) {
      // One placeholder case, so that the test reports a skip rather than no tests at all.
      return Stream.of("(absent)");
    }
    try (Stream<Path> files = Files.list(dir)) {
      List<String> names = files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".wire"))
          .map(n -> n.substring(0, n.length() - ".wire".length()))
          .sorted()
          .toList();
      return names.stream();
    }
  }

  private static Map<String, String> expectedExtensions(Path dir, String name) throws IOException {
    String meta = Files.readString(dir.resolve(name + ".meta.txt"), StandardCharsets.UTF_8);
    Map<String, String> extensions = new HashMap<>();
    meta.lines().filter(l -> l.startsWith("extensions=")).findFirst().ifPresent(line -> {
      Matcher m = EXTENSION.matcher(line);
      while (m.find()) {
        extensions.put(m.group(1), m.group(2));
      }
    });
    return extensions;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("captures")
  void decoder_recoversThePayloadAndExtensions(String name) throws Exception {
    Path dir = capturesDir();
    byte[] wire = Files.readAllBytes(dir.resolve(name + ".wire"));
    PptChunkDecoderTest.Transcript transcript = new PptChunkDecoderTest.Transcript();
    Map<String, String> extensions = new HashMap<>();
    PptChunkDecoder decoder = new PptChunkDecoder(PptOptions.defaults().maxChunkLength(),
        new PptChunkDecoder.Handler() {
          @Override
          public void extensions(Map<String, String> ext) {
            extensions.putAll(ext);
          }

          @Override
          public void data(byte[] bytes, int offset, int length) {
            transcript.data(bytes, offset, length);
          }

          @Override
          public void messageEnded(long wireBytes) {
            transcript.messageEnded(wireBytes);
            assertEquals(wire.length, wireBytes, "wire bytes of the message");
          }
        });
    decoder.feed(wire, 0, wire.length);
    decoder.endOfStream();
    assertEquals(1, decoder.messages());
    assertArrayEquals(Files.readAllBytes(dir.resolve(name + ".response")), transcript.payloads.get(0));
    assertEquals(expectedExtensions(dir, name), extensions);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("captures")
  void connection_readsTheRecordedResponse(String name) throws Exception {
    Path dir = capturesDir();
    byte[] wire = Files.readAllBytes(dir.resolve(name + ".wire"));
    byte[] request = Files.readAllBytes(dir.resolve(name + ".request.xml"));
    try (ScriptedPptServer server = ScriptedPptServer.tcp()) {
      server.enqueue(peer -> {
        peer.handshake();
        assertArrayEquals(request, peer.readMessage().payload());
        peer.write(wire);
        peer.readToEnd();
      });
      PptOptions options = PptOptions.newBuilder().readTimeout(Duration.ofSeconds(5)).build();
      try (PptConnection connection = PptConnection.open(server.endpoint(), options)) {
        PptResponse response = connection.send(request);
        boolean error = "error".equals(expectedExtensions(dir, name).get("status"));
        assertEquals(error, response.isError());
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        response.body().transferTo(body);
        assertArrayEquals(Files.readAllBytes(dir.resolve(name + ".response")), body.toByteArray());
        assertTrue(response.isComplete());
        assertTrue(connection.isReusable());
      }
      server.awaitScripts(10, TimeUnit.SECONDS);
    }
  }
}
