package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.access.AccessOptions;
import org.olfsfastpath.access.SessionKeys;
import org.olfsfastpath.access.UserAccessFile;
import org.olfsfastpath.bes.BesUser;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.edl.EdlStandIn;
import org.olfsfastpath.http.CacheHeaders;

/**
 * The access gate in the DAP servlet: decided on the canonical path before anything else is done
 * for a request, so a refused request costs no catalog look-up and no BES command and gets no 304;
 * an allowed restricted answer is private and its user goes to the BES.
 */
final class AccessGateTest {
  @TempDir Path dir;
  private EdlStandIn edl;
  private Access access;
  private final FakeBackend backend =
      new FakeBackend()
          .withDataset("/open.nc")
          .withDataset("/restricted/x.nc")
          .withDirectory(
              "/restricted", new DataSource.Child("x.nc", true, FakeBackend.MODIFIED, 100, false))
          .withDirectory(
              "/",
              new DataSource.Child("restricted", false, FakeBackend.MODIFIED, 0, true),
              new DataSource.Child("open.nc", true, FakeBackend.MODIFIED, 100, false));
  private DapServlet servlet;

  @BeforeEach
  void start() throws IOException {
    EdlStandIn.App app = new EdlStandIn.App("olfs-app", "pw", "http://localhost");
    edl = EdlStandIn.start(0, Map.of("alice", "a", "bob", "b"), app);
    Path file = dir.resolve("user-access.xml");
    Files.writeString(
        file,
        "<UserAuthenticationAndAccess><IdProvider class=\"opendap.auth.UrsIdP\"><isDefault/>"
            + "<UrsUrl>"
            + edl.url()
            + "</UrsUrl><UrsClientId>olfs-app</UrsClientId><UrsClientAuthCode>"
            + app.authCode()
            + "</UrsClientAuthCode><UrsJwksUrl>"
            + edl.jwksUrl()
            + "</UrsJwksUrl></IdProvider><PolicyDecisionPoint class=\"opendap.auth.SimplePDP\">"
            + "<Policy class=\"opendap.auth.RegexPolicy\"><role>.*</role>"
            + "<resource>^/opendap/(?!restricted/).*$</resource><allowedAction>GET</allowedAction>"
            + "<allowedAction>HEAD</allowedAction><allowedAction>POST</allowedAction></Policy>"
            + "<Policy class=\"opendap.auth.RegexPolicy\"><role>readers</role>"
            + "<resource>^/opendap/restricted/.*$</resource><allowedAction>GET</allowedAction>"
            + "<allowedAction>HEAD</allowedAction><allowedAction>POST</allowedAction></Policy>"
            + "<Memberships><group id=\"g\"><user id=\"alice\" authContext=\"urs\"/></group>"
            + "<role id=\"readers\"><group id=\"g\"/></role></Memberships>"
            + "</PolicyDecisionPoint></UserAuthenticationAndAccess>",
        StandardCharsets.UTF_8);
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    access =
        Access.build(
            AccessOptions.defaults(),
            UserAccessFile.read(file),
            SessionKeys.of(List.of(key)),
            "/opendap",
            Clock.systemUTC());
    FrontEndSettings settings = FrontEndSettings.newBuilder().build();
    servlet =
        DapServlet.assemble(
            settings,
            backend,
            new FrontEndStats(),
            "test",
            null,
            new VersionService("test", backend::versions, List.of()),
            null,
            Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC),
            DapServlet.RequestTimer.NONE,
            org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
            AnswerPolicy.defaults(),
            AccessGate.of(access, "/opendap"));
  }

  @AfterEach
  void stop() {
    edl.close();
  }

  private FakeHttp.Response run(FakeHttp.Request request) throws IOException {
    FakeHttp.Response response = new FakeHttp.Response();
    servlet.service(request.build(), response.build());
    return response;
  }

  private FakeHttp.Request bearer(String path, String user) {
    return FakeHttp.Request.get(path).header("Authorization", "Bearer " + edl.userToken(user));
  }

  @Test
  void open_isServed_asBefore() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/open.nc.das"));
    assertEquals(200, r.status);
    assertEquals(
        AnswerPolicy.defaults().cache().cacheControl(CacheHeaders.Kind.METADATA),
        r.header("Cache-Control"));
    assertEquals(BesUser.ANONYMOUS, backend.callers.get(0).user());
  }

  @Test
  void anonymous_everySpellingOfARestrictedPath_isSentToLogIn_beforeAnyLookup() throws IOException {
    for (String path :
        List.of(
            "/restricted/x.nc.das",
            "/hyrax/restricted/x.nc.das",
            "/restr%69cted/x.nc.das",
            "/restricted/catalog.xml",
            "/restricted/",
            "/restricted/x.nc.dmr.html",
            "/restricted/x.nc.info")) {
      FakeHttp.Request request = FakeHttp.Request.get(path);
      FakeHttp.Response r = run(request);
      assertEquals(302, r.status, path);
      assertTrue(r.header("Location").startsWith("/opendap/login/urs?ret=%2Fopendap%2F"), path);
      assertNull(request.attributes.get(RequestLog.USER_ATTRIBUTE));
    }
    assertEquals(302, run(FakeHttp.Request.get("/restricted/x.nc.das").method("HEAD")).status);
    // A path that climbs is refused before any rule, as every request's.
    assertEquals(400, run(FakeHttp.Request.get("/open/../restricted/x.nc.das")).status);
    FakeHttp.Response post = run(FakeHttp.Request.post("/restricted/x.nc.ascii", "ce=a"));
    assertEquals(401, post.status);
    assertEquals("Bearer realm=\"/opendap\"", post.header("WWW-Authenticate"));
    assertTrue(post.text().contains("Error {"), post.text());
    assertEquals(0, backend.lookups.get(), "no catalog look-up for a refused request");
    assertTrue(backend.gets.isEmpty());
  }

  @Test
  void aUserWithTheRole_getsThePrivateAnswer_andTheBesIsToldWho() throws IOException {
    FakeHttp.Request request = bearer("/restricted/x.nc.das", "alice");
    FakeHttp.Response r = run(request);
    assertEquals(200, r.status);
    assertEquals("private, no-cache", r.header("Cache-Control"));
    assertEquals("alice", request.attributes.get(RequestLog.USER_ATTRIBUTE));
    BesUser user = backend.callers.get(0).user();
    assertEquals("alice", user.uid());
    assertEquals("olfs-app", user.edlClientId());
    assertTrue(user.edlToken() != null && user.edlToken().startsWith("ey"));
    String etag = r.header("ETag");
    FakeHttp.Response notModified =
        run(bearer("/restricted/x.nc.das", "alice").header("If-None-Match", etag));
    assertEquals(304, notModified.status);
    assertEquals("private, no-cache", notModified.header("Cache-Control"));
    FakeHttp.Response anonymous =
        run(FakeHttp.Request.get("/restricted/x.nc.das").header("If-None-Match", etag));
    assertEquals(302, anonymous.status, "no 304 for someone who may not have it");
    FakeHttp.Response modified =
        run(
            FakeHttp.Request.get("/restricted/x.nc.das")
                .header("If-Modified-Since", r.header("Last-Modified")));
    assertEquals(302, modified.status);
  }

  @Test
  void aUserWithoutTheRole_isForbidden_withADapErrorBody() throws IOException {
    FakeHttp.Response r = run(bearer("/restricted/x.nc.das", "bob"));
    assertEquals(403, r.status);
    assertTrue(r.text().contains("Error {"), r.text());
    FakeHttp.Response dap4 = run(bearer("/restricted/x.nc.dmr", "bob"));
    assertEquals(403, dap4.status);
    assertTrue(dap4.text().contains("<Error"), dap4.text());
  }

  @Test
  void aBadToken_is401_neverARedirect_andABadCookieIsCleared() throws IOException {
    FakeHttp.Response r =
        run(FakeHttp.Request.get("/restricted/x.nc.das").header("Authorization", "Bearer x.y.z"));
    assertEquals(401, r.status);
    assertTrue(r.header("WWW-Authenticate").contains("error=\"invalid_token\""));
    FakeHttp.Response cookie =
        run(FakeHttp.Request.get("/open.nc.das").header("Cookie", "olfs_session=forged.a.b.c.d"));
    assertEquals(200, cookie.status);
    assertTrue(cookie.header("Set-Cookie").startsWith("olfs_session=; Path=/opendap; Max-Age=0"));
    assertEquals("private, no-store", cookie.header("Cache-Control"), "a Set-Cookie is never kept");
    assertEquals(1L, access.stats().refusals().get("invalid_token"));
  }

  @Test
  void robotsAndTheSiteMap_areDecidedOnTheirOwnUrls() throws IOException {
    assertEquals(200, run(FakeHttp.Request.get("/robots.txt")).status);
    assertEquals(200, run(FakeHttp.Request.get("/version")).status);
  }

  @Test
  void withoutLogin_theGateCostsNothing() throws IOException {
    DapServlet plain =
        new DapServlet(
            DapRequestParser.withDefaults(),
            Responders.create(
                FrontEndSettings.newBuilder().build(),
                backend,
                "test",
                new VersionService("test", backend::versions, List.of()),
                null,
                Clock.systemUTC(),
                org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
                AnswerPolicy.defaults()),
            new FrontEndStats(),
            FrontEndSettings.newBuilder().build(),
            null,
            DapServlet.RequestTimer.NONE,
            AccessGate.open());
    FakeHttp.Response response = new FakeHttp.Response();
    plain.service(FakeHttp.Request.get("/restricted/x.nc.das").build(), response.build());
    assertEquals(200, response.status);
  }
}
