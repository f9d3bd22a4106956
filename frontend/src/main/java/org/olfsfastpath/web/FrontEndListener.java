package org.olfsfastpath.web;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the front end when the web application starts, and takes it down when it stops: the one
 * place that creates the object graph. Reads the settings ({@link ConfigLocation}), builds the BES
 * client and the data-source cache, registers the DAP servlet on {@code /} and the status servlet
 * on {@code /status}, and the JMX beans. A bad configuration throws, which stops the web
 * application from starting; the log names the setting.
 */
public final class FrontEndListener implements ServletContextListener {
  private static final Logger log = LoggerFactory.getLogger(FrontEndListener.class);
  private static final String POM_PROPERTIES =
      "/META-INF/maven/org.olfsfastpath/olfs-fastpath/pom.properties";

  private BesBackend backend;
  private ScheduledExecutorService scheduler;
  private FrontEndMetrics metrics;
  private final List<ObjectName> registered = new ArrayList<>();

  @Override
  public void contextInitialized(ServletContextEvent event) {
    ServletContext context = event.getServletContext();
    FrontEndSettings settings;
    FrontEndConfig config;
    try {
      Optional<ConfigLocation.Source> found =
          ConfigLocation.find(context::getInitParameter, System::getProperty, System::getenv);
      found.ifPresentOrElse(
          source -> log.info("olfs-fastpath: configuration {} (named by the {})",
              source.file(), source.namedBy()),
          () -> log.info("olfs-fastpath: no configuration named (context parameter or system"
              + " property {}, or environment variable {}): using the defaults",
              ConfigLocation.NAME, ConfigLocation.ENV));
      config = ConfigLocation.load(found);
      settings = Assembly.web(config);
      backend = BesBackend.create(config);
    } catch (ConfigurationException e) {
      log.error("olfs-fastpath cannot start: {}", e.getMessage());
      throw e;
    }
    String version = version(context);
    FrontEndStats stats = new FrontEndStats();
    scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "olfs-fastpath-versions");
      thread.setDaemon(true);
      return thread;
    });
    VersionService versions = new VersionService(version, backend::versions,
        backend.unaskedVersions());
    versions.start(scheduler);
    metrics = new FrontEndMetrics();
    metrics.monitorCaches(backend.cache(), backend.responses());
    metrics.monitorPool(backend.client().endpoint().toString(), backend.client()::poolStats);
    DapServlet dap = DapServlet.assemble(settings, backend, stats, version,
        settings.catalogRoot().orElseGet(() ->
            backend.cache().dataRoot().map(Object::toString).orElse(null)),
        versions, context, Clock.systemUTC(), metrics::recordRequest);
    context.addServlet("dap", dap).addMapping("/");
    StatusServlet status = new StatusServlet(stats, backend, settings, dap::siteMapBuilds);
    context.addServlet("status", status).addMapping("/status", "/status/*");
    context.addServlet("metrics", new MetricsServlet(metrics, settings))
        .addMapping("/metrics", "/metrics/*");
    registerMBeans(context, new FrontEndMonitor(stats, status, backend, backend::poolStatistics));
    log.info("olfs-fastpath {} serving {}: BES {}, {}", version,
        context.getContextPath().isEmpty() ? "/" : context.getContextPath(), backend.client(),
        settings);
  }

  private void registerMBeans(ServletContext context, FrontEndMonitor monitor) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    String contextName = ObjectName.quote(context.getContextPath().isEmpty() ? "/"
        : context.getContextPath());
    try {
      ObjectName frontEnd = new ObjectName("org.olfsfastpath:type=FrontEnd,context=" + contextName);
      server.registerMBean(monitor, frontEnd);
      registered.add(frontEnd);
      ObjectName cache = new ObjectName("org.olfsfastpath:type=DataSourceCache,context="
          + contextName);
      backend.registerCacheMBean(server, cache);
      registered.add(cache);
      ObjectName responses = new ObjectName("org.olfsfastpath:type=ResponseCache,context="
          + contextName);
      backend.registerResponseCacheMBean(server, responses);
      registered.add(responses);
    } catch (JMException e) {
      // Statistics stay available at /status; a second deployment under the same name lands here.
      log.warn("olfs-fastpath: JMX registration failed, continuing without it: {}", e.toString());
    }
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    for (ObjectName name : registered) {
      try {
        server.unregisterMBean(name);
      } catch (JMException e) {
        log.debug("olfs-fastpath: {} was already unregistered", name);
      }
    }
    registered.clear();
    if (scheduler != null) {
      scheduler.shutdownNow();
      scheduler = null;
    }
    if (metrics != null) {
      metrics.close();
      metrics = null;
    }
    if (backend != null) {
      backend.close();
      backend = null;
      log.info("olfs-fastpath stopped: BES connections and cache closed");
    }
  }

  private static String version(ServletContext context) {
    try (InputStream in = context.getResourceAsStream(POM_PROPERTIES)) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        return properties.getProperty("version", "unknown");
      }
    } catch (IOException e) {
      log.debug("cannot read {}: {}", POM_PROPERTIES, e.toString());
    }
    return "unknown";
  }
}
