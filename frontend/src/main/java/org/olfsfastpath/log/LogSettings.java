package org.olfsfastpath.log;

import static org.olfsfastpath.spec.Checks.requireArgument;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.Specs;

/**
 * What the Hyrax logs are configured with: on or off, where they go, the configuration file that
 * replaces the built-in appenders, each log's queue and the rolling caps that bound their disk.
 * Immutable; build with {@link #newBuilder()} or from a text spec with {@link #from(Map)}, whose
 * keys are the builder's method names. The defaults are written here once.
 */
public final class LogSettings {
  /** Default events that may wait for each log's disk. */
  public static final int DEFAULT_QUEUE_SIZE = 8192;

  /** Default size at which the access log rolls within a day. */
  public static final long DEFAULT_ACCESS_MAX_FILE_SIZE = 100L << 20;

  /** Default days of access logs kept, as upstream's MaxHistory. */
  public static final int DEFAULT_ACCESS_MAX_HISTORY = 30;

  /** Default bound on all access logs together. */
  public static final long DEFAULT_ACCESS_TOTAL_SIZE_CAP = 5L << 30;

  /** Default size of the error and JSON logs' files, as upstream's 5MB; three are kept of each. */
  public static final long DEFAULT_ERRORS_MAX_FILE_SIZE = 5L << 20;

  private final boolean enabled;
  private final @Nullable Path directory;
  private final @Nullable Path configuration;
  private final int queueSize;
  private final long accessMaxFileSize;
  private final int accessMaxHistory;
  private final long accessTotalSizeCap;
  private final long errorsMaxFileSize;
  private final boolean logStatusRequests;

