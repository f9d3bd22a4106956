package org.olfsfastpath.ppt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.spec.SpecException;

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
    PptOptions options =
        PptOptions.newBuilder()
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
    assertEquals(
        "readTimeout was PT0S, must be between 1 ms and 1 day",
        assertThrows(IllegalArgumentException.class, () -> builder.readTimeout(Duration.ZERO))
            .getMessage());
    assertEquals(
        "connectTimeout was PT0.0000005S, must be between 1 ms and 1 day",
        assertThrows(
                IllegalArgumentException.class, () -> builder.connectTimeout(Duration.ofNanos(500)))
            .getMessage());
    assertEquals(
        "writeTimeout was PT-1S, must be between 1 ms and 1 day",
        assertThrows(
                IllegalArgumentException.class, () -> builder.writeTimeout(Duration.ofSeconds(-1)))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> builder.readTimeout(Duration.ofDays(2)));
    assertEquals(
        "readTimeout == null",
        assertThrows(NullPointerException.class, () -> builder.readTimeout(null)).getMessage());
  }

  @Test
  void eachSetting_mayBeSetOnce_namingTheEarlierValue() {
    PptOptions.Builder builder = PptOptions.newBuilder().readTimeout(Duration.ofSeconds(9));
    assertEquals(
        "readTimeout was already set to PT9S",
        assertThrows(IllegalStateException.class, () -> builder.readTimeout(Duration.ofSeconds(10)))
            .getMessage());
    builder.quickAck(false);
    assertEquals(
        "quickAck was already set to false",
        assertThrows(IllegalStateException.class, () -> builder.quickAck(true)).getMessage());
    // A refused value does not count as set.
    assertThrows(IllegalArgumentException.class, () -> builder.maxChunkLength(0));
    assertEquals(100, builder.maxChunkLength(100).build().maxChunkLength());
  }

  @Test
  void toBuilder_startsFromTheseOptions_andStillSetsEachOnce() {
    PptOptions base = PptOptions.newBuilder().readTimeout(Duration.ofSeconds(9)).build();
    PptOptions.Builder builder = base.toBuilder();
    assertEquals(Duration.ofSeconds(9), builder.getReadTimeout());
    assertEquals(
        Duration.ofSeconds(3), builder.readTimeout(Duration.ofSeconds(3)).build().readTimeout());
    assertThrows(IllegalStateException.class, () -> builder.readTimeout(Duration.ofSeconds(4)));
  }

  @Test
  void from_spec_keysAreTheBuilderMethods() {
    PptOptions options =
        PptOptions.from(
                Map.of(
                    "connectTimeout",
                    "2",
                    "handshakeTimeout",
                    "500ms",
                    "readTimeout",
                    "5m",
                    "writeTimeout",
                    "1.5",
                    "maxChunkLength",
                    "4096",
                    "maxHandshakeLength",
                    "100",
                    "quickAck",
                    "false",
                    "tcpNoDelay",
                    "FALSE"))
            .build();
    assertEquals(Duration.ofSeconds(2), options.connectTimeout());
    assertEquals(Duration.ofMillis(500), options.handshakeTimeout());
    assertEquals(Duration.ofMinutes(5), options.readTimeout());
    assertEquals(Duration.ofMillis(1500), options.writeTimeout());
    assertEquals(4096, options.maxChunkLength());
    assertEquals(100, options.maxHandshakeLength());
    assertFalse(options.quickAck());
    assertFalse(options.tcpNoDelay());
  }

  @Test
  void from_spec_refusalNamesTheKeyAndTheRawValue() {
    SpecException e =
        assertThrows(SpecException.class, () -> PptOptions.from(Map.of("readTimeout", "0")));
    assertEquals(
        "key readTimeout value was set to '0': readTimeout was PT0S, must be between 1 ms"
            + " and 1 day",
        e.getMessage());
    assertEquals("readTimeout", e.key());
    assertEquals("0", e.value());
    e = assertThrows(SpecException.class, () -> PptOptions.from(Map.of("nodelay", "true")));
    assertEquals(
        "key nodelay value was set to 'true': not a PPT options setting; known:"
            + " connectTimeout, handshakeTimeout, readTimeout, writeTimeout, maxChunkLength,"
            + " maxHandshakeLength, quickAck, tcpNoDelay",
        e.getMessage());
  }

  @Test
  void limits_areChecked() {
    PptOptions.Builder builder = PptOptions.newBuilder();
    assertEquals(
        "maxChunkLength was 0, must be 1-268435455",
        assertThrows(IllegalArgumentException.class, () -> builder.maxChunkLength(0)).getMessage());
    assertEquals(
        "maxHandshakeLength was 10, must be 22-65536",
        assertThrows(IllegalArgumentException.class, () -> builder.maxHandshakeLength(10))
            .getMessage());
  }

  @Test
  void endpoint_parse() {
    assertEquals(PptEndpoint.tcp("localhost", 10022), PptEndpoint.parse("localhost:10022"));
    assertEquals(PptEndpoint.tcp("::1", 10022), PptEndpoint.parse("::1:10022"));
    assertEquals(
        PptEndpoint.unix(Path.of("/tmp/bes.sock")), PptEndpoint.parse("unix:/tmp/bes.sock"));
    assertEquals("localhost:10022", PptEndpoint.parse("localhost:10022").toString());
    assertEquals("unix:/tmp/bes.sock", PptEndpoint.parse("unix:/tmp/bes.sock").toString());
  }

  @Test
  void endpoint_parseRefusesOtherForms() {
    assertEquals(
        "endpoint was localhost, must be HOST:PORT or unix:/path",
        assertThrows(IllegalArgumentException.class, () -> PptEndpoint.parse("localhost"))
            .getMessage());
    assertEquals(
        "endpoint was host:port, port must be an integer",
        assertThrows(IllegalArgumentException.class, () -> PptEndpoint.parse("host:port"))
            .getMessage());
    assertEquals(
        "port was 70000, must be 1-65535",
        assertThrows(IllegalArgumentException.class, () -> PptEndpoint.parse("host:70000"))
            .getMessage());
    assertEquals(
        "endpoint was unix:, must name a socket file after unix:",
        assertThrows(IllegalArgumentException.class, () -> PptEndpoint.parse("unix:"))
            .getMessage());
  }
}
