package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.spec.SpecException;

final class BesClientBuilderTest {
  private static final PptEndpoint ENDPOINT = PptEndpoint.tcp("localhost", 10022);

  @Test
  void endpoint_required() {
    assertMessage(
        IllegalStateException.class, "endpoint is required", () -> BesClient.newBuilder().build());
    assertMessage(
        NullPointerException.class,
        "endpoint == null",
        () -> BesClient.newBuilder().endpoint(null));
  }

  @Test
  void defaults_build() {
    try (BesClient client = BesClient.newBuilder().endpoint(ENDPOINT).build()) {
      assertEquals(ENDPOINT, client.endpoint());
      assertEquals(
          new BesPoolStats(0, 0, 0, 0, 0, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
          client.poolStats());
    }
  }

  @Test
  void from_spec_keysAreTheBuilderMethods_andReachTheClient() {
    try (BesClient client =
        BesClient.from(
                Map.of(
                    "maxConnections",
                    "8",
                    "maxCommandsPerConnection",
                    "100",
                    "acquireTimeout",
                    "0",
                    "maxIdle",
                    "2m",
                    "maxConcurrentConnects",
                    "2",
                    "uid",
                    "tester",
                    "besTimeout",
                    "30",
                    "maxResponseSize",
                    "64MiB",
                    "maxVariableSize",
                    "1MB"))
            .endpoint(ENDPOINT)
            .build()) {
      assertEquals(8, client.maxConnections());
      assertEquals(100, client.maxCommandsPerConnection());
      assertEquals(Duration.ZERO, client.acquireTimeout());
      assertEquals(Duration.ofMinutes(2), client.maxIdle());
      assertEquals(64L << 20, client.maxResponseSize());
      assertEquals(1_000_000, client.maxVariableSize());
    }
  }

  @Test
  void from_spec_refusalNamesKeyAndValue() {
    SpecException e =
        assertThrows(SpecException.class, () -> BesClient.from(Map.of("acquireTimeout", "100000")));
    assertEquals(
        "key acquireTimeout value was set to '100000': acquireTimeout was PT27H46M40S,"
            + " must be 0 or between 1 ms and 1 day",
        e.getMessage());
    assertEquals(
        "key maximum value was set to '3': not a BES client setting; known:"
            + " maxConnections, maxCommandsPerConnection, acquireTimeout, maxIdle, prewarm,"
            + " maxConcurrentConnects, reserve, uid, besTimeout, maxResponseSize, maxVariableSize",
        assertThrows(SpecException.class, () -> BesClient.from(Map.of("maximum", "3")))
            .getMessage());
  }

  @Test
  void getters_returnTheDefaultsUntilSet() {
    BesClientBuilder builder = BesClient.newBuilder();
    assertEquals(BesClientBuilder.DEFAULT_MAX_CONNECTIONS, builder.getMaxConnections());
    assertEquals(BesClientBuilder.DEFAULT_ACQUIRE_TIMEOUT, builder.getAcquireTimeout());
    assertEquals(-1, builder.getMaxResponseSize());
    assertEquals(7, builder.maxConnections(7).getMaxConnections());
  }

  @Test
  void maxConnections_validated() {
    assertMessage(
        IllegalArgumentException.class,
        "maxConnections was 0, must be 1-10000",
        () -> BesClient.newBuilder().maxConnections(0));
    assertMessage(
        IllegalArgumentException.class,
        "maxConnections was 10001, must be 1-10000",
        () -> BesClient.newBuilder().maxConnections(10_001));
    assertMessage(
        IllegalStateException.class,
        "maxConnections was already set to 3",
        () -> BesClient.newBuilder().maxConnections(3).maxConnections(4));
  }

  @Test
  void maxCommandsPerConnection_validated() {
    assertMessage(
        IllegalArgumentException.class,
        "maxCommandsPerConnection was 0, must be >= 1",
        () -> BesClient.newBuilder().maxCommandsPerConnection(0));
  }

  @Test
  void acquireTimeout_validated() {
    assertMessage(
        IllegalArgumentException.class,
        "acquireTimeout was PT-1S, must be 0 or between 1 ms and 1 day",
        () -> BesClient.newBuilder().acquireTimeout(Duration.ofSeconds(-1)));
    assertMessage(
        IllegalArgumentException.class,
        "acquireTimeout was PT0.0000005S, must be 0 or between 1 ms and 1 day",
        () -> BesClient.newBuilder().acquireTimeout(Duration.ofNanos(500)));
    assertMessage(
        IllegalArgumentException.class,
        "acquireTimeout was PT24H0.001S, must be 0 or between 1 ms and 1 day",
        () -> BesClient.newBuilder().acquireTimeout(Duration.ofDays(1).plusMillis(1)));
    assertMessage(
        IllegalArgumentException.class,
        "acquireTimeout was PT2562047788015215H30M7.999999999S, must be 0 or between 1 ms and 1 day",
        () ->
            BesClient.newBuilder().acquireTimeout(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999)));
    assertMessage(
        NullPointerException.class,
        "acquireTimeout == null",
        () -> BesClient.newBuilder().acquireTimeout(null));
    BesClient.newBuilder().acquireTimeout(Duration.ZERO);
    BesClient.newBuilder().acquireTimeout(250, TimeUnit.MILLISECONDS);
  }

