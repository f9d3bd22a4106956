package org.olfsfastpath.tomcat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The WAR deployed as {@code /opendap} in a real Tomcat, run as its own process with a
 * CATALINA_BASE of its own on a free loopback port. {@code catalina.sh run} execs the JVM, so
 * {@link #pid()} is the JVM whose threads and descriptors the fault tests count. Closing sends
 * SIGTERM, which Tomcat answers with an orderly shutdown (the web application's listener closes the
 * BES client), and SIGKILL only if that takes more than 30 s.
 *
 * <p>The server.xml is the deployment the tests vouch for (scripts/serve writes the same connector
 * attributes, from the one file {@link #connectorAttributes} reads, and the same error valve): a
 * named worker executor (threads {@code worker-N}, so Tomcat's pooled threads can be told from
 * anything that leaks), a listen backlog of 1,024 so a burst of that many connects is not dropped
 * at the door, raw brackets and braces let through in a query (classic DAP2 URLs), and an
 * ErrorReportValve that shows neither stack traces nor the server's version on Tomcat's own error
 * pages (Tomcat's default shows both for requests it refuses before the web application sees them).
 */
public final class TomcatServer implements AutoCloseable {
  /** The worker executor's size. */
  public static final int MAX_THREADS = 200;

  private static final Duration STARTUP = Duration.ofSeconds(120);
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

  private final Process process;
  private final Path base;
  private final int port;

  private TomcatServer(Process process, Path base, int port) {
    this.process = process;
    this.base = base;
    this.port = port;
  }

  /**
   * Launches Tomcat and waits until {@code /opendap/version} answers 200; if it does not within two
   * minutes, or Tomcat exits, stops it and fails with its console.
   *
   * @param base the CATALINA_BASE to write; whatever was there is deleted first
   * @param olfsXml the web application's configuration, written to {@code base/olfs.xml}
   * @param heap the JVM's maximum heap, e.g. {@code 384m}
   */
  public static TomcatServer start(
      Path tomcatHome, Path war, Path base, String olfsXml, String heap)
      throws IOException, InterruptedException {
    return awaitReadyOrClose(launch(tomcatHome, war, base, olfsXml, heap));
  }

  /**
   * Launches Tomcat without waiting for the web application, for tests of a deployment that is
   * meant to fail; see {@link #awaitConsole}. Arguments as for {@link #start}.
   */
  public static TomcatServer launch(
      Path tomcatHome, Path war, Path base, String olfsXml, String heap) throws IOException {
    prepareBase(tomcatHome, war, base);
    Path config = Files.writeString(base.resolve("olfs.xml"), olfsXml);
    return launchMade(tomcatHome, base, heap, "-Dolfs.config=" + config);
  }

  /**
   * Starts Tomcat as {@link #start} does, but names no olfs.xml: the front end finds its own, as in
   * an operator's install, where {@code javaOptions} may point its search (e.g. {@code
   * -Dolfs.config.dirs=DIR}).
   */
  public static TomcatServer startFinding(
      Path tomcatHome, Path war, Path base, String heap, String javaOptions)
      throws IOException, InterruptedException {
    prepareBase(tomcatHome, war, base);
    return awaitReadyOrClose(launchMade(tomcatHome, base, heap, javaOptions));
  }

  /** A fresh CATALINA_BASE for {@code tomcatHome} with {@code war}, and its server.xml. */
  private static void prepareBase(Path tomcatHome, Path war, Path base) throws IOException {
    requireFile(
        tomcatHome.resolve("bin/catalina.sh"),
        "no Tomcat at " + tomcatHome + ": mvn verify unpacks it (pre-integration-test)");
    requireFile(war, "no WAR at " + war + ": mvn verify builds it");
    makeBase(base, tomcatHome.resolve("conf"), war);
  }

  /** Runs Tomcat on a base {@link #prepareBase} made, on a free port. */
  private static TomcatServer launchMade(
      Path tomcatHome, Path base, String heap, String javaOptions) throws IOException {
    int port = freePort();
    Files.writeString(base.resolve("conf/server.xml"), serverXml(port));
    ProcessBuilder builder = catalina("bash", tomcatHome, base);
    builder
        .environment()
        .put(
            "CATALINA_OPTS",
            "-Xmx"
                + heap
                + " -XX:+UseSerialGC"
                // The spool's producers below short requests, as scripts/serve runs it.
                + " -XX:ThreadPriorityPolicy=1 -XX:JavaPriority1_To_OSPriority=10"
                // Pauses with wall-clock times, to set beside a run's slow requests.
                + " -Xlog:gc:file="
                + base.resolve("logs/gc.log")
                + ":time,uptime"
                + " -Djava.security.egd=file:/dev/./urandom "
                + javaOptions);
    return new TomcatServer(builder.start(), base, port);
  }

  /** A fresh CATALINA_BASE: the directories, the files of {@code conf}, the WAR as opendap.war. */
  private static void makeBase(Path base, Path conf, Path war) throws IOException {
    deleteRecursively(base);
    for (String dir : List.of("conf", "logs", "temp", "work", "webapps", "lib")) {
      Files.createDirectories(base.resolve(dir));
    }
    try (Stream<Path> files = Files.list(conf)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(file)) {
          Files.copy(file, base.resolve("conf").resolve(file.getFileName()));
        }
      }
    }
    Files.copy(war, base.resolve("webapps/opendap.war"), StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * {@code catalina.sh run} of {@code home} on {@code base}, its console in logs/console.log, with
   * nothing from the caller's environment that could change which Tomcat or settings run.
   */
  private static ProcessBuilder catalina(String shell, Path home, Path base) {
    ProcessBuilder builder =
        new ProcessBuilder(shell, home.resolve("bin/catalina.sh").toString(), "run")
            .redirectErrorStream(true)
            .redirectOutput(base.resolve("logs/console.log").toFile());
    Map<String, String> env = builder.environment();
    env.put("CATALINA_HOME", home.toString());
    env.put("CATALINA_BASE", base.toString());
    env.put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
    for (String name :
        List.of(
            "JRE_HOME",
            "CATALINA_PID",
            "CATALINA_TMPDIR",
            "OLFS_CONFIG",
            "JAVA_OPTS",
            "CATALINA_OPTS")) {
      env.remove(name);
    }
    return builder;
  }

  /**
   * Debian's own Tomcat (the {@code tomcat10} package) as an operator runs it, but as the calling
   * user and from a CATALINA_BASE of its own rather than as the package's system service:
   * CATALINA_HOME is the package's ({@code /usr/share/tomcat10}), {@code conf} holds the package's
   * configuration files as they are, except that the HTTP connector listens on a free loopback port
   * and takes raw brackets in a query ({@link #relaxedQueryChars}, the edit docs/configuration.md
   * asks of an operator), and the WAR is {@code webapps/opendap.war}. Waits as {@link #start}
   * waits.
   *
   * @param packageConf the package's configuration: {@code /etc/tomcat10}, or the copies the
   *     package keeps in {@code /usr/share/tomcat10/etc} (readable by every user)
   * @param javaOptions what an operator adds to the JVM's options, e.g. system properties
   */
  public static TomcatServer startPackaged(
      Path catalinaHome, Path packageConf, Path war, Path base, String heap, String javaOptions)
      throws IOException, InterruptedException {
    requireFile(catalinaHome.resolve("bin/catalina.sh"), "no packaged Tomcat at " + catalinaHome);
    requireFile(war, "no WAR at " + war + ": mvn verify builds it");
    makeBase(base, packageConf, war);
    int port = freePort();
    Path serverXml = base.resolve("conf/server.xml");
    String packaged = Files.readString(serverXml, StandardCharsets.UTF_8);
    String connector = "<Connector port=\"8080\" protocol=\"HTTP/1.1\"";
    if (!packaged.contains(connector)) {
      throw new IllegalStateException(
          packageConf
              + "/server.xml has no "
              + connector
              + ": not the configuration Debian's tomcat10 ships");
    }
    Files.writeString(
        serverXml,
        packaged
            .replaceFirst("<Server port=\"\\d+\"", "<Server port=\"-1\"")
            .replace(
                connector,
                "<Connector port=\""
                    + port
                    + "\" address=\"127.0.0.1\""
                    + " protocol=\"HTTP/1.1\" "
                    // The one edit docs/configuration.md asks of an operator: raw brackets.
                    + relaxedQueryChars()),
        StandardCharsets.UTF_8);
    ProcessBuilder builder = catalina("sh", catalinaHome, base);
    Map<String, String> env = builder.environment();
    // As /etc/default/tomcat10 and the package's unit set it, plus the operator's options.
    env.put("JAVA_OPTS", "-Djava.awt.headless=true");
    env.put(
        "CATALINA_OPTS", "-Xmx" + heap + " -Djava.security.egd=file:/dev/./urandom " + javaOptions);
    return awaitReadyOrClose(new TomcatServer(builder.start(), base, port));
  }

  /** Waits until {@code tomcat} serves ({@link #awaitReady}); stops it if it does not. */
  private static TomcatServer awaitReadyOrClose(TomcatServer tomcat) throws InterruptedException {
    try {
      tomcat.awaitReady();
    } catch (InterruptedException | RuntimeException e) {
      tomcat.close();
      throw e;
    }
    return tomcat;
  }

  private void awaitReady() throws InterruptedException {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    while (System.nanoTime() - deadline < 0) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "Tomcat exited with "
                + process.exitValue()
                + " while starting; its console:\n"
                + console());
      }
      if (versionAnswers200() && startupSettled()) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException(
        "Tomcat did not serve /opendap/version within " + STARTUP + "; its console:\n" + console());
  }

  /**
   * Whether the front end's start-up work (the warm-up's internal requests) is over, so that a
   * test's first request meets a settled BES conversation: the status document says so.
   */
  private boolean startupSettled() {
    String status = exchange("/opendap/status");
    return status.contains("\"settled\": true");
  }

  /** Whether /opendap/version answers 200: the web application is deployed and serving. */
  private boolean versionAnswers200() {
    try (Socket socket = get("/opendap/version")) {
      byte[] statusLine = socket.getInputStream().readNBytes("HTTP/1.1 200".length());
      return new String(statusLine, StandardCharsets.US_ASCII).equals("HTTP/1.1 200");
    } catch (IOException notYet) {
      return false; // not listening yet, or the web application is still deploying
    }
  }

  /** The whole answer to one plain HTTP/1.1 GET of {@code path}, or "" when there is none. */
  private String exchange(String path) {
    try (Socket socket = get(path)) {
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException notYet) {
      return "";
    }
  }

  /**
   * Sends one plain HTTP/1.1 GET of {@code path} on a connection of its own, so that a probe leaves
   * no client threads or pooled connections; the answer is to be read from the socket.
   */
  private Socket get(String path) throws IOException {
    int timeout = (int) PROBE_TIMEOUT.toMillis();
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress("127.0.0.1", port), timeout);
      socket.setSoTimeout(timeout);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      return socket;
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
  }

  /** Waits until the console shows {@code text}, or fails after the startup timeout. */
  public void awaitConsole(String text) throws InterruptedException {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    while (System.nanoTime() - deadline < 0) {
      if (console().contains(text)) {
        return;
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException(
        "Tomcat's console never showed \"" + text + "\":\n" + console());
  }

  /** {@code http://127.0.0.1:<port>/}. */
  public URI baseUri() {
    return URI.create("http://127.0.0.1:" + port + "/");
  }

  public int port() {
    return port;
  }

  /** The Tomcat JVM's process id. */
  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public Path base() {
    return base;
  }

  /** Everything Tomcat and the web application logged so far. */
  public String console() {
    try {
      return Files.readString(base.resolve("logs/console.log"), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return "(console unreadable: " + e + ")";
    }
  }

  /**
   * Stops Tomcat: TERM, then KILL after 30 s. Interrupted while waiting, it kills Tomcat at once
   * and keeps the thread's interrupt status (a close that threw InterruptedException would leave
   * the process to whoever catches it).
   */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** A loopback port nothing listens on right now. */
  public static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    }
  }

  /** Deletes {@code dir} and everything below it; nothing if it does not exist. */
  public static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.comparingInt(Path::getNameCount).reversed())
          .forEach(
              p -> {
                try {
                  Files.delete(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }

  private static void requireFile(Path file, String otherwise) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(otherwise);
    }
  }

  /**
   * The HTTP connector's attributes every Tomcat of the project gets, from the one file that holds
   * them ({@code connector.attributes} beside this class, which scripts/serve reads too), joined
   * into one line.
   */
  public static String connectorAttributes() {
    return String.join(" ", connectorAttributeLines());
  }

  /**
   * The {@code relaxedQueryChars} attribute of {@link #connectorAttributes}: what an operator adds
   * to a packaged Tomcat's connector, as docs/configuration.md says.
   */
  public static String relaxedQueryChars() {
    return connectorAttributeLines().stream()
        .filter(line -> line.startsWith("relaxedQueryChars="))
        .findFirst()
        .orElseThrow(
            () -> new IllegalStateException("connector.attributes sets no relaxedQueryChars"));
  }

  private static List<String> connectorAttributeLines() {
    try (var in = TomcatServer.class.getResourceAsStream("connector.attributes")) {
      if (in == null) {
        throw new IllegalStateException("connector.attributes is not beside TomcatServer");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String serverXml(int port) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <Server port="-1" shutdown="SHUTDOWN">
          <Service name="Catalina">
            <Executor name="workers" namePrefix="worker-" maxThreads="%d" minSpareThreads="10"/>
            <Connector executor="workers" port="%d" address="127.0.0.1" protocol="HTTP/1.1"
                       maxConnections="8192" %s/>
            <Engine name="Catalina" defaultHost="localhost">
              <Host name="localhost" appBase="webapps" unpackWARs="true" autoDeploy="false">
                <Valve className="org.apache.catalina.valves.ErrorReportValve"
                       showReport="false" showServerInfo="false"/>
              </Host>
            </Engine>
          </Service>
        </Server>
        """
        .formatted(MAX_THREADS, port, connectorAttributes());
  }
}
