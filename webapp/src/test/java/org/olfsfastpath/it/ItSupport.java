package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;

/** What the integration tests share: HTTP and real-client helpers. */
public final class ItSupport {
  static final HttpClient HTTP =
      HttpClient.newBuilder()
          .connectTimeout(Duration.ofSeconds(5))
          .version(HttpClient.Version.HTTP_1_1)
          .build();

  /** A classic DAP2 URL as a scientist types it, with raw brackets (curl -g, IDL, Ferret). */
  public static final String RAW_BRACKETS =
      "/opendap/coads_climatology.nc.ascii?SST[0:1:0][0:1:9][0:1:9]";

  private ItSupport() {}

  /**
   * Issue 27, raw brackets: {@link #RAW_BRACKETS} reaches the front end through the container on
   * {@code port} and answers 200 with the data, not the container's bare 400; and the start said
   * once, in {@code console}, that the connector lets them through, with no warning.
   */
  public static void assertRawBracketsServed(int port, String console) throws IOException {
    String response = new String(rawGet(port, RAW_BRACKETS), StandardCharsets.ISO_8859_1);
    if (!response.startsWith("HTTP/1.1 200")
        || !response.contains("Dataset: coads_climatology.nc")
        || !response.contains("SST.SST[SST.TIME=366][SST.COADSY=-89], ")) {
      throw new AssertionError("GET " + RAW_BRACKETS + " answered:\n" + response);
    }
    String said =
        "olfs-fastpath: raw [ ] { } | ^ \" in a query reach the front end through the connector"
            + " on port "
            + port;
    if (!console.contains(said) || console.contains("unencoded in a query")) {
      throw new AssertionError("expected \"" + said + "\" and no warning in:\n" + console);
    }
  }

  /**
   * A warm answer's headers go to Tomcat as bytes (the start of the first request says so) and
   * reach the client as the servlet API would have written them: each DAP header once, in order,
   * with its value.
   */
  public static void assertHeadersHandedToTomcatAsBytes(int port, String console)
      throws IOException {
    String path = "/opendap/coads_climatology.nc.das";
    rawGet(port, path);
    String response = new String(rawGet(port, path), StandardCharsets.ISO_8859_1);
    String head = response.substring(0, Math.max(0, response.indexOf("\r\n\r\n") + 2));
    List<String> expected =
        List.of(
            "HTTP/1.1 200 \r\n",
            "\r\nX-Request-Id: ",
            "\r\nCache-Control: ",
            "\r\nLast-Modified: ",
            "\r\nETag: \"",
            "\r\nXDODS-Server: dods/3.2\r\n",
            "\r\nXOPeNDAP-Server: olfs-fastpath/",
            "\r\nXDAP: 3.2\r\n",
            "\r\nX-DAP: 3.2\r\n",
            "\r\nContent-Description: dods_das\r\n",
            "\r\nContent-Type: text/plain");
    int at = 0;
    for (String part : expected) {
      int found = head.indexOf(part, at);
      if (found < 0) {
        throw new AssertionError("no \"" + part.strip() + "\" in order in:\n" + head);
      }
      at = found + 1;
    }
    if (!head.matches("(?s).*\r\nLast-Modified: \\w{3}, \\d{2} \\w{3} \\d{4} [\\d:]{8} GMT\r\n.*")
        || head.indexOf("\r\nXDAP: ") != head.lastIndexOf("\r\nXDAP: ")) {
      throw new AssertionError("Last-Modified not an HTTP date, or XDAP twice, in:\n" + head);
    }
    // Each header once, whichever way it went into Tomcat's table, in answers that set more of
    // them (an error, a constraint, a DAP4 answer) as well as the warm .das.
    for (String other :
        List.of(
            path,
            "/opendap/coads_climatology.nc.dmr",
            "/opendap/coads_climatology.nc.dds?COADSX",
            "/opendap/coads_climatology.nc.ascii?COADSX",
            "/opendap/no-such-file.nc.das",
            "/opendap/coads_climatology.nc.das?bad%20constraint(")) {
      assertEachHeaderOnce(other, new String(rawGet(port, other), StandardCharsets.ISO_8859_1));
    }
    String said = "response headers are handed to Tomcat as bytes";
    if (!console.contains(said) || console.contains("Tomcat's header table was not found")) {
      throw new AssertionError("expected \"" + said + "\" in:\n" + console);
    }
  }

