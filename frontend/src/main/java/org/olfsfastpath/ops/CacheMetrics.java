package org.olfsfastpath.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.ResponseCache;

/**
 * The metrics of both caches, for {@link FrontEndMetrics}: Micrometer's {@code
 * CaffeineCacheMetrics} over each ({@code cache="datasource"}, {@code cache="response"}; Caffeine's
 * statistics are the caches' own counters), and the rest of each cache's statistics value, read at
 * each scrape.
 */
final class CacheMetrics {
  private CacheMetrics() {}

  /** Registers both caches' meters; the caller keeps the caches reachable. */
  static void bind(MeterRegistry registry, DataSourceCache dataSources, ResponseCache responses) {
    caffeine(registry, dataSources.caffeine(), "datasource");
    caffeine(registry, responses.caffeine(), "response");

    counter(
        registry,
        "olfs.datasource.cache.negative.hits",
        "Lookups answered \"not found\" from a negative entry",
        dataSources,
        c -> c.stats().negativeHitCount());
    counter(
        registry,
        "olfs.datasource.cache.refreshes",
        "Background refresh-ahead loads started",
        dataSources,
        c -> c.stats().refreshCount());
    counter(
        registry,
        "olfs.datasource.cache.mtime.checks",
        "Hits that compared the file on disk",
        dataSources,
        c -> c.stats().mtimeCheckCount());
    counter(
        registry,
        "olfs.datasource.cache.mtime.reloads",
        "File checks that found the file changed and reloaded",
        dataSources,
        c -> c.stats().mtimeReloadCount());

    Gauge.builder("olfs.response.cache.weight", responses, c -> c.stats().weightedBytes())
        .description("What the cached answers weigh: bodies, gzip forms, keys")
        .baseUnit(BaseUnits.BYTES)
        .strongReference(true)
        .register(registry);
    Gauge.builder("olfs.response.cache.max.weight", responses, c -> c.stats().maximumWeight())
        .description("The response cache's bound")
        .baseUnit(BaseUnits.BYTES)
        .strongReference(true)
        .register(registry);
    counter(
        registry,
        "olfs.response.cache.too.large",
        "Answers over their size cap, streamed and not kept",
        responses,
        c -> c.stats().tooLargeCount());
    counter(
        registry,
        "olfs.response.cache.stale.misses",
        "Misses that replaced an answer made from an earlier data source",
        responses,
        c -> c.stats().staleMissCount());
  }

  private static <K, V> void caffeine(
      MeterRegistry registry, com.github.benmanes.caffeine.cache.Cache<K, V> cache, String name) {
    new CaffeineCacheMetrics<>(cache, name, List.of()).bindTo(registry);
  }

  private static <T> void counter(
      MeterRegistry registry, String name, String description, T cache, ToDoubleFunction<T> value) {
    FunctionCounter.builder(name, cache, value).description(description).register(registry);
  }
}
