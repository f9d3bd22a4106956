package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
  private static String bes(String inner) {
    return "<OLFSConfig><BESManager><BES>" + inner + "</BES></BESManager></OLFSConfig>";
  }

  @Test
  void upstreamFile_isReadAndTheRestIgnored() {
    try (Built built =
        Built.of(
            """
        <?xml version="1.0" encoding="UTF-8"?>
        <OLFSConfig>
          <BESManager>
            <BES>
              <prefix>/</prefix>
              <host>bes.example.org</host>
              <port>10023</port>
              <timeOut>120</timeOut>
              <adminPort>11002</adminPort>
              <ClientPool maximum="50" maxCmds="1000" />
            </BES>
            <NodeCache maxEntries="500" refreshInterval="60"/>
            <SiteMapCache refreshInterval="600" />
          </BESManager>
          <ThreddsService prefix="thredds" useMemoryCache="true" />
          <UseDAP2ResourceUrlResponse />
        </OLFSConfig>
        """)) {
      assertEquals(PptEndpoint.tcp("bes.example.org", 10023), built.client().endpoint());
      assertEquals(Duration.ofSeconds(120), built.client().pptOptions().readTimeout());
      assertEquals(50, built.client().maxConnections());
      assertEquals(1000, built.client().maxCommandsPerConnection());
      assertEquals(500, built.cache().maximum());
      assertFalse(built.cache().isWeighted());
      assertEquals(Duration.ofSeconds(60), built.cache().ttl());
      assertTrue(built.cache().isEnabled());
    }
  }

  @Test
  void noSettings_besAtLocalhost10022_everyLayerAtItsDefaults() {
    try (Built built = Built.of("<OLFSConfig/>")) {
      assertEquals(PptEndpoint.tcp("localhost", 10022), built.client().endpoint());
      assertEquals(Duration.ofSeconds(120), built.client().pptOptions().readTimeout());
      assertEquals(Duration.ofSeconds(5), built.client().pptOptions().handshakeTimeout());
      assertEquals(32, built.client().maxConnections());
      assertEquals(2000, built.client().maxCommandsPerConnection());
      assertEquals(Duration.ofSeconds(5), built.client().acquireTimeout());
      assertEquals(200_000, built.cache().maximum());
      assertEquals(Duration.ofMinutes(10), built.cache().ttl());
      assertEquals(Duration.ofSeconds(10), built.cache().negativeTtl());
      assertEquals(Optional.empty(), built.cache().dataRoot());
      assertEquals(Optional.empty(), built.web().adminToken());
      assertEquals(8192, built.web().maxUrlLength());
      assertEquals(4096, built.web().maxConstraintLength());
      assertTrue(built.web().gzip());
      assertEquals(1, built.web().retryAfterSeconds());
    }
  }

  @Test
  void fastPathSettings(@TempDir Path dataRoot) {
    try (Built built =
        Built.of(
            """
        <OLFSConfig>
          <FastPath>
            <unixSocket>/run/bes/bes.sock</unixSocket>
            <dataRoot>%s</dataRoot>
            <Cache enabled="false" negativeTtl="30" refreshAfter="300s" mtimeCheckInterval="500ms"
                   loadTimeout="45" maximumWeight="1000"/>
            <ClientPool acquireTimeout="2.5" connectTimeout="1m" handshakeTimeout="2"
                        quickAck="false" maxIdle="10m"/>
            <Limits maxUrlLength="2048" maxConstraintLength="1024"/>
            <Gzip enabled="false"/>
            <RetryAfter seconds="5"/>
            <Admin token="0123456789abcdef0123"/>
          </FastPath>
        </OLFSConfig>
        """
                .formatted(dataRoot))) {
      assertEquals(PptEndpoint.unix(Path.of("/run/bes/bes.sock")), built.client().endpoint());
      assertEquals(Optional.of(dataRoot), built.cache().dataRoot());
      assertFalse(built.cache().isEnabled());
      assertEquals(Duration.ofSeconds(30), built.cache().negativeTtl());
      assertEquals(Duration.ofSeconds(300), built.cache().refreshAfter());
      assertEquals(Duration.ofMillis(500), built.cache().mtimeCheckInterval());
      assertEquals(Duration.ofSeconds(45), built.cache().loadTimeout());
      assertTrue(built.cache().isWeighted());
      assertEquals(1000, built.cache().maximum());
      assertEquals(Duration.ofMillis(2500), built.client().acquireTimeout());
      assertEquals(Duration.ofMinutes(10), built.client().maxIdle());
      assertEquals(Duration.ofMinutes(1), built.client().pptOptions().connectTimeout());
      assertEquals(Duration.ofSeconds(2), built.client().pptOptions().handshakeTimeout());
      assertFalse(built.client().pptOptions().quickAck());
      assertEquals(2048, built.web().maxUrlLength());
      assertEquals(1024, built.web().maxConstraintLength());
      assertFalse(built.web().gzip());
      assertEquals(5, built.web().retryAfterSeconds());
      assertEquals(Optional.of("0123456789abcdef0123"), built.web().adminToken());
      assertFalse(
          built.web().toString().contains("0123456789abcdef0123"), "the token must not be logged");
    }
  }

  @Test
  void durations_oneGrammarInEveryLayer() {
    // A bare number is seconds everywhere; units everywhere. Before, the web layer and the cache
    // disagreed on both forms.
    try (Built built =
        Built.of(
            "<OLFSConfig><FastPath><Cache negativeTtl=\"1h\"/>"
                + "<ClientPool acquireTimeout=\"0\"/></FastPath></OLFSConfig>")) {
      assertEquals(Duration.ofHours(1), built.cache().negativeTtl());
      assertEquals(Duration.ZERO, built.client().acquireTimeout(), "0 fails fast, as documented");
    }
    try (Built built =
        Built.of(
            "<OLFSConfig><FastPath><Cache negativeTtl=\"30\"/></FastPath>" + "</OLFSConfig>")) {
      assertEquals(Duration.ofSeconds(30), built.cache().negativeTtl());
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "<port>abc</port> | olfs.xml: BESManager/BES/port was 'abc': must be an integer",
        "<port>0</port> | olfs.xml: BESManager/BES/port was '0': port was 0, must be 1-65535",
        "<port>70000</port> | olfs.xml: BESManager/BES/port was '70000': port was 70000, must be 1-65535",
        "<host> </host> | olfs.xml: BESManager/BES/host was '': must name the BES machine",
        "<prefix>/other/</prefix> | olfs.xml: BESManager/BES/prefix was '/other/': no BES group has the prefix /, which serves every path the other prefixes do not; add a BES with <prefix>/</prefix> (prefixes given: /other)",
        "<timeOut>soon</timeOut> | olfs.xml: BESManager/BES/timeOut was 'soon': must be a number of seconds (30, 0.5) or a number with a unit: ms, s, m, h, d (500ms, 10m)",
        "<timeOut>0</timeOut> | olfs.xml: BESManager/BES/timeOut was '0': readTimeout was PT0S, must be between 1 ms and 1 day",
        "<timeOut>-5</timeOut> | olfs.xml: BESManager/BES/timeOut was '-5': must be a number of seconds (30, 0.5) or a number with a unit: ms, s, m, h, d (500ms, 10m)",
        "<ClientPool maximum='0'/> | olfs.xml: BESManager/BES/ClientPool@maximum was '0': maxConnections was 0, must be 1-10000",
        "<ClientPool maximum='lots'/> | olfs.xml: BESManager/BES/ClientPool@maximum was 'lots': must be an integer",
        "<ClientPool maxCmds='-1'/> | olfs.xml: BESManager/BES/ClientPool@maxCmds was '-1': maxCommandsPerConnection was -1, must be >= 1",
      })
  void badBesSetting_failsNamingFilePathAndValue(String inner, String message) {
    FrontEndConfig config = Built.parse(bes(inner.replace('\'', '"')));
    ConfigurationException e = assertThrows(ConfigurationException.class, () -> Built.of(config));
    assertEquals(message, e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "<BESManager><NodeCache maxEntries='-1'/></BESManager> | olfs.xml: BESManager/NodeCache@maxEntries was '-1': maximumSize was -1, must be >= 0",
        "<BESManager><NodeCache refreshInterval='x'/></BESManager> | olfs.xml: BESManager/NodeCache@refreshInterval was 'x': must be a number of seconds (30, 0.5) or a number with a unit: ms, s, m, h, d (500ms, 10m)",
        "<BESManager><BES/><BES/></BESManager> | olfs.xml: BESManager/BES localhost:10022 appears twice for the prefix /: the BES of a group must be different BES",
        "<FastPath><dataRoot>relative/dir</dataRoot></FastPath> | olfs.xml: FastPath/dataRoot was 'relative/dir': dataRoot was relative/dir, must be an absolute path",
        "<FastPath><catalogRoot>x</catalogRoot></FastPath> | olfs.xml: FastPath/catalogRoot was 'x': catalogRoot was 'x', must be an absolute path",
        "<FastPath><Cache enabled='yes'/></FastPath> | olfs.xml: FastPath/Cache@enabled was 'yes': must be true or false",
        "<FastPath><Cache negativeTtl='0.0001'/></FastPath> | olfs.xml: FastPath/Cache@negativeTtl was '0.0001': negativeTtl was PT0.0001S, must be 0 or at least 1 ms",
        "<FastPath><Cache mtimeCheckInterval='-1'/></FastPath> | olfs.xml: FastPath/Cache@mtimeCheckInterval was '-1': must be a number of seconds (30, 0.5) or a number with a unit: ms, s, m, h, d (500ms, 10m)",
        "<FastPath><ClientPool acquireTimeout='100000'/></FastPath> | olfs.xml: FastPath/ClientPool@acquireTimeout was '100000': acquireTimeout was PT27H46M40S, must be 0 or between 1 ms and 1 day",
        "<FastPath><Limits maxUrlLength='10'/></FastPath> | olfs.xml: FastPath/Limits@maxUrlLength was '10': maxUrlLength was 10, must be >= 64",
        "<FastPath><Limits maxConstraintLength='0'/></FastPath> | olfs.xml: FastPath/Limits@maxConstraintLength was '0': maxConstraintLength was 0, must be >= 1",
        "<FastPath><Gzip enabled='1'/></FastPath> | olfs.xml: FastPath/Gzip@enabled was '1': must be true or false",
        "<FastPath><RetryAfter seconds='0'/></FastPath> | olfs.xml: FastPath/RetryAfter@seconds was '0': retryAfterSeconds was 0, must be 1-3600",
        "<FastPath><Admin token='short'/></FastPath> | olfs.xml: FastPath/Admin@token was 'short': adminToken was 5 characters, must be at least 16",
        "<FastPath><ClientPool quickAck='maybe'/></FastPath> | olfs.xml: FastPath/ClientPool@quickAck was 'maybe': must be true or false",
        "<FastPath><Cache ttl='5'/></FastPath> | olfs.xml: FastPath/Cache@ttl is not a setting; expected one of enabled, negativeTtl, refreshAfter, mtimeCheckInterval, loadTimeout, maximumWeight",
        "<FastPath><datRoot>/x</datRoot></FastPath> | olfs.xml: FastPath/datRoot is not a setting; expected one of serviceUrl, RequestForm, WarmUp, unixSocket, dataRoot, catalogRoot, Cache, ResponseCache, Spool, BesGroups, ClientPool, Limits, Gzip, RetryAfter, TrustedProxies, Admin, Logs, RequestId, HttpCache, Cors",
        "<FastPath><dataRoot x='1'>/x</dataRoot></FastPath> | olfs.xml: FastPath/dataRoot@x is not a setting; expected no attributes",
      })
  void badSetting_failsNamingFilePathAndValue(String inner, String message) {
    ConfigurationException e =
        assertThrows(
            ConfigurationException.class,
            () -> Built.of("<OLFSConfig>" + inner.replace('\'', '"') + "</OLFSConfig>"));
    assertEquals(message, e.getMessage());
  }

  @Test
  void combinationRefusedByTheLayer_namesEverySettingInvolved() {
    ConfigurationException e =
        assertThrows(
            ConfigurationException.class,
            () ->
                Built.of(
                    "<OLFSConfig><BESManager><NodeCache maxEntries=\"100\"/></BESManager><FastPath>"
                        + "<Cache maximumWeight=\"1000\"/></FastPath></OLFSConfig>"));
    assertEquals(
        "olfs.xml: FastPath/Cache@maximumWeight was '1000': maximumWeight cannot be"
            + " combined with maximumSize (already set to 100)",
        e.getMessage());
    e =
        assertThrows(
            ConfigurationException.class,
            () ->
                Built.of(
                    "<OLFSConfig><BESManager>"
                        + "<NodeCache refreshInterval=\"10\"/></BESManager><FastPath><Cache refreshAfter=\"20\"/>"
                        + "</FastPath></OLFSConfig>"));
    assertEquals(
        "olfs.xml: BESManager/NodeCache@refreshInterval='10',"
            + " FastPath/Cache@refreshAfter='20': refreshAfter (PT20S) must be shorter than ttl"
            + " (PT10S)",
        e.getMessage());
  }

  @Test
  void wrongRoot_fails() {
    assertEquals(
        "olfs.xml: expected the root element OLFSConfig but was config",
        assertThrows(ConfigurationException.class, () -> Built.parse("<config/>")).getMessage());
  }

  @Test
  void notXml_fails() {
    assertTrue(
        assertThrows(ConfigurationException.class, () -> Built.parse("<OLFSConfig>"))
            .getMessage()
            .startsWith("olfs.xml: not a readable XML document: "));
  }

  @Test
  void doctype_isRefused() {
    ConfigurationException e =
        assertThrows(
            ConfigurationException.class,
            () ->
                Built.parse(
                    "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><OLFSConfig>&e;</OLFSConfig>"));
    assertTrue(
        e.getMessage().startsWith("olfs.xml: not a readable XML document: "), e.getMessage());
  }

  @Test
  void read_missingFile_namesIt(@TempDir Path dir) {
    Path missing = dir.resolve("nope.xml");
    ConfigurationException e =
        assertThrows(ConfigurationException.class, () -> OlfsConfigFile.read(missing));
    assertTrue(
        e.getMessage().startsWith("cannot read the configuration file " + missing), e.getMessage());
  }

  @Test
  void read_file_namesItInMessages(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("olfs.xml"), bes("<port>10099</port>"));
    try (Built built = Built.of(OlfsConfigFile.read(file))) {
      assertEquals(PptEndpoint.tcp("localhost", 10099), built.client().endpoint());
    }
    Path bad = Files.writeString(dir.resolve("bad.xml"), bes("<port>x</port>"));
    FrontEndConfig config = OlfsConfigFile.read(bad);
    assertEquals(
        bad + ": BESManager/BES/port was 'x': must be an integer",
        assertThrows(ConfigurationException.class, () -> Built.of(config)).getMessage());
  }

  @Test
  void sampleConfiguration_isValid() {
    FrontEndConfig config =
        OlfsConfigFile.read(
            Path.of(System.getProperty("project.root", "..")).resolve("conf/olfs.xml"));
    try (Built built = Built.of(config)) {
      assertEquals(PptEndpoint.tcp("localhost", 10022), built.client().endpoint());
      assertEquals(32, built.client().maxConnections());
      assertEquals(Duration.ofSeconds(10), built.cache().negativeTtl());
      assertTrue(built.cache().isEnabled());
    }
  }
}
