package org.olfsfastpath.boot;

import static org.olfsfastpath.boot.SettingErrors.build;
import static org.olfsfastpath.boot.SettingErrors.intValue;
import static org.olfsfastpath.boot.SettingErrors.parse;

import jakarta.servlet.ServletContext;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesEventListener;
import org.olfsfastpath.bes.BesGroup;
import org.olfsfastpath.bes.BesGroupBuilder;
import org.olfsfastpath.bes.BesRouter;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.NodeLoader;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.http.CorsPolicy;
import org.olfsfastpath.log.HyraxLogs;
import org.olfsfastpath.ops.BesEvents;
import org.olfsfastpath.ops.FrontEndMetrics;
import org.olfsfastpath.ops.JmxBeans;
import org.olfsfastpath.ops.MetricsServlet;
import org.olfsfastpath.ops.StatusSections;
import org.olfsfastpath.ops.StatusServlet;
import org.olfsfastpath.ops.WarmUp;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.spec.SpecException;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.spool.SpoolBuilder;
import org.olfsfastpath.web.AccessGate;
import org.olfsfastpath.web.AccessLogFilter;
import org.olfsfastpath.web.AnswerPolicy;
import org.olfsfastpath.web.BotFilter;
import org.olfsfastpath.web.BotRules;
import org.olfsfastpath.web.CachePolicy;
import org.olfsfastpath.web.ClientAddresses;
import org.olfsfastpath.web.CorsFilter;
import org.olfsfastpath.web.DapServlet;
import org.olfsfastpath.web.FrontEndSettings;
import org.olfsfastpath.web.FrontEndStats;
import org.olfsfastpath.web.LoginServlet;
import org.olfsfastpath.web.VersionService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each spec of a {@link FrontEndConfig} to the layer that owns it and builds that layer's
 * object. The layers alone validate; a refusal comes back as a {@link ConfigurationException}
 * naming the file, the setting's place in it and the value as written. The one place that maps
 * settings onto builders: adding a setting needs no change here.
 */
public final class Assembly {
  private static final Logger log = LoggerFactory.getLogger(Assembly.class);

  private Assembly() {}

  /** The socket options of one BES. */
  static PptOptions pptOptions(FrontEndConfig config, FrontEndConfig.Bes bes) {
    return build(config, bes.ppt(), () -> PptOptions.from(bes.ppt().values()).build());
  }

  /**
   * The client of one BES; nothing connects until the first request (or the prewarm).
   *
   * @param sendEdlToken whether an Earthdata Login user's token goes to this BES
   */
  static BesClient besClient(
      FrontEndConfig config,
      FrontEndConfig.Bes bes,
      BesEventListener listener,
      boolean sendEdlToken) {
    PptEndpoint endpoint = BesEndpoints.endpoint(config, bes);
    PptOptions options = pptOptions(config, bes);
    return build(
        config,
        bes.client(),
        () ->
            BesClient.from(bes.client().values())
                .endpoint(endpoint)
                .pptOptions(options)
                .eventListener(listener)
                .sendEdlToken(sendEdlToken)
                .build());
  }

