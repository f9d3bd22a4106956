package org.olfsfastpath.boot;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.http.CorsPolicy;
import org.olfsfastpath.http.HttpCacheSettings;
import org.olfsfastpath.log.LogSettings;
import org.olfsfastpath.ops.BesEvents;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.web.BotRules;
import org.olfsfastpath.web.FrontEndSettings;

/**
 * The objects an olfs.xml file builds, as the web application builds them at start (nothing
 * connects): for tests that check a value reached the layer that owns it.
 */
record Built(
    BesBackend backend,
    FrontEndSettings web,
    BotRules bots,
    Spool spool,
    LogSettings logs,
    HttpCacheSettings http,
    CorsPolicy cors,
    org.olfsfastpath.access.@org.jspecify.annotations.Nullable AccessOptions access)
    implements AutoCloseable {
  static FrontEndConfig parse(String xml) {
    return OlfsConfigFile.parse(
        new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "olfs.xml");
  }

  /** Builds every layer from {@code xml}, as {@link FrontEndListener} does. */
  static Built of(String xml) {
    return of(parse(xml));
  }

  static Built of(FrontEndConfig config) {
    FrontEndSettings web = Assembly.web(config);
    LogSettings logs = HttpAndLogSections.logSettings(config);
    HttpCacheSettings http = HttpAndLogSections.httpCache(config);
    CorsPolicy cors = HttpAndLogSections.cors(config);
    org.olfsfastpath.access.AccessOptions access = AccessSection.accessOptions(config);
    BotRules bots = BotFilterSection.rules(config, "/opendap");
    // The JVM's temporary directory stands for the servlet container's.
    Spool spool =
        Assembly.spool(config, java.nio.file.Path.of(System.getProperty("java.io.tmpdir")));
    return new Built(
        Assembly.backend(config, new BesEvents(BesEvents.CommandTimer.NONE), spool::hasRoom),
        web,
        bots,
        spool,
        logs,
        http,
        cors,
        access);
  }

  /** The access options, which the file under test must have. */
  org.olfsfastpath.access.AccessOptions accessOptions() {
    return java.util.Objects.requireNonNull(access, "no FastPath/Access");
  }

  BesClient client() {
    return backend.client();
  }

  DataSourceCache cache() {
    return backend.cache();
  }

  org.olfsfastpath.bes.BesRouter router() {
    return backend.router();
  }

  ResponseCache responses() {
    return backend.responses();
  }

  @Override
  public void close() {
    spool.close();
    backend.close();
  }
}
