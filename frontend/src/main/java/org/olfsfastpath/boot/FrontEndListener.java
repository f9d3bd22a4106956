package org.olfsfastpath.boot;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesGroup;
import org.olfsfastpath.ops.BesEvents;
import org.olfsfastpath.ops.FrontEndMetrics;
import org.olfsfastpath.ops.JmxBeans;
import org.olfsfastpath.ops.MetricsServlet;
import org.olfsfastpath.ops.StatusSections;
import org.olfsfastpath.ops.StatusServlet;
import org.olfsfastpath.ops.WarmUp;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.web.BotFilter;
import org.olfsfastpath.web.BotRules;
import org.olfsfastpath.web.ClientAddresses;
import org.olfsfastpath.web.DapServlet;
import org.olfsfastpath.web.FrontEndSettings;
import org.olfsfastpath.web.FrontEndStats;
import org.olfsfastpath.web.VersionService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the front end when the web application starts ({@link #start}, called by {@link
 * FrontEndInitializer}), and takes it down when it stops: the one place that creates the object
 * graph. Reads the settings ({@link ConfigLocation}), names what the file holds that is not
 * implemented ({@link IgnoredSettings}), builds the BES client, the caches and the spool, registers
 * the bot filter (when olfs.xml has one), the DAP servlet on {@code /} (both async supported: a
 * long answer streams on in non-blocking mode after service returns) and the status servlet on
 * {@code /status}, and the JMX beans ({@link JmxBeans}). A bad configuration throws, which stops
 * the web application from starting; the log names the setting.
 */
public final class FrontEndListener implements ServletContextListener {
  private static final Logger log = LoggerFactory.getLogger(FrontEndListener.class);

  /** What was started, stopped when the application stops: the last started first. */
  private final Deque<Runnable> stops = new ArrayDeque<>();

  private final JmxBeans beans = new JmxBeans(ManagementFactory.getPlatformMBeanServer());

  /**
   * Nothing: the front end was built by {@link #start}, which {@link FrontEndInitializer} calls
   * while the container still lets the application register servlets and filters (a listener added
   * by an initializer may not, by the Servlet specification); this listener is there to take it
   * down.
   */
  @Override
  public void contextInitialized(ServletContextEvent event) {}

  /** Builds the front end and registers its servlets, filter and beans in {@code context}. */
  void start(ServletContext context) {
    FrontEndSettings settings;
    FrontEndConfig config;
    BotRules botRules;
    FrontEndMetrics meters = new FrontEndMetrics();
    BesBackend started;
    Spool spool;
    try {
      ConfigLocation.Lookup lookup =
          ConfigLocation.locate(
              context::getInitParameter,
              System::getProperty,
              System::getenv,
              ConfigDirectories.Access.FILES);
      log.info(lookup.logLine());
      config = ConfigLocation.load(lookup.source());
      if (!config.ignored().isEmpty()) {
        log.warn(
            "olfs-fastpath: {} holds settings this front end does not implement, ignored: {}",
            config.source(),
            config.ignored().stream().map(Object::toString).collect(Collectors.joining("; ")));
      }
      settings = Assembly.web(config);
      spool = Assembly.spool(config, containerTemp(context));
      botRules = Assembly.botRules(config, context.getContextPath());
      Assembly.inertBotFilter(config, botRules).ifPresent(log::warn);
      started = Assembly.backend(config, new BesEvents(meters::recordBesCommand));
    } catch (ConfigurationException e) {
      log.error("olfs-fastpath cannot start: {}", e.getMessage());
      meters.close();
      throw e;
    }
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
            spool);
    ServletRegistration.Dynamic dapRegistration = context.addServlet("dap", dap);
    // A long answer goes on in Servlet non-blocking mode once service() returns (the spool).
    dapRegistration.setAsyncSupported(true);
    dapRegistration.addMapping("/");
    WarmUp warmUp = null;
    if (settings.warmUp()) {
      // After the version fetch on the same thread: the BES connection is open by then.
      warmUp = new WarmUp(dap, started, settings.warmUpDataset().orElse(null), contextPath);
      background.execute(warmUp::run);
    }
    WarmUp warming = warmUp;
    BotFilter bots = new BotFilter(botRules, ClientAddresses.of(settings), meters::recordRequest);
    if (bots.hasRules()) {
      // Before every servlet, as upstream maps its filter: a refused client costs no BES work.
      FilterRegistration.Dynamic filter = context.addFilter("botFilter", bots);
      // The DAP servlet behind it streams long answers on asynchronously.
      filter.setAsyncSupported(true);
      filter.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
      log.info("olfs-fastpath: bot filter on: {}", bots);
    }
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
              return sections;
            });
    context.addServlet("status", status).addMapping("/status", "/status/*");
    context
        .addServlet("metrics", new MetricsServlet(meters, settings))
        .addMapping("/metrics", "/metrics/*");
    beans.registerAll(
        contextPath,
        JmxBeans.frontEnd(stats::snapshot, status, started),
        started.cache(),
        started.responses(),
        started.router(),
        bots,
        spool);
    // The container and the servlet API this WAR was built for: which of the two WARs this is.
    log.info(
        "olfs-fastpath {} serving {} in {} (Servlet {}.{}), built for {}: BES {}, {}, {}",
        version,
        context.getContextPath().isEmpty() ? "/" : context.getContextPath(),
        context.getServerInfo(),
        context.getMajorVersion(),
        context.getMinorVersion(),
        ServletContext.class.getPackageName(),
        started,
        settings,
        spool);
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    beans.unregisterAll();
    while (!stops.isEmpty()) {
      stops.pop().run();
    }
  }

  /** The container's temporary directory for this web application, or null outside one. */
  private static @Nullable Path containerTemp(ServletContext context) {
    Object dir = context.getAttribute(ServletContext.TEMPDIR);
    return dir instanceof File file ? file.toPath().toAbsolutePath() : null;
  }
}