  private LogSettings(Builder b) {
    this.enabled = b.enabled.get();
    this.directory = b.directory.orNull();
    this.configuration = b.configuration.orNull();
    this.queueSize = b.queueSize.get();
    this.accessMaxFileSize = b.accessMaxFileSize.get();
    this.accessMaxHistory = b.accessMaxHistory.get();
    this.accessTotalSizeCap = b.accessTotalSizeCap.get();
    this.errorsMaxFileSize = b.errorsMaxFileSize.get();
    this.logStatusRequests = b.logStatusRequests.get();
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * A builder configured from a text spec: {@code enabled}, {@code logStatusRequests} (booleans),
   * {@code directory}, {@code configuration} (absolute paths), {@code queueSize}, {@code
   * accessMaxHistory} (integers), {@code accessMaxFileSize}, {@code accessTotalSizeCap}, {@code
   * errorsMaxFileSize} (sizes).
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value
   */
  public static Builder from(Map<String, String> spec) {
    return newBuilder().apply(spec);
  }

  public static LogSettings defaults() {
    return newBuilder().build();
  }

  /** Whether the three Hyrax logs are written. */
  public boolean enabled() {
    return enabled;
  }

  /** The directory of the logs; when unset, the container's log directory. */
  public Optional<Path> directory() {
    return Optional.ofNullable(directory);
  }

  /**
   * A Logback configuration file that replaces the built-in appenders; when unset, {@code
   * logback.xml} of the configuration directory if there is one.
   */
  public Optional<Path> configuration() {
    return Optional.ofNullable(configuration);
  }

  /** Events that may wait for each log's disk; more are dropped and counted. */
  public int queueSize() {
    return queueSize;
  }

  /**
   * The size at which the access log rolls within a day ({@code HyraxAccess.<day>.<n>.log}); 0
   * rolls it daily only, under upstream's name ({@code HyraxAccess.<day>.log}).
   */
  public long accessMaxFileSize() {
    return accessMaxFileSize;
  }

  /** Days of access logs kept. */
  public int accessMaxHistory() {
    return accessMaxHistory;
  }

  /** The bound on all access log files together; the oldest go first. */
  public long accessTotalSizeCap() {
    return accessTotalSizeCap;
  }

  /** The size of each error and JSON log file; three of each are kept, zipped. */
  public long errorsMaxFileSize() {
    return errorsMaxFileSize;
  }

  /** Whether requests for {@code /status} and {@code /metrics} get access lines. */
  public boolean logStatusRequests() {
    return logStatusRequests;
  }

  @Override
  public String toString() {
    if (!enabled) {
      return "logs off";
    }
    return "logs in "
        + (directory == null ? "the container's log directory" : directory)
        + (configuration == null ? "" : " configured by " + configuration)
        + ", queue "
        + queueSize
        + ", access "
        + (accessMaxFileSize == 0 ? "daily" : "daily and at " + Specs.formatSize(accessMaxFileSize))
        + " for "
        + accessMaxHistory
        + " days up to "
        + Specs.formatSize(accessTotalSizeCap)
        + ", errors 3 x "
        + Specs.formatSize(errorsMaxFileSize);
  }

  /**
   * Builds {@link LogSettings}. Every setter validates at once and may be called once; unset
   * settings keep their defaults. Not thread-safe.
   */
  public static final class Builder {
    private final Settings settings = new Settings("logs");
    private final Setting<Boolean> enabled = settings.add(Setting.bool("enabled", true));
    private final Setting<Path> directory =
        settings.add(Setting.of("directory", (Path) null).text(Path::of).check(Builder::absolute));
    private final Setting<Path> configuration =
        settings.add(
            Setting.of("configuration", (Path) null).text(Path::of).check(Builder::absolute));
    private final Setting<Integer> queueSize =
        settings.add(Setting.between("queueSize", DEFAULT_QUEUE_SIZE, 16, 1 << 20));
    private final Setting<Long> accessMaxFileSize =
        settings.add(
            Setting.atLeast("accessMaxFileSize", DEFAULT_ACCESS_MAX_FILE_SIZE, 0, Specs::size)
                .shownAs(Specs::formatSize));
    private final Setting<Integer> accessMaxHistory =
        settings.add(Setting.between("accessMaxHistory", DEFAULT_ACCESS_MAX_HISTORY, 1, 3650));
    private final Setting<Long> accessTotalSizeCap =
        settings.add(
            Setting.atLeast(
                    "accessTotalSizeCap", DEFAULT_ACCESS_TOTAL_SIZE_CAP, 1L << 20, Specs::size)
                .shownAs(Specs::formatSize));
    private final Setting<Long> errorsMaxFileSize =
        settings.add(
            Setting.atLeast(
                    "errorsMaxFileSize", DEFAULT_ERRORS_MAX_FILE_SIZE, 1L << 16, Specs::size)
                .shownAs(Specs::formatSize));
    private final Setting<Boolean> logStatusRequests =
        settings.add(Setting.bool("logStatusRequests", false));

    private Builder() {}

    /** Applies a text spec to {@link #settings}; for {@link #from}. */
    private Builder apply(Map<String, String> spec) {
      settings.apply(spec);
      return this;
    }

    private static Path absolute(Path path) {
      requireArgument(path.isAbsolute(), "%s must be an absolute path", path);
      return path.normalize();
    }

    /** Writes the logs (the default) or not. */
    public Builder enabled(boolean enabled) {
      this.enabled.set(enabled);
      return this;
    }

    /**
     * The directory of the logs; default the container's log directory.
     *
     * @throws IllegalArgumentException if not absolute
     */
    public Builder directory(Path directory) {
      this.directory.set(directory);
      return this;
    }

    /**
     * A Logback configuration file that replaces the built-in appenders.
     *
     * @throws IllegalArgumentException if not absolute
     */
    public Builder configuration(Path file) {
      this.configuration.set(file);
      return this;
    }

    /**
     * Events that may wait for each log's disk. Default 8192.
     *
     * @throws IllegalArgumentException if not 16 to 1048576
     */
    public Builder queueSize(int size) {
      this.queueSize.set(size);
      return this;
    }

    /**
     * The size at which the access log rolls within a day; 0 rolls daily only. Default 100 MiB.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder accessMaxFileSize(long bytes) {
      this.accessMaxFileSize.set(bytes);
      return this;
    }

    /**
     * Days of access logs kept. Default 30.
     *
     * @throws IllegalArgumentException if not 1 to 3650
     */
    public Builder accessMaxHistory(int days) {
      this.accessMaxHistory.set(days);
      return this;
    }

    /**
     * The bound on all access log files together. Default 5 GiB.
     *
     * @throws IllegalArgumentException if under 1 MiB
     */
    public Builder accessTotalSizeCap(long bytes) {
      this.accessTotalSizeCap.set(bytes);
      return this;
    }

    /**
     * The size of each error and JSON log file. Default 5 MiB.
     *
     * @throws IllegalArgumentException if under 64 KiB
     */
    public Builder errorsMaxFileSize(long bytes) {
      this.errorsMaxFileSize.set(bytes);
      return this;
    }

    /** Whether {@code /status} and {@code /metrics} requests get access lines. Default false. */
    public Builder logStatusRequests(boolean log) {
      this.logStatusRequests.set(log);
      return this;
    }

    public LogSettings build() {
      return new LogSettings(this);
    }
  }
}
