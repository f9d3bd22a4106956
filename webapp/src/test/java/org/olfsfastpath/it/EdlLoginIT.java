package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.it.LoginSupport.OPEN;
import static org.olfsfastpath.it.LoginSupport.RESTRICTED;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.edl.EdlStandIn;
import org.olfsfastpath.emulator.RecordedRequest;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * A restricted collection beside open data, with Earthdata Login (the stand-in on {@code
 * localhost}, the front end on {@code 127.0.0.1}, so a {@code .netrc} for EDL never reaches the
 * front end): a bearer token, curl's and netCDF-C's {@code .netrc} redirect flow with a cookie jar
 * read the restricted values exactly; anonymous is sent to log in, a user without the role gets
 * 403; a restricted answer the response cache keeps is never given to an anonymous request, however
 * asked; the BES is told the user and the EDL token, and no log line holds a token.
 */
final class EdlLoginIT {
  static final EdlStandIn.App APP = new EdlStandIn.App("olfs-app", "app-pw", "http://127.0.0.1");
  static final EdlStandIn EDL = start();
  static final String DAS = RESTRICTED + ".das";
  static final String ASCII = RESTRICTED + ".ascii?SST%5B0%5D%5B10:11%5D%5B20:21%5D";

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("EdlLoginIT")
          .emulator(b -> b.dataDirectory(LoginSupport.data(work().resolve("data"))))
          .olfsXml(
              bes ->
                  FrontEndExtension.olfsXml(
                      FrontEndExtension.tcp(bes),
                      LoginSupport.access(
                          work().resolve("conf"),
                          LoginSupport.userAccess(
                              "<IdProvider class=\"opendap.auth.UrsIdP\"><authContext>urs</authContext>"
                                  + "<isDefault/><UrsUrl>"
                                  + EDL.url()
                                  + "</UrsUrl><UrsClientId>olfs-app</UrsClientId>"
                                  + "<UrsClientAuthCode>"
                                  + APP.authCode()
                                  + "</UrsClientAuthCode><UrsJwksUrl>"
                                  + EDL.jwksUrl()
                                  + "</UrsJwksUrl></IdProvider>\n"),
                          "")));

