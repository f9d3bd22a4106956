package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.ScriptedLoader.leaf;

import java.io.IOException;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Operators read the statistics and invalidate entries over JMX. */
final class DataSourceCacheMXBeanTest {
  private final ScriptedLoader bes = new ScriptedLoader();
  private final MBeanServer server = MBeanServerFactory.newMBeanServer();
  private ObjectName name;
  private DataSourceCache cache;

  @BeforeEach
  void setUp() throws JMException {
    name = new ObjectName("org.olfsfastpath:type=DataSourceCache,name=test");
    bes.answer("/a.nc", leaf("/a.nc", 1)).answer("/b.nc", leaf("/b.nc", 1));
    cache = DataSourceCache.newBuilder().loader(bes).executor(Runnable::run).build();
  }

  @AfterEach
  void tearDown() {
    cache.close();
  }

  @Test
  void attributesReportTheStatistics() throws Exception {
    cache.registerMBean(server, name);
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
    cache.registerMBean(server, name);
    DataSourceCacheMXBean proxy = JMX.newMXBeanProxy(server, name, DataSourceCacheMXBean.class);
    cache.lookup("/a.nc");
    cache.lookup("/b.nc");

    proxy.invalidate("/a.nc");
    assertEquals(1L, proxy.getEstimatedSize());
    cache.lookup("/a.nc");
    assertEquals(2, bes.calls("/a.nc"));

    server.invoke(name, "invalidateAll", new Object[0], new String[0]);
    assertEquals(0L, proxy.getEstimatedSize());
  }

  @Test
  void registerTwiceUnderOneNameFails() throws JMException {
    cache.registerMBean(server, name);

    assertThrows(InstanceAlreadyExistsException.class, () -> cache.registerMBean(server, name));
  }

  @Test
  void unregisterRemovesIt() throws JMException, IOException {
    cache.registerMBean(server, name);
    assertTrue(server.isRegistered(name));

    cache.unregisterMBean(server, name);

    assertFalse(server.isRegistered(name));
  }
}
