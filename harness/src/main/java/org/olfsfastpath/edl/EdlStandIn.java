package org.olfsfastpath.edl;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.json.Json;

/**
 * A stand-in for NASA Earthdata Login, as the BES emulator stands in for the BES: the endpoints an
 * EDL application uses, as EDL documents them (urs.earthdata.nasa.gov/sso_client_impl) and
 * upstream's UrsIdP and NASA's own clients call them. Served on {@code localhost} (a {@code .netrc}
 * entry for it then never matches a front end on {@code 127.0.0.1}).
 *
 * <ul>
 *   <li>{@code GET /oauth/authorize?client_id&redirect_uri&response_type=code[&state]}: with the
 *       user's {@code Authorization: Basic} (what curl {@code -n} and netCDF-C send from {@code
 *       .netrc}) a 302 to {@code redirect_uri?code=…&state=…}; without, EDL's login page (200 HTML,
 *       a form that posts the same parameters back); an unknown client or a {@code redirect_uri}
 *       the application did not register is 400.
 *   <li>{@code POST /oauth/token} with the application's Basic credentials: {@code
 *       authorization_code} (each code once, with the {@code redirect_uri} it was given for) and
 *       {@code refresh_token}; the answer has {@code access_token}, {@code token_type}, {@code
 *       expires_in}, {@code refresh_token}, {@code endpoint} ({@code /api/users/<uid>}) and {@code
 *       expires_at}.
 *   <li>{@code POST /oauth/tokens/user} ({@code token=}, application credentials): {@code uid} or
 *       403 {@code invalid_token}; {@code POST /oauth/revoke}: {@code {}}.
 *   <li>{@code GET /api/users/<uid>?client_id=} with the user's bearer token: the profile.
 *   <li>{@code POST /api/users/token} with the user's Basic credentials: a user token, as EDL's
 *       "generate token".
 *   <li>{@code GET /.well-known/edl_test_jwks.json}: the public key.
 * </ul>
 *
 * Tokens are {@link EdlTokens}. Every request is counted by path ({@link #calls}). Thread-safe.
 */
public final class EdlStandIn implements AutoCloseable {
  /** The JWKS path, in the style of EDL's {@code /.well-known/edl_ops_jwks.json}. */
  public static final String JWKS_PATH = "/.well-known/edl_test_jwks.json";

  /** How long an access token lives; EDL's user tokens live 60 days, ours an hour. */
  public static final Duration TOKEN_LIFE = Duration.ofHours(1);

  private final HttpServer server;
  private final ExecutorService threads = Executors.newFixedThreadPool(4);
  private final Map<String, String> users;
  private final Map<String, App> apps;
  private final EdlTokens tokens;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Grant> codes = new ConcurrentHashMap<>();
  private final Map<String, Grant> refreshTokens = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

  /**
   * A registered application.
   *
   * @param clientId its client id
   * @param password its password (what {@code UrsClientAuthCode} is base64 of, with the id)
   * @param redirectPrefix the start every {@code redirect_uri} of it must have
   */
  public record App(String clientId, String password, String redirectPrefix) {
    /** The value of upstream's {@code UrsClientAuthCode} for this application. */
    public String authCode() {
      return Base64.getEncoder()
          .encodeToString((clientId + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
  }

  private record Grant(String uid, String clientId, String redirectUri) {}

  private EdlStandIn(HttpServer server, Map<String, String> users, Map<String, App> apps) {
    this.server = server;
    this.users = Map.copyOf(users);
    this.apps = Map.copyOf(apps);
    this.tokens = new EdlTokens(Clock.systemUTC());
  }

  /**
   * Starts a stand-in on {@code localhost:port} (0: any free port).
   *
   * @param users user name to password
   * @param apps the registered applications
   */
  public static EdlStandIn start(int port, Map<String, String> users, App... apps)
      throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("localhost", port), 50);
    Map<String, App> byId = new LinkedHashMap<>();
    for (App a : apps) {
      byId.put(a.clientId(), a);
    }
    EdlStandIn edl = new EdlStandIn(server, users, byId);
    server.createContext("/", edl::handle);
    server.setExecutor(edl.threads);
    server.start();
    return edl;
  }

