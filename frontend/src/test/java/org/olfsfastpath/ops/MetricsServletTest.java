package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.web.FakeHttp;
import org.olfsfastpath.web.FrontEndSettings;
import org.olfsfastpath.web.FrontEndSettingsBuilder;

/** The metrics endpoint answers the scrape to loopback or the admin token, and 403 otherwise. */
final class MetricsServletTest {
  private static final String TOKEN = "0123456789abcdef-token";

  private final FrontEndMetrics metrics = new FrontEndMetrics();

  @AfterEach
  void tearDown() {
    metrics.close();
  }

  private MetricsServlet servlet(boolean withToken) {
    FrontEndSettingsBuilder settings = FrontEndSettings.newBuilder();
    if (withToken) {
      settings.adminToken(TOKEN);
    }
    return new MetricsServlet(metrics, settings.build());
  }

  private static FakeHttp.Response get(MetricsServlet servlet, FakeHttp.Request request)
      throws IOException {
    FakeHttp.Response response = new FakeHttp.Response();
    servlet.doGet(request.build(), response.build());
    return response;
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "::1", "0:0:0:0:0:0:0:1", "127.0.1.1"})
  void fromLoopback_isTheScrape(String address) throws IOException {
    metrics.recordRequest("das", 200, 250_000);
    FakeHttp.Request request = FakeHttp.Request.get("/metrics");
    request.remoteAddr = address;

    FakeHttp.Response r = get(servlet(false), request);

    assertEquals(200, r.status);
    assertEquals("text/plain; version=0.0.4; charset=utf-8", r.header("Content-Type"));
    assertEquals("no-store", r.header("Cache-Control"));
    assertEquals(Integer.toString(r.body().length), r.header("Content-Length"));
    MetricsRecordingTest.assertLine(
        r.text(), "olfs_requests_seconds_count{status=\"200\",type=\"das\"} 1");
  }

  @Test
  void withToken_fromAnywhere_evenBehindAProxy() throws IOException {
    FakeHttp.Request request =
        FakeHttp.Request.get("/metrics")
            .header("Authorization", "Bearer " + TOKEN)
            .header("X-Forwarded-For", "198.51.100.1");
    request.remoteAddr = "192.0.2.7";

    FakeHttp.Response r = get(servlet(true), request);

    assertEquals(200, r.status);
    assertTrue(r.text().contains("\n# TYPE jvm_memory_used_bytes gauge\n"), r.text());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "192.0.2.7 | | ",
        "127.0.0.1 | X-Forwarded-For | 192.0.2.7",
        "127.0.0.1 | Forwarded | for=192.0.2.7",
        "192.0.2.7 | Authorization | Bearer wrong-token-wrong-token",
        "127.0.0.1 | Authorization | Bearer wrong-token-wrong-token",
        "localhost.evil | | ",
      })
  void refused_withoutLoopbackOrToken(String address, String header, String value)
      throws IOException {
    FakeHttp.Request request = FakeHttp.Request.get("/metrics");
    request.remoteAddr = address;
    if (header != null) {
      request.header(header, value);
    }

    FakeHttp.Response r = get(servlet(true), request);

    assertEquals(403, r.status);
    assertEquals("application/json", r.header("Content-Type"));
    assertEquals(
        "{\"error\": \"metrics are served to localhost, or with the configured admin"
            + " token\"}\n",
        r.text());
  }

  @Test
  void aTokenWithoutOneConfigured_isNoKey() throws IOException {
    FakeHttp.Request request =
        FakeHttp.Request.get("/metrics").header("Authorization", "Bearer " + TOKEN);
    request.remoteAddr = "192.0.2.7";
    assertEquals(403, get(servlet(false), request).status);
  }

  @Test
  void subPath_is404() throws IOException {
    FakeHttp.Request request = FakeHttp.Request.get("/metrics/x");
    FakeHttp.Response response = new FakeHttp.Response();
    jakarta.servlet.http.HttpServletRequest base = request.build();
    servlet(false)
        .doGet(
            (jakarta.servlet.http.HttpServletRequest)
                java.lang.reflect.Proxy.newProxyInstance(
                    getClass().getClassLoader(),
                    new Class<?>[] {jakarta.servlet.http.HttpServletRequest.class},
                    (proxy, m, args) ->
                        m.getName().equals("getPathInfo") ? "/x" : m.invoke(base, args)),
            response.build());
    assertEquals(404, response.status);
    assertEquals("{\"error\": \"no such metrics resource\"}\n", response.text());
  }
}
