package org.olfsfastpath.boot;

import ch.qos.logback.classic.LoggerContext;
import jakarta.servlet.ServletContext;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.http.CacheHeaders;
import org.olfsfastpath.http.CorsPolicy;
import org.olfsfastpath.http.HttpCacheSettings;
import org.olfsfastpath.log.HyraxLogs;
import org.olfsfastpath.log.LogSettings;
import org.olfsfastpath.web.AnswerPolicy;
import org.olfsfastpath.web.FrontEndSettings;
import org.olfsfastpath.web.RequestIds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds, for {@link Assembly}, what olfs.xml's {@code Logs}, {@code RequestId}, {@code HttpCache}
 * and {@code Cors} say: the Hyrax logs in their directory (the container's log directory unless
 * named), the policy of every answer's Cache-Control and request id, and the CORS policy. Each
 * refusal names the setting.
 */
final class HttpAndLogSections {
  /**
   * The file an operator puts in the configuration directory to configure the logs, as upstream.
   */
  static final String OPERATOR_FILE = "logback.xml";

  private static final Logger log = LoggerFactory.getLogger(HttpAndLogSections.class);

  private HttpAndLogSections() {}

  /**
   * The Hyrax logs, started: in {@code FastPath/Logs@directory}, else {@code
   * ${catalina.base}/logs}, else (outside Tomcat) the container's temporary directory.
   *
   * @param configDirectory the directory olfs.xml was read from, where an operator's logback.xml is
   *     looked for; null when the defaults are used
   */
  static HyraxLogs logs(
      FrontEndConfig config, ServletContext context, @Nullable Path configDirectory) {
    LogSettings settings =
        SettingErrors.build(
            config, config.logs(), () -> LogSettings.from(config.logs().values()).build());
    LoggerContext logback = HyraxLogs.applicationContext();
    if (logback == null || !settings.enabled()) {
      if (settings.enabled()) {
        log.warn(
            "olfs-fastpath: SLF4J is not bound to this application's Logback; the Hyrax logs are"
                + " not written");
      }
      return HyraxLogs.off(logback == null ? new LoggerContext() : logback);
    }
    Path directory = settings.directory().orElseGet(() -> defaultDirectory(context));
    Path operatorFile = settings.configuration().orElse(null);
    if (operatorFile == null && configDirectory != null) {
      Path candidate = configDirectory.resolve(OPERATOR_FILE);
      operatorFile = Files.isRegularFile(candidate) ? candidate : null;
    }
    try {
      HyraxLogs logs = HyraxLogs.start(logback, settings, directory, operatorFile);
      log.info("olfs-fastpath: {}", logs);
      return logs;
    } catch (IllegalStateException e) {
      throw new ConfigurationException(config.source() + ": " + e.getMessage(), e);
    }
  }

  /** The logs' settings, as olfs.xml's {@code FastPath/Logs} gives them. */
  static LogSettings logSettings(FrontEndConfig config) {
    return SettingErrors.build(
        config, config.logs(), () -> LogSettings.from(config.logs().values()).build());
  }

  /** The settings of the answers' Cache-Control, as {@code FastPath/HttpCache} gives them. */
  static HttpCacheSettings httpCache(FrontEndConfig config) {
    return SettingErrors.build(
        config,
        config.httpCache(),
        () -> HttpCacheSettings.from(config.httpCache().values()).build());
  }

  private static Path defaultDirectory(ServletContext context) {
    String base = System.getProperty("catalina.base");
    if (base != null && !base.isBlank()) {
      return Path.of(base, "logs");
    }
    Object temp = context.getAttribute(ServletContext.TEMPDIR);
    Path dir =
        temp instanceof File file
            ? file.toPath().resolve("logs")
            : Path.of(System.getProperty("java.io.tmpdir"), "olfs-fastpath-logs");
    log.warn(
        "olfs-fastpath: no catalina.base; the Hyrax logs go to {} (set FastPath/Logs@directory)",
        dir);
    return dir;
  }

  /**
   * What every answer says beside its body. Open answers may be kept as long as the front end's own
   * freshness bound: with a data root, the file check interval; without, the data-source cache's
   * refresh age.
   */
  static AnswerPolicy answers(
      FrontEndConfig config, FrontEndSettings settings, DataSourceCache cache) {
    HttpCacheSettings http = httpCache(config);
    Duration freshness =
        cache.dataRoot().isPresent() ? cache.mtimeCheckInterval() : cache.refreshAfter();
    return new AnswerPolicy(
        // With login on, an open answer is not "public": a credentialed request's stays private.
        CacheHeaders.of(http, freshness, config.access() != null),
        new RequestIds(settings.requestIdMaxLength()),
        settings.requestIdHeader(),
        settings.combinedLog());
  }

  /** The CORS policy; {@code *} with credentials fails the start, naming both. */
  static CorsPolicy cors(FrontEndConfig config) {
    return SettingErrors.build(
        config, config.cors(), () -> CorsPolicy.from(config.cors().values()).build());
  }
}
