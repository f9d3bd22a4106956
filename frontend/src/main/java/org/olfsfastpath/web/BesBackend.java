package org.olfsfastpath.web;

import java.io.Closeable;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.DataSourceCacheStats;
import org.olfsfastpath.ppt.PptOptions;

/**
 * The real {@link DapBackend}: the data-source cache in front of a pooled BES client, built from
 * the settings. Owns both and closes them.
 */
final class BesBackend implements DapBackend, CacheAdmin, Closeable {
  private final BesClient client;
  private final DataSourceCache cache;

  private BesBackend(BesClient client, DataSourceCache cache) {
    this.client = client;
    this.cache = cache;
  }

  /**
   * Builds the BES client and the cache. Nothing connects yet: the first request opens the first
   * BES connection, so the web application starts even while the BES is down.
   *
   * @throws ConfigurationException if the layers below refuse a combination of settings
   */
  static BesBackend create(FrontEndSettings settings) {
    BesClient client;
    try {
      PptOptions.Builder ppt = PptOptions.newBuilder();
      settings.besTimeout().ifPresent(ppt::readTimeout);
      settings.connectTimeout().ifPresent(ppt::connectTimeout);
      settings.quickAck().ifPresent(ppt::quickAck);
      BesClient.Builder bes = BesClient.newBuilder()
          .endpoint(settings.besEndpoint())
          .pptOptions(ppt.build());
      settings.poolMaximum().ifPresent(bes::maxConnections);
      settings.maxCommandsPerConnection().ifPresent(bes::maxCommandsPerConnection);
      settings.acquireTimeout().ifPresent(bes::acquireTimeout);
      client = bes.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new ConfigurationException("BES client settings refused: " + e.getMessage(), e);
    }
    try {
      DataSourceCache.Builder builder = DataSourceCache.newBuilder()
          .loader(client::showNode)
          .enabled(settings.cacheEnabled());
      settings.cacheMaxEntries().ifPresent(builder::maximumSize);
      settings.cacheTtl().ifPresent(builder::ttl);
      settings.refreshAfter().ifPresent(builder::refreshAfter);
      settings.negativeTtl().ifPresent(builder::negativeTtl);
      settings.dataRoot().ifPresent(builder::dataRoot);
      settings.mtimeCheckInterval().ifPresent(builder::mtimeCheckInterval);
      return new BesBackend(client, builder.build());
    } catch (IllegalArgumentException | IllegalStateException e) {
      client.close();
      throw new ConfigurationException("cache settings refused: " + e.getMessage(), e);
    }
  }

  @Override
  public DataSource lookup(String path) throws IOException {
    return cache.lookup(path);
  }

  @Override
  public BesResponse get(GetRequest request) throws IOException {
    return client.get(request);
  }

  @Override
  public void invalidate(String path) {
    cache.invalidate(path);
  }

  @Override
  public void invalidateAll() {
    cache.invalidateAll();
  }

  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("cache", cacheStatistics(cache.stats()));
    sections.put("pool", poolStatistics());
    return sections;
  }

  /** The pool's counters by name, for the status document and JMX. */
  Map<String, Long> poolStatistics() {
    BesPoolStats pool = client.poolStats();
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("total", (long) pool.total());
    m.put("idle", (long) pool.idle());
    m.put("inUse", (long) pool.inUse());
    m.put("created", pool.created());
    m.put("discarded", pool.discarded());
    m.put("retried", pool.retried());
    m.put("waits", pool.waits());
    m.put("exhausted", pool.exhausted());
    m.put("connectFailures", pool.connectFailures());
    return m;
  }

  private static Map<String, Object> cacheStatistics(DataSourceCacheStats s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("enabled", s.enabled());
    m.put("hitRate", s.hitRate());
    m.put("hitCount", s.hitCount());
    m.put("missCount", s.missCount());
    m.put("loadSuccessCount", s.loadSuccessCount());
    m.put("loadFailureCount", s.loadFailureCount());
    m.put("notFoundCount", s.notFoundCount());
    m.put("negativeHitCount", s.negativeHitCount());
    m.put("averageLoadMillis", s.averageLoadPenaltyNanos() / 1e6);
    m.put("totalLoadTimeMillis", s.totalLoadTimeNanos() / 1_000_000L);
    m.put("refreshCount", s.refreshCount());
    m.put("evictionCount", s.evictionCount());
    m.put("expirationCount", s.expirationCount());
    m.put("size", s.estimatedSize());
    m.put("mtimeCheckCount", s.mtimeCheckCount());
    m.put("mtimeReloadCount", s.mtimeReloadCount());
    return m;
  }

  void registerCacheMBean(MBeanServer server, ObjectName name) throws JMException {
    cache.registerMBean(server, name);
  }

  @Override
  public void close() {
    try {
      cache.close();
    } finally {
      client.close();
    }
  }
}
