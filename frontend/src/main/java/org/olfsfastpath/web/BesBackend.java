package org.olfsfastpath.web;

import java.io.Closeable;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
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
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.cache.ResponseCacheStats;
import org.olfsfastpath.dap.VersionDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real {@link DapBackend}: the data-source cache in front of a pooled BES client, built from
 * the settings. Owns both and closes them.
 */
final class BesBackend implements DapBackend, CacheAdmin, Closeable {
  private static final Logger log = LoggerFactory.getLogger(BesBackend.class);
  private final BesClient client;
  private final DataSourceCache cache;
  private final ResponseCache responses;

  private BesBackend(BesClient client, DataSourceCache cache, ResponseCache responses) {
    this.client = client;
    this.cache = cache;
    this.responses = responses;
  }

  /**
   * Builds the BES client and the cache from the configuration. Nothing connects yet: the first
   * request (or the prewarm) opens the first BES connection, so the web application starts even
   * while the BES is down.
   *
   * @throws ConfigurationException naming the setting, if a layer refuses a value
   */
  static BesBackend create(FrontEndConfig config) {
    FrontEndConfig.Bes bes = onlyBes(config);
    BesClient client = Assembly.besClient(config, bes);
    DataSourceCache cache = null;
    try {
      cache = Assembly.cache(config, client::showNode);
      return new BesBackend(client, cache, Assembly.responseCache(config));
    } catch (RuntimeException e) {
      if (cache != null) {
        cache.close();
      }
      client.close();
      throw e;
    }
  }

  /** The one BES this front end serves, with prefix {@code /}. */
  private static FrontEndConfig.Bes onlyBes(FrontEndConfig config) {
    if (config.bes().size() > 1) {
      throw new ConfigurationException(config.source() + ": " + OlfsSettings.BES_ELEMENT
          + " appears " + config.bes().size() + " times, but this front end serves one BES: keep"
          + " the one with prefix /");
    }
    FrontEndConfig.Bes bes = config.bes().get(0);
    String prefix = bes.routing().raw("prefix");
    if (prefix != null && !prefix.equals("/")) {
      throw new ConfigurationException(config.source() + ": " + OlfsSettings.BES_ELEMENT
          + "/prefix was '" + prefix + "': must be / (one BES)");
    }
    return bes;
  }

  /** The client, for the tests of the assembly. */
  BesClient client() {
    return client;
  }

  /** The cache, for the tests of the assembly. */
  DataSourceCache cache() {
    return cache;
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
  public byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix)
      throws IOException {
    return client.buildSiteMap(prefix, nodeSuffix, leafSuffix);
  }

  @Override
  public List<VersionDocument.Bes> versions() {
    String answer;
    try {
      answer = client.showVersion();
    } catch (IOException e) {
      log.info("olfs-fastpath: the BES at {} did not answer showVersion: {}", client.endpoint(),
          e.toString());
      answer = null;
    }
    return List.of(new VersionDocument.Bes("/", client.endpoint().toString(), answer));
  }

  /** Every BES, not yet asked for its version. */
  List<VersionDocument.Bes> unaskedVersions() {
    return List.of(new VersionDocument.Bes("/", client.endpoint().toString(), null));
  }

  @Override
  public String groupOf(String path) {
    return "";
  }

  @Override
  public ResponseCache responses() {
    return responses;
  }

  /** Drops what both caches hold for {@code path}: its catalog entry and its answers. */
  @Override
  public void invalidate(String path) {
    cache.invalidate(path);
    responses.invalidate(path);
  }

  @Override
  public void invalidateAll() {
    cache.invalidateAll();
    responses.invalidateAll();
  }

  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("cache", cacheStatistics(cache.stats()));
    sections.put("responseCache", responseCacheStatistics(responses.stats()));
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

  private static Map<String, Object> responseCacheStatistics(ResponseCacheStats s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("enabled", s.enabled());
    m.put("hitRate", s.hitRate());
    m.put("hitCount", s.hitCount());
    m.put("missCount", s.missCount());
    m.put("loadSuccessCount", s.loadSuccessCount());
    m.put("loadFailureCount", s.loadFailureCount());
    m.put("tooLargeCount", s.tooLargeCount());
    m.put("staleMissCount", s.staleMissCount());
    m.put("averageLoadMillis", s.averageLoadPenaltyNanos() / 1e6);
    m.put("evictionCount", s.evictionCount());
    m.put("evictedBytes", s.evictedBytes());
    m.put("entryCount", s.entryCount());
    m.put("weightedBytes", s.weightedBytes());
    m.put("maximumWeight", s.maximumWeight());
    return m;
  }

  void registerCacheMBean(MBeanServer server, ObjectName name) throws JMException {
    cache.registerMBean(server, name);
  }

  void registerResponseCacheMBean(MBeanServer server, ObjectName name) throws JMException {
    responses.registerMBean(server, name);
  }

  @Override
  public void close() {
    try {
      responses.close();
      cache.close();
    } finally {
      client.close();
    }
  }
}