  /**
   * Every BES of the file in its group (one per prefix), and the router over the groups. Closes
   * what it built when a setting is refused.
   *
   * @throws ConfigurationException naming the setting, e.g. a prefix no {@code /} group backs
   */
  static BesRouter router(
      FrontEndConfig config,
      BesEventListener listener,
      Predicate<String> sendEdlToken,
      BooleanSupplier spoolHasRoom) {
    Map<String, BesGroupBuilder> byPrefix = new LinkedHashMap<>();
    List<String> rawPrefixes = new ArrayList<>();
    List<BesClient> clients = new ArrayList<>();
    try {
      for (FrontEndConfig.Bes bes : config.bes()) {
        LayerSpec routing = bes.routing();
        String rawPrefix = Optional.ofNullable(routing.raw("prefix")).orElse("/");
        String prefix =
            build(config, routing, () -> parse("prefix", rawPrefix, BesRouter::normalizePrefix));
        rawPrefixes.add(rawPrefix);
        BesGroupBuilder group = byPrefix.get(prefix);
        if (group == null) {
          group =
              build(
                  config,
                  config.groups(),
                  () ->
                      BesGroup.from(config.groups().values())
                          .prefix(prefix)
                          .eventListener(listener)
                          .spoolHasRoom(spoolHasRoom));
          byPrefix.put(prefix, group);
        }
        BesClient client = besClient(config, bes, listener, sendEdlToken.test(prefix));
        clients.add(client);
        String weight = routing.raw("weight");
        BesGroupBuilder members = group;
        if (members.getMembers().contains(client.endpoint())) {
          throw new ConfigurationException(
              config.source()
                  + ": "
                  + OlfsSettings.BES_ELEMENT
                  + " "
                  + client.endpoint()
                  + " appears twice for the prefix "
                  + prefix
                  + ": the BES of a group must be different BES");
        }
        build(
            config,
            routing,
            () -> {
              int share =
                  weight == null ? BesGroupBuilder.DEFAULT_WEIGHT : intValue("weight", weight);
              try {
                return members.addMember(client, share);
              } catch (IllegalArgumentException e) {
                // The endpoint is new to the group (checked above), so the weight was refused.
                throw new SpecException(
                    "weight", String.valueOf(weight), String.valueOf(e.getMessage()), e);
              }
            });
      }
      List<BesGroup> groups = new ArrayList<>();
      for (BesGroupBuilder group : byPrefix.values()) {
        groups.add(group.build());
      }
      LayerSpec first = config.bes().get(0).routing();
      return build(
          config,
          first,
          () -> {
            try {
              return BesRouter.of(groups);
            } catch (IllegalArgumentException e) {
              throw new SpecException(
                  "prefix", String.join(", ", rawPrefixes), String.valueOf(e.getMessage()), e);
            }
          });
    } catch (RuntimeException e) {
      clients.forEach(BesClient::close);
      throw e;
    }
  }

  /**
   * Builds the BES groups, their clients and the caches from the configuration: the data-source
   * cache asks the router on a miss ({@code router::showNode}). Nothing connects yet: the first
   * request (or the prewarm) opens the first BES connection, so the web application starts even
   * while a BES is down. Closes what it built when a setting is refused.
   *
   * @param listener receives the BES layer's events (command times, ejections)
   * @param spoolHasRoom whether the spool has room for long answers now, so that downloads wait for
   *     their turn at the BES's pace ({@code BesGroups@downloadWait})
   * @throws ConfigurationException naming the setting, if a layer refuses a value
   */
  public static BesBackend backend(
      FrontEndConfig config, BesEventListener listener, BooleanSupplier spoolHasRoom) {
    return backend(config, listener, prefix -> true, spoolHasRoom);
  }

  /**
   * {@link #backend(FrontEndConfig, BesEventListener, BooleanSupplier)}, sending an Earthdata Login
   * user's token to the BES of the prefixes {@code sendEdlToken} accepts.
   */
  static BesBackend backend(
      FrontEndConfig config,
      BesEventListener listener,
      Predicate<String> sendEdlToken,
      BooleanSupplier spoolHasRoom) {
    BesRouter router = router(config, listener, sendEdlToken, spoolHasRoom);
    DataSourceCache cache = null;
    try {
      cache = cache(config, router::showNode);
      return new BesBackend(router, cache, responseCache(config, router));
    } catch (RuntimeException e) {
      if (cache != null) {
        cache.close();
      }
      router.close();
      throw e;
    }
  }

  /** The data-source cache, asking {@code loader} on a miss. */
  static DataSourceCache cache(FrontEndConfig config, NodeLoader loader) {
    LayerSpec spec = config.cache();
    return build(config, spec, () -> DataSourceCache.from(spec.values()).loader(loader).build());
  }

