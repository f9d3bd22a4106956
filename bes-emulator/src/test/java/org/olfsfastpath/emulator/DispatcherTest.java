package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptResponse;
import org.olfsfastpath.ppt.PptTimeoutException;

/** The emulator as a scripted BES: queued replies, faults carried on replies, custom dispatch. */
final class DispatcherTest {
  private static final byte[] REQUEST =
      "<request reqID=\"q1\"><showStatus/></request>".getBytes(StandardCharsets.UTF_8);
  private static final PptOptions OPTIONS =
      PptOptions.newBuilder()
          .readTimeout(Duration.ofSeconds(5))
          .handshakeTimeout(Duration.ofSeconds(5))
          .build();

  @RegisterExtension final EmulatorExtension bes = EmulatorExtension.queued();

  private String send(PptConnection connection) throws IOException {
    try (PptResponse response = connection.send(REQUEST)) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      response.body().transferTo(body);
      return (response.isError() ? "error:" : "") + body.toString(StandardCharsets.ISO_8859_1);
    }
  }

  @Test
  void queuedReplies_answerInOrder_andRequestsAreRecorded() throws Exception {
    bes.queue().enqueue(BesReply.document("one"), BesReply.document("two"));
    try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS)) {
      assertEquals("one", send(connection));
      assertEquals("two", send(connection));
    }
    RecordedRequest first = bes.emulator().takeRequest(5, TimeUnit.SECONDS);
    assertEquals(0, first.connectionIndex());
    assertEquals(0, first.exchangeIndex());
    assertEquals(1, bes.emulator().takeRequest(5, TimeUnit.SECONDS).exchangeIndex());
    assertEquals(2, bes.emulator().requestCount());
    assertEquals(0, bes.queue().remaining());
  }

  @Test
  void emptyQueue_failsFast_withAnErrorSayingSo() throws Exception {
    try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS)) {
      String answer = send(connection);
      assertTrue(answer.startsWith("error:"), answer);
      assertTrue(answer.contains(QueueDispatcher.NOTHING_ENQUEUED), answer);
      assertTrue(answer.contains("reqID=\"q1\""), "the error names the request: " + answer);
    }
  }

  @Test
  void errorReply_isABesErrorDocument() throws Exception {
    bes.queue().enqueue(BesReply.error(5, "Failed to locate '/x.nc'"));
    try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS)) {
      String answer = send(connection);
      assertTrue(answer.startsWith("error:<?xml"), answer);
      assertTrue(answer.contains("<Type>5</Type>"), answer);
      assertTrue(answer.contains("<Message>Failed to locate '/x.nc'</Message>"), answer);
      assertTrue(connection.isReusable(), "a type 5 error leaves the process alive");
    }
  }

  @Test
  void wireReply_isSentAsGiven() throws Exception {
    byte[] wire = PptFraming.encodeMessage("raw".getBytes(StandardCharsets.US_ASCII));
    bes.queue().enqueue(BesReply.wire(wire));
    try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS)) {
      assertEquals("raw", send(connection));
    }
  }

  @Test
  void pausedBeforeEnd_holdsTheAnswerUntilReleased() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    bes.queue().enqueue(BesReply.pausedBeforeEnd("held", release));
    PptOptions impatient = PptOptions.newBuilder().readTimeout(Duration.ofMillis(300)).build();
    try (PptConnection connection = PptConnection.open(bes.endpoint(), impatient)) {
      PptResponse response = connection.send(REQUEST);
      byte[] first = response.body().readNBytes(4);
      assertEquals("held", new String(first, StandardCharsets.US_ASCII));
      assertThrows(
          PptTimeoutException.class, () -> response.body().read(), "nothing more until released");
    }
    release.countDown();
  }

  @Test
  void faultOnAReply_closesTheConnectionInsteadOfAnswering() throws Exception {
    bes.queue().enqueue(BesReply.fault(Fault.closeConnection()));
    try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS)) {
      assertThrows(IOException.class, () -> send(connection));
    }
    assertTrue(bes.emulator().awaitClosedConnections(1, Duration.ofSeconds(5)));
  }

  @Test
  void closeBeforeEnd_sendsTheDataButNoEnd() throws Exception {
    bes.queue().enqueue(BesReply.document("Dataset {").withFault(Fault.closeBeforeEnd()));
    try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS)) {
      PptResponse response = connection.send(REQUEST);
      assertEquals(
          "Dataset {", new String(response.body().readNBytes(9), StandardCharsets.US_ASCII));
      assertThrows(IOException.class, () -> response.body().read());
    }
  }

  @Test
  void connectionFaultOnAReply_isRefused() {
    assertEquals(
        "fault was Fault{SILENT_HANDSHAKE}, a connection fault; enqueue it with"
            + " BesEmulator.enqueueFault",
        assertThrows(IllegalArgumentException.class, () -> BesReply.fault(Fault.silentHandshake()))
            .getMessage());
  }

  @Test
  void silentHandshake_acceptsButNeverAnswers_untilCleared() throws Exception {
    bes.emulator().setConnectionFault(Fault.silentHandshake());
    PptOptions quick = PptOptions.newBuilder().handshakeTimeout(Duration.ofMillis(200)).build();
    PptTimeoutException e =
        assertThrows(PptTimeoutException.class, () -> PptConnection.open(bes.endpoint(), quick));
    assertTrue(e.getMessage().startsWith("handshake timeout of 200 ms elapsed"), e.getMessage());
    assertThrows(
        PptTimeoutException.class,
        () -> PptConnection.open(bes.endpoint(), quick),
        "a standing fault applies to every new connection");
    bes.emulator().setConnectionFault(null);
    bes.queue().enqueue(BesReply.document("back"));
    try (PptConnection connection = PptConnection.open(bes.endpoint(), quick)) {
      assertEquals("back", send(connection));
    }
  }

  @Test
  void delayedHandshakes_areCountedWhileUnderWay() throws Exception {
    bes.emulator().enqueueFault(Fault.delayHandshake(Duration.ofMillis(300)));
    bes.emulator().enqueueFault(Fault.delayHandshake(Duration.ofMillis(300)));
    Thread other =
        new Thread(
            () -> {
              try {
                PptConnection.open(bes.endpoint(), OPTIONS).close();
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    other.start();
    PptConnection.open(bes.endpoint(), OPTIONS).close();
    other.join(5_000);
    assertFalse(other.isAlive());
    assertEquals(2, bes.emulator().mostHandshakesAtOnce());
    assertTrue(bes.emulator().awaitClosedConnections(2, Duration.ofSeconds(5)));
    assertEquals(2, bes.emulator().exitMessageCount(), "each client said PPT_EXIT_NOW");
  }

  @Test
  void customDispatcher_seesTheRecordedRequest() throws Exception {
    Dispatcher echo =
        new Dispatcher() {
          @Override
          public BesReply dispatch(RecordedRequest request) {
            return BesReply.document(String.join(",", request.commands()));
          }
        };
    try (BesEmulator custom = BesEmulator.newBuilder().dispatcher(echo).build()) {
      custom.start();
      try (PptConnection connection = PptConnection.open(custom.endpoint(), OPTIONS)) {
        assertEquals("showStatus", send(connection));
      }
    }
  }
}
