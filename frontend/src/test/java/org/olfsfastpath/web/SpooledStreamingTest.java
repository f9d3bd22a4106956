package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.testing.Regression;

/**
 * The servlet with the spool, in a container's asynchronous mode ({@link FakeAsync}): an answer
 * that fits the response buffer is written at once; a longer one is written straight from the BES
 * by the request's thread while the client takes each write, and once it would not the rest goes on
 * after the servlet returns, its BES response closed when the BES has sent it all, before a slow
 * client has read it; a failure after part of it went out aborts the response; a client that hangs
 * up frees the spool at once. The metrics hear each request once, when it has ended.
 */
@Timeout(120)
final class SpooledStreamingTest {
  @TempDir Path dir;

  private final FakeBackend backend = new FakeBackend().withDataset("/coads_climatology.nc");
  private final FrontEndStats stats = new FrontEndStats();
  private final List<String> timed = new ArrayList<>();
  private final TaskThreads producers = new TaskThreads();
  private Spool spool;
  private DapServlet servlet;

  private DapServlet servlet(Spool spool) {
    this.spool = spool;
    FrontEndSettings settings = FrontEndSettings.newBuilder().build();
    servlet =
        new DapServlet(
            DapRequestParser.withDefaults(),
            Responders.create(
                settings,
                backend,
                "test",
                new VersionService("test", backend::versions, List.of()),
                null,
                Clock.fixed(Instant.parse("2026-11-25T12:00:00Z"), ZoneOffset.UTC),
                spool,
                AnswerPolicy.defaults()),
            stats,
            settings,
            null,
            (type, status, nanos) -> {
              synchronized (timed) {
                timed.add(type + " " + status);
              }
            },
            AccessGate.open());
    return servlet;
  }

  private DapServlet servlet() {
    return servlet(
        Spool.newBuilder().directory(dir).responseMemory(128 * 1024).producers(producers).build());
  }

  private static byte[] answer(int length) {
    byte[] bytes = new byte[length];
    new Random(length).nextBytes(bytes);
    return bytes;
  }

  /** {@code request} as the access log filter hands it on: with its log, which counts the body. */
  private static RequestLog logged(FakeHttp.Request request) {
    RequestLog log =
        new RequestLog(
            request.build(), "127.0.0.1", org.olfsfastpath.bes.RequestId.withFreshUuid("t"));
    request.attributes.put(RequestLog.ATTRIBUTE, log);
    return log;
  }

