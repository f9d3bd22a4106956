package org.olfsfastpath.boot;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import java.lang.management.ManagementFactory;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.management.JMException;
import javax.management.MBeanServer;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.log.HyraxLogs;
import org.olfsfastpath.web.CorsFilter;
import org.olfsfastpath.web.LoginServlet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the front end when the web application starts ({@link #start}, called by {@link
 * FrontEndInitializer}), and stops it when it stops. Finds and reads the settings ({@link
 * ConfigLocation}), names what the file holds that is not implemented ({@link IgnoredSettings}),
 * has {@link Assembly} wire the front end ({@link FrontEnd}), and registers what it returns: the
 * bot filter (when olfs.xml has one) in front of everything, the DAP servlet on {@code /} (both
 * async supported: a long answer streams on in non-blocking mode after service returns), the status
 * servlet on {@code /status} and the metrics on {@code /metrics}. A bad configuration throws, which
 * stops the web application from starting; the log names the setting. Once started, it says once
 * whether the container's connectors let raw brackets in a query through ({@link RawQueryChars}),
 * and whether downloads' copies run below short requests ({@link ThreadPriorityCheck}).
 */
public final class FrontEndListener implements ServletContextListener {
  private static final Logger log = LoggerFactory.getLogger(FrontEndListener.class);

  /** web.xml's context parameter that keeps Logback's servlet initializer from running. */
  static final String LOGBACK_INITIALIZER_DISABLED = "logbackDisableServletContainerInitializer";

  /** What {@link #start} started, stopped when the application stops. */
  private @Nullable FrontEnd started;

  /**
   * Nothing: the front end was built by {@link #start}, which {@link FrontEndInitializer} calls
   * while the container still lets the application register servlets and filters (a listener added
   * by an initializer may not, by the Servlet specification); this listener is there to take it
   * down.
   */
  @Override
  public void contextInitialized(ServletContextEvent event) {}

  /** Builds the front end and registers its servlets and filter in {@code context}. */
  void start(ServletContext context) {
    FrontEnd frontEnd;
    try {
      ConfigLocation.Lookup lookup =
          ConfigLocation.locate(
              context::getInitParameter,
              System::getProperty,
              System::getenv,
              ConfigDirectories.Access.FILES);
      log.info(lookup.logLine());
      FrontEndConfig config = ConfigLocation.load(lookup.source());
      if (!config.ignored().isEmpty()) {
        log.warn(
            "olfs-fastpath: {} holds settings this front end does not implement, ignored: {}",
            config.source(),
            config.ignored().stream().map(Object::toString).collect(Collectors.joining("; ")));
      }
      frontEnd =
          Assembly.frontEnd(
              config,
              context,
              lookup.source().map(source -> source.file().getParent()).orElse(null));
    } catch (ConfigurationException e) {
      log.error("olfs-fastpath cannot start: {}", e.getMessage());
      throw e;
    }
    try {
      register(context, frontEnd);
    } catch (RuntimeException e) {
      frontEnd.stop();
      throw e;
    }
    started = frontEnd;
    // The container and the servlet API this WAR was built for: which of the two WARs this is.
    log.info(
        "olfs-fastpath {} serving {} in {} (Servlet {}.{}), built for {}: {}",
        frontEnd.version(),
        context.getContextPath().isEmpty() ? "/" : context.getContextPath(),
        context.getServerInfo(),
        context.getMajorVersion(),
        context.getMinorVersion(),
        ServletContext.class.getPackageName(),
        frontEnd.description());
    checkConnectors();
    checkThreadPriorities();
  }

  /**
   * Says once whether the spool's bulk copies run below short requests at the OS's level ({@link
   * ThreadPriorityCheck}); never fails the start.
   */
  private static void checkThreadPriorities() {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    String line =
        ThreadPriorityCheck.line(
            System.getProperty("os.name", ""),
            ThreadPriorityCheck.option(server, "ThreadPriorityPolicy"),
            ThreadPriorityCheck.option(server, "JavaPriority1_To_OSPriority"));
    if (line != null) {
      log.info(line);
    }
  }

  /**
   * Says once whether the container's HTTP connectors let raw brackets and braces in a query reach
   * the front end ({@link RawQueryChars}); never fails the start.
   */
  private static void checkConnectors() {
    try {
      List<RawQueryChars.Connector> connectors =
          RawQueryChars.connectors(ManagementFactory.getPlatformMBeanServer());
      // Logged here, not through a method reference, so the log names this class as its source.
      Optional<String> warning = RawQueryChars.warning(connectors);
      if (warning.isPresent()) {
        log.warn(warning.get());
      }
      Optional<String> taken = RawQueryChars.allTaken(connectors);
      if (taken.isPresent()) {
        log.info(taken.get());
      }
    } catch (JMException | RuntimeException e) {
      log.debug("olfs-fastpath: the container's connectors could not be read: {}", e.toString());
    }
  }

  /** Registers the front end's servlets, and its bot filter when it has rules. */
  private static void register(ServletContext context, FrontEnd frontEnd) {
    ServletRegistration.Dynamic dap = context.addServlet("dap", frontEnd.dap());
    // A long answer goes on in Servlet non-blocking mode once service() returns (the spool).
    dap.setAsyncSupported(true);
    dap.addMapping("/");
    // First of all: every request has its id and its access line, refusals included.
    FilterRegistration.Dynamic accessLog = context.addFilter("accessLog", frontEnd.accessLog());
    accessLog.setAsyncSupported(true);
    accessLog.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    CorsFilter cors = frontEnd.cors();
    if (cors != null) {
      // Before the bot filter: a preflight is answered whoever sends it; what follows is not.
      FilterRegistration.Dynamic filter = context.addFilter("cors", cors);
      filter.setAsyncSupported(true);
      filter.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
      log.info("olfs-fastpath: {}", cors);
    }
    if (frontEnd.bots().hasRules()) {
      // Before every servlet, as upstream maps its filter: a refused client costs no BES work.
      FilterRegistration.Dynamic filter = context.addFilter("botFilter", frontEnd.bots());
      // The DAP servlet behind it streams long answers on asynchronously.
      filter.setAsyncSupported(true);
      filter.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
      log.info("olfs-fastpath: bot filter on: {}", frontEnd.bots());
    }
    Access access = frontEnd.access();
    LoginServlet login = frontEnd.login();
    if (access != null && login != null) {
      // Upstream's paths: <login> lists the providers, <login>/<authContext> logs in with one and
      // is its OAuth2 redirect_uri, <logout> logs out.
      context
          .addServlet("login", login)
          .addMapping(access.loginPath(), access.loginPath() + "/*", access.logoutPath());
      for (String line : access.describe()) {
        log.info("olfs-fastpath: login: {}", line);
      }
    }
    context.addServlet("status", frontEnd.status()).addMapping("/status", "/status/*");
    context.addServlet("metrics", frontEnd.metrics()).addMapping("/metrics", "/metrics/*");
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    FrontEnd frontEnd = started;
    started = null;
    if (frontEnd != null) {
      frontEnd.stop();
    }
    // After the last access line: the logs' files are closed and their threads gone before the
    // container checks for threads left. web.xml turns Logback's own initializer off, which would
    // stop it too early; where it is not off (no web.xml of ours) it is left to stop it.
    if (Boolean.parseBoolean(
        event.getServletContext().getInitParameter(LOGBACK_INITIALIZER_DISABLED))) {
      HyraxLogs.stopApplicationContext();
    }
  }
}
