package org.olfsfastpath.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesPoolStats;

/**
 * The metrics of one BES's connection pool, for {@link FrontEndMetrics}: its connections now
 * ({@code olfs_bes_pool_open}, {@code _idle}, {@code _in_use}, {@code _reserved}, {@code
 * _long_in_use}) and what it has done ({@code olfs_bes_pool_created_total}, {@code _discarded},
 * {@code _retried}, {@code _waits}, {@code _exhausted}, {@code _connect_failures}, {@code
 * _reserve_refusals}), each tagged with the BES and read from the pool's statistics value at each
 * scrape.
 */
final class PoolMetrics {
  private PoolMetrics() {}

  /** Registers the pool's meters; the caller keeps {@code stats} reachable. */
  static void bind(MeterRegistry registry, String bes, Supplier<BesPoolStats> stats) {
    gauge(
        registry,
        "olfs.bes.pool.open",
        "Open connections to the BES, idle or lent",
        bes,
        stats,
        BesPoolStats::total);
    gauge(
        registry,
        "olfs.bes.pool.idle",
        "Connections waiting in the pool",
        bes,
        stats,
        BesPoolStats::idle);
    gauge(
        registry,
        "olfs.bes.pool.in.use",
        "Connections lent to a request",
        bes,
        stats,
        BesPoolStats::inUse);
    counter(
        registry,
        "olfs.bes.pool.created",
        "Connections opened",
        BaseUnits.CONNECTIONS,
        bes,
        stats,
        BesPoolStats::created);
    counter(
        registry,
        "olfs.bes.pool.discarded",
        "Connections the pool closed",
        BaseUnits.CONNECTIONS,
        bes,
        stats,
        BesPoolStats::discarded);
    counter(
        registry,
        "olfs.bes.pool.retried",
        "Requests sent again on a fresh connection",
        null,
        bes,
        stats,
        BesPoolStats::retried);
    counter(
        registry,
        "olfs.bes.pool.waits",
        "Requests that waited for a free connection",
        null,
        bes,
        stats,
        BesPoolStats::waits);
    counter(
        registry,
        "olfs.bes.pool.exhausted",
        "Requests that found no free connection in time",
        null,
        bes,
        stats,
        BesPoolStats::exhausted);
    counter(
        registry,
        "olfs.bes.pool.connect.failures",
        "Connection attempts that failed",
        null,
        bes,
        stats,
        BesPoolStats::connectFailures);
    gauge(
        registry,
        "olfs.bes.pool.reserved",
        "Connections kept for short requests",
        bes,
        stats,
        BesPoolStats::reserved);
    gauge(
        registry,
        "olfs.bes.pool.long.in.use",
        "Connections lent to requests whose answer may be long",
        bes,
        stats,
        BesPoolStats::longInUse);
    counter(
        registry,
        "olfs.bes.pool.reserve.refusals",
        "Long requests refused: only the reserve was" + " left",
        null,
        bes,
        stats,
        BesPoolStats::reserveRefusals);
  }

  private static void gauge(
      MeterRegistry registry,
      String name,
      String description,
      String bes,
      Supplier<BesPoolStats> stats,
      ToDoubleFunction<BesPoolStats> value) {
    Gauge.builder(name, stats, s -> value.applyAsDouble(s.get()))
        .description(description)
        .tag("bes", bes)
        .baseUnit(BaseUnits.CONNECTIONS)
        .strongReference(true)
        .register(registry);
  }

  private static void counter(
      MeterRegistry registry,
      String name,
      String description,
      @Nullable String unit,
      String bes,
      Supplier<BesPoolStats> stats,
      ToDoubleFunction<BesPoolStats> value) {
    FunctionCounter.Builder<Supplier<BesPoolStats>> counter =
        FunctionCounter.builder(name, stats, s -> value.applyAsDouble(s.get()))
            .description(description)
            .tag("bes", bes);
    if (unit != null) {
      counter.baseUnit(unit);
    }
    counter.register(registry);
  }
}