  private List<Path> spoolFiles() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.toList();
    }
  }

  @Test
  void smallAnswer_isWrittenAtOnce_withoutAsync() throws Exception {
    backend.body = answer(20_000);
    FakeAsync exchange =
        new FakeAsync(servlet(), FakeHttp.Request.get("/coads_climatology.nc.dods"), 0).serve();
    assertFalse(exchange.started(), "an answer within the response buffer needs no spool");
    assertArrayEquals(backend.body, exchange.body());
    assertEquals(1, backend.closed.get());
    assertEquals(List.of("dods 200"), timed);
    assertEquals(1, stats.dataResponses.sum());
  }

  @Test
  void slowClient_besResponseClosedAtTheBesEnd_thenTheClientReadsItAll() throws Exception {
    backend.body = answer(3_000_000);
    FakeHttp.Request request = FakeHttp.Request.get("/coads_climatology.nc.dods");
    RequestLog log = logged(request);
    FakeAsync exchange = new FakeAsync(servlet(), request, 40_000).serve();
    assertTrue(exchange.started());
    producers.join(); // The producer has read the BES answer to its end.
    assertEquals(1, spool.stats().handOffs());
    assertEquals(1, backend.closed.get(), "closed while the client has read little of it");
    assertTrue(exchange.body().length < backend.body.length);
    assertEquals(List.of(), timed, "not over yet");
    assertEquals(1, spool.stats().earlyReleases());
    assertEquals(1, spoolFiles().size());

    exchange.readToTheEnd(100_000);
    assertTrue(exchange.completed());
    assertArrayEquals(backend.body, exchange.body());
    assertEquals(List.of("dods 200"), timed, "recorded once, when it ended");
    assertEquals(1, stats.dataResponses.sum());
    assertEquals(3_000_000, stats.bytesStreamed.sum());
    assertEquals(
        3_000_000,
        log.ended(200).size(),
        "the access line counts what the request's thread wrote and what the spool wrote");
    assertEquals(List.of(), spoolFiles());
    assertEquals(0, spool.stats().memoryBytes());
  }

  @Test
  void fastClient_getsItStraight_fromTheRequestsThread_nothingSpooled() throws Exception {
    backend.body = answer(3_000_000);
    FakeHttp.Request request = FakeHttp.Request.get("/coads_climatology.nc.dods");
    RequestLog log = logged(request);
    FakeAsync exchange = new FakeAsync(servlet(), request, Long.MAX_VALUE / 2).serve();
    assertTrue(exchange.completed(), "written whole by the request's thread");
    assertEquals(0, producers.submitted(), "no producer");
    assertArrayEquals(backend.body, exchange.body());
    assertEquals(1, backend.closed.get());
    assertEquals(0, spool.stats().spooledBytes(), spool.stats().toString());
    assertEquals(0, spool.stats().handOffs());
    assertEquals(List.of("dods 200"), timed);
    assertEquals(1, stats.dataResponses.sum());
    assertEquals(3_000_000, stats.bytesStreamed.sum());
    assertEquals(3_000_000, log.ended(200).size(), "the access line counts the direct copy");
  }

  @Test
  void gzip_ofALongTextAnswer_isSpooledCompressed() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; text.length() < 2_000_000; i++) {
      text.append("COADSX[").append(i).append("], ").append(i * 0.5).append('\n');
    }
    backend.body = text.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    FakeAsync exchange =
        new FakeAsync(
                servlet(),
                FakeHttp.Request.get("/coads_climatology.nc.ascii")
                    .header("Accept-Encoding", "gzip"),
                10_000)
            .serve();
    producers.join();
    exchange.readToTheEnd(50_000);
    assertEquals("gzip", exchange.response().header("Content-Encoding"));
    byte[] unzipped = new GZIPInputStream(new ByteArrayInputStream(exchange.body())).readAllBytes();
    assertArrayEquals(backend.body, unzipped);
    assertEquals(1, stats.gzipResponses.sum());
  }

  @Test
  void besFailsAfterPartWentOut_theClientGetsWhatTheBesSent_thenTheConnectionIsAborted()
      throws Exception {
    backend.body = answer(3_000_000);
    backend.failAfter = 2_000_000;
    FakeAsync exchange =
        new FakeAsync(servlet(), FakeHttp.Request.get("/coads_climatology.nc.dods"), 50_000)
            .serve();
    producers.join();
    assertNull(exchange.aborted(), "no abort while the client has spooled bytes to take");
    exchange.readToTheEnd(50_000);
    assertEquals(0, spool.stats().diskBytes(), "freed once the client took it");
    assertEquals(List.of(), spoolFiles());
    assertEquals(2_000_000, exchange.body().length, "every byte the BES sent before it failed");
    Throwable aborted = exchange.aborted();
    assertNotNull(aborted, "the container aborts the connection");
    assertTrue(aborted.getMessage().contains("aborting the connection"), aborted.getMessage());
    assertFalse(exchange.completed());
    assertEquals(1, stats.midStreamFailures.sum());
    assertEquals(0, stats.dataResponses.sum());
    assertEquals(1, backend.closed.get());
    assertEquals(List.of("dods 200"), timed);
  }

  /**
   * The BES fails just after the first response buffer's worth went to the output, which a
   * container holds unsent (a write that fills its buffer exactly is sent when more comes): the
   * output is flushed before the abort, so the response is committed and its client sees a cut
   * body, not the container's own 500 page for a failure thrown before the commit.
   */
  @Test
  @Regression(
      "a BES failing right after the first 32 KiB of a long answer, written straight from the BES,"
          + " reached its client as Tomcat's 500 error page (FaultsIT protocolFaults), since those"
          + " bytes sat in the response buffer uncommitted when the abort's dispatch threw")
  void besFailsRightAfterTheFirstBuffer_theOutputIsFlushed_beforeTheAbort() throws Exception {
    backend.body = answer(3_000_000);
    backend.failAfter = BodyCopy.RESPONSE_BUFFER;
    // A netCDF download, which the response cache never reads ahead of the client.
    FakeAsync exchange =
        new FakeAsync(
                servlet(), FakeHttp.Request.get("/coads_climatology.nc.nc"), Long.MAX_VALUE / 2)
            .serve();
    assertNotNull(
        exchange.aborted(),
        () ->
            "the container aborts the connection: started "
                + exchange.started()
                + ", completed "
                + exchange.completed()
                + ", "
                + exchange.body().length
                + " bytes, status "
                + exchange.response().status);
    assertTrue(exchange.flushes() > 0, "the response was committed before the abort");
    assertEquals(1, stats.midStreamFailures.sum());
    assertEquals(1, backend.closed.get());
  }

  @Test
  @Regression(
      "an abort dropped the bytes the container still held for a client that had not taken them")
  void besFailsWhileTheClientLags_theAbortWaitsUntilWhatWasWrittenIsOut() throws Exception {
    backend.body = answer(3_000_000);
    backend.failAfter = BodyCopy.RESPONSE_BUFFER;
    // The client takes exactly what is written before the failure, and not a byte more yet.
    FakeAsync exchange =
        new FakeAsync(
                servlet(),
                FakeHttp.Request.get("/coads_climatology.nc.nc"),
                BodyCopy.RESPONSE_BUFFER)
            .serve();
    producers.join();
    assertNull(exchange.aborted(), "no abort while the client has bytes to take");
    exchange.allow(1);
    assertNotNull(exchange.aborted(), "the abort once they are out");
    assertTrue(exchange.flushes() > 0, "the response was committed before the abort");
    assertEquals(BodyCopy.RESPONSE_BUFFER, exchange.body().length, "every byte written went out");
    assertEquals(1, stats.midStreamFailures.sum());
    assertEquals(1, backend.closed.get());
  }

  @Test
  void clientHangsUpMidSpool_spoolFreedAtOnce() throws Exception {
    backend.body = answer(3_000_000);
    FakeAsync exchange =
        new FakeAsync(servlet(), FakeHttp.Request.get("/coads_climatology.nc.dods"), 40_000)
            .serve();
    producers.join();
    assertEquals(1, spoolFiles().size());
    exchange.hangUp();
    assertEquals(List.of(), spoolFiles(), "the file is deleted at once");
    assertEquals(0, spool.stats().memoryBytes());
    assertEquals(1, spool.stats().clientDisconnects());
    assertEquals(1, stats.clientAborts.sum());
    assertEquals(1, backend.closed.get());
    assertNull(exchange.aborted());
  }

  @Test
  void spoolOff_copiesAsTheClientReads() throws Exception {
    backend.body = answer(3_000_000);
    FakeAsync exchange =
        new FakeAsync(
                servlet(Spool.newBuilder().enabled(false).build()),
                FakeHttp.Request.get("/coads_climatology.nc.dods"),
                0)
            .serve();
    assertFalse(exchange.started(), "without the spool, nothing goes on after service");
    assertArrayEquals(backend.body, exchange.response().body());
    assertEquals(1, backend.closed.get());
  }

  /**
   * The producer reads the BES on a thread of the spool's, never on one of the container's: with
   * every request thread of the container busy (here its tasks never run), the answer still streams
   * to its end, its BES response is closed at the BES's end, and the container was given no task.
   */
  @Test
  @Regression(
      "07f8408: the producer ran on a container thread (AsyncContext.start), so under an"
          + " open-model load whose requests waited for BES connections in every container thread,"
          + " the producers that would give those connections back waited behind them until the"
          + " waits timed out (503s, the front end idle)")
  void producer_runsOffTheContainersThreads_soBusyRequestThreadsCannotStarveIt() throws Exception {
    backend.body = answer(3_000_000);
    DapServlet servlet =
        servlet(
            Spool.newBuilder()
                .directory(dir)
                .responseMemory(128 * 1024)
                .build()); // the spool's own producer threads
    FakeAsync exchange =
        new FakeAsync(servlet, FakeHttp.Request.get("/coads_climatology.nc.dods"), 40_000).serve();
    assertTrue(exchange.started());
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> exchange.readToTheEnd(100_000),
        "the answer never ended: its producer waited for a container thread");
    assertTrue(exchange.completed());
    assertArrayEquals(backend.body, exchange.body());
    assertEquals(1, backend.closed.get());
    assertEquals(0, exchange.containerTasks(), "no task for the container's threads");
    spool.close();
  }
}
