package org.olfsfastpath.testing;

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
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * An upstream Hyrax install's olfs.xml, as Hyrax leaves it in {@code /etc/olfs} (a pool of 200,
 * the THREDDS and gateway services, a combined log, a bot filter), and what must hold when the
 * front end is dropped in beside it with nothing naming the file: the file is found and its
 * settings apply (the bare dataset URL answers as its {@code DatasetUrlResponse} says), its
 * BotFilter refuses by User-Agent, by address and by address pattern with 403 and lets everyone
 * else through, and one warning names the upstream settings this front end does not implement.
 * The deployment tests of Debian's tomcat10 and of Tomcat 9 with the javax WAR share it.
 */
public final class UpstreamInstall {
  /** A User-Agent the file's BotFilter refuses. */
  public static final String BAD_BOT = "Mozilla/5.0 (compatible; BadBot/2.1)";

  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(10))
      .build();

  private UpstreamInstall() {}

  /**
   * Writes the upstream olfs.xml for a BES on loopback {@code besPort} into {@code directory},
   * the directory the front end is told to search ({@code -Dolfs.config.dirs}).
   *
   * @return the file written
   */
  public static Path writeOlfsXml(Path directory, int besPort) throws IOException {
    Files.createDirectories(directory);
    return Files.writeString(directory.resolve("olfs.xml"), """
        <?xml version="1.0" encoding="UTF-8"?>
        <OLFSConfig>
          <BESManager>
            <BES>
              <prefix>/</prefix>
              <host>127.0.0.1</host>
              <port>%d</port>
              <maxResponseSize units="G">0</maxResponseSize>
              <maxVariableSize units="M">0</maxVariableSize>
              <ClientPool maximum="200" maxCmds="2000" />
            </BES>
            <NodeCache maxEntries="20000" refreshInterval="600"/>
            <SiteMapCache refreshInterval="600" />
          </BESManager>
          <ThreddsService  prefix="thredds" useMemoryCache="true" />
          <GatewayService  prefix="gateway" />
          <DatasetUrlResponse type="dsr"/>
          <DataRequestForm type="dap4" />
          <HttpPost enabled="true" max="2000000"/>
          <EnableCombinedLog />
          <BotFilter>
            <IpAddress>127.0.0.2</IpAddress>
            <IpMatch>127\\.0\\.0\\.3</IpMatch>
            <UserAgentMatch>.*BadBot.*</UserAgentMatch>
          </BotFilter>
        </OLFSConfig>
        """.formatted(besPort));
  }

  /** The log names the file found, and says where it looked before. */
  public static void assertFileFound(TomcatServer tomcat, Path olfsXml) {
    String console = tomcat.console();
    assertTrue(console.contains("olfs-fastpath: configuration " + olfsXml + " ("), console);
    assertTrue(console.contains("does not exist"), "the log says where it looked: " + console);
  }

  /** The file's settings apply: the bare dataset URL answers what DatasetUrlResponse says. */
  public static void assertSettingsApply(URI opendap) throws IOException, InterruptedException {
    HttpResponse<String> bare = get(opendap.resolve("coads_climatology.nc"), "curl/8.5.0");
    assertEquals(302, bare.statusCode(), bare.body());
    assertEquals("coads_climatology.nc.dsr", bare.headers().firstValue("Location").orElseThrow());
    HttpResponse<String> dds = get(opendap.resolve("coads_climatology.nc.dds"), "curl/8.5.0");
    assertEquals(200, dds.statusCode(), dds.body());
    assertTrue(dds.body().startsWith("Dataset {"), dds.body());
  }

  /** The BotFilter refuses the listed User-Agent with 403 and lets another through. */
  public static void assertBotFilterByUserAgent(URI opendap)
      throws IOException, InterruptedException {
    HttpResponse<String> refused = get(opendap.resolve("coads_climatology.nc.das"), BAD_BOT);
    assertEquals(403, refused.statusCode());
    assertTrue(refused.body().contains("bot filter"), refused.body());
    HttpResponse<String> allowed = get(opendap.resolve("coads_climatology.nc.das"),
        "curl/8.5.0");
    assertEquals(200, allowed.statusCode(), allowed.body());
  }

  /**
   * The BotFilter refuses the listed address and the address pattern with 403, others not, and
   * the status document counts them. Loopback addresses other than 127.0.0.1 are the other
   * clients: Linux routes all of 127/8, so the test skips elsewhere.
   */
  public static void assertBotFilterByAddress(TomcatServer tomcat)
      throws IOException, InterruptedException {
    assumeTrue(System.getProperty("os.name").startsWith("Linux"),
        "needs Linux, where a client may send from any 127/8 address");
    assertEquals("HTTP/1.1 403", statusFrom(tomcat, "127.0.0.2",
        "/opendap/coads_climatology.nc.das"));
    assertEquals("HTTP/1.1 403", statusFrom(tomcat, "127.0.0.3", "/opendap/version"));
    assertEquals("HTTP/1.1 200", statusFrom(tomcat, "127.0.0.4",
        "/opendap/coads_climatology.nc.das"));
    assertEquals("HTTP/1.1 200", statusFrom(tomcat, "127.0.0.1",
        "/opendap/coads_climatology.nc.das"));
    String status = get(tomcat.baseUri().resolve("opendap/status"), "curl/8.5.0").body();
    assertTrue(status.contains("\"IpAddress\": 1") && status.contains("\"IpMatch\": 1"), status);
  }

  /** One warning names each upstream setting not implemented; the status document lists them. */
  public static void assertIgnoredSettingsNamed(TomcatServer tomcat)
      throws IOException, InterruptedException {
    String warning = tomcat.console().lines()
        .filter(line -> line.contains("holds settings this front end does not implement"))
        .reduce((a, b) -> a + "\n" + b).orElse("");
    assertEquals(1, warning.lines().count(), tomcat.console());
    for (String name : new String[] {"ThreddsService (", "GatewayService (",
        "EnableCombinedLog ("}) {
      assertTrue(warning.contains(name), name + " in " + warning);
    }
    String status = get(tomcat.baseUri().resolve("opendap/status"), "curl/8.5.0").body();
    assertTrue(status.contains("\"setting\": \"ThreddsService\""), status);
  }

  private static HttpResponse<String> get(URI uri, String userAgent)
      throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
        .header("User-Agent", userAgent).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** One raw request from a given local address; its status line. */
  private static String statusFrom(TomcatServer tomcat, String address, String path)
      throws IOException {
    try (Socket socket = new Socket()) {
      socket.bind(new InetSocketAddress(address, 0));
      socket.connect(new InetSocketAddress("127.0.0.1", tomcat.port()), 5000);
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      in.transferTo(all);
      String response = all.toString(StandardCharsets.ISO_8859_1);
      return response.substring(0, Math.min(12, response.length()));
    }
  }
}
