package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * The Hyrax logs and the request id through a real Tomcat, in front of an emulator that writes a
 * BES log: the files appear in the container's log directory; a request's id (the client's {@code
 * a-api-request-uuid} header, then a fresh UUID) is in its access line, its {@code X-Request-Id}
 * header and the BES's lines for it; an error answer's line says its status and -1, and its
 * HyraxErrors.log and olfs-log.json lines carry the same id; a 304 has a line of its own; every
 * answer says how long it may be kept; the application stops without leaving a log thread.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class HyraxLogsIT {
  private static final String DAS = "coads_climatology.nc.das";
  private static final String CLIENT_ID = "3f2b1c4e-aaaa-4bbb-8ccc-0123456789ab";

  private static final Path BES_LOG = besLog();

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("HyraxLogsIT").emulator(b -> b.besLog(BES_LOG));

  private URI opendap;
  private Path logs;

  private static Path besLog() {
    try {
      return FrontEndExtension.workDir("HyraxLogsIT-bes").resolve("bes.log");
    } catch (IOException | RuntimeException e) {
      // Outside mvn verify the extension skips the class; the path is then never used.
      return Path.of("bes.log");
    }
  }

  @BeforeAll
  void start() {
    opendap = FRONT_END.opendap();
    logs = FRONT_END.tomcat().base().resolve("logs");
  }

  /** The lines of a log once one of them satisfies {@code wanted} (they are written off-thread). */
  private static List<String> awaitLine(Path file, Predicate<String> wanted) throws Exception {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      List<String> lines =
          Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
      if (lines.stream().anyMatch(wanted) || System.nanoTime() > deadline) {
        return lines;
      }
      Thread.sleep(50);
    }
  }

  private static List<String> fields(String accessLine) {
    return Arrays.asList(accessLine.substring(1, accessLine.length() - 1).split("\\] \\[", -1));
  }

  private static String header(HttpResponse<?> r, String name) {
    return r.headers().firstValue(name).orElse("");
  }

  @Test
  @Order(1)
  void aRequestsId_isInItsAccessLine_itsHeader_andTheBesLog() throws Exception {
    HttpResponse<byte[]> r =
        ItSupport.get(
            opendap.resolve("coads_climatology.nc.ascii?COADSX%5B0:1:3%5D"),
            "a-api-request-uuid",
            CLIENT_ID);
    assertEquals(200, r.statusCode(), ItSupport.text(r));
    String logId = header(r, "X-Request-Id");
    assertTrue(logId.matches(CLIENT_ID + "-[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}"), logId);

    List<String> access =
        awaitLine(logs.resolve("HyraxAccess.log"), l -> l.contains("[" + logId + "]"));
    String line =
        access.stream().filter(l -> l.contains("[" + logId + "]")).findFirst().orElseThrow();
    List<String> f = fields(line);
    assertEquals("127.0.0.1", f.get(0), line);
    assertEquals("-", f.get(2), line);
    assertEquals("-", f.get(3), line);
    assertTrue(f.get(4).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3} [+-]\\d{4}"));
    assertTrue(f.get(5).matches(" *\\d+") && f.get(5).length() >= 8, line);
    assertEquals("200", f.get(6), line);
    assertEquals(logId, f.get(7), line);
    assertEquals("HTTP-GET", f.get(8), line);
    assertEquals("/opendap/coads_climatology.nc.ascii", f.get(9), line);
    assertEquals("COADSX#5B0:1:3#5D", f.get(10), line);
    assertEquals(Integer.toString(r.body().length), f.get(11), line);

    // The BES's lines of this request, by its id: the get's request line among them.
    List<String> bes = awaitLine(BES_LOG, l -> l.contains(logId));
    List<String[]> mine =
        bes.stream().map(l -> l.split("\\|&\\|", -1)).filter(x -> x[3].equals(logId)).toList();
    assertFalse(mine.isEmpty(), String.join("\n", bes));
    assertTrue(
        mine.stream()
            .anyMatch(
                x -> x[4].equals("request") && x[5].equals("get.dods") && x[6].equals("ascii")),
        String.join("\n", bes));
  }

  @Test
  @Order(2)
  void withoutAClientId_theIdIsTheThreadsAndAUuid() throws Exception {
    HttpResponse<byte[]> r = ItSupport.get(opendap.resolve(DAS));
    String logId = header(r, "X-Request-Id");
    // The container thread's name and id, as upstream makes it (http-nio-8080-exec-4_21).
    assertTrue(
        logId.matches(
            ".+_\\d+-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"),
        logId);
    assertTrue(
        awaitLine(logs.resolve("HyraxAccess.log"), l -> l.contains(logId)).stream()
            .anyMatch(l -> l.contains("[" + logId + "]")));
  }

  @Test
  @Order(3)
  void anError_isLoggedWithItsStatus_andInTheErrorLogs() throws Exception {
    HttpResponse<byte[]> r = ItSupport.get(opendap.resolve("coads_climatology.nc.ascii?NOPE"));
    assertEquals(400, r.statusCode());
    String logId = header(r, "X-Request-Id");
    assertEquals("no-store", header(r, "Cache-Control"));
    String line =
        awaitLine(logs.resolve("HyraxAccess.log"), l -> l.contains("[" + logId + "]")).stream()
            .filter(l -> l.contains("[" + logId + "]"))
            .findFirst()
            .orElseThrow();
    assertEquals("400", fields(line).get(6), line);
    assertEquals("NOPE", fields(line).get(10), line);
    assertEquals("-1", fields(line).get(11), line);
    assertTrue(
        awaitLine(logs.resolve("HyraxErrors.log"), l -> l.contains(logId)).stream()
            .anyMatch(l -> l.contains("[" + logId + "]") && l.contains(" ERROR - ")),
        "HyraxErrors.log has the error of " + logId);
    assertTrue(
        awaitLine(logs.resolve("olfs-log.json"), l -> l.contains(logId)).stream()
            .anyMatch(
                l ->
                    l.startsWith("{ \"date\": ")
                        && l.contains("\"request_id\": \"" + logId + "\"")),
        "olfs-log.json has the error of " + logId);
  }

  @Test
  @Order(4)
  void a304_hasItsOwnLine_andTheSameCacheControl() throws Exception {
    HttpResponse<byte[]> first = ItSupport.get(opendap.resolve(DAS));
    String etag = header(first, "ETag");
    HttpResponse<byte[]> r = ItSupport.get(opendap.resolve(DAS), "If-None-Match", etag);
    assertEquals(304, r.statusCode());
    assertEquals(header(first, "Cache-Control"), header(r, "Cache-Control"));
    assertTrue(
        header(first, "Cache-Control").startsWith("public, max-age="),
        header(first, "Cache-Control"));
    String logId = header(r, "X-Request-Id");
    String line =
        awaitLine(logs.resolve("HyraxAccess.log"), l -> l.contains("[" + logId + "]")).stream()
            .filter(l -> l.contains("[" + logId + "]"))
            .findFirst()
            .orElseThrow();
    assertEquals("304", fields(line).get(6), line);
    assertEquals("-1", fields(line).get(11), line);
  }

  @Test
  @Order(5)
  void negotiatedAndStatusAnswers_sayHowToKeepThem() throws Exception {
    assertEquals(
        "Accept",
        header(ItSupport.get(opendap.resolve("coads_climatology.nc.dmr")), "Vary")
            .replace("Accept-Encoding, ", "")
            .replace(", Accept-Encoding", ""));
    assertEquals("no-store", header(ItSupport.get(opendap.resolve("status")), "Cache-Control"));
    assertEquals(
        "private, no-cache",
        header(ItSupport.get(opendap.resolve(DAS), "Authorization", "Bearer x"), "Cache-Control"));
  }

  @AfterAll
  void stoppedWithoutALeftThread() throws Exception {
    TomcatServer tomcat = FRONT_END.tomcat();
    tomcat.close();
    String console = tomcat.console();
    assertFalse(console.contains("appears to have started a thread"), console);
    assertTrue(Files.size(logs.resolve("HyraxAccess.log")) > 0);
  }
}