  /** Fails if a header name (in any case) appears twice in {@code response}'s head. */
  static void assertEachHeaderOnce(String path, String response) {
    String head = response.substring(0, Math.max(0, response.indexOf("\r\n\r\n")));
    Set<String> seen = new HashSet<>();
    for (String line : head.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && !line.startsWith("HTTP/")) {
        String name = line.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!name.equals("set-cookie") && !seen.add(name)) {
          throw new AssertionError(path + ": header " + name + " twice in:\n" + head);
        }
      }
    }
    if (seen.isEmpty()) {
      throw new AssertionError(path + ": no headers in:\n" + response);
    }
  }

  public static HttpResponse<byte[]> get(URI uri, String... headers)
      throws IOException, InterruptedException {
    return send("GET", uri, headers);
  }

  public static HttpResponse<byte[]> send(String method, URI uri, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofSeconds(30))
            .method(method, HttpRequest.BodyPublishers.noBody());
    if (headers.length > 0) {
      request.headers(headers);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** A POST of an {@code application/x-www-form-urlencoded} body. */
  static HttpResponse<byte[]> postForm(URI uri, String body, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (headers.length > 0) {
      request.headers(headers);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  public static String text(HttpResponse<byte[]> response) {
    return new String(response.body(), StandardCharsets.ISO_8859_1);
  }

  /**
   * The BES goes away (the emulator stops listening and drops its connections): a request that
   * needs it gets 503 with Retry-After and a DAP error body (the group's only BES out of service,
   * not a 502 per request), the next one at once; once it listens again a probe brings it back by
   * itself. {@code needsBes} is an answer nothing has kept (another slice than any asked for).
   */
  public static void assertBesDown503AtOnce_andBackByItself(
      URI opendap, BesEmulator bes, String needsBes) throws IOException, InterruptedException {
    bes.pause();
    try {
      // The pooled connection is gone with the listener; the new connect fails and takes the
      // group's only BES out of service.
      HttpResponse<byte[]> r = null;
      for (int i = 0; i < 3 && (r == null || r.statusCode() != 503); i++) {
        r = get(opendap.resolve(needsBes));
      }
      assertEquals(503, r.statusCode(), text(r));
      assertTrue(r.headers().firstValue("Retry-After").isPresent(), r.headers().toString());
      assertTrue(text(r).contains("Error {"), text(r));
      long start = System.nanoTime();
      assertEquals(503, get(opendap.resolve(needsBes)).statusCode());
      assertTrue(System.nanoTime() - start < 100_000_000L, "a down BES fails fast");
    } finally {
      bes.resume();
    }
    long deadline = System.nanoTime() + 15_000_000_000L;
    int status = 0;
    while (status != 200 && System.nanoTime() < deadline) {
      Thread.sleep(100);
      status = get(opendap.resolve(needsBes)).statusCode();
    }
    assertEquals(200, status, "served again after a probe");
  }

  /**
   * The web application refuses to start with {@code olfsXml} (the module's WAR in Tomcat 11, in
   * the working directory {@code name}): the console says {@code expected}, Tomcat itself starts,
   * and {@code /opendap/version} is not there.
   */
  static void assertRefusesTheStart(String name, String olfsXml, String expected)
      throws IOException, InterruptedException {
    try (TomcatServer tomcat = FrontEndExtension.launch(name, "tomcat.home", "war.file", olfsXml)) {
      tomcat.awaitConsole(expected);
      tomcat.awaitConsole("Server startup in");
      assertEquals(404, get(tomcat.baseUri().resolve("opendap/version")).statusCode());
    }
  }

  /**
   * Sends one raw HTTP/1.1 GET and returns every byte the server sent until it closed the
   * connection or went quiet for 10 s (so the framing itself can be checked).
   */
  static byte[] rawGet(int port, String pathAndQuery) throws IOException {
    return rawGet("127.0.0.1", port, pathAndQuery);
  }

  /**
   * {@link #rawGet(int, String)} from the local address {@code from}: on Linux any 127/8 address is
   * this machine, so each is a client of its own to the front end.
   */
  static byte[] rawGet(String from, int port, String pathAndQuery) throws IOException {
    try (Socket socket = new Socket()) {
      socket.bind(new InetSocketAddress(from, 0));
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("GET " + pathAndQuery + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      byte[] buffer = new byte[65536];
      try {
        for (int n; (n = in.read(buffer)) > 0; ) {
          all.write(buffer, 0, n);
        }
      } catch (IOException reset) {
        // A connection reset also ends the response; what arrived is what counts.
      }
      return all.toByteArray();
    }
  }

  /** The result of running a client program. */
  record Run(int exitCode, String output) {}

  /**
   * Runs a client program, skipping the test (with the reason) when it is not installed.
   *
   * @param program an absolute path, e.g. /usr/bin/ncdump
   */
  static Run runClient(String program, String... args) throws IOException, InterruptedException {
    assumeTrue(
        Files.isExecutable(Path.of(program)),
        program
            + " is not installed (scripts/setup"
            + " installs it from Debian's packages); skipping this real-client check");
    List<String> command = new ArrayList<>();
    command.add(program);
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    // No user .dodsrc or netCDF rc files may change what the clients do.
    Path home = Files.createTempDirectory("client-home");
    builder.environment().put("HOME", home.toString());
    builder.directory(home.toFile());
    Path output = home.resolve("output.txt");
    builder.redirectOutput(output.toFile());
    Process process = builder.start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IOException(program + " did not finish within 120 s");
    }
    return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
  }
}
