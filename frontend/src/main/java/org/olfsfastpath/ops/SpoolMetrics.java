package org.olfsfastpath.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;
import org.olfsfastpath.spool.Spool;

/**
 * The spool's statistics value as Prometheus metrics, read at each scrape: the bytes it holds now
 * in memory and on disk, their peaks and budgets, and its open files (gauges); the responses it
 * spooled, the bytes, the BES connections it released early, the fallbacks by {@code cause} ({@code
 * memory}, {@code disk_budget}, {@code disk_error}) and the clients gone mid-spool (counters). The
 * same figures as {@code /status} and the JMX bean show.
 */
record SpoolMetrics(Spool spool) implements MeterBinder {
  @Override
  public void bindTo(MeterRegistry registry) {
    bytes(
        registry,
        "olfs.spool.memory",
        "Memory holding spooled bytes now",
        s -> s.stats().memoryBytes());
    bytes(
        registry,
        "olfs.spool.memory.peak",
        "The most memory that held spooled bytes",
        s -> s.stats().memoryPeakBytes());
    bytes(
        registry,
        "olfs.spool.memory.budget",
        "The spool's memory bound (FastPath/Spool@memory)",
        s -> s.stats().memoryBudget());
    bytes(
        registry,
        "olfs.spool.disk",
        "Bytes of spool files on disk now",
        s -> s.stats().diskBytes());
    bytes(
        registry,
        "olfs.spool.disk.peak",
        "The most bytes of spool files on disk",
        s -> s.stats().diskPeakBytes());
    bytes(
        registry,
        "olfs.spool.disk.budget",
        "The spool's disk bound (FastPath/Spool@disk)",
        s -> s.stats().diskBudget());
    Gauge.builder("olfs.spool.open.files", spool, s -> s.stats().openFiles())
        .description("Spool files open now, at most one per response")
        .strongReference(true)
        .register(registry);
    counter(
        registry,
        "olfs.spool.responses",
        "Responses whose client fell behind, so part of" + " the answer waited in the spool",
        s -> s.stats().spooledResponses());
    FunctionCounter.builder("olfs.spool.bytes", spool, s -> s.stats().spooledBytes())
        .description("Bytes that waited in the spool, in memory or on disk")
        .baseUnit(BaseUnits.BYTES)
        .register(registry);
    counter(
        registry,
        "olfs.spool.early.releases",
        "BES connections returned to the pool while"
            + " their client still had spooled bytes to read",
        s -> s.stats().earlyReleases());
    fallbacks(registry, "memory", s -> s.stats().fallbackMemory());
    fallbacks(registry, "disk_budget", s -> s.stats().fallbackDiskBudget());
    fallbacks(registry, "disk_error", s -> s.stats().fallbackDiskError());
    counter(
        registry,
        "olfs.spool.client.disconnects",
        "Clients gone while part of their answer" + " waited in the spool, which was freed at once",
        s -> s.stats().clientDisconnects());
    counter(
        registry,
        "olfs.spool.hand.offs",
        "Answers whose client fell behind while the request's thread wrote them straight from"
            + " the BES, so that the rest went through the spool",
        s -> s.stats().handOffs());
    counter(
        registry,
        "olfs.spool.fill.waits",
        "Times an answer waited for its turn to be copied from its BES into the spool"
            + " (FastPath/Spool@fillers)",
        s -> s.stats().fillWaits());
  }

  private void bytes(
      MeterRegistry registry, String name, String description, ToDoubleFunction<Spool> value) {
    Gauge.builder(name, spool, value)
        .description(description)
        .baseUnit(BaseUnits.BYTES)
        .strongReference(true)
        .register(registry);
  }

  private void counter(
      MeterRegistry registry, String name, String description, ToDoubleFunction<Spool> value) {
    FunctionCounter.builder(name, spool, value).description(description).register(registry);
  }

  private void fallbacks(MeterRegistry registry, String cause, ToDoubleFunction<Spool> value) {
    FunctionCounter.builder("olfs.spool.fallbacks", spool, value)
        .description(
            "Responses that streamed straight from the BES because the spool had no"
                + " room, by cause")
        .tag("cause", cause)
        .register(registry);
  }
}