  private static EdlStandIn start() {
    try {
      return EdlStandIn.start(0, Map.of("alice", "alice-pw", "bob", "bob-pw"), APP);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path work() {
    return Path.of(System.getProperty("it.work.dir", "target/it"), "EdlLoginIT");
  }

  @AfterAll
  static void stopEdl() {
    EDL.close();
  }

  private static URI url(String path) {
    return FRONT_END.opendap().resolve(path);
  }

  private static HttpResponse<byte[]> bearer(String path, String token) throws Exception {
    return ItSupport.get(url(path), "Authorization", "Bearer " + token);
  }

  @Test
  void openData_isOpen_andPublic() throws Exception {
    HttpResponse<byte[]> r = ItSupport.get(url(OPEN + ".das"));
    assertEquals(200, r.statusCode());
    assertFalse(r.headers().firstValue("Cache-Control").orElse("").contains("private"));
  }

  @Test
  void anonymous_isSentToLogIn_postGets401() throws Exception {
    HttpResponse<byte[]> r = ItSupport.get(url(ASCII));
    assertEquals(302, r.statusCode());
    String location = r.headers().firstValue("Location").orElseThrow();
    assertTrue(
        location.contains(
            "/opendap/login/urs?ret="
                + URLEncoder.encode("/opendap/" + ASCII, StandardCharsets.UTF_8)),
        location);
    HttpResponse<byte[]> post =
        ItSupport.postForm(url(RESTRICTED + ".ascii"), "ce=SST%5B0%5D%5B0%5D%5B0%5D");
    assertEquals(401, post.statusCode());
    assertTrue(post.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
  }

  @Test
  void bearerToken_readsTheRestrictedValues_privately() throws Exception {
    HttpResponse<byte[]> open = ItSupport.get(url(ASCII.replace("restricted/", "")));
    HttpResponse<byte[]> r = bearer(ASCII, EDL.userToken("alice"));
    assertEquals(200, r.statusCode(), ItSupport.text(r));
    assertArrayEquals(open.body(), r.body());
    assertTrue(r.headers().firstValue("Cache-Control").orElse("").contains("private"));
    HttpResponse<byte[]> bob = bearer(ASCII, EDL.userToken("bob"));
    assertEquals(403, bob.statusCode());
    assertTrue(ItSupport.text(bob).contains("Error {"), ItSupport.text(bob));
    HttpResponse<byte[]> bad = bearer(ASCII, EDL.userToken("alice") + "x");
    assertEquals(401, bad.statusCode());
    assertTrue(
        bad.headers().firstValue("WWW-Authenticate").orElse("").contains("invalid_token"),
        bad.headers().toString());
  }

  @Test
  void theBes_isToldTheUserAndTheEdlToken() throws Exception {
    String token = EDL.userToken("alice");
    FRONT_END.bes().resetCounts();
    while (FRONT_END.bes().takeRequest(0, java.util.concurrent.TimeUnit.SECONDS) != null) {
      // drain
    }
    HttpResponse<byte[]> r = bearer(RESTRICTED + ".ascii?SST%5B0%5D%5B0%5D%5B0%5D", token);
    assertEquals(200, r.statusCode());
    String document = "";
    for (RecordedRequest q;
        (q = FRONT_END.bes().takeRequest(5, java.util.concurrent.TimeUnit.SECONDS)) != null; ) {
      if (q.hasCommand("get")) {
        document = q.xml();
      }
    }
    assertTrue(document.contains("name=\"uid\">alice<"), document);
    assertTrue(document.contains("name=\"edl_client_application_id\">olfs-app<"), document);
    assertTrue(document.contains("name=\"edl_auth_token\">Bearer " + token + "<"), "token sent");
    assertNoTokenInLogs(token);
  }

  /**
   * Upstream's access log names the logged-in user: here too, for the one request attribute the
   * gate and the login servlet set; every refusal and the login paths get their lines, a refusal
   * its error event, and the status document and the metrics count them.
   */
  @Test
  void theAccessLog_namesTheUser_andEveryRefusalAndLoginHasItsLine() throws Exception {
    HttpResponse<byte[]> alice = bearer(DAS, EDL.userToken("alice"));
    assertEquals(200, alice.statusCode(), ItSupport.text(alice));
    HttpResponse<byte[]> anonymous = ItSupport.get(url(DAS));
    assertEquals(302, anonymous.statusCode());
    assertEquals("no-store", anonymous.headers().firstValue("Cache-Control").orElse(""));
    HttpResponse<byte[]> forged = bearer(DAS, EDL.userToken("alice") + "x");
    assertEquals(401, forged.statusCode());
    assertEquals("no-store", forged.headers().firstValue("Cache-Control").orElse(""));
    HttpResponse<byte[]> bob = bearer(DAS, EDL.userToken("bob"));
    assertEquals(403, bob.statusCode());
    HttpResponse<byte[]> page = ItSupport.get(url("login"));
    assertEquals(200, page.statusCode());
    assertEquals("private, no-store", page.headers().firstValue("Cache-Control").orElse(""));
    HttpResponse<byte[]> start = ItSupport.get(url("login/urs"));
    assertEquals(302, start.statusCode());

    Path logs = FRONT_END.tomcat().base().resolve("logs");
    assertEquals(List.of("alice", "200"), userAndStatus(logs, alice));
    assertEquals(List.of("-", "302"), userAndStatus(logs, anonymous));
    assertEquals(List.of("-", "401"), userAndStatus(logs, forged));
    assertEquals(List.of("bob", "403"), userAndStatus(logs, bob));
    assertEquals(List.of("-", "200"), userAndStatus(logs, page));
    assertEquals(List.of("-", "302"), userAndStatus(logs, start));
    // Each log is written by its own thread: the error events may follow the access lines.
    Path errorLog = logs.resolve("HyraxErrors.log");
    long deadline = System.nanoTime() + 10_000_000_000L;
    String errors = "";
    while (!(errors.contains(requestId(forged)) && errors.contains(requestId(bob)))
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
      errors = Files.exists(errorLog) ? Files.readString(errorLog, StandardCharsets.UTF_8) : "";
    }
    assertTrue(errors.contains(requestId(forged)), "the 401's error event");
    assertTrue(errors.contains(requestId(bob)), "the 403's error event");

    String status = ItSupport.text(ItSupport.get(url("status")));
    assertTrue(status.contains("\"invalid_token\""), status);
    assertTrue(status.contains("\"login_required\""), status);
    assertTrue(status.contains("\"forbidden\""), status);
    String metrics = ItSupport.text(ItSupport.get(url("metrics")));
    assertTrue(metrics.contains("olfs_access_refusals_total{reason=\"forbidden\"}"), metrics);
    assertTrue(metrics.contains("olfs_token_checks_total{idp=\"urs\",result=\"ok\"}"), metrics);
    assertFalse(metrics.contains("alice"), "no user in a metric");
  }

  private static String requestId(HttpResponse<?> r) {
    return r.headers().firstValue("X-Request-Id").orElseThrow();
  }

  /** The userid and status fields of {@code r}'s access line, once it is written (off-thread). */
  private static List<String> userAndStatus(Path logs, HttpResponse<?> r) throws Exception {
    String id = "[" + requestId(r) + "]";
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      Path file = logs.resolve("HyraxAccess.log");
      List<String> lines =
          Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
      for (String line : lines) {
        if (line.contains(id)) {
          String[] fields = line.substring(1, line.length() - 1).split("\\] \\[", -1);
          return List.of(fields[3], fields[6]);
        }
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no access line for " + id + " in " + file);
      }
      Thread.sleep(50);
    }
  }

  /** The callback's access line shows its query with the authorization code's value replaced. */
  private static void assertCallbackLoggedWithoutItsCode(Path logs) throws Exception {
    Path file = logs.resolve("HyraxAccess.log");
    long deadline = System.nanoTime() + 10_000_000_000L;
    List<String> callbacks = List.of();
    while (callbacks.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(50);
      callbacks =
          Files.exists(file)
              ? Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                  .filter(l -> l.contains("/login/") && l.contains("state="))
                  .toList()
              : List.of();
    }
    assertFalse(callbacks.isEmpty(), "no callback line in " + file);
    for (String line : callbacks) {
      assertTrue(line.contains("code=REDACTED"), line);
      assertFalse(line.matches(".*code=(?!REDACTED).*"), line);
    }
  }

  private static void assertNoTokenInLogs(String token) throws IOException {
    List<Path> logs = new ArrayList<>();
    try (Stream<Path> files = Files.walk(work())) {
      files
          .filter(
              p ->
                  p.toString().endsWith(".log")
                      || p.toString().endsWith(".txt")
                      || p.toString().endsWith(".json"))
          .filter(Files::isRegularFile)
          .forEach(logs::add);
    }
    assertFalse(logs.isEmpty(), "no log found under " + work());
    String signature = token.substring(token.lastIndexOf('.') + 1);
    for (Path log : logs) {
      assertFalse(
          Files.readString(log, StandardCharsets.ISO_8859_1).contains(signature), log.toString());
    }
  }

  @Test
  void curl_netrc_cookieJar_followsTheLogin() throws Exception {
    Path home =
        LoginSupport.home(work().resolve("curl-home"), "localhost", "alice", "alice-pw", true);
    Path jar = home.resolve("curl-cookies");
    LoginSupport.Run run =
        LoginSupport.run(
            home,
            Duration.ofSeconds(60),
            List.of(
                "/usr/bin/curl",
                "-sS",
                "-n",
                "-c",
                jar.toString(),
                "-b",
                jar.toString(),
                "-L",
                "--max-redirs",
                "10",
                url(ASCII).toString()));
    String open = ItSupport.text(ItSupport.get(url(ASCII.replace("restricted/", ""))));
    assertEquals(0, run.exitCode(), run.output());
    assertEquals(open, run.output());
    assertTrue(Files.readString(jar).contains("olfs_session"));
    assertCallbackLoggedWithoutItsCode(FRONT_END.tomcat().base().resolve("logs"));
    // Without a cookie jar the callback says so instead of looping.
    LoginSupport.Run noJar =
        LoginSupport.run(
            home,
            Duration.ofSeconds(60),
            List.of(
                "/usr/bin/curl",
                "-sS",
                "-n",
                "-L",
                "--max-redirs",
                "10",
                "-w",
                "\n%{http_code}",
                url(ASCII).toString()));
    assertTrue(noJar.output().endsWith("\n400"), noJar.output());
    assertTrue(noJar.output().contains("cookie"), noJar.output());
  }

  @Test
  void ncdump_netrc_cookieJar_dap2AndDap4() throws Exception {
    Path home =
        LoginSupport.home(work().resolve("nc-home"), "localhost", "alice", "alice-pw", true);
    // DAP4 as netCDF-C asks for it with checksums it can check (as FrontEndIT's ncdump does).
    for (String scheme : new String[] {"", "?dap4.checksum=true#dap4"}) {
      String restricted = url(RESTRICTED) + scheme;
      String open = url(OPEN) + scheme;
      LoginSupport.Run r =
          LoginSupport.run(
              home,
              Duration.ofSeconds(120),
              List.of("/usr/bin/ncdump", "-v", "COADSX", restricted));
      LoginSupport.Run o =
          LoginSupport.run(
              home, Duration.ofSeconds(120), List.of("/usr/bin/ncdump", "-v", "COADSX", open));
      assertEquals(0, r.exitCode(), scheme + ": " + r.output());
      assertTrue(r.output().contains("COADSX = 21, 23, 25"), r.output());
      assertEquals(values(o.output()), values(r.output()), scheme);
    }
    // Without HTTP.COOKIEJAR netCDF-C 4.9 keeps its cookies in a temporary jar of its own, so the
    // login works too; a client that keeps none is curl's case (400, no loop).
    Path noJar =
        LoginSupport.home(work().resolve("nc-nojar"), "localhost", "alice", "alice-pw", false);
    LoginSupport.Run r =
        LoginSupport.run(
            noJar,
            Duration.ofSeconds(120),
            List.of("/usr/bin/ncdump", "-h", url(RESTRICTED).toString()));
    assertEquals(0, r.exitCode(), r.output());
    assertTrue(r.output().contains("float SST(TIME, COADSY, COADSX)"), r.output());
  }

  private static String values(String ncdump) {
    int data = ncdump.indexOf("data:");
    return data < 0 ? ncdump : ncdump.substring(data);
  }

  @Test
  void aKeptRestrictedAnswer_isNeverGivenToAnAnonymousRequest() throws Exception {
    String token = EDL.userToken("alice");
    HttpResponse<byte[]> kept = bearer(DAS, token);
    assertEquals(200, kept.statusCode());
    HttpResponse<byte[]> again = bearer(DAS, token);
    assertArrayEquals(kept.body(), again.body());
    String etag = kept.headers().firstValue("ETag").orElseThrow();
    String modified = kept.headers().firstValue("Last-Modified").orElseThrow();
    HttpResponse<byte[]> notModified =
        ItSupport.get(url(DAS), "Authorization", "Bearer " + token, "If-None-Match", etag);
    assertEquals(304, notModified.statusCode());
    assertTrue(notModified.headers().firstValue("Cache-Control").orElse("").contains("private"));
    byte[] secret = kept.body();
    List<HttpResponse<byte[]>> refused = new ArrayList<>();
    refused.add(ItSupport.get(url(DAS)));
    refused.add(ItSupport.send("HEAD", url(DAS)));
    refused.add(ItSupport.get(url(DAS), "If-None-Match", etag));
    refused.add(ItSupport.get(url(DAS), "If-Modified-Since", modified));
    refused.add(ItSupport.get(url("hyrax/" + DAS)));
    refused.add(ItSupport.get(url("data/../" + DAS)));
    refused.add(ItSupport.get(url("x/%2e%2e/" + DAS)));
    refused.add(ItSupport.get(url("restricted//coads_climatology.nc.das")));
    refused.add(ItSupport.get(url("restricted%2Fcoads_climatology.nc.das")));
    refused.add(ItSupport.get(url("restr%69cted/coads_climatology.nc.das")));
    refused.add(ItSupport.postForm(url(RESTRICTED + ".das"), ""));
    refused.add(ItSupport.get(url(DAS), "Authorization", "Bearer " + EDL.userToken("bob")));
    refused.add(
        ItSupport.get(
            url(DAS), "Cookie", "olfs_session=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z"));
    for (HttpResponse<byte[]> r : refused) {
      String what =
          r.request().method() + " " + r.request().uri() + " " + r.request().headers().map();
      assertTrue(
          r.statusCode() == 302
              || r.statusCode() == 401
              || r.statusCode() == 403
              || r.statusCode() == 400
              || r.statusCode() == 404,
          what + " answered " + r.statusCode());
      LoginSupport.assertNoRestrictedBytes(r.body(), secret, what);
    }
  }

  @Test
  void callbacks_badState_replayedCode_openRedirect() throws Exception {
    HttpResponse<byte[]> start = ItSupport.get(url("login/urs?ret=//evil.example.org/"));
    assertEquals(302, start.statusCode());
    String loginCookie = start.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
    URI authorize = URI.create(start.headers().firstValue("Location").orElseThrow());
    HttpResponse<byte[]> atEdl =
        ItSupport.get(
            authorize,
            "Authorization",
            "Basic "
                + java.util.Base64.getEncoder()
                    .encodeToString("alice:alice-pw".getBytes(StandardCharsets.UTF_8)));
    URI callback = URI.create(atEdl.headers().firstValue("Location").orElseThrow());
    URI forged = URI.create(callback.toString().replaceAll("state=[^&]*", "state=forged"));
    assertEquals(400, ItSupport.get(forged, "Cookie", loginCookie).statusCode());
    assertEquals(400, ItSupport.get(callback).statusCode(), "no login cookie");
    HttpResponse<byte[]> done = ItSupport.get(callback, "Cookie", loginCookie);
    assertEquals(302, done.statusCode());
    assertEquals(
        "/opendap/",
        done.headers().firstValue("Location").orElseThrow().replaceAll("^https?://[^/]+", ""));
    String session =
        done.headers().allValues("Set-Cookie").stream()
            .filter(c -> c.startsWith("olfs_session="))
            .findFirst()
            .orElseThrow();
    assertTrue(session.contains("HttpOnly"), session);
    assertTrue(session.contains("SameSite=Lax"), session);
    assertEquals(401, ItSupport.get(callback, "Cookie", loginCookie).statusCode(), "code replayed");
    HttpResponse<byte[]> page = ItSupport.get(url("login"), "Cookie", session.split(";")[0]);
    assertTrue(ItSupport.text(page).contains("alice"), ItSupport.text(page));
    HttpResponse<byte[]> logout = ItSupport.get(url("logout"), "Cookie", session.split(";")[0]);
    assertEquals(302, logout.statusCode());
    assertTrue(
        logout.headers().allValues("Set-Cookie").stream()
            .anyMatch(c -> c.startsWith("olfs_session=;") || c.contains("Max-Age=0")));
  }
}