  /** The base URL, what {@code UrsUrl} is set to: {@code http://localhost:<port>}. */
  public URI url() {
    return URI.create("http://localhost:" + server.getAddress().getPort());
  }

  /** The JWKS URL, what {@code UrsJwksUrl} is set to. */
  public URI jwksUrl() {
    return URI.create(url() + JWKS_PATH);
  }

  public EdlTokens tokens() {
    return tokens;
  }

  /** A user token for {@code uid}, as EDL's "generate token" makes. */
  public String userToken(String uid) {
    return tokens.mint(uid, "edl-user-token", TOKEN_LIFE);
  }

  /** The requests served so far on {@code path}. */
  public long calls(String path) {
    AtomicLong n = calls.get(path);
    return n == null ? 0 : n.get();
  }

  /** The requests served so far on every path. */
  public long calls() {
    return calls.values().stream().mapToLong(AtomicLong::get).sum();
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }

  private void handle(HttpExchange x) throws IOException {
    try (x) {
      String path = x.getRequestURI().getRawPath();
      calls.computeIfAbsent(path, p -> new AtomicLong()).incrementAndGet();
      Map<String, String> params = params(x);
      if (path.equals("/oauth/authorize")) {
        authorize(x, params);
      } else if (path.equals("/oauth/token") && post(x)) {
        token(x, params);
      } else if (path.equals("/oauth/tokens/user") && post(x)) {
        App app = app(x);
        String uid = app == null ? null : tokens.uid(params.getOrDefault("token", ""));
        if (app == null) {
          json(x, 401, Map.of("error", "invalid_client"));
        } else if (uid == null) {
          json(x, 403, Map.of("error", "invalid_token", "error_description", "token not valid"));
        } else {
          json(x, 200, Map.of("uid", uid));
        }
      } else if (path.equals("/oauth/revoke") && post(x)) {
        json(x, app(x) == null ? 401 : 200, Map.of());
      } else if (path.equals("/api/users/token") && post(x)) {
        String uid = user(x.getRequestHeaders().getFirst("Authorization"));
        if (uid == null) {
          json(x, 401, Map.of("error", "invalid_credentials"));
        } else {
          json(x, 200, Map.of("access_token", userToken(uid), "token_type", "Bearer"));
        }
      } else if (path.startsWith("/api/users/")) {
        profile(x, path.substring("/api/users/".length()));
      } else if (path.equals(JWKS_PATH)) {
        send(x, 200, "application/json", tokens.jwks());
      } else {
        json(x, 404, Map.of("error", "not_found"));
      }
    }
  }

  private void authorize(HttpExchange x, Map<String, String> p) throws IOException {
    App app = apps.get(p.getOrDefault("client_id", ""));
    String redirect = p.get("redirect_uri");
    if (app == null
        || redirect == null
        || !redirect.startsWith(app.redirectPrefix())
        || !"code".equals(p.get("response_type"))) {
      send(x, 400, "text/plain", "invalid client_id, redirect_uri or response_type\n");
      return;
    }
    String uid = user(x.getRequestHeaders().getFirst("Authorization"));
    if (uid == null && p.containsKey("username")) {
      uid =
          users.get(p.get("username")) != null
                  && users.get(p.get("username")).equals(p.get("password"))
              ? p.get("username")
              : null;
    }
    if (uid == null) {
      boolean tried =
          x.getRequestHeaders().containsKey("Authorization") || p.containsKey("username");
      send(x, tried ? 401 : 200, "text/html;charset=utf-8", LoginPage.html(p, tried));
      return;
    }
    String code = random(24);
    codes.put(code, new Grant(uid, app.clientId(), redirect));
    String state = p.get("state");
    String to =
        redirect
            + (redirect.contains("?") ? "&" : "?")
            + "code="
            + code
            + (state == null ? "" : "&state=" + URLEncoder.encode(state, StandardCharsets.UTF_8));
    x.getResponseHeaders().set("Location", to);
    x.sendResponseHeaders(302, -1);
  }

