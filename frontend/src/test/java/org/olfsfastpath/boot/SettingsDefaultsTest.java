package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.access.AccessOptions;
import org.olfsfastpath.access.SessionKeys;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesClientBuilder;
import org.olfsfastpath.bes.BesGroup;
import org.olfsfastpath.bes.BesGroupBuilder;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.http.CacheHeaders;
import org.olfsfastpath.http.CorsPolicy;
import org.olfsfastpath.http.HttpCacheSettings;
import org.olfsfastpath.log.LogSettings;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.spec.Specs;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.spool.SpoolBuilder;
import org.olfsfastpath.web.BotRules;
import org.olfsfastpath.web.BotRulesBuilder;
import org.olfsfastpath.web.FrontEndSettings;

/**
 * Each default the settings table documents (OlfsSettings' default column, which
 * docs/configuration.md shows) is the default of the layer that owns the setting: the defaults are
 * written once in each layer's builder, and this test keeps the documentation's text of them
 * honest. A value is compared as its kind reads it ({@code 600 s} is 600 seconds, {@code 64 MiB} is
 * 2^26 bytes); a default the table describes in words is checked against the builder's state that
 * the words describe.
 */
final class SettingsDefaultsTest {
  private static DataSourceCache dataSources;
  private static ResponseCache responses;

