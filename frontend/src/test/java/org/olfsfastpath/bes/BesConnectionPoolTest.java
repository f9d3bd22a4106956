package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.BesReply;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.emulator.RecordedRequest;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptStreamErrorException;
import org.olfsfastpath.ppt.PptTimeoutException;
import org.olfsfastpath.testing.Regression;

final class BesConnectionPoolTest {
  private static final String STATUS_OK =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
          + "<response xmlns=\"http://xml.opendap.org/ns/bes/1.0#\" reqID=\"r\">"
          + "<showStatus><status>OK</status></showStatus></response>";
  private static final GetRequest DDS = GetRequest.of("/a.nc", BesGetType.DDS, "");
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  @RegisterExtension final EmulatorExtension bes = EmulatorExtension.queued();
  private BesClient client;

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
  }

  private BesEmulator server() {
    return bes.emulator();
  }

  private void enqueue(BesReply... replies) {
    bes.queue().enqueue(replies);
  }

  private RecordedRequest takeRequest() throws InterruptedException {
    RecordedRequest request = server().takeRequest(5, TimeUnit.SECONDS);
    if (request == null) {
      throw new AssertionError("no request arrived within 5 s");
    }
    return request;
  }

  private BesClientBuilder builder() {
    return BesClient.newBuilder()
        .endpoint(bes.endpoint())
        .pptOptions(
            PptOptions.newBuilder()
                .connectTimeout(Duration.ofSeconds(2))
                .readTimeout(Duration.ofSeconds(5))
                .build());
  }

  private void status() throws IOException {
    assertEquals("OK", client.showStatus());
  }

  @Test
  void warmConnection_carriesEveryCommand_withNoCheckInBetween() throws Exception {
    client = builder().build();
    enqueue(
        BesReply.document(STATUS_OK), BesReply.document(STATUS_OK), BesReply.document(STATUS_OK));
    status();
    status();
    status();
    assertEquals(1, server().connectionCount());
    assertEquals(3, server().requestCount(), "one BES message per command");
    for (int i = 0; i < 3; i++) {
      RecordedRequest recorded = takeRequest();
      assertEquals(0, recorded.connectionIndex());
      assertEquals(i, recorded.exchangeIndex());
    }
    assertEquals(
        new BesPoolStats(1, 1, 0, 1, 0, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void exhaustion_waitsTheAcquireTimeout_thenFailsNamingTheSettings() throws Exception {
    client = builder().maxConnections(1).acquireTimeout(Duration.ofMillis(200)).build();
    CountDownLatch finish = new CountDownLatch(1);
    enqueue(BesReply.pausedBeforeEnd("Dataset {", finish), BesReply.document(STATUS_OK));
    try (BesResponse held = client.get(DDS)) {
      BesPoolExhaustedException e = assertThrows(BesPoolExhaustedException.class, this::status);
      assertEquals(
          "all 1 BES connections to "
              + bes.endpoint()
              + " stayed busy for 200 ms; "
              + "raise maxConnections (1) or acquireTimeout (200 ms), or look for slow BES requests",
          e.getMessage());
      finish.countDown();
      assertEquals("Dataset {", new String(held.body().readAllBytes(), StandardCharsets.US_ASCII));
    }
    status();
    assertEquals(1, server().connectionCount());
    assertEquals(
        new BesPoolStats(1, 1, 0, 1, 0, 0, 1, 1, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void waiter_getsTheConnectionReleasedDuringItsWait() throws Exception {
    CountDownLatch waiting = new CountDownLatch(1);
    client =
        builder()
            .maxConnections(1)
            .acquireTimeout(Duration.ofSeconds(10))
            .eventListener(
                new BesEventListener() {
                  @Override
                  public void acquireWaitStart() {
                    waiting.countDown();
                  }
                })
            .build();
    CountDownLatch finish = new CountDownLatch(1);
    enqueue(BesReply.pausedBeforeEnd("Dataset {} x;", finish), BesReply.document(STATUS_OK));
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      Future<String> waiter;
      try (BesResponse held = client.get(DDS)) {
        waiter = executor.submit(client::showStatus);
        assertTrue(waiting.await(5, TimeUnit.SECONDS), "second request never waited");
        finish.countDown();
        held.body().readAllBytes();
      }
      assertEquals("OK", waiter.get(5, TimeUnit.SECONDS));
    } finally {
      executor.shutdownNow();
    }
    assertEquals(
        new BesPoolStats(1, 1, 0, 1, 0, 0, 1, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  @SuppressWarnings("try") // the response is held open only to keep the one connection busy
  void acquireTimeoutZero_failsAtOnce() throws Exception {
    client = builder().maxConnections(1).acquireTimeout(Duration.ZERO).build();
    CountDownLatch finish = new CountDownLatch(1);
    enqueue(BesReply.pausedBeforeEnd("x", finish));
    try (BesResponse held = client.get(DDS)) {
      assertThrows(BesPoolExhaustedException.class, this::status);
    } finally {
      finish.countDown();
    }
  }

  @Test
  void staleReusedConnection_sentOnceMoreOnAFreshOne() throws Exception {
    client = builder().build();
    enqueue(
        BesReply.document(STATUS_OK),
        BesReply.fault(Fault.closeConnection()),
        BesReply.document(STATUS_OK));
    status();
    status();
    RecordedRequest first = takeRequest();
    RecordedRequest stale = takeRequest();
    RecordedRequest retry = takeRequest();
    assertEquals(
        List.of(0, 0, 1),
        List.of(first.connectionIndex(), stale.connectionIndex(), retry.connectionIndex()));
    assertEquals(stale.xml(), retry.xml(), "the same document, sent again");
    assertEquals(
        new BesPoolStats(1, 1, 0, 2, 1, 1, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void retry_happensOnlyOnce() throws Exception {
    client = builder().build();
    enqueue(
        BesReply.document(STATUS_OK),
        BesReply.fault(Fault.closeConnection()),
        BesReply.fault(Fault.closeConnection()));
    status();
    IOException e = assertThrows(IOException.class, this::status);
    assertFalse(e instanceof BesErrorException);
    assertEquals(3, server().requestCount());
    assertEquals(
        new BesPoolStats(0, 0, 0, 2, 2, 1, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void freshConnectionFailure_isNotRetried() throws Exception {
    client = builder().build();
    enqueue(BesReply.fault(Fault.closeConnection()));
    assertThrows(IOException.class, this::status);
    assertEquals(1, server().requestCount());
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void noRetry_onceTheResponseHasBegun() throws Exception {
    client = builder().build();
    enqueue(
        BesReply.document(STATUS_OK),
        BesReply.document("Dataset {").withFault(Fault.closeBeforeEnd()));
    status();
    try (BesResponse response = client.get(DDS)) {
      byte[] buffer = new byte[9];
      assertEquals(9, response.body().readNBytes(buffer, 0, 9));
      assertThrows(IOException.class, () -> response.body().read());
    }
    assertEquals(2, server().requestCount());
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void readTimeout_surfaces_isNotRetried_andDiscardsTheConnection() throws Exception {
    client =
        BesClient.newBuilder()
            .endpoint(bes.endpoint())
            .pptOptions(PptOptions.newBuilder().readTimeout(Duration.ofMillis(200)).build())
            .build();
    enqueue(BesReply.document(STATUS_OK), BesReply.fault(Fault.stall()));
    status();
    PptTimeoutException e = assertThrows(PptTimeoutException.class, this::status);
    assertTrue(
        e.getMessage().startsWith("read timeout of 200 ms elapsed waiting for the BES"),
        e.getMessage());
    assertEquals(2, server().requestCount());
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void maxCommandsPerConnection_retiresTheConnection_withAnExitMessage() throws Exception {
    client = builder().maxCommandsPerConnection(2).build();
    enqueue(
        BesReply.document(STATUS_OK), BesReply.document(STATUS_OK), BesReply.document(STATUS_OK));
    status();
    status();
    assertTrue(server().awaitClosedConnections(1, Duration.ofSeconds(5)), "connections closed");
    assertEquals(1, server().exitMessageCount());
    status();
    List<Integer> connections = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      connections.add(takeRequest().connectionIndex());
    }
    assertEquals(List.of(0, 0, 1), connections);
    assertEquals(
        new BesPoolStats(1, 1, 0, 2, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void cleanup_closesConnectionsIdleForMaxIdle_andSaysWhenToRunNext() throws Exception {
    FakePoolClock now = new FakePoolClock();
    client = builder().maxIdle(Duration.ofSeconds(60)).clock(now).build();
    BesConnectionPool pool = client.pool();
    assertEquals(1, client.prewarm(1));
    now.set(10 * SECOND);
    assertEquals(1, client.prewarm(2), "opens until two are open");
    assertEquals(0, client.prewarm(2), "nothing more to open");

    assertEquals(30 * SECOND, pool.cleanup(30 * SECOND), "the first reaches maxIdle at 60 s");
    assertEquals(2, client.poolStats().idle());
    assertEquals(5 * SECOND, pool.cleanup(65 * SECOND), "the second reaches it at 70 s");
    assertEquals(1, client.poolStats().idle());
    assertEquals(-1, pool.cleanup(70 * SECOND));
    assertEquals(
        new BesPoolStats(0, 0, 0, 2, 2, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
    assertTrue(server().awaitClosedConnections(2, Duration.ofSeconds(5)), "connections closed");
    assertEquals(2, server().exitMessageCount(), "idle connections told their BES process to exit");
  }

  @Test
  void connectionIdleTooLong_isNotLentOut() throws Exception {
    FakePoolClock now = new FakePoolClock();
    client = builder().maxIdle(Duration.ofSeconds(60)).clock(now).build();
    enqueue(BesReply.document(STATUS_OK), BesReply.document(STATUS_OK));
    status();
    now.set(61 * SECOND);
    status();
    assertEquals(2, server().connectionCount());
    assertEquals(
        new BesPoolStats(1, 1, 0, 2, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void maintenanceThread_evictsIdleConnectionsOnItsOwn() throws Exception {
    CountDownLatch evicted = new CountDownLatch(1);
    client =
        builder()
            .maxIdle(Duration.ofMillis(50))
            .eventListener(
                new BesEventListener() {
                  @Override
                  public void connectionDiscarded(long connectionId, String reason) {
                    if (reason.startsWith("idle for ")) {
                      evicted.countDown();
                    }
                  }
                })
            .build();
    enqueue(BesReply.document(STATUS_OK));
    status();
    assertTrue(evicted.await(5, TimeUnit.SECONDS), "idle connection never evicted");
    assertEquals(0, client.poolStats().total());
  }

  @Test
  void connectsInFlight_cappedAtMaxConcurrentConnects() throws Exception {
    int requests = 8;
    client = builder().maxConnections(requests).maxConcurrentConnects(2).build();
    for (int i = 0; i < requests; i++) {
      server().enqueueFault(Fault.delayHandshake(Duration.ofMillis(100)));
    }
    for (int i = 0; i < requests; i++) {
      enqueue(BesReply.document(STATUS_OK));
    }
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService executor = Executors.newFixedThreadPool(requests);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < requests; i++) {
        results.add(
            executor.submit(
                () -> {
                  start.await();
                  return client.showStatus();
                }));
      }
      start.countDown();
      for (Future<String> result : results) {
        assertEquals("OK", result.get(10, TimeUnit.SECONDS));
      }
    } finally {
      executor.shutdownNow();
    }
    assertEquals(2, server().mostHandshakesAtOnce());
  }

  @Test
  void prewarm_opensConnections_andTheWarmestIsReusedFirst() throws Exception {
    client = builder().build();
    assertEquals(3, client.prewarm(3));
    assertEquals(3, server().connectionCount());
    enqueue(BesReply.document(STATUS_OK), BesReply.document(STATUS_OK));
    status();
    status();
    assertEquals(2, takeRequest().connectionIndex(), "most recently returned first");
    assertEquals(2, takeRequest().connectionIndex());
    assertEquals(
        new BesPoolStats(3, 3, 0, 3, 0, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void builderPrewarm_runsInTheBackground() throws Exception {
    CountDownLatch pooled = new CountDownLatch(2);
    client =
        builder()
            .prewarm(2)
            .eventListener(
                new BesEventListener() {
                  @Override
                  public void connectionReleased(long connectionId, boolean kept) {
                    if (kept) {
                      pooled.countDown();
                    }
                  }
                })
            .build();
    assertTrue(pooled.await(5, TimeUnit.SECONDS), "pre-warming never finished");
    assertEquals(
        new BesPoolStats(2, 2, 0, 2, 0, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void prewarm_isBestEffort_andStopsAtTheFirstFailure() throws Exception {
    client = BesClient.newBuilder().endpoint(closedPort()).build();
    assertEquals(0, client.prewarm(3));
    assertEquals(
        new BesPoolStats(0, 0, 0, 0, 0, 0, 0, 0, 1, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void connectFailure_surfaces_andReleasesTheLease() throws Exception {
    client = BesClient.newBuilder().endpoint(closedPort()).maxConnections(1).build();
    IOException first = assertThrows(IOException.class, this::status);
    IOException second = assertThrows(IOException.class, this::status);
    assertFalse(first instanceof BesPoolExhaustedException);
    assertFalse(second instanceof BesPoolExhaustedException, "the failed connect kept its lease");
    assertEquals(
        new BesPoolStats(0, 0, 0, 0, 0, 0, 0, 0, 2, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void fatalError_exitTrue_discardsTheConnection() throws Exception {
    client = builder().build();
    enqueue(
        BesReply.document(STATUS_OK),
        BesReply.error(BesError.INTERNAL_FATAL, "handler crashed"),
        BesReply.document(STATUS_OK));
    status();
    BesErrorException e = assertThrows(BesErrorException.class, () -> client.get(DDS));
    assertEquals(
        new BesError(BesError.INTERNAL_FATAL, "handler crashed", 0, "support@opendap.org"),
        e.error());
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
    status();
    assertEquals(2, server().connectionCount());
  }

  @Test
  void ordinaryError_keepsTheConnection() throws Exception {
    client = builder().build();
    enqueue(BesReply.error(BesError.NOT_FOUND, "Failed to locate"), BesReply.document(STATUS_OK));
    BesErrorException e = assertThrows(BesErrorException.class, () -> client.showNode("/nope"));
    assertEquals(BesError.NOT_FOUND, e.error().type());
    status();
    assertEquals(1, server().connectionCount());
    assertEquals(
        new BesPoolStats(1, 1, 0, 1, 0, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void response_readToTheEnd_returnsTheConnection_closedEarly_discardsIt() throws Exception {
    client = builder().build();
    enqueue(BesReply.document("Dataset {} a;"), BesReply.document("Dataset {} b;"));
    try (BesResponse response = client.get(DDS)) {
      assertEquals(
          "Dataset {} a;", new String(response.body().readAllBytes(), StandardCharsets.US_ASCII));
    }
    assertEquals(
        new BesPoolStats(1, 1, 0, 1, 0, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
    BesResponse unread = client.get(DDS);
    // A get's answer may be long: it holds one of the connections outside the reserve.
    assertEquals(
        new BesPoolStats(1, 0, 1, 1, 0, 0, 0, 0, 0, client.reservedConnections(), 1, 0),
        client.poolStats());
    unread.close();
    unread.close();
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void releasedWithItsAnswerUnread_theConnectionIsDiscarded_neverLentWithTheRestOfIt()
      throws Exception {
    client = builder().build();
    enqueue(BesReply.document("Dataset {} a;"));
    BesConnectionPool pool = client.pool();
    Lease lease = pool.acquire();
    // A holder that gives the connection back without reading or closing the answer.
    lease.connection.send("<request/>".getBytes(StandardCharsets.US_ASCII));
    pool.release(lease);
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void emptyAnswer_failsTheBodyInsteadOfEndingIt_andDiscardsTheConnection() throws Exception {
    client = builder().build();
    enqueue(BesReply.wire(org.olfsfastpath.ppt.PptFraming.endChunk()));
    try (BesResponse response = client.get(DDS)) {
      IOException e = assertThrows(IOException.class, () -> response.body().readAllBytes());
      assertInstanceOf(BesProtocolException.class, e);
      assertThrows(
          BesProtocolException.class, () -> response.body().read(), "and on every read after");
    }
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void closingTheBody_returnsTheConnectionToo() throws Exception {
    client = builder().build();
    enqueue(BesReply.document("Dataset {} c;"));
    BesResponse response = client.get(DDS);
    try (var body = response.body()) {
      assertEquals(13, body.readAllBytes().length);
    }
    assertEquals(
        new BesPoolStats(1, 1, 0, 1, 0, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  @Regression(
      "c19fee0: a connection whose BES failed after part of its answer was relayed went "
          + "back to the pool")
  void errorAfterData_surfacesFromTheBody_andDiscardsTheConnection() throws Exception {
    client = builder().build();
    byte[] data = "Dataset {".getBytes(StandardCharsets.US_ASCII);
    byte[] error =
        ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<response xmlns="
                + "\"http://xml.opendap.org/ns/bes/1.0#\" reqID=\"r\"><BES><BESError><Type>1</Type>"
                + "<Message>late</Message></BESError></BES></response>")
            .getBytes(StandardCharsets.US_ASCII);
    java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
    wire.write(org.olfsfastpath.ppt.PptFraming.header(data.length, (byte) 'd'));
    wire.write(data);
    wire.write(
        org.olfsfastpath.ppt.PptFraming.encodeExtensions(java.util.Map.of("status", "error")));
    wire.write(org.olfsfastpath.ppt.PptFraming.encodeMessage(error));
    enqueue(BesReply.wire(wire.toByteArray()));
    try (BesResponse response = client.get(DDS)) {
      IOException e = assertThrows(IOException.class, () -> response.body().readAllBytes());
      assertInstanceOf(PptStreamErrorException.class, e);
    }
    // The connection is in step again after the error's end chunk, but a BES process that failed
    // mid-answer is not lent out again.
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void closedClient_refusesCommands_andOpenResponsesCloseTheirConnection() throws Exception {
    client = builder().build();
    enqueue(BesReply.document(STATUS_OK), BesReply.document("Dataset {} c;"));
    status();
    BesResponse open = client.get(DDS);
    client.close();
    IllegalStateException e = assertThrows(IllegalStateException.class, this::status);
    assertEquals("BES client for " + bes.endpoint() + " is closed", e.getMessage());
    open.body().readAllBytes();
    open.close();
    assertEquals(
        new BesPoolStats(0, 0, 0, 1, 1, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  @Test
  void failingListener_neverFailsARequest() throws Exception {
    client =
        builder()
            .eventListener(
                new BesEventListener() {
                  @Override
                  public void connectStart(PptEndpoint endpoint) {
                    throw new IllegalStateException("listener bug");
                  }

                  @Override
                  public void connectionAcquired(long connectionId, boolean reused) {
                    throw new IllegalStateException("listener bug");
                  }

                  @Override
                  public void connectionReleased(long connectionId, boolean kept) {
                    throw new IllegalStateException("listener bug");
                  }
                })
            .build();
    enqueue(BesReply.document(STATUS_OK));
    status();
    assertEquals(1, client.poolStats().idle());
  }

  @Test
  void evictIdle_closesIdleConnections() throws Exception {
    client = builder().build();
    assertEquals(2, client.prewarm(2));
    client.evictIdle();
    assertTrue(server().awaitClosedConnections(2, Duration.ofSeconds(5)), "connections closed");
    assertEquals(
        new BesPoolStats(0, 0, 0, 2, 2, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
  }

  private static PptEndpoint closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return PptEndpoint.tcp(socket.getInetAddress().getHostAddress(), socket.getLocalPort());
    }
  }
}
