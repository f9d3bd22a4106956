package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.http.CacheHeaders;
import org.olfsfastpath.http.HttpCacheSettings;
import org.olfsfastpath.log.HyraxLogs;
import org.olfsfastpath.log.LogSettings;

/**
 * What every answer of the DAP servlet says beside its body, through the access log filter as the
 * container runs it: the request's id in X-Request-Id, in each BES command's Caller (and, with
 * EnableCombinedLog, the olfsLog context) and in the access line; Cache-Control by kind (open,
 * private with credentials, no-store for errors and POST), the same on a 304; Vary: Accept where
 * the URL negotiates; byte ranges of a kept answer.
 */
final class AnswerPolicyTest {
  private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
  private static final String OPEN = "public, max-age=1, s-maxage=1, stale-while-revalidate=1";

  @TempDir Path logDir;
  private final LoggerContext context = new LoggerContext();
  private final FakeBackend backend =
      new FakeBackend().withDataset("/coads_climatology.nc").withDirectory("/");
  private HyraxLogs logs;

  @AfterEach
  void stop() {
    if (logs != null) {
      logs.close();
    }
    context.stop();
  }

  private DapServlet servlet(boolean combinedLog) {
    FrontEndSettings settings = FrontEndSettings.newBuilder().build();
    AnswerPolicy policy =
        new AnswerPolicy(
            CacheHeaders.of(HttpCacheSettings.defaults(), Duration.ofSeconds(1), false),
            new RequestIds(RequestIds.DEFAULT_MAX_LENGTH),
            "X-Request-Id",
            combinedLog);
    return new DapServlet(
        DapRequestParser.withDefaults(),
        Responders.create(
            settings,
            backend,
            "test",
            new VersionService("test", backend::versions, List.of()),
            null,
            Clock.fixed(NOW, ZoneOffset.UTC),
            org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
            policy),
        new FrontEndStats(),
        settings,
        null,
        DapServlet.RequestTimer.NONE,
        AccessGate.open());
  }

  private FakeHttp.Response run(DapServlet servlet, FakeHttp.Request request) throws Exception {
    if (logs == null) {
      context.setMDCAdapter(new LogbackMDCAdapter());
      logs = HyraxLogs.start(context, LogSettings.defaults(), logDir, null);
    }
    AccessLogFilter filter =
        new AccessLogFilter(
            logs,
            new RequestIds(RequestIds.DEFAULT_MAX_LENGTH),
            "X-Request-Id",
            ClientAddresses.DIRECT,
            false);
    FakeHttp.Response response = new FakeHttp.Response();
    filter.doFilter(
        request.build(),
        response.build(),
        (req, resp) ->
            servlet.service(
                (jakarta.servlet.http.HttpServletRequest) req,
                (jakarta.servlet.http.HttpServletResponse) resp));
    return response;
  }

  private FakeHttp.Response run(FakeHttp.Request request) throws Exception {
    return run(servlet(false), request);
  }

  private List<String> accessLines() throws IOException {
    logs.close();
    logs = null;
    return Files.readAllLines(logDir.resolve("HyraxAccess.log"), StandardCharsets.UTF_8);
  }