  @BeforeAll
  static void buildWithDefaults() {
    dataSources =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  throw new AssertionError("nothing is loaded");
                })
            .build();
    responses = ResponseCache.newBuilder().build();
  }

  @AfterAll
  static void close() {
    dataSources.close();
    responses.close();
  }

  /** Each row's default as the owning layer holds it, by the row's path. */
  private static Map<String, Object> layerDefaults() {
    BesClientBuilder client = BesClient.newBuilder();
    BesGroupBuilder group = BesGroup.newBuilder();
    PptOptions ppt = PptOptions.defaults();
    FrontEndSettings web = FrontEndSettings.defaults();
    SpoolBuilder spool = Spool.newBuilder();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("BESManager/BES/prefix", group.getPrefix());
    m.put("BESManager/BES@weight", BesGroupBuilder.DEFAULT_WEIGHT);
    m.put("BESManager/BES/host", BesEndpoints.DEFAULT_HOST);
    m.put("BESManager/BES/port", BesEndpoints.DEFAULT_PORT);
    m.put("BESManager/BES/timeOut", ppt.readTimeout());
    m.put(
        "BESManager/BES/maxResponseSize",
        described("none sent (no limit)", client.getMaxResponseSize() == -1));
    m.put(
        "BESManager/BES/maxVariableSize",
        described("none sent (no limit)", client.getMaxVariableSize() == -1));
    m.put("BESManager/BES/ClientPool@maximum", client.getMaxConnections());
    m.put("BESManager/BES/ClientPool@maxCmds", client.getMaxCommandsPerConnection());
    m.put(
        "BESManager/NodeCache@maxEntries",
        dataSources.isWeighted() ? "weighted" : dataSources.maximum());
    m.put("BESManager/NodeCache@refreshInterval", dataSources.ttl());
    m.put("BESManager/SiteMapCache@refreshInterval", web.siteMapRefresh());
    m.put("DatasetUrlResponse@type", web.datasetUrlResponse().configName());
    m.put("DataRequestForm@type", web.dataRequestForm());
    m.put("AllowDirectDataSourceAccess", web.allowDirectDataSourceAccess());
    m.put("AddFileoutTypeSuffixToDownloadFilename", web.addFileoutTypeSuffix());
    m.put("HttpPost@enabled", web.httpPost());
    m.put("HttpPost@max", web.httpPostMax());
    BotRulesBuilder bots = BotRules.newBuilder();
    BotRules oneAddress =
        BotRules.newBuilder().ipAddresses(List.of("192.0.2.7")).contextPath("/opendap").build();
    m.put("BotFilter/IpAddress", described("none", bots.getIpAddresses().isEmpty()));
    m.put("BotFilter/IpMatch", described("none", bots.getIpMatches().isEmpty()));
    m.put("BotFilter/UserAgentMatch", described("none", bots.getUserAgentMatches().isEmpty()));
    // The builder's own list is the file's; build() puts the default paths before it.
    m.put(
        "BotFilter/AllowedResponseRegex",
        described(
            "paths below `docs/images/` and"
                + " `docs/css/` of the context (none with BlockImagesAndCss)",
            bots.getAllowedResponses().isEmpty()
                && oneAddress.allowedResponses().size() == 1
                && oneAddress.refuses("192.0.2.7", null, "/opendap/docs/images/a.png").isEmpty()
                && oneAddress.refuses("192.0.2.7", null, "/opendap/docs/css/a.css").isEmpty()
                && oneAddress.refuses("192.0.2.7", null, "/opendap/docs/js/a.js").isPresent()
                && BotRules.newBuilder()
                    .ipAddresses(List.of("192.0.2.7"))
                    .blockImagesAndCss(true)
                    .build()
                    .allowedResponses()
                    .isEmpty()));
    m.put(
        "BotFilter/BlockedResponseRegex", described("none", bots.getBlockedResponses().isEmpty()));
    m.put("BotFilter/BlockImagesAndCss", bots.getBlockImagesAndCss());
    m.put("FastPath/serviceUrl", described("the first request's", web.serviceUrl().isEmpty()));
    m.put("FastPath/RequestForm@largeDownload", web.largeDownload());
    m.put("FastPath/WarmUp@enabled", web.warmUp());
    m.put(
        "FastPath/WarmUp@dataset",
        described("the first one near the catalog root", web.warmUpDataset().isEmpty()));
    m.put("FastPath/unixSocket", described("TCP", true));
    m.put("FastPath/dataRoot", described("none", dataSources.dataRoot().isEmpty()));
    m.put("FastPath/catalogRoot", described("dataRoot", web.catalogRoot().isEmpty()));
    m.put("FastPath/Cache@enabled", dataSources.isEnabled());
    m.put("FastPath/Cache@negativeTtl", dataSources.negativeTtl());
    m.put(
        "FastPath/Cache@refreshAfter",
        described(
            "half of refreshInterval",
            dataSources.refreshAfter().equals(dataSources.ttl().dividedBy(2))));
    m.put("FastPath/Cache@mtimeCheckInterval", dataSources.mtimeCheckInterval());
    m.put("FastPath/Cache@loadTimeout", dataSources.loadTimeout());
    m.put("FastPath/Cache@maximumWeight", described("none", !dataSources.isWeighted()));
    m.put("FastPath/ResponseCache@enabled", responses.isEnabled());
    m.put("FastPath/ResponseCache@maximumWeight", responses.maximumWeight());
    m.put("FastPath/ResponseCache@maxEntryBytes", responses.maxEntryBytes());
    m.put(
        "FastPath/ResponseCache@dataTypes",
        described("all", responses.dataTypes().equals(Set.of("all"))));
    m.put("FastPath/ResponseCache@maxDataEntryBytes", responses.maxDataEntryBytes());
    m.put("FastPath/ResponseCache@loadTimeout", responses.loadTimeout());
    m.put("FastPath/Spool@enabled", spool.isEnabled());
    m.put("FastPath/Spool@responseMemory", spool.getResponseMemory());
    m.put("FastPath/Spool@memory", spool.getMemory());
    m.put("FastPath/Spool@disk", spool.getDisk());
    m.put(
        "FastPath/Spool@fillers",
        described(
            "the processors the JVM may use",
            spool.getFillers() == Runtime.getRuntime().availableProcessors()));
    m.put(
        "FastPath/Spool@directory",
        described("the servlet container's temporary directory", spool.getDirectory() == null));
    m.put("FastPath/BesGroups@ejectionBase", group.getEjectionBase());
    m.put("FastPath/BesGroups@ejectionMax", group.getEjectionMax());
    m.put("FastPath/BesGroups@ejectionThreshold", group.getEjectionThreshold());
    m.put("FastPath/BesGroups@failover", group.getFailover());
    m.put("FastPath/BesGroups@retry", group.getRetry());
    m.put("FastPath/BesGroups@clientShare", group.getClientShare());
    m.put("FastPath/BesGroups@clientQueue", group.getClientQueue());
    m.put("FastPath/BesGroups@clientQueueWait", group.getClientQueueWait());
    m.put("FastPath/BesGroups@downloadWait", group.getDownloadWait());
    m.put("FastPath/ClientPool@acquireTimeout", client.getAcquireTimeout());
    m.put("FastPath/ClientPool@reserve", client.getReserve());
    m.put("FastPath/ClientPool@maxIdle", client.getMaxIdle());
    m.put("FastPath/ClientPool@prewarm", client.getPrewarm());
    m.put("FastPath/ClientPool@connectTimeout", ppt.connectTimeout());
    m.put(
        "FastPath/ClientPool@handshakeTimeout",
        described("connectTimeout", ppt.handshakeTimeout().equals(ppt.connectTimeout())));
    m.put("FastPath/ClientPool@quickAck", ppt.quickAck());
    m.put("FastPath/Limits@maxUrlLength", web.maxUrlLength());
    m.put("FastPath/Limits@maxConstraintLength", web.maxConstraintLength());
    m.put("FastPath/Gzip@enabled", web.gzip());
    m.put("FastPath/RetryAfter@seconds", web.retryAfterSeconds());
    m.put("FastPath/TrustedProxies", described("none", web.trustedProxies().isEmpty()));
    m.put("FastPath/Admin@token", described("none", web.adminToken().isEmpty()));
    m.put("EnableCombinedLog", web.combinedLog());
    LogSettings logs = LogSettings.defaults();
    m.put("FastPath/Logs@enabled", logs.enabled());
    m.put(
        "FastPath/Logs@directory",
        described(
            "the container's log directory (`${catalina.base}/logs`)", logs.directory().isEmpty()));
    m.put(
        "FastPath/Logs@configuration",
        described(
            "`logback.xml` of the configuration directory, if there is one",
            logs.configuration().isEmpty()));
    m.put("FastPath/Logs@queueSize", logs.queueSize());
    m.put("FastPath/Logs@accessMaxFileSize", logs.accessMaxFileSize());
    m.put("FastPath/Logs@accessMaxHistory", logs.accessMaxHistory());
    m.put("FastPath/Logs@accessTotalSizeCap", logs.accessTotalSizeCap());
    m.put("FastPath/Logs@errorsMaxFileSize", logs.errorsMaxFileSize());
    m.put("FastPath/Logs@logStatusRequests", logs.logStatusRequests());
    m.put("FastPath/RequestId@responseHeader", web.requestIdHeader());
    m.put("FastPath/RequestId@maxLength", web.requestIdMaxLength());
    HttpCacheSettings http = HttpCacheSettings.defaults();
    CacheHeaders withDataRoot = CacheHeaders.of(http, dataSources.mtimeCheckInterval(), false);
    CacheHeaders withoutDataRoot = CacheHeaders.of(http, dataSources.refreshAfter(), false);
    m.put("FastPath/HttpCache@enabled", http.enabled());
    m.put(
        "FastPath/HttpCache@maxAge",
        described(
            "the front end's own freshness: `mtimeCheckInterval` in whole seconds (at least 1 s)"
                + " with dataRoot, else `refreshAfter`",
            http.maxAge().isEmpty()
                && withDataRoot.maxAgeSeconds() == 1
                && CacheHeaders.of(http, Duration.ofMillis(200), false).maxAgeSeconds() == 1
                && withoutDataRoot.maxAgeSeconds() == dataSources.refreshAfter().toSeconds()));
    m.put(
        "FastPath/HttpCache@staleWhileRevalidate",
        described(
            "maxAge",
            http.staleWhileRevalidate().isEmpty()
                && withoutDataRoot.staleSeconds() == withoutDataRoot.maxAgeSeconds()));
    m.put(
        "FastPath/HttpCache@dataMaxAge",
        described(
            "maxAge",
            http.dataMaxAge().isEmpty()
                && withoutDataRoot.dataMaxAgeSeconds() == withoutDataRoot.maxAgeSeconds()));
    CorsPolicy cors = CorsPolicy.none();
    m.put("FastPath/Cors@allowedOrigins", described("none (as upstream)", !cors.enabled()));
    m.put("FastPath/Cors@allowCredentials", cors.credentials());
    m.put("FastPath/Cors@maxAge", CorsPolicy.DEFAULT_MAX_AGE);
    m.put(
        "FastPath/Cors@exposedHeaders",
        described(
            "the DAP headers (`XDODS-Server` ... `X-Request-Id`, [configuration.md](#cors))",
            cors.exposedHeaders().equals(CorsPolicy.DEFAULT_EXPOSED_HEADERS)));
    AccessOptions access = AccessOptions.defaults();
    m.put("FastPath/Access@file", access.file().toString());
    m.put(
        "AuthenticationControls/login", described("`/login`", access.loginPath().equals("/login")));
    m.put(
        "AuthenticationControls/logout",
        described("`/logout`", access.logoutPath().equals("/logout")));
    m.put(
        "FastPath/Access@anonymous",
        described("login", access.anonymous() == AccessOptions.Anonymous.LOGIN));
    m.put(
        "FastPath/Access@sessionKeyFile",
        described(
            "none: the environment variable " + SessionKeys.ENVIRONMENT,
            access.sessionKeyFile() == null));
    m.put(
        "FastPath/Access@secureCookie",
        described("auto", access.secureCookie() == AccessOptions.SecureCookie.AUTO));
    m.put("FastPath/Access@sendEdlToken", String.join(" ", access.sendEdlToken()));
    return m;
  }

  /** A default the table describes in words, and whether the layer's state is what they say. */
  private record Described(String text, boolean holds) {}

  private static Described described(String text, boolean holds) {
    return new Described(text, holds);
  }

  static Stream<OlfsSetting> settings() {
    return OlfsSettings.ALL.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("settings")
  void documentedDefault_isTheLayersDefault(OlfsSetting setting) {
    Object actual = layerDefaults().get(setting.path());
    String text = setting.defaultText();
    if (actual instanceof Described words) {
      assertEquals(words.text(), text, "the table describes another default");
      assertTrue(
          words.holds(),
          setting.path()
              + " defaults to "
              + text
              + " in the table, but its"
              + " layer does otherwise");
      return;
    }
    assertEquals(actual, read(text, actual), setting.path() + ": the table says " + text);
  }

  @Test
  void everyRowHasItsLayersDefault() {
    Set<String> rows = new java.util.HashSet<>();
    OlfsSettings.ALL.forEach(s -> rows.add(s.path()));
    assertEquals(rows, layerDefaults().keySet());
  }

  /** The table's text read as the kind of value the layer holds. */
  private static Object read(String text, Object like) {
    if (like instanceof Duration) {
      return Specs.duration(text.replace(" min", "m").replace(" ", ""));
    }
    if (like instanceof Boolean) {
      return switch (text) {
        case "true", "present" -> true;
        case "false", "absent" -> false;
        default -> text;
      };
    }
    if (like instanceof Long) {
      return Specs.size(text.replace(" ", ""));
    }
    if (like instanceof Integer) {
      return Integer.parseInt(text);
    }
    if (like instanceof FormType) {
      return FormType.fromConfig(text);
    }
    return text;
  }
}
