package org.olfsfastpath.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.testing.Captures;

/**
 * Each line of ours against upstream's own lines for the same requests (Ref: the upstream OLFS's
 * logs of seven known requests, beside the captures), field by field: a request with a query (and
 * the client's id as a header or a parameter), an error (400 with size -1, its HyraxErrors.log and
 * olfs-log.json lines), a POST, a directory page; and a request with a user, which Ref has none of.
 * Only what changes from run to run differs: the time stamp (checked for its form), the thread and
 * the time since the context started.
 */
final class HyraxLogsTest {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS Z");

  @TempDir Path dir;
  private LoggerContext context;
  private @Nullable HyraxLogs logs;

  @BeforeEach
  void context() {
    context = new LoggerContext();
    // What the SLF4J provider gives the context it makes.
    context.setMDCAdapter(new LogbackMDCAdapter());
    context.start();
  }

  @AfterEach
  void close() {
    if (logs != null) {
      logs.close();
    }
    context.stop();
  }

  private static Path reference(String file) {
    Optional<Path> shared = Captures.shared();
    if (shared.isEmpty()) {
      Captures.skip();
    }
    return shared.orElseThrow().resolve("reference/upstream-logs").resolve(file);
  }

  private HyraxLogs start() {
    HyraxLogs started = HyraxLogs.start(context, LogSettings.defaults(), dir, null);
    logs = started;
    return started;
  }

  private List<String> closeAndRead(String file) throws IOException {
    HyraxLogs started = logs;
    if (started != null) {
      started.close();
      logs = null;
    }
    return Files.readAllLines(dir.resolve(file), StandardCharsets.UTF_8);
  }

  /** The seven requests of Ref, as the front end sees them: what the lines are made of. */
  private static List<AccessRecord> upstreamsRequests() {
    String curl = "curl/7.88.1";
    String coads = "/opendap/hyrax/coads_climatology.nc";
    return List.of(
        access(
            curl,
            "3f2b1c4e-aaaa-4bbb-8ccc-0123456789ab-555d78e7-8800-4411-8aed-89c5cd16fd13",
            "GET",
            coads + ".ascii",
            "COADSX%5B0:1:3%5D",
            131,
            200,
            53),
        access(
            curl,
            "9d8c7b6a-1111-4222-8333-444455556666-15d268d4-192b-4c58-9e76-d8de276c70e6",
            "GET",
            coads + ".dods",
            "SST%5B0%5D%5B0:1:2%5D%5B0:1:2%5D&a-api-request-uuid=9d8c7b6a-1111-4222-8333-444455556666",
            132,
            200,
            246),
        access(
            "Mozilla/5.0 (X11; Linux x86_64)",
            "http-nio-8080-exec-28_48-16efe541-1b13-4edd-bba7-a347345c0cfb",
            "GET",
            coads + ".das",
            null,
            132,
            200,
            1452),
        access(
            curl,
            "http-nio-8080-exec-4_21-8d6a0d33-6413-48bf-9620-4aaf0ae10ffb",
            "GET",
            coads + ".ascii",
            "NOPE",
            137,
            400,
            -1),
        access(
            curl,
            "http-nio-8080-exec-8_25-ca941156-c418-4f69-9bd6-e68a00a26e08",
            "GET",
            "/opendap/hyrax/nope.nc.dds",
            null,
            1,
            404,
            -1),
        access(
            curl,
            "http-nio-8080-exec-32_52-7f19bf9d-5333-48a4-80cf-5fd41120f3ea",
            "POST",
            coads + ".dap",
            null,
            136,
            200,
            2495),
        access(
            curl,
            "http-nio-8080-exec-29_49-f0a12872-6207-47e3-a714-58f3a3d1f6a5",
            "GET",
            "/opendap/hyrax/",
            "",
            157,
            200,
            -1));
  }

  private static AccessRecord access(
      String agent,
      String id,
      String method,
      String uri,
      @Nullable String query,
      long millis,
      int status,
      long size) {
    return new AccessRecord(
        new RequestFields("127.0.0.1", agent, null, null, 0L, id, method, uri, query),
        status,
        millis,
        size);
  }

  /** The bracketed fields of an access line. */
  private static List<String> fields(String line) {
    assertTrue(line.startsWith("[") && line.endsWith("]"), line);
    return Arrays.asList(line.substring(1, line.length() - 1).split("\\] \\[", -1));
  }

  private static void assertStamp(String stamp) {
    OffsetDateTime time = OffsetDateTime.parse(stamp, STAMP);
    assertTrue(
        Math.abs(time.toInstant().toEpochMilli() - System.currentTimeMillis()) < 60_000, stamp);
  }

