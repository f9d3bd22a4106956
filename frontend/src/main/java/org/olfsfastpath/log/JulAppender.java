package org.olfsfastpath.log;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxy;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.util.Map;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Sends each event on to java.util.logging under the same logger name, where Tomcat's JULI writes
 * it (catalina.out, localhost.log), as the front end's diagnostics went before it logged through
 * Logback: only the three Hyrax logs are Logback's files. An event logged while a request's id is
 * in the MDC ({@link RequestFields#ID}) names it first, so a diagnostic can be found by the id of
 * the request that caused it. Levels map as slf4j-jdk14 maps them.
 */
public final class JulAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
  @Override
  protected void append(ILoggingEvent event) {
    Logger logger = Logger.getLogger(event.getLoggerName());
    java.util.logging.Level level = julLevel(event.getLevel());
    if (!logger.isLoggable(level)) {
      return;
    }
    String message = event.getFormattedMessage();
    Map<String, String> mdc = event.getMDCPropertyMap();
    String id = mdc == null ? null : mdc.get(RequestFields.ID);
    LogRecord record = new LogRecord(level, id == null ? message : "[" + id + "] " + message);
    record.setLoggerName(event.getLoggerName());
    // Naming the source keeps JUL from walking the stack for a caller, which would find ours.
    record.setSourceClassName(event.getLoggerName());
    record.setSourceMethodName(null);
    record.setInstant(event.getInstant());
    IThrowableProxy proxy = event.getThrowableProxy();
    if (proxy instanceof ThrowableProxy thrown) {
      record.setThrown(thrown.getThrowable());
    }
    logger.log(record);
  }

  static java.util.logging.Level julLevel(Level level) {
    return switch (level.toInt()) {
      case Level.ERROR_INT -> java.util.logging.Level.SEVERE;
      case Level.WARN_INT -> java.util.logging.Level.WARNING;
      case Level.INFO_INT -> java.util.logging.Level.INFO;
      case Level.DEBUG_INT -> java.util.logging.Level.FINE;
      default -> java.util.logging.Level.FINEST;
    };
  }
}
