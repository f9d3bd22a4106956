package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptStreamErrorException;
import org.olfsfastpath.ppt.PptTimeoutException;
import org.olfsfastpath.testing.Regression;

/**
 * A command whose BES process died before any byte of its answer went on is sent once more on a new
 * connection, here to the same BES (a group of one BES, so no failover could have saved it): each
 * way a dead process shows (end of stream, reset, a half-closed socket, the answer's first read
 * finding the end) before the response is handed out and on the body's first read; at the caller's
 * request after it read bytes it has not passed on; never twice, never for an error the BES sent, a
 * timeout, or with {@code retry} off.
 */
final class RetryBeforeFirstByteTest {
  private static final GetRequest ASCII =
      GetRequest.of("/coads_climatology.nc", BesGetType.ASCII, "COADSX");

  @RegisterExtension
  final EmulatorExtension bes = EmulatorExtension.create(b -> b.faithfulWrites(true));

  private byte[] whole;
  private BesGroup group;

  @BeforeEach
  void reference() throws IOException {
    try (BesClient client = BesClient.newBuilder().endpoint(bes.endpoint()).build();
        BesResponse response = client.get(ASCII)) {
      whole = response.body().readAllBytes();
    }
    bes.emulator().resetCounts();
  }

  @AfterEach
  void close() {
    if (group != null) {
      group.close();
    }
  }

  private BesGroup group(boolean retry) {
    BesClient client =
        BesClient.newBuilder()
            .endpoint(bes.endpoint())
            .pptOptions(PptOptions.newBuilder().readTimeout(Duration.ofMillis(500)).build())
            .build();
    group = BesGroup.newBuilder().addMember(client).retry(retry).build();
    return group;
  }

  private long gets() {
    return bes.emulator().commandCount("get");
  }

