package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.FilterChain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.ReflectionException;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.web.BotFilter;
import org.olfsfastpath.web.BotFilterStats;
import org.olfsfastpath.web.BotRules;
import org.olfsfastpath.web.ClientAddresses;
import org.olfsfastpath.web.FakeHttp;

/**
 * The filter in front of every servlet: 403 and a short body, counted in its one statistics value;
 * others pass.
 */
final class BotFilterTest {
  private final List<String> passed = new ArrayList<>();
  private final List<String> timed = new ArrayList<>();
  private final FilterChain chain = (request, response) -> passed.add(request.toString());
  private final BotFilter filter =
      new BotFilter(
          BotRules.newBuilder()
              .ipAddresses(List.of("192.0.2.7"))
              .userAgentMatches(List.of(".*BadBot.*"))
              .contextPath("/opendap")
              .build(),
          ClientAddresses.DIRECT,
          (type, status, nanos) -> timed.add(type + " " + status));

  private FakeHttp.Response run(FakeHttp.Request request) throws Exception {
    FakeHttp.Response response = new FakeHttp.Response();
    filter.doFilter(request.build(), response.build(), chain);
    return response;
  }

  @Test
  void refusedClient_403_shortBody_noServlet_counted() throws Exception {
    FakeHttp.Request request = FakeHttp.Request.get("/coads_climatology.nc.dods");
    request.remoteAddr = "192.0.2.7";
    FakeHttp.Response byAddress = run(request);
    assertEquals(403, byAddress.status);
    assertEquals("text/plain;charset=UTF-8", byAddress.header("Content-Type"));
    assertTrue(
        byAddress.text().startsWith("Forbidden: this server's bot filter refuses"),
        byAddress.text());
    FakeHttp.Response byAgent =
        run(
            FakeHttp.Request.get("/coads_climatology.nc.das")
                .header("User-Agent", "Mozilla/5.0 (compatible; BadBot/2.1)"));
    assertEquals(403, byAgent.status);
    assertEquals(List.of(), passed);
    assertEquals(List.of("blocked 403", "blocked 403"), timed);
    Map<String, Object> status = StatusSections.botFilter(filter.stats());
    assertEquals(true, status.get("enabled"));
    assertEquals(
        Map.of("IpAddress", 1L, "IpMatch", 0L, "UserAgentMatch", 1L), status.get("refused"));
  }

  /**
   * Behind a trusted proxy the filter sees the client the proxy forwarded, as the fair shares do; a
   * client's own X-Forwarded-For, from an untrusted peer, neither refuses nor frees it.
   */
  @Test
  void theClientsAddress_isTheOneTheSharesUse_behindATrustedProxyOnly() throws Exception {
    BotFilter proxied =
        new BotFilter(
            BotRules.newBuilder().ipAddresses(List.of("192.0.2.7")).contextPath("/opendap").build(),
            ClientAddresses.trusting("127.0.0.1"),
            (type, status, nanos) -> timed.add(type));
    FakeHttp.Request forwarded =
        FakeHttp.Request.get("/coads_climatology.nc.das").header("X-Forwarded-For", "192.0.2.7");
    FakeHttp.Response r = new FakeHttp.Response();
    proxied.doFilter(forwarded.build(), r.build(), chain);
    assertEquals(403, r.status, "the bad client through the proxy");

    FakeHttp.Request spoofed =
        FakeHttp.Request.get("/coads_climatology.nc.das").header("X-Forwarded-For", "198.51.100.1");
    spoofed.remoteAddr = "192.0.2.7";
    FakeHttp.Response s = new FakeHttp.Response();
    proxied.doFilter(spoofed.build(), s.build(), chain);
    assertEquals(403, s.status, "its own header does not hide it");
    assertEquals(List.of(), passed);
  }

  @Test
  void otherClients_reachTheServlet() throws Exception {
    FakeHttp.Response r =
        run(FakeHttp.Request.get("/coads_climatology.nc.das").header("User-Agent", "curl/8.1"));
    assertEquals(200, r.status);
    assertEquals(List.of("GET /coads_climatology.nc.das"), passed);
    assertEquals(List.of(), timed);
  }

  @Test
  void head_isRefusedWithoutBody() throws Exception {
    FakeHttp.Request request = FakeHttp.Request.get("/").method("HEAD");
    request.remoteAddr = "192.0.2.7";
    FakeHttp.Response r = run(request);
    assertEquals(403, r.status);
    assertEquals(0, r.body().length);
  }

  @Test
  void status_withoutFilter_saysSo() {
    BotFilter none =
        new BotFilter(BotRules.NONE, ClientAddresses.DIRECT, (type, status, nanos) -> {});
    assertFalse(none.hasRules());
    Map<String, Object> status = StatusSections.botFilter(none.stats());
    assertEquals(false, status.get("enabled"));
  }

  /**
   * One statistics value, read by every exporter: the status section, the JMX bean and the metrics
   * show the same refusals, taken from {@link BotFilter#stats()}.
   */
  @Test
  void oneStatsValue_readByStatusJmxAndMetrics() throws Exception {
    FakeHttp.Request byAddress = FakeHttp.Request.get("/a.nc.dds");
    byAddress.remoteAddr = "192.0.2.7";
    run(byAddress);
    run(byAddress);
    run(FakeHttp.Request.get("/a.nc.das").header("User-Agent", "BadBot"));
    BotFilterStats stats = filter.stats();
    assertEquals(new BotFilterStats(true, 1, 0, 1, 1, 0, 2, 0, 1), stats);
    assertEquals(3, stats.refusals());

    MBeanServer server = MBeanServerFactory.newMBeanServer();
    ObjectName name = new ObjectName("org.olfsfastpath:type=BotFilter,name=test");
    server.registerMBean(
        new StatsBean<>(BotFilterStats.class, filter::stats, BotFilterStats::toJson), name);
    assertEquals(2L, server.getAttribute(name, "IpAddressRefusals"));
    assertEquals(1L, server.getAttribute(name, "UserAgentMatchRefusals"));
    assertEquals(3L, server.getAttribute(name, "Refusals"));
    assertEquals(true, server.getAttribute(name, "Enabled"));
    assertEquals(1, server.getAttribute(name, "IpAddresses"));
    assertEquals(
        "{\"enabled\":true,\"ipAddresses\":1,\"ipMatches\":0,\"userAgentMatches\":1,"
            + "\"allowedResponses\":1,\"blockedResponses\":0,\"ipAddressRefusals\":2,"
            + "\"ipMatchRefusals\":0,\"userAgentMatchRefusals\":1,\"refusals\":3}",
        server.getAttribute(name, StatsBean.JSON));
    assertEquals(0, server.getMBeanInfo(name).getOperations().length, "nothing to invalidate");
    assertThrows(
        ReflectionException.class,
        () -> server.invoke(name, "invalidateAll", new Object[0], new String[0]));

    try (FrontEndMetrics metrics = new FrontEndMetrics(null)) {
      metrics.monitorBotFilter(filter::stats);
      String scrape = metrics.scrape();
      MetricsRecordingTest.assertLine(
          scrape, "olfs_bot_filter_refusals_total{cause=\"IpAddress\"} 2.0");
      MetricsRecordingTest.assertLine(
          scrape, "olfs_bot_filter_refusals_total{cause=\"IpMatch\"} 0.0");
      MetricsRecordingTest.assertLine(
          scrape, "olfs_bot_filter_refusals_total{cause=\"UserAgentMatch\"} 1.0");
    }
  }
}
