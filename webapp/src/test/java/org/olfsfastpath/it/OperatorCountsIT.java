package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * What an operator reads counts every request, however the request path is made faster: a run of a
 * known number of warm answers and 304s through a real Tomcat shows the same counts in {@code
 * /status} (the front end's requests and 304s, the access log's lines written), in {@code /metrics}
 * (the request timer by type and status, the access log's events) and in {@code HyraxAccess.log}
 * (one line per request, with its status).
 */
final class OperatorCountsIT {
  private static final String DAS = "coads_climatology.nc.das";
  private static final int ANSWERS = 40;
  private static final int NOT_MODIFIED = 10;

  @RegisterExtension
  static final FrontEndExtension FRONT_END = FrontEndExtension.named("OperatorCountsIT");

  private record Counts(
      long requests,
      long notModified,
      long accessWritten,
      long timed200,
      long timed304,
      long accessEvents,
      long lines200,
      long lines304) {}

  @Test
  void statusMetricsAndTheAccessLog_countTheSameRequests() throws Exception {
    URI opendap = FRONT_END.opendap();
    Path accessLog = FRONT_END.tomcat().base().resolve("logs").resolve("HyraxAccess.log");
    // The first answer loads the response cache; its ETag is what the 304s are asked with.
    HttpResponse<byte[]> first = ItSupport.get(opendap.resolve(DAS));
    assertEquals(200, first.statusCode(), ItSupport.text(first));
    String etag = first.headers().firstValue("ETag").orElseThrow();
    Counts before = awaitSettled(opendap, accessLog);

    for (int i = 0; i < ANSWERS; i++) {
      assertEquals(200, ItSupport.get(opendap.resolve(DAS)).statusCode());
    }
    for (int i = 0; i < NOT_MODIFIED; i++) {
      assertEquals(
          304, ItSupport.get(opendap.resolve(DAS), "If-None-Match", etag).statusCode(), etag);
    }
    Counts after = awaitSettled(opendap, accessLog);

    int all = ANSWERS + NOT_MODIFIED;
    String said = before + " -> " + after;
    assertEquals(all, after.requests() - before.requests(), "/status requests: " + said);
    assertEquals(NOT_MODIFIED, after.notModified() - before.notModified(), "/status 304s: " + said);
    assertEquals(
        all, after.accessWritten() - before.accessWritten(), "/status access lines: " + said);
    assertEquals(ANSWERS, after.timed200() - before.timed200(), "/metrics das 200: " + said);
    assertEquals(NOT_MODIFIED, after.timed304() - before.timed304(), "/metrics das 304: " + said);
    assertEquals(
        all, after.accessEvents() - before.accessEvents(), "/metrics access events: " + said);
    assertEquals(ANSWERS, after.lines200() - before.lines200(), "access log 200 lines: " + said);
    assertEquals(
        NOT_MODIFIED, after.lines304() - before.lines304(), "access log 304 lines: " + said);
  }

  /**
   * The counts once the access log has written every line it was given (it writes off the request's
   * thread): read until two readings agree and nothing waits in its queue.
   */
  private static Counts awaitSettled(URI opendap, Path accessLog) throws Exception {
    long deadline = System.nanoTime() + 15_000_000_000L;
    Counts last = read(opendap, accessLog);
    while (true) {
      Thread.sleep(200);
      Counts now = read(opendap, accessLog);
      if (now.equals(last) && queued(opendap) == 0 || System.nanoTime() > deadline) {
        return now;
      }
      last = now;
    }
  }

  /** The access log's lines waiting for its disk now. */
  private static long queued(URI opendap) throws Exception {
    return field(access(status(opendap)), "queued");
  }

  private static String status(URI opendap) throws Exception {
    return ItSupport.text(ItSupport.get(opendap.resolve("status")));
  }

  /** The status document's {@code frontEnd} object (flat: numbers only). */
  private static String frontEnd(String status) {
    return object(status, status.indexOf("\"frontEnd\""));
  }

  /** The access log's object in the status document's {@code logs} section. */
  private static String access(String status) {
    return object(status, status.indexOf("\"access\"", status.indexOf("\"logs\"")));
  }

  /** The flat JSON object that follows {@code at}, braces included. */
  private static String object(String json, int at) {
    if (at < 0) {
      fail("not in /status:\n" + json);
    }
    int open = json.indexOf('{', at);
    return json.substring(open, json.indexOf('}', open) + 1);
  }

  /** A number-valued field of a flat JSON object. */
  private static long field(String object, String name) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*(\\d+)").matcher(object);
    if (!m.find()) {
      fail("no " + name + " in " + object);
    }
    return Long.parseLong(m.group(1));
  }

  private static Counts read(URI opendap, Path accessLog) throws Exception {
    String status = status(opendap);
    String frontEnd = frontEnd(status);
    String access = access(status);
    String metrics = ItSupport.text(ItSupport.get(opendap.resolve("metrics")));
    List<List<String>> lines = accessLines(accessLog);
    return new Counts(
        field(frontEnd, "requests"),
        field(frontEnd, "notModified"),
        field(access, "written"),
        sample(metrics, "olfs_requests_seconds_count", "type=\"das\"", "status=\"200\""),
        sample(metrics, "olfs_requests_seconds_count", "type=\"das\"", "status=\"304\""),
        sample(metrics, "olfs_log_events_total", "log=\"access\"", "outcome=\"written\""),
        count(lines, "200"),
        count(lines, "304"));
  }

  private static long count(List<List<String>> lines, String status) {
    return lines.stream().filter(f -> isDas(f) && f.get(6).equals(status)).count();
  }

  private static boolean isDas(List<String> fields) {
    return fields.get(9).equals("/opendap/" + DAS);
  }

  /** Each line's fields ({@code [a] [b] ...}), as HyraxLogsIT reads them. */
  private static List<List<String>> accessLines(Path accessLog) throws Exception {
    if (!Files.exists(accessLog)) {
      return List.of();
    }
    return Files.readAllLines(accessLog, StandardCharsets.UTF_8).stream()
        .filter(l -> l.startsWith("[") && l.endsWith("]"))
        .map(l -> Arrays.asList(l.substring(1, l.length() - 1).split("\\] \\[", -1)))
        .toList();
  }

  /**
   * The value of the Prometheus sample {@code name} whose labels include each of {@code labels}.
   */
  private static long sample(String metrics, String name, String... labels) {
    Matcher m =
        Pattern.compile("^" + Pattern.quote(name) + "\\{([^}]*)\\} (\\S+)$", Pattern.MULTILINE)
            .matcher(metrics);
    long found = 0;
    boolean any = false;
    while (m.find()) {
      String have = m.group(1);
      if (Arrays.stream(labels).allMatch(have::contains)) {
        found += (long) Double.parseDouble(m.group(2));
        any = true;
      }
    }
    if (!any && !name.startsWith("olfs_requests")) {
      // A request timer appears with its first request; the log's counters are always there.
      fail("no " + name + " " + Arrays.toString(labels) + " in /metrics:\n" + metrics);
    }
    return found;
  }
}
