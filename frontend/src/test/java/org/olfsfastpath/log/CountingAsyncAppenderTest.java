package org.olfsfastpath.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The appender never makes its caller wait, and counts exactly what it drops: with the disk stuck
 * (the file appender blocked), a queue of 4 takes 4 events (and the worker one more, in flight),
 * and every other one is dropped and counted at once.
 */
final class CountingAsyncAppenderTest {
  private final LoggerContext context = new LoggerContext();
  private final CountDownLatch disk = new CountDownLatch(1);
  private final CountDownLatch inFlight = new CountDownLatch(1);
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  /** A file appender whose disk is stuck until {@link #disk} opens. */
  private final OutputStreamAppender<ILoggingEvent> stuck =
      new OutputStreamAppender<>() {
        @Override
        protected void append(ILoggingEvent event) {
          inFlight.countDown();
          try {
            disk.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          super.append(event);
        }
      };

  @AfterEach
  void stop() {
    disk.countDown();
    context.stop();
  }

  private CountingAsyncAppender appender(int capacity) {
    context.setMDCAdapter(new LogbackMDCAdapter());
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%m%n");
    encoder.setCharset(StandardCharsets.UTF_8);
    encoder.start();
    stuck.setContext(context);
    stuck.setEncoder(encoder);
    stuck.setOutputStream(bytes);
    stuck.setImmediateFlush(false);
    stuck.start();
    CountingAsyncAppender async = new CountingAsyncAppender(stuck, capacity);
    async.setContext(context);
    async.setName("test");
    async.start();
    return async;
  }

  private ILoggingEvent event(int i) {
    return new LoggingEvent(
        "x", context.getLogger("HyraxAccess"), Level.INFO, "line " + i, null, null);
  }

  @Test
  void aStuckDisk_dropsAndCountsWhatDoesNotFit_neverWaiting() throws Exception {
    CountingAsyncAppender async = appender(4);
    async.doAppend(event(0));
    assertTrue(inFlight.await(5, TimeUnit.SECONDS), "the worker took the first event");
    long slowest = 0;
    for (int i = 1; i < 100; i++) {
      long start = System.nanoTime();
      async.doAppend(event(i));
      slowest = Math.max(slowest, System.nanoTime() - start);
    }
    assertTrue(slowest < TimeUnit.MILLISECONDS.toNanos(50), "a caller waited " + slowest + " ns");
    LogStats.Counts stuckCounts = async.counts();
    assertEquals(100 - 4 - 1, stuckCounts.dropped());
    assertEquals(4, stuckCounts.queued());
    disk.countDown();
    async.stop();
    LogStats.Counts done = async.counts();
    assertEquals(5, done.written());
    assertEquals(95, done.dropped());
    assertEquals(0, done.queued());
    assertEquals(0, done.writeErrors());
    assertEquals(
        "line 0\nline 1\nline 2\nline 3\nline 4\n", bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void anIdleLog_hasEveryLineWritten_withoutImmediateFlush() throws Exception {
    disk.countDown();
    CountingAsyncAppender async = appender(16);
    async.doAppend(event(1));
    async.doAppend(event(2));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (bytes.size() < "line 1\nline 2\n".length() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertEquals("line 1\nline 2\n", bytes.toString(StandardCharsets.UTF_8));
    async.stop();
  }

  @Test
  void eventsForAStoppedFile_areWriteErrors() {
    disk.countDown();
    CountingAsyncAppender async = appender(16);
    stuck.stop();
    async.doAppend(event(1));
    async.stop();
    assertEquals(1, async.counts().writeErrors());
    assertEquals(0, async.counts().written());
  }
}
