package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * The front end dropped in beside an upstream Hyrax install's olfs.xml, as Hyrax leaves it in
 * {@code /etc/olfs} (a pool of 200, the THREDDS and gateway services, a combined log, a bot
 * filter), with nothing naming the file, and what must hold there: the file is found and its
 * settings apply (the bare dataset URL answers as its {@code DatasetUrlResponse} says), its
 * BotFilter refuses by User-Agent, by address and by address pattern with 403 and lets everyone
 * else through, and one warning names the upstream settings this front end does not implement. Each
 * container's test (DebianTomcatIT, webapp-javax's Tomcat9UpstreamInstallIT) says how it deploys;
 * the directory the front end searches is named with {@code olfs.config.dirs} rather than being
 * {@code /etc/olfs}, so that the tests write nothing outside their work directory and run as any
 * user (the search is the same; the unit tests hold the default list to {@code /etc/olfs}, {@code
 * /usr/share/olfs}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class UpstreamInstallChecks {
  /** A User-Agent the file's BotFilter refuses. */
  private static final String BAD_BOT = "Mozilla/5.0 (compatible; BadBot/2.1)";

  private BesEmulator bes;
  private TomcatServer tomcat;
  private Path olfsXml;

  /** The work directory's name under {@code it.work.dir}. */
  protected abstract String name();

  /** What the container prints at start that tells it apart, e.g. {@code Apache Tomcat/9.0.}. */
  protected abstract List<String> containerSigns();

  /** Skips the class, with the reason, when the container is not here; by default it is. */
  protected void assumeContainer() {}

  /**
   * Starts the container with the WAR under {@code work}, adding {@code javaOptions} to its JVM's
   * options, and waits until the front end serves.
   */
  protected abstract TomcatServer deploy(Path work, String javaOptions) throws Exception;

  @BeforeAll
  void deployBesideTheFile() throws Exception {
    assumeContainer();
    Path work = FrontEndExtension.workDir(name());
    bes = BesEmulator.newBuilder().build();
    bes.start();
    Path configDirectory = work.resolve("olfs");
    olfsXml = writeOlfsXml(configDirectory, bes.port());
    tomcat = deploy(work, "-Dolfs.config.dirs=" + work.resolve("missing") + ":" + configDirectory);
  }

  @AfterAll
  void stop() {
    try {
      if (tomcat != null) {
        tomcat.close();
      }
    } finally {
      if (bes != null) {
        bes.close();
      }
    }
  }

  /** The upstream olfs.xml for a BES on loopback {@code besPort}, in {@code directory}. */
  private static Path writeOlfsXml(Path directory, int besPort) throws IOException {
    Files.createDirectories(directory);
    return Files.writeString(
        directory.resolve("olfs.xml"),
        """
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
        """
            .formatted(besPort));
  }

  private URI opendap(String path) {
    return tomcat.baseUri().resolve("opendap/" + path);
  }

  @Test
  void itIsTheContainer_andTheFileFoundInTheDirectory() {
    String console = tomcat.console();
    for (String sign : containerSigns()) {
      assertTrue(console.contains(sign), sign + " in " + console);
    }
    assertTrue(console.contains("olfs-fastpath: configuration " + olfsXml + " ("), console);
    assertTrue(console.contains("does not exist"), "the log says where it looked: " + console);
  }

  /** The file's settings apply: the bare dataset URL answers what DatasetUrlResponse says. */
  @Test
  void theFilesSettingsApply() throws Exception {
    HttpResponse<byte[]> bare = ItSupport.get(opendap("coads_climatology.nc"));
    assertEquals(302, bare.statusCode(), ItSupport.text(bare));
    assertEquals("coads_climatology.nc.dsr", bare.headers().firstValue("Location").orElseThrow());
    HttpResponse<byte[]> dds = ItSupport.get(opendap("coads_climatology.nc.dds"));
    assertEquals(200, dds.statusCode(), ItSupport.text(dds));
    assertTrue(ItSupport.text(dds).startsWith("Dataset {"), ItSupport.text(dds));
  }

  @Test
  void botFilter_refusesByUserAgent() throws Exception {
    HttpResponse<byte[]> refused =
        ItSupport.get(opendap("coads_climatology.nc.das"), "User-Agent", BAD_BOT);
    assertEquals(403, refused.statusCode());
    assertTrue(ItSupport.text(refused).contains("bot filter"), ItSupport.text(refused));
    HttpResponse<byte[]> allowed =
        ItSupport.get(opendap("coads_climatology.nc.das"), "User-Agent", "curl/8.5.0");
    assertEquals(200, allowed.statusCode(), ItSupport.text(allowed));
  }

  /** Loopback addresses other than 127.0.0.1 are the other clients: Linux routes all of 127/8. */
  @Test
  void botFilter_refusesByAddressAndPattern() throws Exception {
    assumeTrue(
        System.getProperty("os.name").startsWith("Linux"),
        "needs Linux, where a client may send from any 127/8 address");
    assertEquals("HTTP/1.1 403", statusFrom("127.0.0.2", "/opendap/coads_climatology.nc.das"));
    assertEquals("HTTP/1.1 403", statusFrom("127.0.0.3", "/opendap/version"));
    assertEquals("HTTP/1.1 200", statusFrom("127.0.0.4", "/opendap/coads_climatology.nc.das"));
    assertEquals("HTTP/1.1 200", statusFrom("127.0.0.1", "/opendap/coads_climatology.nc.das"));
    String status = ItSupport.text(ItSupport.get(opendap("status")));
    assertTrue(status.contains("\"IpAddress\": 1") && status.contains("\"IpMatch\": 1"), status);
  }

  @Test
  void ignoredSettings_namedInOneWarning_andInTheStatus() throws Exception {
    String warning =
        tomcat
            .console()
            .lines()
            .filter(line -> line.contains("holds settings this front end does not implement"))
            .reduce((a, b) -> a + "\n" + b)
            .orElse("");
    assertEquals(1, warning.lines().count(), tomcat.console());
    for (String name : new String[] {"ThreddsService (", "GatewayService ("}) {
      assertTrue(warning.contains(name), name + " in " + warning);
    }
    // Honoured now, as upstream: each data get sends the BES the olfsLog context.
    assertFalse(warning.contains("EnableCombinedLog"), warning);
    String status = ItSupport.text(ItSupport.get(opendap("status")));
    assertTrue(status.contains("\"setting\": \"ThreddsService\""), status);
  }

  /**
   * A classic DAP2 URL with raw brackets answers 200: the connector takes them, as
   * docs/configuration.md tells an operator to set it, and the start said so with no warning.
   */
  @Test
  void rawBrackets_answer200() throws Exception {
    ItSupport.assertRawBracketsServed(tomcat.port(), tomcat.console());
  }

  /** One raw request from a given local address; the status line. */
  private String statusFrom(String address, String path) throws IOException {
    String response =
        new String(ItSupport.rawGet(address, tomcat.port(), path), StandardCharsets.ISO_8859_1);
    return response.substring(0, Math.min(12, response.length()));
  }
}
