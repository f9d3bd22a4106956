package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.access.AccessOptions;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.spec.Specs;

/**
 * Every olfs.xml setting of the table ({@link OlfsSettings}): its documented example reaches the
 * object of the layer that owns it, and a bad value stops the start with a message naming the file,
 * the setting's place and the value as written. docs/configuration.md's settings table is the
 * table's own rendering ({@code -Ddocs.update=true} rewrites it).
 */
final class SettingsTableTest {
  private static final String DOCS_START =
      "<!-- settings table: written from OlfsSettings, checked by SettingsTableTest -->\n";
  private static final String DOCS_END = "<!-- end of the settings table -->";

  /** How each setting reads back from the built objects. */
  private static final Map<String, Function<Built, Object>> READ_BACK =
      Map.ofEntries(
          Map.entry("BESManager/BES/prefix", built -> "/"),
          Map.entry(
              "BESManager/BES@weight",
              built -> built.router().rootGroup().stats().members().get(0).weight()),
          Map.entry(
              "BESManager/BES/host", built -> ((PptEndpoint.Tcp) built.client().endpoint()).host()),
          Map.entry(
              "BESManager/BES/port", built -> ((PptEndpoint.Tcp) built.client().endpoint()).port()),
          Map.entry("BESManager/BES/timeOut", built -> built.client().pptOptions().readTimeout()),
          Map.entry("BESManager/BES/maxResponseSize", built -> built.client().maxResponseSize()),
          Map.entry("BESManager/BES/maxVariableSize", built -> built.client().maxVariableSize()),
          Map.entry("BESManager/BES/ClientPool@maximum", built -> built.client().maxConnections()),
          Map.entry(
              "BESManager/BES/ClientPool@maxCmds",
              built -> built.client().maxCommandsPerConnection()),
          Map.entry("BESManager/NodeCache@maxEntries", built -> built.cache().maximum()),
          Map.entry("BESManager/NodeCache@refreshInterval", built -> built.cache().ttl()),
          Map.entry(
              "BESManager/SiteMapCache@refreshInterval", built -> built.web().siteMapRefresh()),
          Map.entry(
              "DatasetUrlResponse@type", built -> built.web().datasetUrlResponse().configName()),
          Map.entry(
              "DataRequestForm@type",
              built -> built.web().dataRequestForm().name().toLowerCase(java.util.Locale.ROOT)),
          Map.entry(
              "AllowDirectDataSourceAccess", built -> built.web().allowDirectDataSourceAccess()),
          Map.entry(
              "AddFileoutTypeSuffixToDownloadFilename",
              built -> built.web().addFileoutTypeSuffix()),
          Map.entry("HttpPost@enabled", built -> built.web().httpPost()),
          Map.entry("HttpPost@max", built -> built.web().httpPostMax()),
          Map.entry("BotFilter/IpAddress", built -> built.bots().ipAddresses().get(0)),
          Map.entry("BotFilter/IpMatch", built -> built.bots().ipMatches().get(0).pattern()),
          Map.entry(
              "BotFilter/UserAgentMatch",
              built -> built.bots().userAgentMatches().get(0).pattern()),
          // The default pattern comes first; the file's follows it.
          Map.entry(
              "BotFilter/AllowedResponseRegex",
              built -> built.bots().allowedResponses().get(1).pattern()),
          Map.entry(
              "BotFilter/BlockedResponseRegex",
              built -> built.bots().blockedResponses().get(0).pattern()),
          Map.entry("BotFilter/BlockImagesAndCss", built -> built.bots().blockImagesAndCss()),
          Map.entry("FastPath/serviceUrl", built -> built.web().serviceUrl().orElseThrow()),
          Map.entry("FastPath/RequestForm@largeDownload", built -> built.web().largeDownload()),
          Map.entry("FastPath/WarmUp@enabled", built -> built.web().warmUp()),
          Map.entry("FastPath/WarmUp@dataset", built -> built.web().warmUpDataset().orElseThrow()),
          Map.entry(
              "FastPath/unixSocket",
              built -> ((PptEndpoint.Unix) built.client().endpoint()).socket()),
          Map.entry("FastPath/dataRoot", built -> built.cache().dataRoot().orElseThrow()),
          Map.entry("FastPath/catalogRoot", built -> built.web().catalogRoot().orElseThrow()),
          Map.entry("FastPath/Cache@enabled", built -> built.cache().isEnabled()),
          Map.entry("FastPath/Cache@negativeTtl", built -> built.cache().negativeTtl()),
          Map.entry("FastPath/Cache@refreshAfter", built -> built.cache().refreshAfter()),
          Map.entry(
              "FastPath/Cache@mtimeCheckInterval", built -> built.cache().mtimeCheckInterval()),
          Map.entry("FastPath/Cache@loadTimeout", built -> built.cache().loadTimeout()),
          Map.entry("FastPath/Cache@maximumWeight", built -> built.cache().maximum()),
          Map.entry("FastPath/ResponseCache@enabled", built -> built.responses().isEnabled()),
          Map.entry(
              "FastPath/ResponseCache@maximumWeight", built -> built.responses().maximumWeight()),
          Map.entry(
              "FastPath/ResponseCache@maxEntryBytes", built -> built.responses().maxEntryBytes()),
          Map.entry(
              "FastPath/ResponseCache@dataTypes",
              built -> String.join(" ", new java.util.TreeSet<>(built.responses().dataTypes()))),
          Map.entry(
              "FastPath/ResponseCache@maxDataEntryBytes",
              built -> built.responses().maxDataEntryBytes()),
          Map.entry("FastPath/ResponseCache@loadTimeout", built -> built.responses().loadTimeout()),
          Map.entry("FastPath/Spool@enabled", built -> built.spool().isEnabled()),
          Map.entry("FastPath/Spool@responseMemory", built -> built.spool().responseMemory()),
          Map.entry("FastPath/Spool@memory", built -> built.spool().stats().memoryBudget()),
          // A size reads back as the budget; 20GiB is written as the table's example.
          Map.entry(
              "FastPath/Spool@disk",
              built -> Specs.formatSize(built.spool().stats().diskBudget()).replace(" ", "")),
          Map.entry("FastPath/Spool@fillers", built -> built.spool().stats().fillers()),
          Map.entry("FastPath/Spool@directory", built -> built.spool().directory().orElseThrow()),
          Map.entry(
              "FastPath/BesGroups@ejectionBase",
              built -> built.router().rootGroup().ejectionBase()),
          Map.entry(
              "FastPath/BesGroups@ejectionMax", built -> built.router().rootGroup().ejectionMax()),
          Map.entry(
              "FastPath/BesGroups@ejectionThreshold",
              built -> built.router().rootGroup().ejectionThreshold()),
          Map.entry("FastPath/BesGroups@failover", built -> built.router().rootGroup().failover()),
          Map.entry("FastPath/BesGroups@retry", built -> built.router().rootGroup().retry()),
          Map.entry(
              "FastPath/BesGroups@clientShare",
              built -> built.router().rootGroup().fairShares() ? "fair" : "none"),
          Map.entry(
              "FastPath/BesGroups@clientQueue",
              built -> built.router().rootGroup().stats().shares().queueLength()),
          Map.entry(
              "FastPath/BesGroups@clientQueueWait",
              built -> built.router().rootGroup().stats().shares().queueWait()),
          Map.entry(
              "FastPath/BesGroups@downloadWait",
              built -> built.router().rootGroup().stats().shares().downloadWait()),
          Map.entry(
              "FastPath/ClientPool@reserve",
              built -> Integer.toString(built.client().reservedConnections())),
          Map.entry("FastPath/TrustedProxies", built -> built.web().trustedProxies()),
          Map.entry("FastPath/ClientPool@acquireTimeout", built -> built.client().acquireTimeout()),
          Map.entry("FastPath/ClientPool@maxIdle", built -> built.client().maxIdle()),
          Map.entry("FastPath/ClientPool@prewarm", built -> built.client().prewarmCount()),
          Map.entry(
              "FastPath/ClientPool@connectTimeout",
              built -> built.client().pptOptions().connectTimeout()),
          Map.entry(
              "FastPath/ClientPool@handshakeTimeout",
              built -> built.client().pptOptions().handshakeTimeout()),
          Map.entry(
              "FastPath/ClientPool@quickAck", built -> built.client().pptOptions().quickAck()),
          Map.entry("FastPath/Limits@maxUrlLength", built -> built.web().maxUrlLength()),
          Map.entry(
              "FastPath/Limits@maxConstraintLength", built -> built.web().maxConstraintLength()),
          Map.entry("FastPath/Gzip@enabled", built -> built.web().gzip()),
          Map.entry("FastPath/RetryAfter@seconds", built -> built.web().retryAfterSeconds()),
          Map.entry("FastPath/Admin@token", built -> built.web().adminToken().orElseThrow()),
          Map.entry("EnableCombinedLog", built -> built.web().combinedLog()),
          Map.entry("FastPath/Logs@enabled", built -> built.logs().enabled()),
          Map.entry("FastPath/Logs@directory", built -> built.logs().directory().orElseThrow()),
          Map.entry(
              "FastPath/Logs@configuration", built -> built.logs().configuration().orElseThrow()),
          Map.entry("FastPath/Logs@queueSize", built -> built.logs().queueSize()),
          Map.entry("FastPath/Logs@accessMaxFileSize", built -> built.logs().accessMaxFileSize()),
          Map.entry("FastPath/Logs@accessMaxHistory", built -> built.logs().accessMaxHistory()),
          Map.entry("FastPath/Logs@accessTotalSizeCap", built -> built.logs().accessTotalSizeCap()),
          Map.entry("FastPath/Logs@errorsMaxFileSize", built -> built.logs().errorsMaxFileSize()),
          Map.entry("FastPath/Logs@logStatusRequests", built -> built.logs().logStatusRequests()),
          Map.entry("FastPath/RequestId@responseHeader", built -> built.web().requestIdHeader()),
          Map.entry("FastPath/RequestId@maxLength", built -> built.web().requestIdMaxLength()),
          Map.entry("FastPath/HttpCache@enabled", built -> built.http().enabled()),
          Map.entry("FastPath/HttpCache@maxAge", built -> built.http().maxAge().orElseThrow()),
          Map.entry(
              "FastPath/HttpCache@staleWhileRevalidate",
              built -> built.http().staleWhileRevalidate().orElseThrow()),
          Map.entry(
              "FastPath/HttpCache@dataMaxAge", built -> built.http().dataMaxAge().orElseThrow()),
          Map.entry("FastPath/Cors@allowedOrigins", built -> built.cors().allowedOrigins()),
          Map.entry("FastPath/Cors@allowCredentials", built -> built.cors().credentials()),
          Map.entry("FastPath/Cors@maxAge", built -> built.cors().maxAge()),
          Map.entry("FastPath/Cors@exposedHeaders", built -> built.cors().exposedHeaders()),
          Map.entry("FastPath/Access@file", built -> built.accessOptions().file().toString()),
          Map.entry("AuthenticationControls/login", built -> built.accessOptions().loginPath()),
          Map.entry("AuthenticationControls/logout", built -> built.accessOptions().logoutPath()),
          Map.entry(
              "FastPath/Access@anonymous",
              built ->
                  built.accessOptions().anonymous() == AccessOptions.Anonymous.LOGIN
                      ? "login"
                      : "401"),
          Map.entry(
              "FastPath/Access@sessionKeyFile",
              built -> java.util.Objects.requireNonNull(built.accessOptions().sessionKeyFile())),
          Map.entry(
              "FastPath/Access@secureCookie",
              built ->
                  switch (built.accessOptions().secureCookie()) {
                    case AUTO -> "auto";
                    case ALWAYS -> "true";
                    case NEVER -> "false";
                  }),
          Map.entry(
              "FastPath/Access@sendEdlToken",
              built -> String.join(" ", built.accessOptions().sendEdlToken())));

