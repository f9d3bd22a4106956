package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.ppt.PptEndpoint;

final class OlfsConfigFileTest {
  private static FrontEndSettings parse(String xml) {
    return OlfsConfigFile.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)),
        "olfs.xml");
  }

  private static String bes(String inner) {
    return "<OLFSConfig><BESManager><BES>" + inner + "</BES></BESManager></OLFSConfig>";
  }

  @Test
  void upstreamFile_isReadAndTheRestIgnored() {
    FrontEndSettings s = parse("""
        <?xml version="1.0" encoding="UTF-8"?>
        <OLFSConfig>
          <BESManager>
            <BES>
              <prefix>/</prefix>
              <host>bes.example.org</host>
              <port>10023</port>
              <timeOut>120</timeOut>
              <maxResponseSize units="G">0</maxResponseSize>
              <ClientPool maximum="50" maxCmds="1000" />
            </BES>
            <NodeCache maxEntries="500" refreshInterval="60"/>
            <SiteMapCache refreshInterval="600" />
          </BESManager>
          <ThreddsService prefix="thredds" useMemoryCache="true" />
          <UseDAP2ResourceUrlResponse />
        </OLFSConfig>
        """);
    assertEquals(PptEndpoint.tcp("bes.example.org", 10023), s.besEndpoint());
    assertEquals(Optional.of(Duration.ofSeconds(120)), s.besTimeout());
    assertEquals(Optional.of(50), s.poolMaximum());
    assertEquals(Optional.of(1000), s.maxCommandsPerConnection());
    assertEquals(Optional.of(500), s.cacheMaxEntries());
    assertEquals(Optional.of(Duration.ofSeconds(60)), s.cacheTtl());
    assertTrue(s.cacheEnabled());
  }

  @Test
  void defaults_besAtLocalhost10022_restLeftToTheLayersBelow() {
    FrontEndSettings s = parse("<OLFSConfig/>");
    assertEquals(PptEndpoint.tcp("localhost", 10022), s.besEndpoint());
    assertEquals(Optional.empty(), s.besTimeout());
    assertEquals(Optional.empty(), s.poolMaximum());
    assertEquals(Optional.empty(), s.maxCommandsPerConnection());
    assertEquals(Optional.empty(), s.cacheMaxEntries());
    assertEquals(Optional.empty(), s.cacheTtl());
    assertEquals(Optional.empty(), s.negativeTtl());
    assertEquals(Optional.empty(), s.dataRoot());
    assertEquals(Optional.empty(), s.adminToken());
    assertEquals(8192, s.maxUrlLength());
    assertEquals(4096, s.maxConstraintLength());
    assertTrue(s.gzip());
    assertEquals(1, s.retryAfterSeconds());
  }

  @Test
  void fastPathSettings() {
    FrontEndSettings s = parse("""
        <OLFSConfig>
          <FastPath>
            <unixSocket>/run/bes/bes.sock</unixSocket>
            <dataRoot>/srv/hyrax</dataRoot>
            <Cache enabled="false" negativeTtl="30" refreshAfter="300s" mtimeCheckInterval="500ms"/>
            <ClientPool acquireTimeout="2.5" connectTimeout="1m" quickAck="false"/>
            <Limits maxUrlLength="2048" maxConstraintLength="1024"/>
            <Gzip enabled="false"/>
            <RetryAfter seconds="5"/>
            <Admin token="0123456789abcdef0123"/>
          </FastPath>
        </OLFSConfig>
        """);
    assertEquals(PptEndpoint.unix(Path.of("/run/bes/bes.sock")), s.besEndpoint());
    assertEquals(Optional.of(Path.of("/srv/hyrax")), s.dataRoot());
    assertEquals(Optional.of("/srv/hyrax"), s.catalogRoot());
    assertFalse(s.cacheEnabled());
    assertEquals(Optional.of(Duration.ofSeconds(30)), s.negativeTtl());
    assertEquals(Optional.of(Duration.ofSeconds(300)), s.refreshAfter());
    assertEquals(Optional.of(Duration.ofMillis(500)), s.mtimeCheckInterval());
    assertEquals(Optional.of(Duration.ofMillis(2500)), s.acquireTimeout());
    assertEquals(Optional.of(Duration.ofMinutes(1)), s.connectTimeout());
    assertEquals(Optional.of(false), s.quickAck());
    assertEquals(2048, s.maxUrlLength());
    assertEquals(1024, s.maxConstraintLength());
    assertFalse(s.gzip());
    assertEquals(5, s.retryAfterSeconds());
    assertEquals(Optional.of("0123456789abcdef0123"), s.adminToken());
    assertFalse(s.toString().contains("0123456789abcdef0123"), "the token must not be logged");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "<port>abc</port> | olfs.xml: BESManager/BES/port was 'abc', must be an integer 1-65535",
      "<port>0</port> | olfs.xml: BESManager/BES/port: port was 0, must be 1-65535",
      "<port>70000</port> | olfs.xml: BESManager/BES/port: port was 70000, must be 1-65535",
      "<host> </host> | olfs.xml: BESManager/BES/host: host was empty, must name the BES machine",
      "<prefix>/other/</prefix> | olfs.xml: BESManager/BES/prefix was '/other/', must be / (one BES)",
      "<timeOut>soon</timeOut> | olfs.xml: BESManager/BES/timeOut was 'soon', must be seconds (30 or 0.5) or a number with a unit (500ms, 30s, 10m)",
      "<timeOut>0</timeOut> | olfs.xml: BESManager/BES/timeOut: timeOut was PT0S, must be at least 1 ms",
      "<timeOut>-5</timeOut> | olfs.xml: BESManager/BES/timeOut: timeOut was PT-5S, must be at least 1 ms",
      "<ClientPool maximum='0'/> | olfs.xml: BESManager/BES/ClientPool@maximum: ClientPool maximum was 0, must be >= 1",
      "<ClientPool maximum='lots'/> | olfs.xml: BESManager/BES/ClientPool@maximum was 'lots', must be an integer",
      "<ClientPool maxCmds='-1'/> | olfs.xml: BESManager/BES/ClientPool@maxCmds: ClientPool maxCmds was -1, must be >= 1",
  })
  void badBesSetting_failsNamingIt(String inner, String message) {
    ConfigurationException e = assertThrows(ConfigurationException.class,
        () -> parse(bes(inner.replace('\'', '"'))));
    assertEquals(message, e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "<BESManager><NodeCache maxEntries='0'/></BESManager> | olfs.xml: BESManager/NodeCache@maxEntries: NodeCache maxEntries was 0, must be >= 1",
      "<BESManager><NodeCache refreshInterval='x'/></BESManager> | olfs.xml: BESManager/NodeCache@refreshInterval was 'x', must be seconds (30 or 0.5) or a number with a unit (500ms, 30s, 10m)",
      "<BESManager><BES/><BES/></BESManager> | olfs.xml: BESManager/BES appears 2 times, but this front end serves one BES: keep the one with prefix /",
      "<FastPath><dataRoot>relative/dir</dataRoot></FastPath> | olfs.xml: FastPath/dataRoot: dataRoot was relative/dir, must be an absolute path",
      "<FastPath><catalogRoot>x</catalogRoot></FastPath> | olfs.xml: FastPath/catalogRoot: catalogRoot was 'x', must be an absolute path",
      "<FastPath><Cache enabled='yes'/></FastPath> | olfs.xml: FastPath/Cache@enabled was 'yes', must be true or false",
      "<FastPath><Cache negativeTtl='0.0001'/></FastPath> | olfs.xml: FastPath/Cache@negativeTtl was '0.0001', must be seconds (30 or 0.5) or a number with a unit (500ms, 30s, 10m)",
      "<FastPath><Cache mtimeCheckInterval='-1'/></FastPath> | olfs.xml: FastPath/Cache@mtimeCheckInterval: mtimeCheckInterval was PT-1S, must be >= 0",
      "<FastPath><ClientPool acquireTimeout='0'/></FastPath> | olfs.xml: FastPath/ClientPool@acquireTimeout: acquireTimeout was PT0S, must be at least 1 ms",
      "<FastPath><Limits maxUrlLength='10'/></FastPath> | olfs.xml: FastPath/Limits@maxUrlLength: maxUrlLength was 10, must be >= 64",
      "<FastPath><Limits maxConstraintLength='0'/></FastPath> | olfs.xml: FastPath/Limits@maxConstraintLength: maxConstraintLength was 0, must be >= 1",
      "<FastPath><Gzip enabled='1'/></FastPath> | olfs.xml: FastPath/Gzip@enabled was '1', must be true or false",
      "<FastPath><RetryAfter seconds='0'/></FastPath> | olfs.xml: FastPath/RetryAfter@seconds: retryAfter was 0, must be 1-3600 seconds",
      "<FastPath><Admin token='short'/></FastPath> | olfs.xml: FastPath/Admin@token: adminToken was 5 characters, must be at least 16",
      "<FastPath><ClientPool quickAck='maybe'/></FastPath> | olfs.xml: FastPath/ClientPool@quickAck was 'maybe', must be true or false",
      "<FastPath><Cache ttl='5'/></FastPath> | olfs.xml: FastPath/Cache@ttl is not a setting; expected one of enabled, negativeTtl, refreshAfter, mtimeCheckInterval",
      "<FastPath><datRoot>/x</datRoot></FastPath> | olfs.xml: FastPath/datRoot is not a setting; expected one of unixSocket, dataRoot, catalogRoot, Cache, ClientPool, Limits, Gzip, RetryAfter, Admin",
      "<FastPath><dataRoot x='1'>/x</dataRoot></FastPath> | olfs.xml: FastPath/dataRoot@x is not a setting; expected no attributes",
  })
  void badSetting_failsNamingIt(String inner, String message) {
    ConfigurationException e = assertThrows(ConfigurationException.class,
        () -> parse("<OLFSConfig>" + inner.replace('\'', '"') + "</OLFSConfig>"));
    assertEquals(message, e.getMessage());
  }

  @Test
  void wrongRoot_fails() {
    assertEquals("olfs.xml: expected the root element OLFSConfig but was config",
        assertThrows(ConfigurationException.class, () -> parse("<config/>")).getMessage());
  }

  @Test
  void notXml_fails() {
    assertTrue(assertThrows(ConfigurationException.class, () -> parse("<OLFSConfig>"))
        .getMessage().startsWith("olfs.xml: not a readable XML document: "));
  }

  @Test
  void doctype_isRefused() {
    ConfigurationException e = assertThrows(ConfigurationException.class, () -> parse(
        "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><OLFSConfig>&e;</OLFSConfig>"));
    assertTrue(e.getMessage().startsWith("olfs.xml: not a readable XML document: "), e.getMessage());
  }

  @Test
  void read_missingFile_namesIt(@TempDir Path dir) {
    Path missing = dir.resolve("nope.xml");
    ConfigurationException e = assertThrows(ConfigurationException.class,
        () -> OlfsConfigFile.read(missing));
    assertTrue(e.getMessage().startsWith("cannot read the configuration file " + missing),
        e.getMessage());
  }

  @Test
  void read_file(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("olfs.xml"), bes("<port>10099</port>"));
    assertEquals(PptEndpoint.tcp("localhost", 10099), OlfsConfigFile.read(file).besEndpoint());
  }

  @ParameterizedTest
  @CsvSource({"30, PT30S", "0.5, PT0.5S", "500ms, PT0.5S", "30s, PT30S", "10m, PT10M", "' 2 ', PT2S"})
  void parseDuration(String text, Duration expected) {
    assertEquals(expected, OlfsConfigFile.parseDuration(text));
  }

  @Test
  void sampleConfiguration_isValid() {
    FrontEndSettings s = OlfsConfigFile.read(
        Path.of(System.getProperty("project.root", "..")).resolve("conf/olfs.xml"));
    assertEquals(PptEndpoint.tcp("localhost", 10022), s.besEndpoint());
    assertEquals(Optional.of(32), s.poolMaximum());
    assertEquals(Optional.of(Duration.ofSeconds(10)), s.negativeTtl());
    assertTrue(s.cacheEnabled());
  }
}
