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
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.testing.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * The deployment an operator makes: Debian's own {@code tomcat10} package (installed by
 * scripts/setup), the built WAR dropped into its webapps as {@code opendap.war}, and an upstream
 * Hyrax olfs.xml in the configuration directory, found there as upstream finds it, with nothing
 * naming it. The package's Tomcat runs as the test's user from a CATALINA_BASE of its own with the
 * package's configuration, not as the package's system service; and the configuration directory
 * is named with {@code olfs.config.dirs} rather than being {@code /etc/olfs}, so that the test
 * writes nothing outside its work directory and runs as any user (the search is the same; the
 * unit tests hold the default list to {@code /etc/olfs}, {@code /usr/share/olfs}).
 *
 * <p>Checks that the file's settings apply (the bare dataset URL answers as its {@code
 * DatasetUrlResponse} says), that its BotFilter refuses by User-Agent, by address and by address
 * pattern with 403 and lets everyone else through, and that the log names the file and, in one
 * warning, the upstream settings it does not implement.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class DebianTomcatIT {
  private static final Path CATALINA_HOME = Path.of("/usr/share/tomcat10");
  private static final String BAD_BOT = "Mozilla/5.0 (compatible; BadBot/2.1)";

  private BesEmulator bes;
  private TomcatServer tomcat;
  private Path olfsXml;

  @BeforeAll
  void deploy() throws Exception {
    assumeTrue(Files.isRegularFile(CATALINA_HOME.resolve("bin/catalina.sh")),
        "Debian's tomcat10 package is not installed (no " + CATALINA_HOME + "/bin/catalina.sh):"
            + " scripts/setup installs it when run as root or with sudo; skipping the"
            + " deployment test");
    Path war = FrontEndExtension.required("war.file");
    Path work = FrontEndExtension.workDir("DebianTomcatIT");
    bes = BesEmulator.newBuilder().build();
    bes.start();
    Path configDirectory = Files.createDirectories(work.resolve("olfs"));
    olfsXml = Files.writeString(configDirectory.resolve("olfs.xml"), """
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
        """.formatted(bes.port()));
    // The package's own files: /etc/tomcat10 is readable by root and the tomcat group only; the
    // package keeps the same files, readable by all, in /usr/share/tomcat10/etc.
    Path packageConf = Files.isReadable(Path.of("/etc/tomcat10/server.xml"))
        ? Path.of("/etc/tomcat10") : CATALINA_HOME.resolve("etc");
    tomcat = TomcatServer.startPackaged(CATALINA_HOME, packageConf, war, work.resolve("base"),
        FrontEndExtension.HEAP, "-Dolfs.config.dirs=" + work.resolve("missing") + ":"
            + configDirectory);
  }

  @AfterAll
  void stop() throws Exception {
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

  private URI opendap(String path) {
    return tomcat.baseUri().resolve("opendap/" + path);
  }

  @Test
  void itIsDebiansTomcat_andTheFileFoundInTheDirectory() {
    String console = tomcat.console();
    assertTrue(console.contains("Apache Tomcat/10.1") && console.contains("(Debian)"), console);
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
    HttpResponse<byte[]> refused = ItSupport.get(opendap("coads_climatology.nc.das"),
        "User-Agent", BAD_BOT);
    assertEquals(403, refused.statusCode());
    assertTrue(ItSupport.text(refused).contains("bot filter"), ItSupport.text(refused));
    HttpResponse<byte[]> allowed = ItSupport.get(opendap("coads_climatology.nc.das"),
        "User-Agent", "curl/8.5.0");
    assertEquals(200, allowed.statusCode(), ItSupport.text(allowed));
  }

  /** Loopback addresses other than 127.0.0.1 are the other clients: Linux routes all of 127/8. */
  @Test
  void botFilter_refusesByAddressAndPattern() throws Exception {
    assumeTrue(System.getProperty("os.name").startsWith("Linux"),
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
    String warning = tomcat.console().lines()
        .filter(line -> line.contains("holds settings this front end does not implement"))
        .reduce((a, b) -> a + "\n" + b).orElse("");
    assertEquals(1, warning.lines().count(), tomcat.console());
    for (String name : new String[] {"ThreddsService (", "GatewayService (",
        "EnableCombinedLog ("}) {
      assertTrue(warning.contains(name), name + " in " + warning);
    }
    String status = ItSupport.text(ItSupport.get(opendap("status")));
    assertTrue(status.contains("\"setting\": \"ThreddsService\""), status);
  }

  /** One raw request from a given local address; the status line. */
  private String statusFrom(String address, String path) throws IOException {
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