  @Test
  void accessLines_areUpstreams_fieldByField() throws IOException {
    List<String> upstream = Files.readAllLines(reference("HyraxAccess.log"));
    HyraxLogs started = start();
    for (AccessRecord record : upstreamsRequests()) {
      started.access(record);
    }
    List<String> ours = closeAndRead("HyraxAccess.log");
    assertEquals(upstream.size(), ours.size());
    for (int i = 0; i < ours.size(); i++) {
      List<String> expected = fields(upstream.get(i));
      List<String> actual = fields(ours.get(i));
      assertEquals(12, actual.size(), ours.get(i));
      for (int f = 0; f < 12; f++) {
        if (f == 4) {
          assertStamp(actual.get(f));
        } else {
          assertEquals(expected.get(f), actual.get(f), "line " + (i + 1) + " field " + (f + 1));
        }
      }
    }
  }

  @Test
  void accessLine_ofAUser_namesTheUser_andNoControlCharacter() throws IOException {
    HyraxLogs started = start();
    started.access(
        new AccessRecord(
            new RequestFields(
                "192.0.2.7",
                "curl/8.1",
                "0123ABCD",
                "alice\r\n[x]",
                0L,
                "id-uuid",
                "HEAD",
                "/opendap/a.nc.das",
                "x"),
            304,
            2,
            -1));
    List<String> fields = fields(closeAndRead("HyraxAccess.log").get(0));
    assertEquals(
        List.of(
            "192.0.2.7",
            "curl#8#1",
            "0123ABCD",
            "alice##[x]",
            "       2",
            "304",
            " id-uuid",
            "HTTP-HEAD",
            "/opendap/a.nc.das",
            "x",
            "-1"),
        List.of(
            fields.get(0),
            fields.get(1),
            fields.get(2),
            fields.get(3),
            fields.get(5),
            fields.get(6),
            fields.get(7),
            fields.get(8),
            fields.get(9),
            fields.get(10),
            fields.get(11)));
  }

  /** An error answer, in both of upstream's error logs: Ref's request 4, its two events. */
  @Test
  void errorLines_areUpstreams_fieldByField() throws Exception {
    List<String> errors = Files.readAllLines(reference("HyraxErrors.log"));
    List<String> json = Files.readAllLines(reference("olfs-log.json"));
    HyraxLogs started = start();
    AccessRecord request4 = upstreamsRequests().get(3);
    String besError =
        "ERROR: BES transaction received a BESError Object. Msg: Failed to get values as ascii:"
            + " Constraint expression parse error: the expression referenced a identifier not found"
            + " in the dataset.";
    String handler =
        "anyExceptionHandler(): opendap.bes.BESError: Failed to get values as ascii: Constraint"
            + " expression parse error: the expression referenced a identifier not found in the"
            + " dataset.";
    Thread tomcat =
        new Thread(
            () -> {
              started.errorAnswer(
                  request4.request(), "opendap.bes.BES", "besTransaction", besError);
              started.errorAnswer(
                  request4.request(),
                  "opendap.coreServlet.OPeNDAPException",
                  "anyExceptionHandler",
                  handler);
            },
            "http-nio-8080-exec-4");
    tomcat.start();
    tomcat.join();
    List<String> ourErrors = closeAndRead("HyraxErrors.log");
    List<String> ourJson = Files.readAllLines(dir.resolve("olfs-log.json"));
    assertEquals(2, ourErrors.size());
    for (int i = 0; i < 2; i++) {
      assertEquals(withoutTimes(errors.get(i)), withoutTimes(ourErrors.get(i)));
      assertStamp(ourErrors.get(i).substring(0, 29));
      assertEquals(withoutJsonTimes(json.get(i)), withoutJsonTimes(ourJson.get(i)));
      assertStamp(ourJson.get(i).substring(11, 40));
    }
  }

  /** The time stamp and the time since the context started, which differ run to run. */
  private static String withoutTimes(String errorLine) {
    return errorLine.substring(29).replaceFirst("\\] \\[\\d+\\]\\[", "] [R][");
  }

  private static String withoutJsonTimes(String jsonLine) {
    return jsonLine
        .replaceFirst("\"date\": \"[^\"]*\"", "\"date\": \"D\"")
        .replaceFirst("\"rel_time\": \"\\d+\"", "\"rel_time\": \"R\"");
  }

