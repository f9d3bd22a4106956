package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.FilterChain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The filter in front of every servlet: 403 and a short body, counted; others pass. */
final class BotFilterTest {
  private final List<String> passed = new ArrayList<>();
  private final List<String> timed = new ArrayList<>();
  private final FilterChain chain = (request, response) -> passed.add(request.toString());
  private final BotFilter filter = new BotFilter(BotRules.compile(Built.parse("<OLFSConfig>"
          + "<BotFilter><IpAddress>192.0.2.7</IpAddress><UserAgentMatch>.*BadBot.*</UserAgentMatch>"
          + "</BotFilter></OLFSConfig>").botFilter(), "olfs.xml", "/opendap"),
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
    assertTrue(byAddress.text().startsWith("Forbidden: this server's bot filter refuses"),
        byAddress.text());
    FakeHttp.Response byAgent = run(FakeHttp.Request.get("/coads_climatology.nc.das")
        .header("User-Agent", "Mozilla/5.0 (compatible; BadBot/2.1)"));
    assertEquals(403, byAgent.status);
    assertEquals(List.of(), passed);
    assertEquals(List.of("blocked 403", "blocked 403"), timed);
    Map<String, Object> status = filter.status();
    assertEquals(true, status.get("enabled"));
    assertEquals(Map.of("IpAddress", 1L, "IpMatch", 0L, "UserAgentMatch", 1L),
        status.get("refused"));
  }

  @Test
  void otherClients_reachTheServlet() throws Exception {
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc.das")
        .header("User-Agent", "curl/8.1"));
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
    Map<String, Object> status = BotFilter.status(BotRules.NONE, null);
    assertEquals(false, status.get("enabled"));
  }
}