  /** A value each setting's layer refuses. */
  private static final Map<String, String> BAD =
      Map.ofEntries(
          Map.entry("BESManager/BES/prefix", "/data/"),
          Map.entry("BESManager/BES/host", ""),
          Map.entry("FastPath/unixSocket", ""),
          Map.entry("FastPath/dataRoot", "relative/dir"),
          Map.entry("FastPath/catalogRoot", "relative"),
          Map.entry("FastPath/Spool@directory", "relative/spool"),
          Map.entry("FastPath/Admin@token", "too-short"),
          Map.entry("FastPath/BesGroups@clientShare", "a quarter"),
          Map.entry("FastPath/Spool@disk", "half"),
          Map.entry("FastPath/ClientPool@reserve", "150%"),
          Map.entry("FastPath/TrustedProxies", "proxy.example.org"),
          Map.entry("DatasetUrlResponse@type", "sometimes"),
          Map.entry("FastPath/ResponseCache@dataTypes", "dods das"),
          Map.entry("FastPath/WarmUp@dataset", "sst.nc"),
          Map.entry("DataRequestForm@type", "dap3"),
          Map.entry("HttpPost@max", "20000000"),
          Map.entry("FastPath/serviceUrl", "ftp://example.org/opendap"),
          Map.entry("FastPath/Logs@directory", "relative/logs"),
          Map.entry("FastPath/Logs@configuration", "logback.xml"),
          Map.entry("FastPath/RequestId@responseHeader", "X Request Id"),
          Map.entry("FastPath/Cors@allowedOrigins", "viewer.example.org"),
          Map.entry("FastPath/Cors@exposedHeaders", "ETag; X-A"),
          Map.entry("FastPath/Access@file", " "),
          Map.entry("AuthenticationControls/login", "log in"),
          Map.entry("AuthenticationControls/logout", "../out"),
          Map.entry("FastPath/Access@anonymous", "sometimes"),
          Map.entry("FastPath/Access@sessionKeyFile", "relative/session.keys"),
          Map.entry("FastPath/Access@secureCookie", "maybe"),
          Map.entry("FastPath/Access@sendEdlToken", "ngap"));

