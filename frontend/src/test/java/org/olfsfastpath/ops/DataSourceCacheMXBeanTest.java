package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.DataSourceCacheStats;

/** Operators read the data-source cache's statistics and invalidate entries over JMX. */
final class DataSourceCacheMXBeanTest {
  /** The attributes and operations operators use, for a typed proxy. */
  public interface DataSourceCacheMXBean {
    long getEstimatedSize();

    void invalidate(String path);

    void invalidateAll();
  }

  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  private final MBeanServer server = MBeanServerFactory.newMBeanServer();
  private ObjectName name;
  private DataSourceCache cache;

  @BeforeEach
  void setUp() throws JMException {
    name = new ObjectName("org.olfsfastpath:type=DataSourceCache,name=test");
    cache =
        DataSourceCache.newBuilder()
            .loader(
                (path, caller) -> {
                  calls.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
                  return new BesNode(
                      path, true, Instant.parse("2026-11-22T01:52:59Z"), 1, true, List.of());
                })
            .executor(Runnable::run)
            .build();
  }

  @AfterEach
  void tearDown() {
    cache.close();
  }

  /** As the web application registers it. */
  private void register() throws JMException {
    server.registerMBean(
        new StatsBean<>(
            DataSourceCacheStats.class,
            cache::stats,
            DataSourceCacheStats::toJson,
            cache::invalidate,
            cache::invalidateAll),
        name);
  }

  @Test
  void attributesReportTheStatistics() throws Exception {
    register();
    cache.lookup("/a.nc");
    cache.lookup("/a.nc");
    cache.lookup("/a.nc");

    assertEquals(2L, server.getAttribute(name, "HitCount"));
    assertEquals(1L, server.getAttribute(name, "MissCount"));
    assertEquals(2.0 / 3, (double) server.getAttribute(name, "HitRate"), 1e-9);
    assertEquals(1L, server.getAttribute(name, "LoadSuccessCount"));
    assertEquals(1L, server.getAttribute(name, "EstimatedSize"));
    assertEquals(true, server.getAttribute(name, "Enabled"));
    assertEquals(cache.stats().toJson(), server.getAttribute(name, "StatsJson"));
  }

  @Test
  void operationsInvalidate() throws Exception {
    register();
    DataSourceCacheMXBean proxy = JMX.newMXBeanProxy(server, name, DataSourceCacheMXBean.class);
    cache.lookup("/a.nc");
    cache.lookup("/b.nc");

    proxy.invalidate("/a.nc");
    assertEquals(1L, proxy.getEstimatedSize());
    cache.lookup("/a.nc");
    assertEquals(2, calls.get("/a.nc").get());

    server.invoke(name, "invalidateAll", new Object[0], new String[0]);
    assertEquals(0L, proxy.getEstimatedSize());
  }

  @Test
  void registerTwiceUnderOneNameFails() throws JMException {
    register();

    assertThrows(InstanceAlreadyExistsException.class, this::register);
  }

  @Test
  void unregisterRemovesIt() throws JMException, IOException {
    register();
    assertTrue(server.isRegistered(name));

    server.unregisterMBean(name);

    assertFalse(server.isRegistered(name));
  }
}