  /**
   * The response cache. Its {@code dataTypes} must name data responses of the table by suffix
   * ({@code dods}, {@code dap.csv}), or be {@code all} (the default) or empty (none): the web layer
   * knows them, the cache stores the names.
   */
  static ResponseCache responseCache(FrontEndConfig config, BesRouter router) {
    LayerSpec spec = config.responseCache();
    return build(
        config,
        spec,
        () -> {
          ResponseCache cache =
              ResponseCache.from(spec.values()).opener(router::get).groups(router::groupOf).build();
          for (String name : cache.dataTypes()) {
            if (!CachePolicy.isDataTypeName(name)) {
              cache.close();
              throw new SpecException(
                  "dataTypes",
                  String.join(" ", cache.dataTypes()),
                  "'"
                      + name
                      + "' is not a data response; expected all, or suffixes without their dot, from "
                      + String.join(", ", CachePolicy.DATA_TYPE_NAMES));
            }
          }
          return cache;
        });
  }

  /**
   * The spool, its files in {@code FastPath/Spool@directory} or else in {@code containerTemp} (the
   * servlet container's temporary directory, {@code jakarta.servlet.context.tempdir}). Checks the
   * directory and deletes the spool files a crash left there.
   *
   * @param containerTemp the container's temporary directory; null outside a container, where the
   *     spool then keeps to memory unless the file names a directory
   * @throws ConfigurationException naming the setting, e.g. a directory that is missing, not
   *     writable or on a full disk
   */
  public static Spool spool(FrontEndConfig config, @Nullable Path containerTemp) {
    LayerSpec spec = config.spool();
    return build(
        config,
        spec,
        () -> {
          SpoolBuilder builder = Spool.from(spec.values());
          if (builder.getDirectory() == null) {
            if (containerTemp == null) {
              if (builder.spoolsToDisk() && spec.raw("disk") == null) {
                builder.disk(0);
              }
            } else {
              builder.directory(containerTemp);
              try {
                return builder.build();
              } catch (SpecException e) {
                // Not from the file: name the setting and where its default came from.
                throw new ConfigurationException(
                    config.source()
                        + ": FastPath/Spool@directory is"
                        + " not set, so the spool uses the servlet container's temporary directory "
                        + containerTemp
                        + ", which "
                        + e.reason()
                        + "; name another with"
                        + " FastPath/Spool@directory",
                    e);
              }
            }
          }
          return builder.build();
        });
  }

  /** The web layer's own settings. */
  public static FrontEndSettings web(FrontEndConfig config) {
    return build(config, config.web(), () -> FrontEndSettings.from(config.web().values()).build());
  }