  @Test
  void theClientsId_isEchoed_sentToTheBes_andLogged() throws Exception {
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.ascii?COADSX%5B0:1:3%5D")
                .header("a-api-request-uuid", "3f2b-client"));
    assertEquals(200, r.status);
    String logId = r.header("X-Request-Id");
    assertTrue(logId.startsWith("3f2b-client-"), logId);
    Caller caller = backend.callers.get(0);
    assertEquals(logId, caller.requestId().logId());
    assertEquals(List.of(), caller.contexts(), "no olfsLog without EnableCombinedLog");
    String line = accessLines().get(0);
    assertTrue(line.contains("] [200] [" + logId + "] [HTTP-GET] ["), line);
    assertTrue(line.endsWith("[COADSX#5B0:1:3#5D] [" + r.body().length + "]"), line);
  }

  @Test
  void anIdInAPostBody_isTaken_asUpstreamTakesIt() throws Exception {
    FakeHttp.Response r =
        run(
            FakeHttp.Request.post(
                "/coads_climatology.nc.dap", "dap4.ce=COADSX&a-api-request-uuid=from-body"));
    assertTrue(r.header("X-Request-Id").startsWith("from-body-"), r.header("X-Request-Id"));
    assertEquals(r.header("X-Request-Id"), backend.callers.get(0).requestId().logId());
    assertEquals("no-store", r.header("Cache-Control"));
  }

  @Test
  void combinedLog_sendsTheRequestsFieldsAsTheOlfsLogContext() throws Exception {
    FakeHttp.Response r =
        run(servlet(true), FakeHttp.Request.get("/coads_climatology.nc.dods?COADSX"));
    List<GetRequest.Context> contexts = backend.callers.get(0).contexts();
    assertEquals(1, contexts.size());
    assertEquals("olfsLog", contexts.get(0).name());
    String[] fields = contexts.get(0).value().split("\\|&\\|", -1);
    assertEquals(9, fields.length, contexts.get(0).value());
    assertEquals(r.header("X-Request-Id"), fields[5]);
    assertEquals("HTTP-GET", fields[6]);
    assertEquals("/opendap/coads_climatology.nc.dods", fields[7]);
    assertEquals("COADSX", fields[8]);
  }

  @Test
  void openAnswers_mayBeKept_andA304SaysTheSame() throws Exception {
    FakeHttp.Response das = run(FakeHttp.Request.get("/coads_climatology.nc.das"));
    assertEquals(OPEN, das.header("Cache-Control"));
    FakeHttp.Response again =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.das")
                .header("If-None-Match", das.header("ETag")));
    assertEquals(304, again.status);
    assertEquals(OPEN, again.header("Cache-Control"));
    assertEquals(
        OPEN, run(FakeHttp.Request.get("/coads_climatology.nc.dods")).header("Cache-Control"));
    assertEquals(OPEN, run(FakeHttp.Request.get("/")).header("Cache-Control"));
  }

  @Test
  void credentials_makeTheAnswerPrivate() throws Exception {
    assertEquals(
        "private, no-cache",
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("Authorization", "Bearer x"))
            .header("Cache-Control"));
    FakeHttp.Request loggedIn = FakeHttp.Request.get("/coads_climatology.nc.das");
    loggedIn.attributes.put(RequestLog.USER_ATTRIBUTE, "alice");
    assertEquals("private, no-cache", run(loggedIn).header("Cache-Control"));
    assertTrue(accessLines().get(1).startsWith("[127.0.0.1] [-] [-] [alice] ["));
  }

  @Test
  void errors_areNeverStored_andKeepTheirId() throws Exception {
    FakeHttp.Response r = run(FakeHttp.Request.get("/nope.nc.dds"));
    assertEquals(404, r.status);
    assertEquals("no-store", r.header("Cache-Control"));
    assertTrue(r.header("X-Request-Id").matches(".+-[0-9a-f-]{36}"), r.header("X-Request-Id"));
    String line = accessLines().get(0);
    assertTrue(line.endsWith("[HTTP-GET] [/opendap/nope.nc.dds] [-] [-1]"), line);
    String error = Files.readAllLines(logDir.resolve("HyraxErrors.log")).get(0);
    assertTrue(error.contains("[" + r.header("X-Request-Id") + "]"), error);
    assertTrue(error.contains(" ERROR - org.olfsfastpath.web.DapServlet - 404: "), error);
  }

  @Test
  void negotiatedUrls_varyOnAccept() throws Exception {
    assertEquals(
        "Accept-Encoding, Accept",
        run(FakeHttp.Request.get("/coads_climatology.nc.dmr")).header("Vary"));
    assertEquals(
        "Accept-Encoding", run(FakeHttp.Request.get("/coads_climatology.nc.das")).header("Vary"));
  }

  @Test
  void aKeptAnswer_takesARange() throws Exception {
    byte[] whole = run(FakeHttp.Request.get("/coads_climatology.nc.das")).body();
    FakeHttp.Response part =
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("Range", "bytes=0-9"));
    assertEquals(206, part.status);
    assertEquals("bytes 0-9/" + whole.length, part.header("Content-Range"));
    assertArrayEquals(Arrays.copyOf(whole, 10), part.body());
    assertNull(part.header("Content-Encoding"));
    FakeHttp.Response none =
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("Range", "bytes=99999-"));
    assertEquals(416, none.status);
    assertEquals("bytes */" + whole.length, none.header("Content-Range"));
  }
}
