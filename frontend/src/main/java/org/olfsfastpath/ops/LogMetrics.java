package org.olfsfastpath.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.olfsfastpath.log.LogStats;

/**
 * The Hyrax logs' statistics value as Prometheus metrics, read at each scrape: {@code
 * olfs_log_events_total} by {@code log} ({@code access}, {@code errors}, {@code json}) and {@code
 * outcome} ({@code written}, {@code dropped}: the disk could not keep up and the queue was full,
 * {@code write_error}), and {@code olfs_log_queued} by {@code log}. The same figures as {@code
 * /status} and the JMX bean show. An operator's logback.xml configures its own appenders, which
 * have none.
 */
final class LogMetrics implements MeterBinder {
  private final Supplier<LogStats> stats;

  LogMetrics(Supplier<LogStats> stats) {
    this.stats = stats;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (LogStats.Counts log : stats.get().logs()) {
      String name = log.name();
      counter(registry, name, "written", c -> c.written());
      counter(registry, name, "dropped", c -> c.dropped());
      counter(registry, name, "write_error", c -> c.writeErrors());
      Gauge.builder("olfs.log.queued", stats, s -> counts(s, name).queued())
          .description("Events waiting for the log's disk now")
          .tag("log", name)
          .strongReference(true)
          .register(registry);
    }
  }

  private void counter(
      MeterRegistry registry, String log, String outcome, ToLongFunction<LogStats.Counts> value) {
    FunctionCounter.builder("olfs.log.events", stats, s -> value.applyAsLong(counts(s, log)))
        .description("Events of a Hyrax log, by what became of them")
        .tag("log", log)
        .tag("outcome", outcome)
        .register(registry);
  }

  private static LogStats.Counts counts(Supplier<LogStats> stats, String log) {
    for (LogStats.Counts counts : stats.get().logs()) {
      if (counts.name().equals(log)) {
        return counts;
      }
    }
    return new LogStats.Counts(log, 0, 0, 0, 0, 0);
  }
}
