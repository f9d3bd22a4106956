package org.olfsfastpath.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.olfsfastpath.bes.BesGroup;
import org.olfsfastpath.bes.BesGroupStats;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.bes.BesRouter;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.DataSourceCacheStats;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.cache.ResponseCacheStats;
import org.olfsfastpath.json.Json;
import org.olfsfastpath.log.LogStats;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.spool.SpoolStats;
import org.olfsfastpath.web.BotFilter;
import org.olfsfastpath.web.BotFilterStats;
import org.olfsfastpath.web.FrontEndStats;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The front end's JMX beans: one {@link StatsBean} per statistics value, each named {@code
 * org.olfsfastpath:type=<component>,context=<context path>} (the context path quoted, {@code "/"}
 * for the root), so that two deployments in one container keep apart:
 *
 * <ul>
 *   <li>{@code type=FrontEnd}: the request counters ({@link FrontEndStats.Snapshot}), the whole
 *       status document as {@code StatusJson}, and {@code invalidate(path)} and {@code
 *       invalidateAll()} over both caches;
 *   <li>{@code type=DataSourceCache} and {@code type=ResponseCache}: each cache's value, with the
 *       same two operations for that cache alone;
 *   <li>{@code type=BesPool}: every BES's pool added up, as the status document's {@code pool};
 *   <li>{@code type=BesGroup,prefix=<prefix>}: one per BES group, its prefix quoted; its {@code
 *       StatsJson} is the group as the status document shows it to an operator, each BES and its
 *       pool included;
 *   <li>{@code type=BotFilter} and {@code type=Spool}: read-only.
 * </ul>
 *
 * <p>Registered at start and unregistered at stop, by the start-up ({@code org.olfsfastpath.boot}).
 * Not thread-safe.
 */
public final class JmxBeans {
  private static final Logger log = LoggerFactory.getLogger(JmxBeans.class);
  private static final String DOMAIN = "org.olfsfastpath";

  private final MBeanServer server;
  private final List<ObjectName> registered = new ArrayList<>();

  public JmxBeans(MBeanServer server) {
    this.server = Objects.requireNonNull(server, "server == null");
  }

  /**
   * The front end's bean: its counters, the status document as {@code StatusJson}, and the
   * invalidation of a path, or of everything, in both caches ({@code admin}).
   */
  public static StatsBean<FrontEndStats.Snapshot> frontEnd(
      Supplier<FrontEndStats.Snapshot> stats, StatusServlet status, CacheAdmin admin) {
    Objects.requireNonNull(status, "status == null");
    Objects.requireNonNull(admin, "admin == null");
    return new StatsBean<>(
            FrontEndStats.Snapshot.class,
            stats,
            JmxBeans::json,
            path -> admin.invalidate(catalogPath(path)),
            admin::invalidateAll)
        .with(
            "StatusJson",
            "the whole status document, as served at /status",
            () -> Json.indented(status.status()));
  }

  /**
   * {@code path} as the caches key it; the same rule as {@code POST /status/invalidate}.
   *
   * @throws IllegalArgumentException if it is no absolute catalog path
   */
  private static String catalogPath(String path) {
    String normalized = StatusServlet.normalize(path);
    if (normalized == null) {
      throw new IllegalArgumentException(
          "path was '"
              + path
              + "', must be an absolute catalog"
              + " path without . or .. segments");
    }
    return normalized;
  }

  /** A value written under its own names alone, as the status document writes it. */
  private static String json(Record value) {
    return Json.compact(Json.fields(value));
  }

  /**
   * Registers every bean of one deployment. A failure (a second deployment under the same name) is
   * logged, and the beans registered before it stay until {@link #unregisterAll}: the figures are
   * at {@code /status} all the same.
   *
   * @param contextPath the web application's context path, empty for the root
   * @param frontEnd the front end's bean ({@link #frontEnd})
   * @param dataSources the data-source cache
   * @param answers the response cache
   * @param router the BES groups, and their pools
   * @param logs the Hyrax logs' figures
   */
  public void registerAll(
      String contextPath,
      StatsBean<FrontEndStats.Snapshot> frontEnd,
      DataSourceCache dataSources,
      ResponseCache answers,
      BesRouter router,
      BotFilter bots,
      Spool spool,
      Supplier<LogStats> logs) {
    String context = "context=" + ObjectName.quote(contextPath.isEmpty() ? "/" : contextPath);
    try {
      register("type=FrontEnd," + context, frontEnd);
      register(
          "type=DataSourceCache," + context,
          new StatsBean<>(
              DataSourceCacheStats.class,
              dataSources::stats,
              DataSourceCacheStats::toJson,
              dataSources::invalidate,
              dataSources::invalidateAll));
      register(
          "type=ResponseCache," + context,
          new StatsBean<>(
              ResponseCacheStats.class,
              answers::stats,
              ResponseCacheStats::toJson,
              answers::invalidate,
              answers::invalidateAll));
      register(
          "type=BesPool," + context,
          new StatsBean<>(BesPoolStats.class, router::poolStats, JmxBeans::json));
      for (BesGroup group : router.groups()) {
        // JMX is the operator's: the clients holding the most connections are named.
        register(
            "type=BesGroup," + context + ",prefix=" + ObjectName.quote(group.prefix()),
            new StatsBean<>(
                BesGroupStats.class,
                group::stats,
                stats -> Json.compact(StatusSections.group(stats, true))));
      }
      register(
          "type=BotFilter," + context,
          new StatsBean<>(BotFilterStats.class, bots::stats, BotFilterStats::toJson));
      register(
          "type=Spool," + context,
          new StatsBean<>(SpoolStats.class, spool::stats, SpoolStats::toJson));
      register(
          "type=Logs," + context,
          new StatsBean<>(LogStats.class, logs, stats -> Json.compact(StatusSections.logs(stats))));
    } catch (JMException e) {
      log.warn("olfs-fastpath: JMX registration failed, continuing without it: {}", e.toString());
    }
  }

  private void register(String keys, StatsBean<?> bean) throws JMException {
    ObjectName name = new ObjectName(DOMAIN + ":" + keys);
    server.registerMBean(bean, name);
    registered.add(name);
  }

  /** Unregisters every bean {@link #registerAll} registered. */
  public void unregisterAll() {
    for (ObjectName name : registered) {
      try {
        server.unregisterMBean(name);
      } catch (JMException e) {
        log.debug("olfs-fastpath: {} was already unregistered", name);
      }
    }
    registered.clear();
  }
}
