package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.cache.ResponseCacheStats;
import org.olfsfastpath.cache.ResponseKey;
import org.olfsfastpath.cache.ResponseLoader;

/** Operators read the response cache's statistics and invalidate answers over JMX. */
final class ResponseCacheMXBeanTest {
  /** The attributes and operations operators use, for a typed proxy. */
  public interface ResponseCacheMXBean {
    long getEntryCount();

    void invalidate(String path);

    void invalidateAll();
  }

  private final MBeanServer server = MBeanServerFactory.newMBeanServer();
  private final DataSource a = source("/a.nc");
  private ObjectName name;
  private ResponseCache cache;

  @BeforeEach
  void setUp() throws JMException {
    name = new ObjectName("org.olfsfastpath:type=ResponseCache,name=test");
    cache = ResponseCache.newBuilder().executor(Runnable::run).build();
  }

  @AfterEach
  void tearDown() {
    cache.close();
  }

  /** As the web application registers it. */
  private void register() throws JMException {
    server.registerMBean(
        new StatsBean<>(
            ResponseCacheStats.class,
            cache::stats,
            ResponseCacheStats::toJson,
            cache::invalidate,
            cache::invalidateAll),
        name);
  }

  private static DataSource source(String path) {
    return new DataSource(path, true, Instant.parse("2026-11-22T01:52:59Z"), 3, false, List.of());
  }

  private static ResponseLoader text(String body) {
    return () -> new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void attributesReportTheStatistics() throws Exception {
    register();
    ResponseKey das = ResponseKey.of("", "/a.nc", "das", "");
    cache.load(das, a, text("Attributes {}"));
    cache.lookup(das, a);
    cache
        .load(ResponseKey.of("", "/a.nc", "dods", ""), a, 3, false, text("data"))
        .getClass(); // streamed, too large
    cache.caffeine().cleanUp();

    assertEquals(true, server.getAttribute(name, "Enabled"));
    assertEquals(1L, server.getAttribute(name, "HitCount"));
    assertEquals(2L, server.getAttribute(name, "MissCount"));
    assertEquals(1.0 / 3, (double) server.getAttribute(name, "HitRate"), 1e-9);
    assertEquals(2L, server.getAttribute(name, "LoadSuccessCount"));
    assertEquals(0L, server.getAttribute(name, "LoadFailureCount"));
    assertEquals(1L, server.getAttribute(name, "TooLargeCount"));
    assertEquals(0L, server.getAttribute(name, "StaleMissCount"));
    assertEquals(1L, server.getAttribute(name, "EntryCount"));
    assertEquals(cache.weightedBytes(), server.getAttribute(name, "WeightedBytes"));
    assertEquals(64L << 20, server.getAttribute(name, "MaximumWeight"));
    assertEquals(0L, server.getAttribute(name, "EvictionCount"));
    assertEquals(0L, server.getAttribute(name, "EvictedBytes"));
    assertTrue(((String) server.getAttribute(name, "StatsJson")).contains("\"tooLargeCount\":1"));
  }

  @Test
  void operationsInvalidate() throws Exception {
    register();
    ResponseKey das = ResponseKey.of("", "/a.nc", "das", "");
    ResponseKey dds = ResponseKey.of("", "/b.nc", "dds", "");
    DataSource b = source("/b.nc");
    cache.load(das, a, text("DAS"));
    cache.load(dds, b, text("DDS"));
    ResponseCacheMXBean proxy = JMX.newMXBeanProxy(server, name, ResponseCacheMXBean.class);

    proxy.invalidate("/a.nc");
    assertNull(cache.lookup(das, a));
    assertTrue(cache.lookup(dds, b) != null);
    proxy.invalidateAll();
    assertNull(cache.lookup(dds, b));
    assertEquals(0, proxy.getEntryCount());
  }

  @Test
  void registerTwice_refused_unregisterFrees() throws JMException, IOException {
    register();
    assertThrows(InstanceAlreadyExistsException.class, this::register);
    server.unregisterMBean(name);
    register();
    assertTrue(server.isRegistered(name));
  }
}