  /**
   * Wires the whole front end from {@code config}, every layer's object built from its part of the
   * file: the BES groups, both caches and the spool, the DAP servlet and its responders, the bot
   * filter, the status and metrics servlets. Starts the background work (the BES version fetch,
   * then, when olfs.xml asks for it, the warm-up through the DAP servlet itself) and registers the
   * JMX beans; the listener registers the rest with the container. Nothing connects before the
   * background work does, so the web application starts even while a BES is down.
   *
   * @param context the container: its context path, temporary directory and table of file types
   * @param configDirectory the directory olfs.xml was read from (an operator's logback.xml is
   *     looked for there), or null for the defaults
   * @throws ConfigurationException naming the setting, if a layer refuses a value
   */
  static FrontEnd frontEnd(
      FrontEndConfig config, ServletContext context, @Nullable Path configDirectory) {
    FrontEndSettings settings;
    BotRules botRules;
    FrontEndMetrics meters = new FrontEndMetrics();
    BesBackend started;
    Spool spool;
    CorsPolicy corsPolicy;
    // First and stopped last: a request still ending writes its access line.
    HyraxLogs logs = HttpAndLogSections.logs(config, context, configDirectory);
    Access access;
    try {
      corsPolicy = HttpAndLogSections.cors(config);
      settings = web(config);
      access = AccessSection.access(config, context.getContextPath(), System.getenv());
      spool = spool(config, containerTemp(context));
      botRules = BotFilterSection.rules(config, context.getContextPath());
      BotFilterSection.inert(config, botRules).ifPresent(log::warn);
      Access rules = access;
      started =
          backend(
              config,
              new BesEvents(meters::recordBesCommand),
              prefix -> rules == null || rules.sendsEdlToken(prefix),
              spool::hasRoom);
    } catch (ConfigurationException e) {
      meters.close();
      logs.close();
      throw e;
    }
    // Stopped the last started first.
    Deque<Runnable> stops = new ArrayDeque<>();
    stops.push(logs::close);
    stops.push(
        () -> {
          started.close();
          log.info("olfs-fastpath stopped: BES connections and cache closed");
        });
    stops.push(spool::close);
    stops.push(meters::close);
    String version = BuildVersion.get();
    FrontEndStats stats = new FrontEndStats();
    ScheduledExecutorService background =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "olfs-fastpath-background");
              thread.setDaemon(true);
              return thread;
            });
    stops.push(background::shutdownNow);
    VersionService versions =
        new VersionService(version, started::versions, started.unaskedVersions());
    versions.start(background);
    String contextPath = context.getContextPath();
    meters.monitorCaches(started.cache(), started.responses());
    meters.monitorSpool(spool);
    for (BesClient client : started.router().clients()) {
      meters.monitorPool(client.endpoint().toString(), client::poolStats);
    }
    for (BesGroup group : started.router().groups()) {
      meters.monitorGroup(group.prefix(), group::stats);
    }
    meters.monitorLogs(logs::stats);
    AnswerPolicy answers = HttpAndLogSections.answers(config, settings, started.cache());
    DapServlet dap =
        DapServlet.assemble(
            settings,
            started,
            stats,
            version,
            settings
                .catalogRoot()
                .orElseGet(() -> started.cache().dataRoot().map(Object::toString).orElse(null)),
            versions,
            context,
            Clock.systemUTC(),
            meters::recordRequest,
            spool,
            answers,
            AccessGate.of(access, contextPath));
    if (access != null) {
      meters.monitorAccess(access);
    }
    WarmUp warmUp = null;
    if (settings.warmUp()) {
      // After the version fetch on the same thread: the BES connection is open by then.
      warmUp = new WarmUp(dap, started, settings.warmUpDataset().orElse(null), contextPath);
      background.execute(warmUp::run);
    }
    WarmUp warming = warmUp;
    BotFilter bots = new BotFilter(botRules, ClientAddresses.of(settings), meters::recordRequest);
    meters.monitorBotFilter(bots::stats);
    List<IgnoredSettings.Ignored> ignored = config.ignored();
    StatusServlet status =
        new StatusServlet(
            stats::snapshot,
            started,
            settings,
            () -> {
              Map<String, Object> sections = new LinkedHashMap<>();
              sections.put("siteMap", Map.of("builds", dap.siteMapBuilds()));
              sections.put("warmUp", warming == null ? WarmUp.off() : warming.status());
              sections.put("botFilter", StatusSections.botFilter(bots.stats()));
              sections.put("ignoredSettings", IgnoredSettings.statusSection(ignored));
              sections.put("spool", StatusSections.spool(spool.stats()));
              sections.put("logs", StatusSections.logs(logs.stats()));
              sections.put("access", StatusSections.access(access));
              return sections;
            });
    JmxBeans beans = new JmxBeans(ManagementFactory.getPlatformMBeanServer());
    beans.registerAll(
        contextPath,
        JmxBeans.frontEnd(stats::snapshot, status, started),
        started.cache(),
        started.responses(),
        started.router(),
        bots,
        spool,
        logs::stats);
    stops.push(beans::unregisterAll);
    AccessLogFilter accessLog =
        new AccessLogFilter(
            logs,
            answers.ids(),
            answers.idHeader(),
            ClientAddresses.of(settings),
            logs.settings().logStatusRequests());
    return new FrontEnd(
        dap,
        status,
        new MetricsServlet(meters, settings),
        bots,
        accessLog,
        corsPolicy.enabled() ? new CorsFilter(corsPolicy) : null,
        stats,
        version,
        "BES "
            + started
            + ", "
            + settings
            + ", "
            + spool
            + ", "
            + logs
            + ", "
            + answers.cache()
            + ", "
            + corsPolicy,
        List.copyOf(stops),
        access,
        access == null ? null : new LoginServlet(access, contextPath, answers.cache()));
  }

  /** The container's temporary directory for this web application, or null outside one. */
  private static @Nullable Path containerTemp(ServletContext context) {
    Object dir = context.getAttribute(ServletContext.TEMPDIR);
    return dir instanceof File file ? file.toPath().toAbsolutePath() : null;
  }
}
