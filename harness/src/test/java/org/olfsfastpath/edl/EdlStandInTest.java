package org.olfsfastpath.edl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The stand-in answers as EDL's documented endpoints do. */
final class EdlStandInTest {
  private static final String CALLBACK = "http://127.0.0.1:8080/opendap/login/urs";
  private final HttpClient http = HttpClient.newHttpClient();
  private final EdlStandIn.App app = new EdlStandIn.App("olfs-app", "app-pw", "http://127.0.0.1");
  private EdlStandIn edl;

  @BeforeEach
  void start() throws Exception {
    edl = EdlStandIn.start(0, Map.of("alice", "alice-pw"), app);
  }

  @AfterEach
  void stop() {
    edl.close();
  }

  private static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  private HttpResponse<String> get(String pathAndQuery, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(edl.url() + pathAndQuery));
    if (headers.length > 0) {
      b.headers(headers);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String form, String authorization)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(edl.url() + path))
            .header("Authorization", authorization)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String authorizeQuery(String clientId, String redirect) {
    return "/oauth/authorize?client_id="
        + clientId
        + "&response_type=code&redirect_uri="
        + URLEncoder.encode(redirect, StandardCharsets.UTF_8)
        + "&state=st%2F1";
  }

  private String code() throws Exception {
    HttpResponse<String> r =
        get(authorizeQuery("olfs-app", CALLBACK), "Authorization", basic("alice", "alice-pw"));
    assertEquals(302, r.statusCode());
    String location = r.headers().firstValue("Location").orElseThrow();
    assertTrue(location.startsWith(CALLBACK + "?code="), location);
    assertTrue(location.endsWith("&state=st%2F1"), "state comes back unchanged: " + location);
    Matcher m = Pattern.compile("code=([^&]+)").matcher(location);
    assertTrue(m.find());
    return m.group(1);
  }

  private static String field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":\"?([^\",}]+)").matcher(json);
    return m.find() ? m.group(1) : "";
  }

  @Test
  void authorize_basicCredentials_redirectWithCode_elseTheLoginPage() throws Exception {
    code();
    HttpResponse<String> page = get(authorizeQuery("olfs-app", CALLBACK));
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("<form id=\"login\""));
    assertEquals(
        401,
        get(authorizeQuery("olfs-app", CALLBACK), "Authorization", basic("alice", "nope"))
            .statusCode());
    assertEquals(400, get(authorizeQuery("other-app", CALLBACK)).statusCode());
    assertEquals(400, get(authorizeQuery("olfs-app", "http://evil.example.org/cb")).statusCode());
    HttpResponse<String> form =
        http.send(
            HttpRequest.newBuilder(URI.create(edl.url() + "/oauth/authorize"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        authorizeQuery("olfs-app", CALLBACK).substring(17)
                            + "&username=alice&password=alice-pw"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(302, form.statusCode());
  }

  @Test
  void token_exchange_onceEach_withTheRedirectItWasGivenFor() throws Exception {
    String code = code();
    String form =
        "grant_type=authorization_code&code="
            + code
            + "&redirect_uri="
            + URLEncoder.encode(CALLBACK, StandardCharsets.UTF_8);
    assertEquals(401, post("/oauth/token", form, basic("olfs-app", "wrong")).statusCode());
    HttpResponse<String> ok = post("/oauth/token", form, "Basic " + app.authCode());
    assertEquals(200, ok.statusCode(), ok.body());
    for (String f :
        new String[] {
          "access_token", "token_type", "expires_in", "refresh_token", "endpoint", "expires_at"
        }) {
      assertFalse(field(ok.body(), f).isEmpty(), f + " in " + ok.body());
    }
    assertEquals("/api/users/alice", field(ok.body(), "endpoint"));
    assertEquals(400, post("/oauth/token", form, "Basic " + app.authCode()).statusCode(), "replay");
    String other = code();
    assertEquals(
        400,
        post(
                "/oauth/token",
                "grant_type=authorization_code&code=" + other + "&redirect_uri=http%3A%2F%2Fx",
                "Basic " + app.authCode())
            .statusCode());
    HttpResponse<String> refreshed =
        post(
            "/oauth/token",
            "grant_type=refresh_token&refresh_token=" + field(ok.body(), "refresh_token"),
            "Basic " + app.authCode());
    assertEquals(200, refreshed.statusCode());

    String access = field(ok.body(), "access_token");
    SignedJWT jwt = SignedJWT.parse(access);
    assertNull(jwt.getHeader().getKeyID(), "EDL's header has no kid");
    assertEquals(EdlTokens.KEY_ID, jwt.getHeader().getCustomParam("sig"));
    assertEquals("Earthdata Login", jwt.getHeader().getCustomParam("origin"));
    assertEquals("Earthdata Login", jwt.getJWTClaimsSet().getIssuer());
    assertEquals("alice", jwt.getJWTClaimsSet().getStringClaim("uid"));
    assertEquals("olfs-app", jwt.getJWTClaimsSet().getStringClaim("client_id"));
    assertTrue(jwt.getJWTClaimsSet().getAudience().isEmpty());
    JWKSet keys = JWKSet.parse(get(EdlStandIn.JWKS_PATH).body());
    assertTrue(jwt.verify(new RSASSAVerifier(keys.getKeyByKeyId(EdlTokens.KEY_ID).toRSAKey())));
    assertFalse(keys.getKeys().get(0).isPrivate());

    HttpResponse<String> profile =
        get("/api/users/alice?client_id=olfs-app", "Authorization", "Bearer " + access);
    assertEquals(200, profile.statusCode());
    assertEquals("alice", field(profile.body(), "uid"));
    assertEquals(401, get("/api/users/alice?client_id=olfs-app").statusCode());

    assertEquals(
        "alice",
        field(
            post("/oauth/tokens/user", "token=" + access, "Basic " + app.authCode()).body(),
            "uid"));
    assertEquals(
        403, post("/oauth/tokens/user", "token=x.y.z", "Basic " + app.authCode()).statusCode());
    assertEquals(
        200, post("/oauth/revoke", "token=" + access, "Basic " + app.authCode()).statusCode());
    assertTrue(edl.calls("/oauth/token") >= 4);
  }

  @Test
  void userToken_asEdlsGenerateToken() throws Exception {
    HttpResponse<String> r = post("/api/users/token", "", basic("alice", "alice-pw"));
    assertEquals(200, r.statusCode());
    assertEquals("alice", edl.tokens().uid(field(r.body(), "access_token")));
    assertEquals(401, post("/api/users/token", "", basic("alice", "x")).statusCode());
  }
}
