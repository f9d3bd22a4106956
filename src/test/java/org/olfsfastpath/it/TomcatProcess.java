package org.olfsfastpath.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Tomcat distribution running the WAR as a separate process ({@code bin/catalina.sh run})
 * with a CATALINA_BASE of its own on a free loopback port. Stopping sends SIGTERM, which Tomcat
 * answers with an orderly shutdown (the web application's listener closes the BES client).
 */
final class TomcatProcess implements AutoCloseable {
  private static final Duration STARTUP = Duration.ofSeconds(90);

  private final Process process;
  private final Path base;
  private final int port;

  private TomcatProcess(Process process, Path base, int port) {
    this.process = process;
    this.base = base;
    this.port = port;
  }

  /**
   * Writes a CATALINA_BASE under {@code base}, deploys {@code war} as {@code /opendap} with
   * {@code olfsConfig} named by the {@code olfs.config} system property, starts Tomcat and waits
   * until the web application answers or {@code expectFailure} says not to wait for that.
   */
  static TomcatProcess start(Path tomcatHome, Path war, Path base, Path olfsConfig,
      boolean expectStartupFailure) throws IOException, InterruptedException {
    if (!Files.isRegularFile(tomcatHome.resolve("bin/catalina.sh"))) {
      throw new IllegalStateException("no Tomcat at " + tomcatHome + ": run mvn verify, which unpacks it");
    }
    if (!Files.isRegularFile(war)) {
      throw new IllegalStateException("no WAR at " + war + ": run mvn verify, which builds it");
    }
    deleteRecursively(base);
    for (String dir : new String[] {"conf", "logs", "temp", "work", "webapps"}) {
      Files.createDirectories(base.resolve(dir));
    }
    try (Stream<Path> files = Files.list(tomcatHome.resolve("conf"))) {
      for (Path file : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(file)) {
          Files.copy(file, base.resolve("conf").resolve(file.getFileName()));
        }
      }
    }
    int port = freePort();
    Files.writeString(base.resolve("conf/server.xml"), serverXml(port));
    Files.copy(war, base.resolve("webapps/opendap.war"), StandardCopyOption.REPLACE_EXISTING);

    List<String> command = new ArrayList<>(List.of("bash",
        tomcatHome.resolve("bin/catalina.sh").toString(), "run"));
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(base.resolve("logs/console.log").toFile());
    Map<String, String> env = builder.environment();
    env.put("CATALINA_HOME", tomcatHome.toString());
    env.put("CATALINA_BASE", base.toString());
    env.put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
    env.remove("JRE_HOME");
    env.remove("CATALINA_PID");
    env.remove("OLFS_CONFIG");
    env.put("CATALINA_OPTS", "-Xmx384m -XX:+UseSerialGC -Djava.security.egd=file:/dev/./urandom"
        + (olfsConfig == null ? "" : " -Dolfs.config=" + olfsConfig));
    TomcatProcess tomcat = new TomcatProcess(builder.start(), base, port);
    if (!expectStartupFailure) {
      tomcat.awaitReady();
    }
    return tomcat;
  }

  private void awaitReady() throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + STARTUP.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("Tomcat exited with " + process.exitValue()
            + " while starting; its console:\n" + console());
      }
      try {
        HttpResponse<Void> r = client.send(HttpRequest.newBuilder(baseUri().resolve("opendap/version"))
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // Not listening yet.
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("Tomcat did not serve /opendap/version within " + STARTUP
        + "; its console:\n" + console());
  }

  /** Waits until the console shows {@code text}, or fails after the startup timeout. */
  void awaitConsole(String text) throws InterruptedException {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    while (System.nanoTime() < deadline) {
      if (console().contains(text)) {
        return;
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("Tomcat's console never showed \"" + text + "\":\n" + console());
  }

  /** {@code http://127.0.0.1:<port>/}. */
  URI baseUri() {
    return URI.create("http://127.0.0.1:" + port + "/");
  }

  int port() {
    return port;
  }

  /** Everything Tomcat and the web application logged so far. */
  String console() {
    try {
      return Files.readString(base.resolve("logs/console.log"), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return "(console unreadable: " + e + ")";
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    }
  }

  private static String serverXml(int port) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <Server port="-1" shutdown="SHUTDOWN">
          <Service name="Catalina">
            <Connector port="%d" address="127.0.0.1" protocol="HTTP/1.1" connectionTimeout="20000"/>
            <Engine name="Catalina" defaultHost="localhost">
              <Host name="localhost" appBase="webapps" unpackWARs="true" autoDeploy="false"/>
            </Engine>
          </Service>
        </Server>
        """.formatted(port);
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> {
        try {
          Files.delete(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
