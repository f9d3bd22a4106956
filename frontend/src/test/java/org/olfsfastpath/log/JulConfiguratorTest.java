package org.olfsfastpath.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Until and beside the Hyrax logs, the front end's messages go on to java.util.logging under their
 * own logger names, as they did through slf4j-jdk14: level mapped, message formatted, the cause
 * kept, and a request's id first when one is in the MDC.
 */
final class JulConfiguratorTest {
  @Test
  void messages_goOnToJavaUtilLogging_withTheRequestsId() {
    LoggerContext context = new LoggerContext();
    context.setMDCAdapter(new LogbackMDCAdapter());
    new JulConfigurator().configure(context);
    List<LogRecord> records = new ArrayList<>();
    Logger jul = Logger.getLogger("org.olfsfastpath.test.Jul");
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    jul.addHandler(handler);
    jul.setUseParentHandlers(false);
    try {
      org.slf4j.Logger logger = context.getLogger("org.olfsfastpath.test.Jul");
      IllegalStateException cause = new IllegalStateException("x");
      logger.warn("the BES {} failed", "bes1", cause);
      logger.debug("not sent: the root level is INFO");
      context.getMDCAdapter().put(RequestFields.ID, "abc-uuid");
      logger.error("with an id");
      context.getMDCAdapter().clear();
    } finally {
      jul.removeHandler(handler);
      jul.setUseParentHandlers(true);
      context.stop();
    }
    assertEquals(2, records.size());
    assertEquals(Level.WARNING, records.get(0).getLevel());
    assertEquals("the BES bes1 failed", records.get(0).getMessage());
    assertEquals("org.olfsfastpath.test.Jul", records.get(0).getLoggerName());
    assertEquals("x", records.get(0).getThrown().getMessage());
    assertSame(IllegalStateException.class, records.get(0).getThrown().getClass());
    assertEquals(Level.SEVERE, records.get(1).getLevel());
    assertEquals("[abc-uuid] with an id", records.get(1).getMessage());
  }
}
