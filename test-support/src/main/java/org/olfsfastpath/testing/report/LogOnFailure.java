package org.olfsfastpath.testing.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.jspecify.annotations.Nullable;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Keeps the log (java.util.logging, where the front end, the emulator and the tools log) off the
 * console while tests pass, and prints the records of a test that failed right after it. Many tests
 * provoke errors on purpose (a failing listener, a BES that refuses, a bad olfs.xml), and their
 * warnings on the console read as problems; a failed test's log is what helps.
 *
 * <p>During a test plan the root logger's console handler is replaced by one that keeps the records
 * since the last test finished (at most {@value #KEPT} of them) and writes every record to {@code
 * target/test.log} of the module under test (Surefire and Failsafe set {@code basedir}; the file
 * holds the last run's log), each test's records under its name. When a test or a container fails,
 * its kept records go to standard error after a line naming it; when it passes or skips they are
 * dropped from memory (they stay in the file). The console handler comes back when the plan ends.
 *
 * <p>Registered for the JUnit Platform launcher in {@code META-INF/services}, like {@link
 * SkipReport}, so every module's tests get it; never throws.
 */
public final class LogOnFailure implements TestExecutionListener {
  static final int KEPT = 2_000;

  /** The log file stops growing here; its last line says so. */
  static final long MAX_FILE_BYTES = 64L << 20;

  private final Logger root = Logger.getLogger("");
  private final PrintStream console;
  private final @Nullable Path file;
  private final Keeper keeper = new Keeper();
  private final List<Handler> removed = new ArrayList<>();
  private @Nullable TestPlan plan;

  /** The instance the launcher creates: the console is standard error, the file under target/. */
  public LogOnFailure() {
    this(System.err, defaultFile());
  }

  LogOnFailure(PrintStream console, @Nullable Path file) {
    this.console = console;
    this.file = file;
  }

  private static @Nullable Path defaultFile() {
    String basedir = System.getProperty("basedir");
    if (basedir == null || basedir.isBlank() || !Files.isDirectory(Path.of(basedir, "target"))) {
      return null;
    }
    return Path.of(basedir, "target", "test.log");
  }

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    plan = testPlan;
    keeper.open(file);
    for (Handler handler : root.getHandlers()) {
      if (handler instanceof ConsoleHandler) {
        root.removeHandler(handler);
        removed.add(handler);
      }
    }
    root.addHandler(keeper);
  }

  @Override
  public void executionStarted(TestIdentifier test) {
    if (test.isTest()) {
      keeper.heading(name(test));
    }
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    List<String> records = keeper.drain();
    if (result.getStatus() == TestExecutionResult.Status.FAILED && !records.isEmpty()) {
      StringBuilder text =
          new StringBuilder(
              "--- log of "
                  + name(test)
                  + ", which failed ("
                  + records.size()
                  + " records; every test's log is in "
                  + (file == null ? "no file" : file)
                  + ") ---"
                  + System.lineSeparator());
      records.forEach(text::append);
      text.append("--- end of the log of ").append(name(test)).append(" ---");
      console.println(text);
      console.flush();
    }
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    root.removeHandler(keeper);
    removed.forEach(root::addHandler);
    removed.clear();
    keeper.close();
    plan = null;
  }

  private String name(TestIdentifier test) {
    List<String> names = new ArrayList<>();
    TestIdentifier at = test;
    // Every display name from the test up to, not including, the engine.
    while (at.getParentId().isPresent()) {
      names.add(0, at.getDisplayName());
      TestIdentifier parent = plan == null ? null : plan.getParent(at).orElse(null);
      if (parent == null) {
        break;
      }
      at = parent;
    }
    return String.join(" > ", names);
  }

  /** The handler: the records since the last drain, and the file. */
  private static final class Keeper extends Handler {
    private final Formatter formatter = new SimpleFormatter();
    private final Deque<String> kept = new ArrayDeque<>();
    private int dropped;
    private @Nullable OutputStream out;
    private long written;
    private boolean openedBefore;
    private @Nullable String heading;

    /** Opens the file: emptied the first time (a run's log), appended to by a later plan. */
    synchronized void open(@Nullable Path file) {
      if (file == null) {
        return;
      }
      try {
        out =
            openedBefore
                ? Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
                : Files.newOutputStream(file);
        openedBefore = true;
        written = Files.size(file);
      } catch (IOException e) {
        out = null;
      }
    }

    /** The test whose records come next: written above the first of them. */
    synchronized void heading(String test) {
      heading = "=== " + test + System.lineSeparator();
    }

    @Override
    public synchronized void publish(LogRecord record) {
      if (!isLoggable(record)) {
        return;
      }
      String text;
      try {
        text = formatter.format(record);
      } catch (RuntimeException e) {
        text =
            record.getLevel()
                + ": "
                + record.getMessage()
                + " (unformattable: "
                + e
                + ")"
                + System.lineSeparator();
      }
      kept.addLast(text);
      if (kept.size() > KEPT) {
        kept.removeFirst();
        dropped++;
      }
      if (heading != null) {
        write(heading);
        heading = null;
      }
      write(text);
    }

    synchronized List<String> drain() {
      List<String> records = new ArrayList<>();
      if (dropped > 0) {
        records.add("(" + dropped + " earlier records dropped)" + System.lineSeparator());
      }
      records.addAll(kept);
      kept.clear();
      dropped = 0;
      return records;
    }

    private void write(String text) {
      OutputStream stream = out;
      if (stream == null) {
        return;
      }
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      try {
        if (written + bytes.length > MAX_FILE_BYTES) {
          stream.write(
              ("(the log stops here: it reached "
                      + MAX_FILE_BYTES
                      + " bytes)"
                      + System.lineSeparator())
                  .getBytes(StandardCharsets.UTF_8));
          stream.close();
          out = null;
          return;
        }
        stream.write(bytes);
        written += bytes.length;
      } catch (IOException e) {
        out = null;
      }
    }

    @Override
    public synchronized void flush() {
      OutputStream stream = out;
      if (stream != null) {
        try {
          stream.flush();
        } catch (IOException e) {
          out = null;
        }
      }
    }

    @Override
    public synchronized void close() {
      OutputStream stream = out;
      out = null;
      if (stream != null) {
        try {
          stream.close();
        } catch (IOException e) {
          // Nothing more can be written anyway.
        }
      }
    }
  }
}
