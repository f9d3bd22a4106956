package org.olfsfastpath.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.jspecify.annotations.Nullable;

/**
 * Registers meters read from one statistics value at each scrape (a BES pool's, a group's), all
 * with the same tags: how {@link PoolMetrics} and {@link GroupMetrics} bind theirs. The gauges hold
 * the supplier strongly, so they live as long as the registry.
 *
 * @param <S> the statistics value
 */
final class StatsMeters<S> {
  private final MeterRegistry registry;
  private final Supplier<S> stats;
  private final Tags tags;

  /**
   * @param tags the tags of every meter, as key, value pairs, e.g. {@code "bes", "localhost:10022"}
   */
  StatsMeters(MeterRegistry registry, Supplier<S> stats, String... tags) {
    this.registry = registry;
    this.stats = stats;
    this.tags = Tags.of(tags);
  }

  /** A gauge of {@code value} of the statistics now, in {@code unit} (none when null). */
  void gauge(String name, String description, @Nullable String unit, ToDoubleFunction<S> value) {
    Gauge.Builder<Supplier<S>> gauge =
        Gauge.builder(name, stats, s -> value.applyAsDouble(s.get()))
            .description(description)
            .tags(tags)
            .strongReference(true);
    if (unit != null) {
      gauge.baseUnit(unit);
    }
    gauge.register(registry);
  }

  /** A counter whose total is {@code value} of the statistics now, in {@code unit} (or none). */
  void counter(String name, String description, @Nullable String unit, ToDoubleFunction<S> value) {
    FunctionCounter.Builder<Supplier<S>> counter =
        FunctionCounter.builder(name, stats, s -> value.applyAsDouble(s.get()))
            .description(description)
            .tags(tags);
    if (unit != null) {
      counter.baseUnit(unit);
    }
    counter.register(registry);
  }
}
