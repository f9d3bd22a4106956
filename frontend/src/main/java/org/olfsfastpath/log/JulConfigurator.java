package org.olfsfastpath.log;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * Logback's configuration before the front end configures its own logs: every event of level INFO
 * and above goes on to java.util.logging ({@link JulAppender}), as it did through slf4j-jdk14, and
 * nothing else runs (no {@code logback.xml} from the class path, no console output of Logback's
 * defaults). Found through {@code META-INF/services}, so it applies before any logger is used. An
 * operator who wants DEBUG lines names them in a {@code logback.xml} of the configuration
 * directory, which {@link HyraxLogs} loads.
 */
public final class JulConfigurator extends ContextAwareBase implements Configurator {
  /** The level of the root logger until a configuration file says otherwise. */
  static final Level ROOT_LEVEL = Level.INFO;

  /** The name of the appender that forwards to java.util.logging. */
  static final String JUL_APPENDER = "jul";

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    configureJul(context);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  /** Sends {@code context}'s events of level INFO and above on to java.util.logging. */
  static void configureJul(LoggerContext context) {
    JulAppender jul = new JulAppender();
    jul.setContext(context);
    jul.setName(JUL_APPENDER);
    jul.start();
    ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(ROOT_LEVEL);
    root.addAppender(jul);
  }
}