  private void token(HttpExchange x, Map<String, String> p) throws IOException {
    App app = app(x);
    if (app == null) {
      json(x, 401, Map.of("error", "invalid_client"));
      return;
    }
    Grant grant;
    if ("authorization_code".equals(p.get("grant_type"))) {
      grant = codes.remove(p.getOrDefault("code", ""));
      if (grant == null
          || !grant.clientId().equals(app.clientId())
          || !grant.redirectUri().equals(p.get("redirect_uri"))) {
        json(x, 400, Map.of("error", "invalid_grant"));
        return;
      }
    } else if ("refresh_token".equals(p.get("grant_type"))) {
      grant = refreshTokens.get(p.getOrDefault("refresh_token", ""));
      if (grant == null || !grant.clientId().equals(app.clientId())) {
        json(x, 400, Map.of("error", "invalid_grant"));
        return;
      }
    } else {
      json(x, 400, Map.of("error", "unsupported_grant_type"));
      return;
    }
    String refresh = random(24);
    refreshTokens.put(refresh, grant);
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("access_token", tokens.mint(grant.uid(), app.clientId(), TOKEN_LIFE));
    answer.put("token_type", "Bearer");
    answer.put("expires_in", TOKEN_LIFE.toSeconds());
    answer.put("refresh_token", refresh);
    answer.put("endpoint", "/api/users/" + grant.uid());
    answer.put("expires_at", java.time.Instant.now().plus(TOKEN_LIFE).toString());
    json(x, 200, answer);
  }

  private void profile(HttpExchange x, String uid) throws IOException {
    String auth = x.getRequestHeaders().getFirst("Authorization");
    String tokenUid =
        auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)
            ? tokens.uid(auth.substring(7).strip())
            : null;
    if (tokenUid == null) {
      json(x, 401, Map.of("error", "invalid_token"));
    } else if (!tokenUid.equals(uid) || !users.containsKey(uid)) {
      json(x, 403, Map.of("error", "forbidden"));
    } else {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("uid", uid);
      p.put(
          "first_name", uid.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + uid.substring(1));
      p.put("last_name", "Tester");
      p.put("email_address", uid + "@example.org");
      p.put("country", "United States");
      p.put("user_type", "Public User");
      p.put("user_groups", java.util.List.of());
      p.put("user_authorized_apps", apps.size());
      json(x, 200, p);
    }
  }

  /** The user of a Basic header, or null. */
  private @Nullable String user(@Nullable String authorization) {
    String[] pair = basic(authorization);
    return pair != null && Objects.equals(users.get(pair[0]), pair[1]) ? pair[0] : null;
  }

  /** The application of the request's Basic header, or null. */
  private @Nullable App app(HttpExchange x) {
    String[] pair = basic(x.getRequestHeaders().getFirst("Authorization"));
    if (pair == null) {
      return null;
    }
    App app = apps.get(pair[0]);
    return app != null && app.password().equals(pair[1]) ? app : null;
  }

  private static String @Nullable [] basic(@Nullable String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      return null;
    }
    try {
      String pair =
          new String(
              Base64.getDecoder().decode(authorization.substring(6).strip()),
              StandardCharsets.UTF_8);
      int colon = pair.indexOf(':');
      return colon < 0 ? null : new String[] {pair.substring(0, colon), pair.substring(colon + 1)};
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static boolean post(HttpExchange x) {
    return x.getRequestMethod().equals("POST");
  }

  private static Map<String, String> params(HttpExchange x) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    decode(x.getRequestURI().getRawQuery(), out);
    if (post(x)) {
      decode(new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8), out);
    }
    return out;
  }

  private static void decode(@Nullable String form, Map<String, String> out) {
    if (form == null || form.isEmpty()) {
      return;
    }
    for (String pair : form.split("&")) {
      int eq = pair.indexOf('=');
      String k = eq < 0 ? pair : pair.substring(0, eq);
      String v = eq < 0 ? "" : pair.substring(eq + 1);
      out.put(
          URLDecoder.decode(k, StandardCharsets.UTF_8),
          URLDecoder.decode(v, StandardCharsets.UTF_8));
    }
  }

  private String random(int bytes) {
    byte[] b = new byte[bytes];
    random.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  private static void json(HttpExchange x, int status, Map<String, ?> body) throws IOException {
    send(x, status, "application/json", Json.compact(body));
  }

  private static void send(HttpExchange x, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().set("Content-Type", type);
    x.getResponseHeaders().set("Cache-Control", "no-store");
    x.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(bytes);
    }
  }
}
