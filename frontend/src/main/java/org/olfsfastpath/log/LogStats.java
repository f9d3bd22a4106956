package org.olfsfastpath.log;

import java.util.List;
import java.util.Objects;

/**
 * A snapshot of the Hyrax logs' figures, for the status document, JMX and the metrics alike.
 * Value-based.
 *
 * @param enabled whether the logs are written
 * @param directory where the built-in logs go, or the empty string when they are off or an
 *     operator's file configures them
 * @param configuration the operator's Logback file that configures the logs, or the empty string
 *     for the built-in appenders
 * @param logs each built-in log's figures (none with an operator's file)
 */
public record LogStats(boolean enabled, String directory, String configuration, List<Counts> logs) {
  public LogStats {
    Objects.requireNonNull(directory, "directory == null");
    Objects.requireNonNull(configuration, "configuration == null");
    logs = List.copyOf(logs);
  }

  /** The figures when the logs are off. */
  static LogStats off() {
    return new LogStats(false, "", "", List.of());
  }

  /** Events every log handed to its file. */
  public long written() {
    return logs.stream().mapToLong(Counts::written).sum();
  }

  /** Write failures of every log. */
  public long writeErrors() {
    return logs.stream().mapToLong(Counts::writeErrors).sum();
  }

  /** Events dropped by every log, because their disk could not keep up. */
  public long dropped() {
    return logs.stream().mapToLong(Counts::dropped).sum();
  }

  /**
   * One log's figures since it started.
   *
   * @param name the log ({@code access}, {@code errors}, {@code json})
   * @param written events handed to its file
   * @param dropped events dropped because {@code capacity} events already waited for its disk
   * @param writeErrors I/O failures Logback reported for its file, and events it could not take
   * @param queued events waiting now
   * @param capacity the most events that may wait
   */
  public record Counts(
      String name, long written, long dropped, long writeErrors, int queued, int capacity) {
    public Counts {
      Objects.requireNonNull(name, "name == null");
    }
  }
}
