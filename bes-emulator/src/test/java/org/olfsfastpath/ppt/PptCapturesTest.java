package org.olfsfastpath.ppt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.emulator.BesReply;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.testing.Captures;

/**
 * Replays the responses of a real BES 3.22.0, recorded byte for byte, through the decoder and
 * through a connection (the emulator sending each recording as it is). Skips when the team's shared
 * captures are absent.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
final class PptCapturesTest {
  private static final Pattern EXTENSION = Pattern.compile("'([^']+)': '([^']*)'");

  @RegisterExtension final EmulatorExtension bes = EmulatorExtension.queued();

  static List<String> captures() {
    return Captures.names(".wire");
  }

  private static Map<String, String> expectedExtensions(String name) throws Exception {
    Map<String, String> extensions = new HashMap<>();
    Captures.meta(name)
        .lines()
        .filter(l -> l.startsWith("extensions="))
        .findFirst()
        .ifPresent(
            line -> {
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
    byte[] wire = Captures.wire(name);
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    Map<String, String> extensions = new HashMap<>();
    long[] messageBytes = {-1};
    PptChunkDecoder decoder =
        new PptChunkDecoder(
            PptOptions.defaults().maxChunkLength(),
            new PptChunkDecoder.Handler() {
              @Override
              public void extensions(Map<String, String> ext) {
                extensions.putAll(ext);
              }

              @Override
              public void data(byte[] bytes, int offset, int length) {
                payload.write(bytes, offset, length);
              }

              @Override
              public void messageEnded(long wireBytes) {
                messageBytes[0] = wireBytes;
              }
            });
    decoder.feed(wire, 0, wire.length);
    decoder.endOfStream();
    assertEquals(1, decoder.messages());
    assertEquals(wire.length, messageBytes[0], "wire bytes of the message");
    assertArrayEquals(Captures.response(name), payload.toByteArray());
    assertEquals(expectedExtensions(name), extensions);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("captures")
  void connection_readsTheRecordedResponse(String name) throws Exception {
    byte[] request = Captures.read(name, ".request.xml");
    bes.queue().enqueue(BesReply.wire(Captures.wire(name)));
    PptOptions options = PptOptions.newBuilder().readTimeout(Duration.ofSeconds(5)).build();
    try (PptConnection connection = PptConnection.open(bes.endpoint(), options)) {
      PptResponse response = connection.send(request);
      boolean error = "error".equals(expectedExtensions(name).get("status"));
      assertEquals(error, response.isError());
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      response.body().transferTo(body);
      assertArrayEquals(Captures.response(name), body.toByteArray());
      assertTrue(response.isComplete());
      assertTrue(connection.isReusable());
    }
    assertEquals(
        new String(request, java.nio.charset.StandardCharsets.UTF_8),
        bes.emulator().takeRequest(5, TimeUnit.SECONDS).xml(),
        "the request arrived as sent");
  }
}
