package org.olfsfastpath.ppt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

final class PptOptionsTest {

  @Test
  void defaults() {
    PptOptions options = PptOptions.defaults();
    assertEquals(Duration.ofSeconds(5), options.connectTimeout());
    assertEquals(Duration.ofSeconds(120), options.readTimeout());
    assertEquals(Duration.ofSeconds(30), options.writeTimeout());
    assertEquals(64 << 20, options.maxChunkLength());
    assertEquals(64, options.maxHandshakeLength());
    assertTrue(options.quickAck());
    assertTrue(options.tcpNoDelay());
  }

  @Test
  void toBuilder_keepsEverySetting() {
    PptOptions options = PptOptions.newBuilder()
        .connectTimeout(Duration.ofMillis(10))
        .readTimeout(Duration.ofMillis(20))
        .writeTimeout(Duration.ofMillis(30))
        .maxChunkLength(1000)
        .maxHandshakeLength(100)
        .quickAck(false)
        .tcpNoDelay(false)
        .build();
    assertEquals(options.toString(), options.toBuilder().build().toString());
    assertFalse(options.toBuilder().build().quickAck());
  }

  @Test
  void timeouts_mustBeBetweenOneMillisecondAndOneDay() {
    PptOptions.Builder builder = PptOptions.newBuilder();
    assertEquals("readTimeout was PT0S, must be between 1 ms and 1 day",
        assertThrows(IllegalArgumentException.class, () -> builder.readTimeout(Duration.ZERO)).getMessage());
    assertEquals("connectTimeout was PT0.0000005S, must be between 1 ms and 1 day",
        assertThrows(IllegalArgumentException.class, () -> builder.connectTimeout(Duration.ofNanos(500))).getMessage());
    assertEquals("writeTimeout was PT-1S, must be between 1 ms and 1 day",
        assertThrows(IllegalArgumentException.class, () -> builder.writeTimeout(Duration.ofSeconds(-1))).getMessage());
    assertThrows(IllegalArgumentException.class, () -> builder.readTimeout(Duration.ofDays(2)));
    assertEquals("readTimeout == null",
        assertThrows(NullPointerException.class, () -> builder.readTimeout(null)).getMessage());
  }

  @Test
  void limits_areChecked() {
    PptOptions.Builder builder = PptOptions.newBuilder();
    assertEquals("maxChunkLength was 0, must be 1-268435455",
        assertThrows(IllegalArgumentException.class, () -> builder.maxChunkLength(0)).getMessage());
    assertEquals("maxHandshakeLength was 10, must be 22-65536",
        assertThrows(IllegalArgumentException.class, () -> builder.maxHandshakeLength(10)).getMessage());
  }

  @Test
  void endpoint_parse() {
    assertEquals(PptEndpoint.tcp("localhost", 10022), PptEndpoint.parse("localhost:10022"));
    assertEquals(PptEndpoint.tcp("::1", 10022), PptEndpoint.parse("::1:10022"));
    assertEquals(PptEndpoint.unix(Path.of("/tmp/bes.sock")), PptEndpoint.parse("unix:/tmp/bes.sock"));
    assertEquals("localhost:10022", PptEndpoint.parse("localhost:10022").toString());
    assertEquals("unix:/tmp/bes.sock", PptEndpoint.parse("unix:/tmp/bes.sock").toString());
  }

  @Test
  void endpoint_parseRefusesOtherForms() {
    assertEquals("endpoint was localhost, must be HOST:PORT or unix:/path",
        assertThrows(IllegalArgumentException.class, () -> PptEndpoint.parse("localhost")).getMessage());
    assertEquals("endpoint was host:port, port must be an integer",
        assertThrows(IllegalArgumentException.class, () -> PptEndpoint.parse("host:port")).getMessage());
    assertEquals("port was 70000, must be 1-65535",
        assertThrows(IllegalArgumentException.class, () -> PptEndpoint.parse("host:70000")).getMessage());
    assertEquals("endpoint was unix:, must name a socket file after unix:",
        assertThrows(IllegalArgumentException.class, () -> PptEndpoint.parse("unix:")).getMessage());
  }
}
