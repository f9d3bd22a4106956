package org.olfsfastpath.log;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeAndTimeBasedRollingPolicy;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.rolling.TimeBasedRollingPolicy;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.util.FileSize;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The Hyrax logs of one web application, on its own Logback context: {@code HyraxAccess.log},
 * {@code HyraxErrors.log} and {@code olfs-log.json} in upstream's formats ({@link Formats}), each
 * written by a {@link CountingAsyncAppender} on a thread of its own and rolled within bounds
 * ({@link LogSettings}); or, when the operator has one, a {@code logback.xml} that configures them
 * instead, as upstream lets its operators do. Either way the access lines go to the logger {@code
 * HyraxAccess} with upstream's MDC keys, so an operator's file written for upstream finds them.
 *
 * <p>The directory is the context's property {@code logdir} (upstream sets a JVM-wide system
 * property of that name; two web applications in one container would then share it). Events of
 * level ERROR from the front end's own loggers also reach the error and JSON logs, as upstream
 * routes its {@code opendap} loggers; an error answer is written there by {@link #errorAnswer}.
 *
 * <p>Thread-safe: {@link #access} and {@link #errorAnswer} may be called from any thread, take no
 * lock and never wait for a disk. {@link #close} writes what is queued and stops the threads.
 */
public final class HyraxLogs implements AutoCloseable {
  /** The logger upstream's access lines go to, which operators' files route. */
  public static final String ACCESS_LOGGER = "HyraxAccess";

  /** The context property an operator's file names the log directory by, as upstream's. */
  public static final String LOGDIR = "logdir";

  /** The file names, as upstream's. */
  static final String ACCESS_FILE = "HyraxAccess.log";

  static final String ERRORS_FILE = "HyraxErrors.log";

  static final String JSON_FILE = "olfs-log.json";

  /** The access file's write buffer: a batch of lines (about 300 bytes each) in one write. */
  private static final int ACCESS_BUFFER_BYTES = 256 * 1024;

  private static final String FQCN = HyraxLogs.class.getName();

  private final LoggerContext context;
  private final LogSettings settings;
  private final String directory;
  private final String configuration;
  private final Logger accessLogger;
  private final @Nullable CountingAsyncAppender access;
  private final @Nullable CountingAsyncAppender errors;
  private final @Nullable CountingAsyncAppender json;
  private final List<RollingFileAppender<ILoggingEvent>> files;

  private HyraxLogs(
      LoggerContext context,
      LogSettings settings,
      String directory,
      String configuration,
      @Nullable CountingAsyncAppender access,
      @Nullable CountingAsyncAppender errors,
      @Nullable CountingAsyncAppender json,
      List<RollingFileAppender<ILoggingEvent>> files) {
    this.context = context;
    this.settings = settings;
    this.directory = directory;
    this.configuration = configuration;
    this.accessLogger = context.getLogger(ACCESS_LOGGER);
    this.access = access;
    this.errors = errors;
    this.json = json;
    this.files = List.copyOf(files);
  }

  /**
   * The web application's Logback context: the one SLF4J gives this class loader, or null when
   * SLF4J is bound to something else (a test class path, a container that shares another provider).
   */
  public static @Nullable LoggerContext applicationContext() {
    return org.slf4j.LoggerFactory.getILoggerFactory() instanceof LoggerContext context
        ? context
        : null;
  }

  /**
   * Stops the web application's Logback context, after the last line of anything: its appenders'
   * files are closed and no thread of it is left (the container would warn of one at undeploy).
   */
  public static void stopApplicationContext() {
    LoggerContext context = applicationContext();
    if (context != null) {
      context.stop();
    }
  }

  /** Logs that write nothing, for when they are off. */
  public static HyraxLogs off(LoggerContext context) {
    return new HyraxLogs(
        context,
        LogSettings.newBuilder().enabled(false).build(),
        "",
        "",
        null,
        null,
        null,
        List.of());
  }

  /**
   * Starts the logs on {@code context}.
   *
   * @param directory where the built-in logs go, and what {@code ${logdir}} names in an operator's
   *     file; created if missing
   * @param operatorFile a Logback configuration file that replaces the built-in appenders, or null
   * @return the logs; {@link #off} when the settings turn them off
   * @throws IllegalStateException if the directory cannot be created or written, or a log file
   *     cannot be opened, naming it
   */
  public static HyraxLogs start(
      LoggerContext context, LogSettings settings, Path directory, @Nullable Path operatorFile) {
    Objects.requireNonNull(context, "context == null");
    Objects.requireNonNull(settings, "settings == null");
    Objects.requireNonNull(directory, "directory == null");
    if (!settings.enabled()) {
      return off(context);
    }
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot create the log directory " + directory + " (FastPath/Logs@directory): " + e, e);
    }
    if (!Files.isWritable(directory)) {
      throw new IllegalStateException(
          "the log directory "
              + directory
              + " is not writable by this process (FastPath/Logs@directory, or"
              + " FastPath/Logs@enabled=\"false\")");
    }
    Formats.register(context);
    context.putProperty(LOGDIR, directory.toString());
    if (operatorFile != null) {
      configureFrom(context, operatorFile);
      return new HyraxLogs(
          context, settings, "", operatorFile.toString(), null, null, null, List.of());
    }
    List<RollingFileAppender<ILoggingEvent>> files = new ArrayList<>();
    RollingFileAppender<ILoggingEvent> accessFile = accessFile(context, settings, directory);
    RollingFileAppender<ILoggingEvent> errorsFile =
        fixedWindow(
            context, settings, directory, ERRORS_FILE, "HyraxErrors.%i.log.zip", Formats.ERRORS);
    RollingFileAppender<ILoggingEvent> jsonFile =
        fixedWindow(context, settings, directory, JSON_FILE, "olfs-log.%i.zip", Formats.JSON);
    files.add(accessFile);
    files.add(errorsFile);
    files.add(jsonFile);
    CountingAsyncAppender access = async(context, "access", accessFile, settings, null);
    CountingAsyncAppender errors = async(context, "errors", errorsFile, settings, Level.ERROR);
    CountingAsyncAppender json = async(context, "json", jsonFile, settings, Level.ERROR);
    Logger accessLogger = context.getLogger(ACCESS_LOGGER);
    accessLogger.setAdditive(false);
    accessLogger.setLevel(Level.INFO);
    accessLogger.addAppender(access);
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.addAppender(errors);
    root.addAppender(json);
    return new HyraxLogs(context, settings, directory.toString(), "", access, errors, json, files);
  }

  /** Whether access lines are written. */
  public boolean enabled() {
    return settings.enabled();
  }

  /** The settings the logs were started with. */
  public LogSettings settings() {
    return settings;
  }

  /**
   * Writes one access line. Never waits: the line is formatted and written on the log's thread, or
   * dropped and counted when too many wait.
   */
  public void access(AccessRecord record) {
    if (!settings.enabled()) {
      return;
    }
    LoggingEvent event = new LoggingEvent(FQCN, accessLogger, Level.INFO, "", null, null);
    event.setMDCPropertyMap(record.mdc());
    CountingAsyncAppender appender = access;
    if (appender != null) {
      appender.doAppend(event);
    } else {
      accessLogger.callAppenders(event);
    }
  }

  /**
   * Writes one error event with the request's fields to the error and JSON logs (only those: an
   * answer a client caused is not a diagnostic of the server's), as upstream writes each error
   * answer from its exception handler.
   *
   * @param logger the logger the event names
   * @param method the method the event names after the logger in the JSON log's {@code logger_id}
   * @param message the message
   */
  public void errorAnswer(RequestFields request, String logger, String method, String message) {
    if (!settings.enabled()) {
      return;
    }
    Logger named = context.getLogger(logger);
    LoggingEvent event = new LoggingEvent(FQCN, named, Level.ERROR, message, null, null);
    event.setMDCPropertyMap(request.mdc());
    event.setCallerData(new StackTraceElement[] {new StackTraceElement(logger, method, null, -1)});
    CountingAsyncAppender toErrors = errors;
    CountingAsyncAppender toJson = json;
    if (toErrors != null && toJson != null) {
      toErrors.doAppend(event);
      toJson.doAppend(event);
    } else {
      named.callAppenders(event);
    }
  }

  /** The logs' figures now. */
  public LogStats stats() {
    if (!settings.enabled()) {
      return LogStats.off();
    }
    List<LogStats.Counts> counts = new ArrayList<>(3);
    for (CountingAsyncAppender appender : new CountingAsyncAppender[] {access, errors, json}) {
      if (appender != null) {
        counts.add(appender.counts());
      }
    }
    return new LogStats(true, directory, configuration, counts);
  }

  /**
   * Writes what the logs' queues hold, stops their threads and closes their files. The context
   * itself is its owner's to stop, after the last line of anything else.
   */
  @Override
  public void close() {
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    for (CountingAsyncAppender appender : new CountingAsyncAppender[] {access, errors, json}) {
      if (appender != null) {
        appender.stop();
        root.detachAppender(appender);
        accessLogger.detachAppender(appender);
      }
    }
    for (RollingFileAppender<ILoggingEvent> file : files) {
      file.stop();
    }
  }

  @Override
  public String toString() {
    return settings.enabled()
        ? configuration.isEmpty() ? settings.toString() : "logs configured by " + configuration
        : "logs off";
  }

  private static void configureFrom(LoggerContext context, Path file) {
    long since = System.currentTimeMillis();
    JoranConfigurator joran = new JoranConfigurator();
    joran.setContext(context);
    try {
      joran.doConfigure(file.toFile());
    } catch (JoranException e) {
      throw new IllegalStateException(
          "cannot read the Logback configuration " + file + ": " + e.getMessage(), e);
    }
    // A file written for upstream names its %json_msg class, which is not here; the word itself
    // is ours (Formats), so such errors cost nothing. The rest are warned of, never hidden.
    String problems =
        context.getStatusManager().getCopyOfStatusList().stream()
            .filter(s -> s.getLevel() >= Status.WARN && s.getTimestamp() >= since)
            .map(s -> s.getMessage())
            .collect(Collectors.joining("; "));
    if (!problems.isEmpty()) {
      org.slf4j.LoggerFactory.getLogger(HyraxLogs.class)
          .warn("the Logback configuration {} has problems: {}", file, problems);
    }
  }

  private static RollingFileAppender<ILoggingEvent> accessFile(
      LoggerContext context, LogSettings settings, Path directory) {
    // Formats.ACCESS, written by hand: the pattern layout cost about 1 us and 1 KB a line.
    AccessLineLayout layout = new AccessLineLayout(ZoneId.systemDefault());
    layout.setContext(context);
    layout.start();
    AccessLineEncoder encoder = new AccessLineEncoder(layout);
    encoder.setContext(context);
    encoder.start();
    RollingFileAppender<ILoggingEvent> file = newFile(context, directory, ACCESS_FILE, encoder);
    // The worker flushes each batch (every few milliseconds while lines come): a buffer that holds
    // a whole batch makes that one write, where Logback's 8 KB wrote every thirty lines.
    file.setBufferSize(new FileSize(ACCESS_BUFFER_BYTES));
    TimeBasedRollingPolicy<ILoggingEvent> policy;
    if (settings.accessMaxFileSize() > 0) {
      SizeAndTimeBasedRollingPolicy<ILoggingEvent> sized = new SizeAndTimeBasedRollingPolicy<>();
      sized.setContext(context);
      sized.setMaxFileSize(new FileSize(settings.accessMaxFileSize()));
      sized.setFileNamePattern(directory.resolve("HyraxAccess.%d{yyyy-MM-dd}.%i.log").toString());
      policy = sized;
    } else {
      policy = new TimeBasedRollingPolicy<>();
      policy.setFileNamePattern(directory.resolve("HyraxAccess.%d{yyyy-MM-dd}.log").toString());
    }
    policy.setMaxHistory(settings.accessMaxHistory());
    policy.setTotalSizeCap(new FileSize(settings.accessTotalSizeCap()));
    policy.setContext(context);
    policy.setParent(file);
    policy.start();
    file.setRollingPolicy(policy);
    return startFile(file);
  }

  private static RollingFileAppender<ILoggingEvent> fixedWindow(
      LoggerContext context,
      LogSettings settings,
      Path directory,
      String name,
      String rolled,
      String pattern) {
    RollingFileAppender<ILoggingEvent> file = newFile(context, directory, name, pattern);
    FixedWindowRollingPolicy policy = new FixedWindowRollingPolicy();
    policy.setContext(context);
    policy.setFileNamePattern(directory.resolve(rolled).toString());
    policy.setMinIndex(1);
    policy.setMaxIndex(3);
    policy.setParent(file);
    policy.start();
    SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
    trigger.setContext(context);
    trigger.setMaxFileSize(new FileSize(settings.errorsMaxFileSize()));
    trigger.start();
    file.setRollingPolicy(policy);
    file.setTriggeringPolicy(trigger);
    return startFile(file);
  }

  private static RollingFileAppender<ILoggingEvent> newFile(
      LoggerContext context, Path directory, String name, String pattern) {
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern(pattern);
    encoder.setCharset(StandardCharsets.UTF_8);
    encoder.start();
    return newFile(context, directory, name, encoder);
  }

  private static RollingFileAppender<ILoggingEvent> newFile(
      LoggerContext context, Path directory, String name, Encoder<ILoggingEvent> encoder) {
    RollingFileAppender<ILoggingEvent> file = new RollingFileAppender<>();
    file.setContext(context);
    file.setName(name);
    file.setFile(directory.resolve(name).toString());
    file.setEncoder(encoder);
    // The log's worker flushes once its queue is empty: one write per batch, not per line.
    file.setImmediateFlush(false);
    return file;
  }

  private static RollingFileAppender<ILoggingEvent> startFile(
      RollingFileAppender<ILoggingEvent> file) {
    file.start();
    if (!file.isStarted()) {
      throw new IllegalStateException(
          "cannot open the log file "
              + file.getFile()
              + "; Logback says: "
              + file.getContext().getStatusManager().getCopyOfStatusList().stream()
                  .filter(s -> s.getLevel() == Status.ERROR)
                  .map(Status::getMessage)
                  .collect(Collectors.joining("; ")));
    }
    return file;
  }

  private static CountingAsyncAppender async(
      LoggerContext context,
      String name,
      RollingFileAppender<ILoggingEvent> file,
      LogSettings settings,
      @Nullable Level threshold) {
    CountingAsyncAppender async = new CountingAsyncAppender(file, settings.queueSize());
    async.setContext(context);
    async.setName(name);
    if (threshold != null) {
      ThresholdFilter filter = new ThresholdFilter();
      filter.setLevel(threshold.toString());
      filter.start();
      async.addFilter(filter);
    }
    async.start();
    return async;
  }
}
