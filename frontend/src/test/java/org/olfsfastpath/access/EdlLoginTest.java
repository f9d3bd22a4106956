package org.olfsfastpath.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.edl.EdlStandIn;

/**
 * The login flow as values against the Earthdata Login stand-in: the redirect, the provider taking
 * the user's Basic credentials, the callback checked against the login cookie, the code exchanged,
 * the session sealed; and each way a callback is refused.
 */
final class EdlLoginTest {
  private static final URI CALLBACK = URI.create("http://127.0.0.1:8080/opendap/login/urs");
  @TempDir Path dir;
  private final HttpClient http = HttpClient.newHttpClient();
  private EdlStandIn edl;
  private Access access;

  @BeforeEach
  void start() throws Exception {
    EdlStandIn.App app = new EdlStandIn.App("olfs-app", "app-pw", "http://127.0.0.1");
    edl = EdlStandIn.start(0, Map.of("alice", "alice-pw", "bob", "bob-pw"), app);
    access =
        Fixtures.access(
            dir,
            Fixtures.rules(
                Fixtures.edl(edl.url().toString(), edl.jwksUrl().toString(), app.authCode(), true)),
            AccessOptions.defaults());
  }

  @AfterEach
  void stop() {
    edl.close();
  }

  /** What curl -n does at the provider: the user's Basic credentials, the redirect not followed. */
  private URI atProvider(URI authorize, String user, String password) throws Exception {
    HttpResponse<Void> r =
        http.send(
            HttpRequest.newBuilder(authorize)
                .header(
                    "Authorization",
                    "Basic "
                        + Base64.getEncoder()
                            .encodeToString(
                                (user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .build(),
            HttpResponse.BodyHandlers.discarding());
    assertEquals(302, r.statusCode());
    return URI.create(r.headers().firstValue("Location").orElseThrow());
  }

  @Test
  void login_thenTheSessionCookieIsTheUser() throws Exception {
    Access.LoginStart start =
        access.startLogin("urs", "/opendap/restricted/x.nc.dmr.html", CALLBACK);
    assertNotNull(start);
    assertTrue(start.redirect().toString().startsWith(edl.url() + "/oauth/authorize?"));
    assertTrue(start.redirect().getQuery().contains("redirect_uri=" + CALLBACK));
    URI back = atProvider(start.redirect(), "alice", "alice-pw");
    Access.LoginDone done = access.completeLogin("urs", back, start.loginCookie(), CALLBACK);
    assertEquals("alice", done.user().uid());
    assertEquals("/opendap/restricted/x.nc.dmr.html", done.returnPath());
    assertEquals(1, edl.calls("/oauth/token"));
    assertEquals(0, edl.calls("/api/users/alice"), "the uid came from the checked token");
    Authentication a = access.authenticate(new Credentials(null, done.sessionCookie(), null));
    Principal p = assertInstanceOf(Authentication.Authenticated.class, a).user();
    assertEquals("alice", p.uid());
    assertTrue(p.edlAuthorization().startsWith("Bearer ey"));
    assertInstanceOf(
        Decision.Allow.class, access.decide(a, "GET", "/opendap/restricted/x.nc.dap", null));
    assertEquals(1L, access.stats().logins().get("urs/ok"));
    assertTrue(done.toString().indexOf(done.sessionCookie()) < 0);
    // The code was used: a replayed callback is refused by the provider.
    LoginFailedException replay =
        assertThrows(
            LoginFailedException.class,
            () -> access.completeLogin("urs", back, start.loginCookie(), CALLBACK));
    assertEquals(LoginFailedException.Kind.DENIED, replay.kind());
    assertEquals("invalid_grant", replay.providerError());
  }

  @Test
  void bob_logsIn_butMayNotRead() throws Exception {
    Access.LoginStart start = access.startLogin("urs", null, CALLBACK);
    URI back = atProvider(start.redirect(), "bob", "bob-pw");
    Access.LoginDone done = access.completeLogin("urs", back, start.loginCookie(), CALLBACK);
    assertEquals("/opendap/", done.returnPath());
    Authentication a = access.authenticate(new Credentials(null, done.sessionCookie(), null));
    assertInstanceOf(
        Decision.Forbidden.class, access.decide(a, "GET", "/opendap/restricted/x.nc.dap", null));
  }

  @Test
  void refusedCallbacks_exchangeNoCode() throws Exception {
    Access.LoginStart start = access.startLogin("urs", "//evil.example.org/", CALLBACK);
    URI back = atProvider(start.redirect(), "alice", "alice-pw");
    String query = back.getRawQuery();
    LoginFailedException noCookie =
        assertThrows(
            LoginFailedException.class, () -> access.completeLogin("urs", back, null, CALLBACK));
    assertEquals(LoginFailedException.Kind.NO_LOGIN, noCookie.kind());
    URI wrongState = URI.create(CALLBACK + "?" + query.replaceAll("state=[^&]*", "state=forged"));
    assertEquals(
        LoginFailedException.Kind.BAD_STATE,
        assertThrows(
                LoginFailedException.class,
                () -> access.completeLogin("urs", wrongState, start.loginCookie(), CALLBACK))
            .kind());
    URI noState = URI.create(CALLBACK + "?" + query.replaceAll("&?state=[^&]*", ""));
    assertEquals(
        LoginFailedException.Kind.BAD_STATE,
        assertThrows(
                LoginFailedException.class,
                () -> access.completeLogin("urs", noState, start.loginCookie(), CALLBACK))
            .kind());
    Access.LoginStart other = access.startLogin("urs", null, CALLBACK);
    assertEquals(
        LoginFailedException.Kind.BAD_STATE,
        assertThrows(
                LoginFailedException.class,
                () -> access.completeLogin("urs", back, other.loginCookie(), CALLBACK))
            .kind(),
        "another login's cookie");
    assertEquals(0, edl.calls("/oauth/token"), "no exchange for a refused callback");
    URI denied =
        URI.create(CALLBACK + "?error=access_denied&" + query.substring(query.indexOf("state=")));
    LoginFailedException d =
        assertThrows(
            LoginFailedException.class,
            () -> access.completeLogin("urs", denied, start.loginCookie(), CALLBACK));
    assertEquals(LoginFailedException.Kind.DENIED, d.kind());
    assertEquals("access_denied", d.providerError());
    Access.LoginDone done = access.completeLogin("urs", back, start.loginCookie(), CALLBACK);
    assertEquals("/opendap/", done.returnPath(), "an open redirect becomes the root");
  }

  @Test
  void anUnreachableProvider_isAFailureOfItsOwn() throws Exception {
    Access.LoginStart start = access.startLogin("urs", null, CALLBACK);
    URI back = atProvider(start.redirect(), "alice", "alice-pw");
    edl.close();
    LoginFailedException e =
        assertThrows(
            LoginFailedException.class,
            () -> access.completeLogin("urs", back, start.loginCookie(), CALLBACK));
    assertEquals(LoginFailedException.Kind.UNREACHABLE, e.kind());
    assertEquals(null, access.startLogin("nobody", null, CALLBACK));
  }
}