  @Test
  void maxIdle_validated() {
    assertMessage(
        IllegalArgumentException.class,
        "maxIdle was PT0S, must be between 1 ms and 1 day",
        () -> BesClient.newBuilder().maxIdle(Duration.ZERO));
    assertMessage(
        IllegalStateException.class,
        "maxIdle was already set to PT1M",
        () -> BesClient.newBuilder().maxIdle(1, TimeUnit.MINUTES).maxIdle(Duration.ofMinutes(2)));
  }

  @Test
  void prewarm_validated_againstMaxConnections() {
    assertMessage(
        IllegalArgumentException.class,
        "prewarm was -1, must be >= 0",
        () -> BesClient.newBuilder().prewarm(-1));
    assertMessage(
        IllegalStateException.class,
        "prewarm (5) exceeds maxConnections (4)",
        () -> BesClient.newBuilder().endpoint(ENDPOINT).maxConnections(4).prewarm(5).build());
  }

  @Test
  void maxConcurrentConnects_validated() {
    assertMessage(
        IllegalArgumentException.class,
        "maxConcurrentConnects was 0, must be 1-1000",
        () -> BesClient.newBuilder().maxConcurrentConnects(0));
  }

  @Test
  void contexts_validated() {
    assertMessage(
        IllegalArgumentException.class, "uid was empty", () -> BesClient.newBuilder().uid(""));
    assertMessage(
        IllegalArgumentException.class,
        "uid has character U+0007 at index 1, which XML 1.0 cannot carry",
        () -> BesClient.newBuilder().uid("a\u0007"));
    assertMessage(
        IllegalArgumentException.class,
        "besTimeout was PT1.5S, must be whole seconds between 1 s and 1 day",
        () -> BesClient.newBuilder().besTimeout(Duration.ofMillis(1500)));
    assertMessage(
        IllegalStateException.class,
        "besTimeout was already set to 300 s",
        () ->
            BesClient.newBuilder()
                .besTimeout(Duration.ofMinutes(5))
                .besTimeout(Duration.ofMinutes(5)));
    assertMessage(
        IllegalArgumentException.class,
        "maxResponseSize was -2, must be >= 0",
        () -> BesClient.newBuilder().maxResponseSize(-2));
    assertMessage(
        IllegalArgumentException.class,
        "maxVariableSize was -2, must be >= 0",
        () -> BesClient.newBuilder().maxVariableSize(-2));
  }

  @Test
  void prewarmCount_validated() {
    try (BesClient client = BesClient.newBuilder().endpoint(ENDPOINT).build()) {
      assertMessage(
          IllegalArgumentException.class, "count was -1, must be >= 0", () -> client.prewarm(-1));
    }
  }

  private static void assertMessage(
      Class<? extends Throwable> type, String message, Executable executable) {
    assertEquals(message, assertThrows(type, executable).getMessage());
  }
}
