package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.spec.SpecException;
import org.olfsfastpath.testing.Regression;

final class BesGroupBuilderTest {
  private static final PptEndpoint ONE = PptEndpoint.tcp("localhost", 10022);
  private static final PptEndpoint TWO = PptEndpoint.tcp("localhost", 10023);

  private static BesClient client(PptEndpoint endpoint) {
    return BesClient.newBuilder().endpoint(endpoint).build();
  }

  @Test
  void defaults() {
    BesGroupBuilder builder = BesGroup.newBuilder();
    assertEquals("/", builder.getPrefix());
    assertEquals(Duration.ofSeconds(1), builder.getEjectionBase());
    assertEquals(Duration.ofSeconds(10), builder.getEjectionMax());
    assertEquals(3, builder.getEjectionThreshold());
    assertTrue(builder.getFailover());
    assertTrue(builder.getRetry());
    assertEquals("fair", builder.getClientShare());
    assertEquals(8, builder.getClientQueue());
    assertEquals(Duration.ofSeconds(5), builder.getClientQueueWait());
    assertEquals(Duration.ofSeconds(120), builder.getDownloadWait());
    try (BesGroup group = builder.addMember(client(ONE)).addMember(client(TWO), 2).build()) {
      assertEquals("/", group.prefix());
      assertEquals(List.of(ONE, TWO), group.members().stream().map(BesClient::endpoint).toList());
      assertEquals(
          List.of(1, 2), group.stats().members().stream().map(BesMemberStats::weight).toList());
      // Shares: fair over the group's 64 connections, downloads on all but the two pools'
      // reserves of 3, the default queue and waits.
      assertEquals(
          new BesGroupStats(
              "/",
              group.stats().members(),
              2,
              null,
              0,
              0,
              0,
              0,
              new BesShareStats(
                  true,
                  64,
                  58,
                  8,
                  Duration.ofSeconds(5),
                  Duration.ofSeconds(120),
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  List.of())),
          group.stats());
    }
  }

  @Test
  void noMember_refused() {
    assertMessage(
        IllegalStateException.class,
        "BES group /data has no BES; add one with addMember",
        () -> BesGroup.newBuilder().prefix("/data/").build());
  }

  @Test
  void sameEndpointTwice_refused() {
    BesGroupBuilder builder = BesGroup.newBuilder().addMember(client(ONE));
    assertMessage(
        IllegalArgumentException.class,
        "a BES at localhost:10022 was already added",
        () -> builder.addMember(client(ONE)));
  }

  @Test
  void weight_range() {
    assertMessage(
        IllegalArgumentException.class,
        "weight of localhost:10022 was 0, must be 1-1000",
        () -> BesGroup.newBuilder().addMember(client(ONE), 0));
    assertMessage(
        IllegalArgumentException.class,
        "weight of localhost:10022 was 1001, must be 1-1000",
        () -> BesGroup.newBuilder().addMember(client(ONE), 1001));
    assertMessage(
        NullPointerException.class, "client == null", () -> BesGroup.newBuilder().addMember(null));
  }

  @Test
  void setOnce_namesTheEarlierValue() {
    assertMessage(
        IllegalStateException.class,
        "prefix was already set to /data",
        () -> BesGroup.newBuilder().prefix("/data/").prefix("/x"));
    assertMessage(
        IllegalStateException.class,
        "ejectionBase was already set to PT2S",
        () ->
            BesGroup.newBuilder()
                .ejectionBase(2, TimeUnit.SECONDS)
                .ejectionBase(Duration.ofSeconds(1)));
    assertMessage(
        IllegalStateException.class,
        "ejectionMax was already set to PT1M",
        () ->
            BesGroup.newBuilder()
                .ejectionMax(1, TimeUnit.MINUTES)
                .ejectionMax(Duration.ofSeconds(1)));
    assertMessage(
        IllegalStateException.class,
        "ejectionThreshold was already set to 4",
        () -> BesGroup.newBuilder().ejectionThreshold(4).ejectionThreshold(5));
    assertMessage(
        IllegalStateException.class,
        "failover was already set to false",
        () -> BesGroup.newBuilder().failover(false).failover(true));
    assertMessage(
        IllegalStateException.class,
        "eventListener was already set to " + BesEventListener.NONE,
        () ->
            BesGroup.newBuilder()
                .eventListener(BesEventListener.NONE)
                .eventListener(BesEventListener.NONE));
  }

  @Test
  void ranges() {
    assertMessage(
        IllegalArgumentException.class,
        "ejectionBase was PT0S, must be between 1 ms and 1 hour",
        () -> BesGroup.newBuilder().ejectionBase(Duration.ZERO));
    assertMessage(
        IllegalArgumentException.class,
        "ejectionMax was PT48H, must be between 1 ms and 1 day",
        () -> BesGroup.newBuilder().ejectionMax(Duration.ofDays(2)));
    assertMessage(
        IllegalArgumentException.class,
        "ejectionThreshold was 0, must be 1-1000",
        () -> BesGroup.newBuilder().ejectionThreshold(0));
    assertMessage(
        IllegalStateException.class,
        "ejectionMax (PT0.5S) is less than ejectionBase" + " (PT1S)",
        () ->
            BesGroup.newBuilder()
                .addMember(client(ONE))
                .ejectionMax(Duration.ofMillis(500))
                .build());
  }

  @Test
  void from_spec_refusalNamesKeyAndValue() {
    assertEquals(
        "key ejectionBase value was set to 'soon': must be a number of seconds (30, 0.5)"
            + " or a number with a unit: ms, s, m, h, d (500ms, 10m)",
        assertThrows(SpecException.class, () -> BesGroup.from(Map.of("ejectionBase", "soon")))
            .getMessage());
    assertEquals(
        "key weight value was set to '2': not a BES group setting; known: prefix,"
            + " ejectionBase, ejectionMax, ejectionThreshold, failover, retry, clientShare,"
            + " clientQueue, clientQueueWait, downloadWait",
        assertThrows(SpecException.class, () -> BesGroup.from(Map.of("weight", "2"))).getMessage());
  }

  private static void assertMessage(
      Class<? extends Throwable> type, String message, Executable executable) {
    assertEquals(message, assertThrows(type, executable).getMessage());
  }

  @Test
  @Regression(
      "52c46cb: a group built twice from one builder shared its members' state, so one"
          + " group's ejection took the BES out of the other too")
  void builtTwice_theGroupsShareNoState() throws IOException {
    PptEndpoint refused;
    try (java.net.ServerSocket socket =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      refused = PptEndpoint.tcp(socket.getInetAddress().getHostAddress(), socket.getLocalPort());
    }
    BesGroupBuilder builder =
        BesGroup.newBuilder().addMember(BesClient.newBuilder().endpoint(refused).build());
    BesGroup first = builder.build();
    BesGroup second = builder.build();
    try {
      assertThrows(
          IOException.class, () -> first.send(BesCommand.SHOW_NODE, "/x.nc", Caller.INTERNAL));
      assertTrue(first.isDown());
      assertEquals(1, first.stats().requests());

      assertFalse(second.isDown());
      assertEquals(0, second.stats().requests());
      assertEquals(0, second.stats().members().get(0).connectFailures());
    } finally {
      first.close();
      second.close();
    }
  }
}