  static Stream<Arguments> deadProcesses() {
    return Stream.of(
        Arguments.of("end of stream before the answer", Fault.closeConnection()),
        Arguments.of("reset", Fault.reset()),
        Arguments.of("half-closed", Fault.halfClose()),
        Arguments.of("the answer's first read finds the end", Fault.closeAfterHeader()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("deadProcesses")
  void deadProcess_beforeTheFirstByte_sentOnceMore_theCallerSeesTheWholeAnswer(
      String name, Fault fault) throws IOException {
    BesGroup group = group(true);
    bes.emulator().enqueueFault(fault);
    try (BesResponse response =
        group.send(BesCommand.GET, ASCII, Caller.longRequest("192.0.2.7"))) {
      assertArrayEquals(whole, response.body().readAllBytes(), name);
    }
    assertEquals(2, gets(), "sent twice");
    assertEquals(1, group.stats().retries());
    assertEquals(0, group.stats().failovers());
    assertEquals(0, group.stats().shares().clients(), "the client's place was given back");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("deadProcesses")
  void deadProcess_twice_sentOnceMoreOnly_thenFails(String name, Fault fault) {
    BesGroup group = group(true);
    bes.emulator().enqueueFault(fault);
    bes.emulator().enqueueFault(fault);
    IOException e =
        assertThrows(
            IOException.class,
            () -> {
              try (BesResponse response =
                  group.send(BesCommand.GET, ASCII, Caller.longRequest("192.0.2.7"))) {
                response.body().readAllBytes();
              }
            });
    assertFalse(e instanceof PptTimeoutException, e.toString());
    assertEquals(2, gets(), "never a third time");
    assertEquals(1, group.stats().retries());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("deadProcesses")
  void retryOff_notSentAgain(String name, Fault fault) {
    BesGroup group = group(false);
    bes.emulator().enqueueFault(fault);
    assertThrows(
        IOException.class,
        () -> {
          try (BesResponse response =
              group.send(BesCommand.GET, ASCII, Caller.longRequest("192.0.2.7"))) {
            response.body().readAllBytes();
          }
        });
    assertEquals(1, gets());
    assertEquals(0, group.stats().retries());
  }

  @Test
  void showNode_brokenOff_sentOnceMoreOnTheSameBes() throws IOException {
    BesGroup group = group(true);
    bes.emulator().enqueueFault(Fault.closeConnection());
    assertEquals(
        "/coads_climatology.nc",
        group.send(BesCommand.SHOW_NODE, "/coads_climatology.nc", Caller.INTERNAL).name());
    assertEquals(2, bes.emulator().commandCount("showNode"));
    assertEquals(1, group.stats().retries());
  }

  @Test
  void afterBytesWereRead_notSentAgainByItself_butAtTheCallersRequest() throws IOException {
    BesGroup group = group(true);
    bes.emulator().enqueueFault(Fault.truncatedChunk());
    try (BesResponse response =
        group.send(BesCommand.GET, ASCII, Caller.longRequest("192.0.2.7"))) {
      InputStream body = response.body();
      byte[] first = new byte[whole.length];
      int n = body.read(first);
      assertTrue(n > 0 && n < whole.length, "part of the answer came: " + n);
      IOException broken = assertThrows(IOException.class, body::readAllBytes);
      assertEquals(1, gets(), "bytes had been read: not sent again by itself");

      // The caller passed none of them on: it asks, and reads the new answer from its start.
      assertTrue(response.restart(broken));
      assertArrayEquals(whole, body.readAllBytes());
      assertFalse(response.restart(broken), "once only");
    }
    assertEquals(2, gets());
    assertEquals(1, group.stats().retries());
  }

  @Test
  void emptyAnswer_isNotAnAnswer_sentOnceMoreOnAnotherConnection_theBrokenOneClosed()
      throws IOException {
    GetRequest dds = GetRequest.of("/coads_climatology.nc", BesGetType.DDS, "");
    BesGroup group = group(true);
    byte[] ddsWhole;
    try (BesResponse response = group.send(BesCommand.GET, dds, Caller.shortRequest("192.0.2.7"))) {
      ddsWhole = response.body().readAllBytes();
    }
    BesClient client = group.members().get(0);
    long discarded = client.poolStats().discarded();
    bes.emulator().resetCounts();
    bes.emulator().enqueueFault(Fault.emptyAnswer());
    try (BesResponse response = group.send(BesCommand.GET, dds, Caller.shortRequest("192.0.2.7"))) {
      assertArrayEquals(ddsWhole, response.body().readAllBytes());
    }
    assertEquals(2, gets(), "sent twice");
    assertEquals(1, group.stats().retries());
    assertEquals(
        discarded + 1,
        client.poolStats().discarded(),
        "the connection whose BES process sent the empty answer gets no more commands");
  }

  @Test
  void emptyAnswer_twice_failsAsAnUnreadableAnswer_neverEndsAsAnEmptyBody() throws IOException {
    BesGroup group = group(true);
    bes.emulator().enqueueFault(Fault.emptyAnswer());
    bes.emulator().enqueueFault(Fault.emptyAnswer());
    try (BesResponse response =
        group.send(
            BesCommand.GET,
            GetRequest.of("/coads_climatology.nc", BesGetType.DAS, ""),
            Caller.shortRequest("192.0.2.7"))) {
      IOException e = assertThrows(IOException.class, () -> response.body().readAllBytes());
      assertInstanceOf(BesProtocolException.class, e);
      assertTrue(
          e.getMessage()
              .startsWith("the BES ended its das answer after 0 bytes, which is" + " not a DAS"),
          e.getMessage());
    }
    assertEquals(2, gets(), "never a third time");
  }

  @Test
  void showNode_emptyAnswer_sentOnceMore_andTheConnectionThatSentItClosed() throws IOException {
    BesGroup group = group(true);
    assertEquals(
        "/coads_climatology.nc",
        group.send(BesCommand.SHOW_NODE, "/coads_climatology.nc", Caller.INTERNAL).name());
    BesClient client = group.members().get(0);
    long discarded = client.poolStats().discarded();
    bes.emulator().enqueueFault(Fault.emptyAnswer());
    assertEquals(
        "/coads_climatology.nc",
        group.send(BesCommand.SHOW_NODE, "/coads_climatology.nc", Caller.INTERNAL).name());
    assertEquals(1, group.stats().retries());
    assertEquals(discarded + 1, client.poolStats().discarded());
  }

  @Test
  void anErrorTheBesSentMidAnswer_isNotSentAgain() throws IOException {
    BesGroup group = group(true);
    bes.emulator().enqueueFault(Fault.midStreamError());
    try (BesResponse response =
        group.send(BesCommand.GET, ASCII, Caller.longRequest("192.0.2.7"))) {
      IOException e = assertThrows(IOException.class, () -> response.body().readAllBytes());
      assertInstanceOf(PptStreamErrorException.class, e);
      assertFalse(response.restart(e));
    }
    assertEquals(1, gets());
    assertEquals(0, group.stats().retries());
  }

  @Test
  void aTimeout_isNotSentAgain() {
    BesGroup group = group(true);
    bes.emulator().enqueueFault(Fault.stall());
    assertThrows(
        PptTimeoutException.class,
        () -> group.send(BesCommand.GET, ASCII, Caller.longRequest("192.0.2.7")));
    assertEquals(1, gets());
    assertEquals(0, group.stats().retries());
  }

  /**
   * Regression: a BES process killed between the chunk header and its payload failed the get on the
   * body's first read, after the response was handed to the web layer, which answered 502 with no
   * byte sent to its client (1 request in 42,820 when BES processes were killed under load). The
   * group now sends it once more by itself.
   */
  @Test
  @Regression(
      "a BES process killed after its answer's first chunk header cost a 502 though no"
          + " byte had reached the client; fixed by sending the get once more from the group's"
          + " response when its body fails before the caller read a byte")
  void killedBetweenHeaderAndPayload_isNot502() throws IOException {
    BesGroup group = group(true);
    bes.emulator().enqueueFault(Fault.closeAfterHeader());
    try (BesResponse response =
        group.send(BesCommand.GET, ASCII, Caller.longRequest("192.0.2.7"))) {
      assertArrayEquals(whole, response.body().readAllBytes());
    }
  }
}