  /** Every setting, each case named by its place in olfs.xml. */
  static Stream<Named<OlfsSetting>> settings() {
    return OlfsSettings.ALL.stream().map(s -> Named.of(s.path(), s));
  }

  /** The settings that can be given a bad value: a flag is present or absent, it has none. */
  static Stream<Named<OlfsSetting>> settingsWithValues() {
    return settings().filter(s -> s.getPayload().kind() != OlfsSetting.Kind.FLAG);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("settings")
  void documentedExample_reachesTheLayersObject(OlfsSetting setting, @TempDir Path dir)
      throws IOException {
    // The directories must exist on this machine; the documented examples need not.
    String value =
        setting.path().equals("FastPath/dataRoot")
                || setting.path().equals("FastPath/Spool@directory")
            ? dir.toString()
            : setting.example();
    Function<Built, Object> readBack = READ_BACK.get(setting.path());
    assertTrue(readBack != null, "no read-back for " + setting.path() + ": add it to READ_BACK");
    try (Built built = Built.of(file(setting, value))) {
      assertEquals(expected(setting, value), readBack.apply(built), setting.path());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("settingsWithValues")
  void badValue_stopsTheStart_namingFilePathAndValue(OlfsSetting setting, @TempDir Path dir)
      throws IOException {
    String bad =
        BAD.containsKey(setting.path())
            ? BAD.get(setting.path())
            : switch (setting.kind()) {
              case DURATION -> "ten";
              case SIZE, HYRAX_SIZE -> "lots";
              case INTEGER -> "-7x";
              case BOOLEAN -> "maybe";
              case ADDRESS -> "bot.example.org";
              case PATTERN -> "(unclosed";
              default ->
                  throw new AssertionError(
                      "no bad value for " + setting.path() + ": add it to BAD");
            };
    Path file = Files.writeString(dir.resolve("olfs.xml"), file(setting, bad));
    FrontEndConfig config = OlfsConfigFile.read(file);
    ConfigurationException e = assertThrows(ConfigurationException.class, () -> Built.of(config));
    String prefix = file + ": " + setting.path() + " was '" + bad + "': ";
    assertTrue(
        e.getMessage().startsWith(prefix), e.getMessage() + "\n  should start with\n" + prefix);
    assertTrue(
        e.getMessage().length() > prefix.length(), "the reason is missing: " + e.getMessage());
  }

  @Test
  void everySettingIsDistinct_andEveryFastPathElementIsInTheTable() {
    Set<String> paths = new HashSet<>();
    for (OlfsSetting setting : OlfsSettings.ALL) {
      assertTrue(paths.add(setting.path()), "twice: " + setting.path());
    }
    assertEquals(READ_BACK.keySet(), paths, "READ_BACK covers the table");
  }

  @Test
  void docsTable_isTheTablesOwnRendering() throws IOException {
    Path docs = Path.of(System.getProperty("project.root", "..")).resolve("docs/configuration.md");
    String text = Files.readString(docs, StandardCharsets.UTF_8);
    int start = text.indexOf(DOCS_START);
    int end = text.indexOf(DOCS_END);
    assertTrue(
        start >= 0 && end > start,
        docs + " has no settings table between\n" + DOCS_START + "and " + DOCS_END);
    String rendered = OlfsSettings.markdownTable();
    String current = text.substring(start + DOCS_START.length(), end);
    if (!rendered.equals(current) && Boolean.getBoolean("docs.update")) {
      Files.writeString(
          docs,
          text.substring(0, start + DOCS_START.length()) + rendered + text.substring(end),
          StandardCharsets.UTF_8);
      return;
    }
    assertEquals(
        rendered,
        current,
        "docs/configuration.md's settings table differs from"
            + " OlfsSettings; run mvn -pl frontend -am test -Dtest=SettingsTableTest -Ddocs.update=true"
            + " -Dsurefire.failIfNoSpecifiedTests=false");
  }

  /** A file setting only {@code setting}, to {@code value}, with what it needs beside it. */
  private static String file(OlfsSetting setting, String value) {
    String path = setting.path();
    StringBuilder xml = new StringBuilder("<OLFSConfig>");
    if (setting.layer() == OlfsSetting.Layer.ACCESS && !path.startsWith("FastPath/")) {
      // Upstream's login elements are read with login on.
      xml.append("<FastPath><Access/></FastPath>");
    }
    if (path.startsWith("BESManager/")) {
      xml.append(element(path.substring("BESManager/".length()), value, "BESManager"));
    } else {
      xml.append(element(path, value, ""));
    }
    return xml.append("</OLFSConfig>").toString();
  }

  /** Nested elements for {@code path} (below {@code outer}), the value as text or attribute. */
  private static String element(String path, String value, String outer) {
    int at = path.indexOf('@');
    List<String> names = List.of((at < 0 ? path : path.substring(0, at)).split("/"));
    StringBuilder open = new StringBuilder(outer.isEmpty() ? "" : "<" + outer + ">");
    StringBuilder close = new StringBuilder();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      boolean last = i == names.size() - 1;
      if (last && at >= 0) {
        open.append('<')
            .append(name)
            .append(' ')
            .append(path.substring(at + 1))
            .append("=\"")
            .append(value)
            .append("\"/>");
      } else if (last) {
        open.append('<')
            .append(name)
            .append('>')
            .append(value)
            .append("</")
            .append(name)
            .append('>');
      } else {
        open.append('<').append(name).append('>');
        close.insert(0, "</" + name + ">");
      }
    }
    return open.append(close).append(outer.isEmpty() ? "" : "</" + outer + ">").toString();
  }

  private static Object expected(OlfsSetting setting, String value) {
    return switch (setting.kind()) {
      case DURATION -> Specs.duration(value);
      case SIZE -> Specs.size(value);
      case HYRAX_SIZE -> Long.parseLong(value) * 1024; // units absent: K
      case INTEGER ->
          setting.key().equals("maximumSize")
                  || setting.key().equals("maximumWeight")
                  || setting.key().equals("maxCommandsPerConnection")
              ? (Object) Specs.integer(value)
              : (Object) Specs.intValue(value);
      case BOOLEAN -> Specs.bool(value);
      case FLAG -> true;
      case PATH -> setting.path().equals("FastPath/catalogRoot") ? value : Path.of(value);
      case TEXT, ADDRESS, PATTERN -> value;
    };
  }
}
