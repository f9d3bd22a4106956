package org.olfsfastpath.keycloak;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A real Keycloak for the login tests: the distribution Maven unpacks from Central ({@code
 * org.keycloak:keycloak-quarkus-dist}, test scope, into {@code target/}; its home in the system
 * property {@code keycloak.home}), started in development mode with an in-memory database and the
 * test realm ({@code olfs-realm.json}: realm {@code olfs}; {@code alice} in the group {@code
 * restricted-readers}, {@code bob} in none; the confidential client {@code olfs-fastpath} with PKCE
 * S256, a {@code groups} claim and its own id in the access tokens' audience) imported at every
 * start. It runs on the newest Java it finds: {@code keycloak.java.home}, Temurin 25, a JDK 21,
 * else the one running the tests. Without the distribution the tests skip, saying why.
 *
 * <p>Keycloak takes 40 to 100 seconds to start on two cores (its first start also builds itself for
 * these options), so one server serves a whole test class.
 */
public final class KeycloakServer implements AutoCloseable {
  /** The realm's name. */
  public static final String REALM = "olfs";

  /** The client's id and secret. */
  public static final String CLIENT_ID = "olfs-fastpath";

  public static final String CLIENT_SECRET = "olfs-test-secret";

  /** How long a start may take: its first start builds itself, minutes on a busy machine. */
  static final Duration READY_TIMEOUT = Duration.ofSeconds(600);

  private static final List<String> JDKS =
      List.of("/usr/lib/jvm/temurin-25-jdk-amd64", "/usr/lib/jvm/java-21-openjdk-amd64");

  private final Process process;
  private final int port;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private KeycloakServer(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /**
   * Starts Keycloak, or skips the calling test (an assumption) when its distribution or a Java for
   * it is missing.
   *
   * @param work a directory of the test's for the log
   */
  public static KeycloakServer startOrSkip(Path work) throws IOException, InterruptedException {
    String home = System.getProperty("keycloak.home");
    assumeTrue(
        home != null && Files.isExecutable(Path.of(home, "bin", "kc.sh")),
        "Keycloak is not unpacked (the webapp build unpacks org.keycloak:keycloak-quarkus-dist"
            + " from Maven Central into target/ and names it in keycloak.home)");
    Path java = java();
    Path dist = Path.of(Objects.requireNonNull(home));
    Path imports = dist.resolve("data/import");
    Files.createDirectories(imports);
    try (InputStream realm = KeycloakServer.class.getResourceAsStream("olfs-realm.json")) {
      Files.copy(
          Objects.requireNonNull(realm),
          imports.resolve("olfs-realm.json"),
          StandardCopyOption.REPLACE_EXISTING);
    }
    Files.createDirectories(work);
    int port = freePort();
    int management = freePort();
    List<String> command = new ArrayList<>();
    command.add(dist.resolve("bin/kc.sh").toString());
    command.add("start-dev");
    command.add("--http-host=127.0.0.1");
    command.add("--http-port=" + port);
    command.add("--http-management-port=" + management);
    command.add("--health-enabled=true");
    command.add("--db=dev-mem");
    command.add("--import-realm");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dist.toFile());
    pb.environment().put("JAVA_HOME", java.toString());
    pb.environment().put("PATH", java.resolve("bin") + ":" + System.getenv("PATH"));
    pb.environment().put("JAVA_OPTS_KC_HEAP", "-Xms64m -Xmx512m");
    pb.redirectErrorStream(true).redirectOutput(work.resolve("keycloak.log").toFile());
    KeycloakServer server = new KeycloakServer(pb.start(), port);
    try {
      server.awaitReady(management);
    } catch (IOException | RuntimeException | InterruptedException e) {
      server.close();
      throw e;
    }
    return server;
  }

  private static Path java() {
    List<String> candidates = new ArrayList<>();
    String named = System.getProperty("keycloak.java.home");
    if (named != null) {
      candidates.add(named);
    }
    candidates.addAll(JDKS);
    candidates.add(System.getProperty("java.home"));
    for (String c : candidates) {
      if (Files.isExecutable(Path.of(c, "bin", "java"))) {
        return Path.of(c);
      }
    }
    assumeTrue(false, "no Java for Keycloak (Temurin 25, a JDK 21 or 17)");
    throw new AssertionError();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private void awaitReady(int management) throws IOException, InterruptedException {
    Instant deadline = Instant.now().plus(READY_TIMEOUT);
    URI health = URI.create("http://127.0.0.1:" + management + "/health/ready");
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IOException(
            "Keycloak exited with " + process.exitValue() + " (see keycloak.log)");
      }
      try {
        HttpResponse<Void> r =
            http.send(
                HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(1000);
    }
    throw new IOException("Keycloak was not ready after " + READY_TIMEOUT + " (see keycloak.log)");
  }

  /** The realm's issuer, {@code http://127.0.0.1:<port>/realms/olfs}. */
  public URI issuer() {
    return URI.create("http://127.0.0.1:" + port + "/realms/" + REALM);
  }

  /** An access token for {@code user} by the password grant, as the tests' scripts get one. */
  public String accessToken(String user, String password) throws IOException, InterruptedException {
    String form =
        "grant_type=password&scope=openid&username="
            + URLEncoder.encode(user, StandardCharsets.UTF_8)
            + "&password="
            + URLEncoder.encode(password, StandardCharsets.UTF_8);
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(issuer() + "/protocol/openid-connect/token"))
                .timeout(Duration.ofSeconds(30))
                .header(
                    "Authorization",
                    "Basic "
                        + Base64.getEncoder()
                            .encodeToString(
                                (CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    String token = field(r.body(), "access_token");
    if (r.statusCode() != 200 || token == null) {
      throw new IOException("password grant for " + user + " answered " + r.statusCode());
    }
    return token;
  }

  private static @Nullable String field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
    return m.find() ? m.group(1) : null;
  }

  @Override
  public void close() {
    // kc.sh execs java, so this is Keycloak itself: SIGTERM, then by force if it lingers.
    process.destroy();
    try {
      if (process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }
}
