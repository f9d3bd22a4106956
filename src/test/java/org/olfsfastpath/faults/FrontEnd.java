package org.olfsfastpath.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The WAR in a real Tomcat 11, started as its own process ({@code catalina.sh run}, which execs
 * the JVM, so {@link #pid()} is the JVM whose threads and descriptors the fault tests count).
 *
 * <p>The server.xml is the deployment the fault tests vouch for: a named worker executor (threads
 * {@code worker-N}, so that Tomcat's own pooled threads can be told from anything that leaks), a
 * listen backlog of 1,024 so a burst of that many connects is not dropped at the door, and an
 * ErrorReportValve that shows neither stack traces nor the server's version on Tomcat's own error
 * pages (Tomcat's default shows both for requests it refuses before the web application).
 */
final class FrontEnd implements AutoCloseable {
  static final int MAX_THREADS = 200;
  private static final Duration STARTUP = Duration.ofSeconds(120);

  private final Process process;
  private final Path base;
  private final int port;

  private FrontEnd(Process process, Path base, int port) {
    this.process = process;
    this.base = base;
    this.port = port;
  }

  /** Where Tomcat, the WAR and the work directory are, from the failsafe system properties. */
  record Layout(Path tomcatHome, Path war, Path workDir) {
    static Layout fromSystemProperties() {
      return new Layout(Path.of(required("tomcat.home")), Path.of(required("war.file")),
          Path.of(required("it.work.dir")));
    }

    private static String required(String name) {
      String value = System.getProperty(name);
      if (value == null || value.isBlank()) {
        throw new IllegalStateException("system property " + name + " is not set: run the fault"
            + " tests with mvn verify (failsafe sets it) or scripts/soak");
      }
      return value;
    }
  }

  /**
   * Writes a CATALINA_BASE at {@code base}, deploys the WAR as {@code /opendap} with {@code
   * olfsXml} as its configuration, starts Tomcat and waits until {@code /opendap/version} answers.
   */
  static FrontEnd start(Layout layout, Path base, String olfsXml, String heap)
      throws IOException, InterruptedException {
    if (!Files.isRegularFile(layout.tomcatHome().resolve("bin/catalina.sh"))) {
      throw new IllegalStateException("no Tomcat at " + layout.tomcatHome()
          + ": mvn verify unpacks it (pre-integration-test)");
    }
    if (!Files.isRegularFile(layout.war())) {
      throw new IllegalStateException("no WAR at " + layout.war() + ": mvn verify builds it");
    }
    deleteRecursively(base);
    for (String dir : List.of("conf", "logs", "temp", "work", "webapps")) {
      Files.createDirectories(base.resolve(dir));
    }
    try (Stream<Path> files = Files.list(layout.tomcatHome().resolve("conf"))) {
      for (Path file : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(file)) {
          Files.copy(file, base.resolve("conf").resolve(file.getFileName()));
        }
      }
    }
    int port = freePort();
    Files.writeString(base.resolve("conf/server.xml"), serverXml(port));
    Path config = base.resolve("olfs.xml");
    Files.writeString(config, olfsXml);
    Files.copy(layout.war(), base.resolve("webapps/opendap.war"), StandardCopyOption.REPLACE_EXISTING);

    ProcessBuilder builder = new ProcessBuilder("bash",
        layout.tomcatHome().resolve("bin/catalina.sh").toString(), "run")
        .redirectErrorStream(true)
        .redirectOutput(base.resolve("logs/console.log").toFile());
    Map<String, String> env = builder.environment();
    env.put("CATALINA_HOME", layout.tomcatHome().toString());
    env.put("CATALINA_BASE", base.toString());
    env.put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
    env.remove("JRE_HOME");
    env.remove("CATALINA_PID");
    env.remove("OLFS_CONFIG");
    env.remove("JAVA_OPTS");
    env.put("CATALINA_OPTS", "-Xmx" + heap + " -XX:+UseSerialGC"
        + " -Djava.security.egd=file:/dev/./urandom -Dolfs.config=" + config);
    FrontEnd frontEnd = new FrontEnd(builder.start(), base, port);
    try {
      frontEnd.awaitReady();
    } catch (InterruptedException | RuntimeException e) {
      frontEnd.close();
      throw e;
    }
    return frontEnd;
  }

  private void awaitReady() throws InterruptedException {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("Tomcat exited with " + process.exitValue()
            + " while starting; its console:\n" + console());
      }
      RawHttp.Response r = RawHttp.get(port, "/opendap/version", Duration.ofSeconds(5));
      if (r.status() == 200) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("Tomcat did not serve /opendap/version within " + STARTUP
        + "; its console:\n" + console());
  }

  int port() {
    return port;
  }

  /** The Tomcat JVM's process id. */
  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Everything Tomcat and the web application logged so far. */
  String console() {
    try {
      return Files.readString(base.resolve("logs/console.log"), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return "(console unreadable: " + e + ")";
    }
  }

  Path base() {
    return base;
  }

  /** SIGTERM, which Tomcat answers with an orderly shutdown; SIGKILL after 30 s. */
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
            <Executor name="workers" namePrefix="worker-" maxThreads="%d" minSpareThreads="10"/>
            <Connector executor="workers" port="%d" address="127.0.0.1" protocol="HTTP/1.1"
                       connectionTimeout="20000" acceptCount="1024" maxConnections="8192"/>
            <Engine name="Catalina" defaultHost="localhost">
              <Host name="localhost" appBase="webapps" unpackWARs="true" autoDeploy="false">
                <Valve className="org.apache.catalina.valves.ErrorReportValve"
                       showReport="false" showServerInfo="false"/>
              </Host>
            </Engine>
          </Service>
        </Server>
        """.formatted(MAX_THREADS, port);
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
