package org.olfsfastpath.ops;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import java.util.function.Supplier;
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
    StatsMeters<BesPoolStats> meters = new StatsMeters<>(registry, stats, "bes", bes);
    meters.gauge(
        "olfs.bes.pool.open",
        "Open connections to the BES, idle or lent",
        BaseUnits.CONNECTIONS,
        BesPoolStats::total);
    meters.gauge(
        "olfs.bes.pool.idle",
        "Connections waiting in the pool",
        BaseUnits.CONNECTIONS,
        BesPoolStats::idle);
    meters.gauge(
        "olfs.bes.pool.in.use",
        "Connections lent to a request",
        BaseUnits.CONNECTIONS,
        BesPoolStats::inUse);
    meters.counter(
        "olfs.bes.pool.created",
        "Connections opened",
        BaseUnits.CONNECTIONS,
        BesPoolStats::created);
    meters.counter(
        "olfs.bes.pool.discarded",
        "Connections the pool closed",
        BaseUnits.CONNECTIONS,
        BesPoolStats::discarded);
    meters.counter(
        "olfs.bes.pool.retried",
        "Requests sent again on a fresh connection",
        null,
        BesPoolStats::retried);
    meters.counter(
        "olfs.bes.pool.waits",
        "Requests that waited for a free connection",
        null,
        BesPoolStats::waits);
    meters.counter(
        "olfs.bes.pool.exhausted",
        "Requests that found no free connection in time",
        null,
        BesPoolStats::exhausted);
    meters.counter(
        "olfs.bes.pool.connect.failures",
        "Connection attempts that failed",
        null,
        BesPoolStats::connectFailures);
    meters.gauge(
        "olfs.bes.pool.reserved",
        "Connections kept for short requests",
        BaseUnits.CONNECTIONS,
        BesPoolStats::reserved);
    meters.gauge(
        "olfs.bes.pool.long.in.use",
        "Connections lent to requests whose answer may be long",
        BaseUnits.CONNECTIONS,
        BesPoolStats::longInUse);
    meters.counter(
        "olfs.bes.pool.reserve.refusals",
        "Long requests refused: only the reserve was" + " left",
        null,
        BesPoolStats::reserveRefusals);
  }
}