  /** Gson's HTML-safe escaping, as Ref shows it ({@code '} is {@code \u0027}), on every field. */
  @Test
  void jsonLine_escapesAsGson() throws IOException {
    List<String> json = Files.readAllLines(reference("olfs-log.json"));
    String upstreamMessage = json.get(2).substring(json.get(2).indexOf("\"message\": "));
    HyraxLogs started = start();
    started.errorAnswer(
        new RequestFields("::1", null, null, "o\"brien<&>", 0L, "id-x", "GET", "/a", null),
        "l",
        "m",
        "ERROR: BES transaction received a BESError Object. Msg: Failed to locate"
            + " '/usr/share/hyrax/nope.nc'");
    started.errorAnswer(
        new RequestFields("::1", null, null, null, 0L, "id-y", "GET", "/a", null),
        "l",
        "m",
        "tab\tnewline\n= '\u2028");
    closeAndRead("HyraxErrors.log");
    List<String> ours = Files.readAllLines(dir.resolve("olfs-log.json"));
    assertEquals(upstreamMessage, ours.get(0).substring(ours.get(0).indexOf("\"message\": ")));
    assertTrue(
        ours.get(0).contains("\"user_id\": \"o\\\"brien\\u003c\\u0026\\u003e\""), ours.get(0));
    assertTrue(ours.get(0).contains("\"user_agent\": \"-\""), ours.get(0));
    assertTrue(ours.get(0).contains("\"logger_id\": \"l.m\""), ours.get(0));
    assertTrue(
        ours.get(1).endsWith("\"message\": \"tab\\tnewline\\n\\u003d \\u0027\\u2028\" }"),
        ours.get(1));
  }

  @Test
  void diagnosticsOfLevelError_reachTheErrorLogs_othersDoNot() throws IOException {
    start();
    context.getLogger("org.olfsfastpath.web.DapServlet").error("the BES is gone");
    context.getLogger("org.olfsfastpath.web.DapServlet").warn("a warning");
    List<String> errors = closeAndRead("HyraxErrors.log");
    assertEquals(1, errors.size());
    assertTrue(
        errors
                .get(0)
                .endsWith("[-] [] [] ERROR - org.olfsfastpath.web.DapServlet - the BES is gone")
            || errors
                .get(0)
                .endsWith("[] [] ERROR - org.olfsfastpath.web.DapServlet - the BES is gone"),
        errors.get(0));
  }

  @Test
  void stats_countWhatEachLogWrote() {
    HyraxLogs started = start();
    for (AccessRecord record : upstreamsRequests()) {
      started.access(record);
    }
    started.close();
    LogStats stats = started.stats();
    assertTrue(stats.enabled());
    assertEquals(dir.toString(), stats.directory());
    assertEquals(
        List.of("access", "errors", "json"),
        stats.logs().stream().map(LogStats.Counts::name).toList());
    LogStats.Counts access = stats.logs().get(0);
    assertEquals(7, access.written());
    assertEquals(0, access.dropped());
    assertEquals(0, access.queued());
    assertEquals(LogSettings.DEFAULT_QUEUE_SIZE, access.capacity());
    logs = null;
  }

  @Test
  void close_leavesNoThread() {
    start().access(upstreamsRequests().get(0));
    logs.close();
    logs = null;
    assertFalse(
        Thread.getAllStackTraces().keySet().stream()
            .anyMatch(t -> t.getName().startsWith("olfs-fastpath-log-")),
        "a log thread outlived close");
  }

  @Test
  void off_writesNothing() throws IOException {
    HyraxLogs off =
        HyraxLogs.start(context, LogSettings.newBuilder().enabled(false).build(), dir, null);
    off.access(upstreamsRequests().get(0));
    off.close();
    assertFalse(off.stats().enabled());
    try (var files = Files.list(dir)) {
      assertEquals(0, files.count());
    }
  }

  /** An operator's file written for upstream: its ${logdir}, MDC keys and logger name work. */
  @Test
  void operatorsFile_getsTheAccessLines_underUpstreamsNames() throws IOException {
    Path file = dir.resolve("logback.xml");
    Files.writeString(
        file,
        "<configuration>\n"
            + "  <conversionRule conversionWord=\"json_msg\""
            + " converterClass=\"opendap.logging.LogMessageToJsonConverter\"/>\n"
            + "  <appender name=\"A\" class=\"ch.qos.logback.core.FileAppender\">\n"
            + "    <file>${logdir}/mine.log</file>\n"
            + "    <encoder><pattern>%X{ID} %X{http_status} %X{size} %json_msg%n</pattern></encoder>\n"
            + "  </appender>\n"
            + "  <logger name=\"HyraxAccess\" level=\"info\" additivity=\"false\">\n"
            + "    <appender-ref ref=\"A\"/>\n"
            + "  </logger>\n"
            + "</configuration>\n");
    AtomicReference<HyraxLogs> started = new AtomicReference<>();
    started.set(HyraxLogs.start(context, LogSettings.defaults(), dir.resolve("logs"), file));
    logs = started.get();
    logs.access(upstreamsRequests().get(0));
    assertEquals(file.toString(), logs.stats().configuration());
    logs.close();
    logs = null;
    context.stop();
    assertEquals(
        List.of(
            "3f2b1c4e-aaaa-4bbb-8ccc-0123456789ab-555d78e7-8800-4411-8aed-89c5cd16fd13 200 53 \"\""),
        Files.readAllLines(dir.resolve("logs/mine.log")));
  }
}
