package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.http.CorsPolicy;

/**
 * The CORS filter: a preflight answered by it alone (204 with what it allows, 403 without a CORS
 * header), an allowed origin's answer carrying the headers even after the servlet reset it for an
 * error, {@code Origin} kept in {@code Vary} whatever the servlet sets, another origin served
 * without CORS headers, and status and metrics left alone.
 */
final class CorsFilterTest {
  private static final String SITE = "https://viewer.example.org";
  private final CorsFilter filter =
      new CorsFilter(CorsPolicy.newBuilder().allowedOrigins(List.of(SITE)).build());

  private FakeHttp.Response run(FakeHttp.Request request, boolean errorAfterReset)
      throws Exception {
    FakeHttp.Response response = new FakeHttp.Response();
    filter.doFilter(
        request.build(),
        response.build(),
        (req, res) -> {
          HttpServletResponse resp = (HttpServletResponse) res;
          resp.setHeader("Vary", "Accept-Encoding");
          if (errorAfterReset) {
            resp.reset();
            resp.setStatus(404);
          }
        });
    return response;
  }

  @Test
  void preflight_fromAnAllowedOrigin_is204_withWhatItAllows() throws Exception {
    AtomicBoolean servlet = new AtomicBoolean();
    FakeHttp.Response response = new FakeHttp.Response();
    filter.doFilter(
        FakeHttp.Request.get("/coads_climatology.nc.das")
            .method("OPTIONS")
            .header("Origin", SITE)
            .header("Access-Control-Request-Method", "GET")
            .header("Access-Control-Request-Headers", "a-api-request-uuid")
            .build(),
        response.build(),
        (req, res) -> servlet.set(true));
    assertFalse(servlet.get(), "the filter owns a preflight's answer");
    assertEquals(204, response.status);
    assertEquals(SITE, response.header("Access-Control-Allow-Origin"));
    assertEquals("GET, HEAD, POST, OPTIONS", response.header("Access-Control-Allow-Methods"));
    assertEquals("a-api-request-uuid", response.header("Access-Control-Allow-Headers"));
    assertEquals("600", response.header("Access-Control-Max-Age"));
  }

  @Test
  void preflight_fromAnotherOrigin_is403_withoutCorsHeaders() throws Exception {
    FakeHttp.Response response = new FakeHttp.Response();
    filter.doFilter(
        FakeHttp.Request.get("/coads_climatology.nc.das")
            .method("OPTIONS")
            .header("Origin", "https://evil.example")
            .header("Access-Control-Request-Method", "GET")
            .build(),
        response.build(),
        (req, res) -> {});
    assertEquals(403, response.status);
    assertNull(response.header("Access-Control-Allow-Origin"));
    assertEquals("no-store", response.header("Cache-Control"));
  }

  @Test
  void anAllowedOrigin_keepsItsHeadersAfterAnErrorsReset_andVaryNamesOrigin() throws Exception {
    FakeHttp.Response r = run(FakeHttp.Request.get("/nope.nc.das").header("Origin", SITE), true);
    assertEquals(404, r.status);
    assertEquals(SITE, r.header("Access-Control-Allow-Origin"));
    assertTrue(r.header("Access-Control-Expose-Headers").contains("X-Request-Id"));
    assertEquals("Origin", r.header("Vary"));
    FakeHttp.Response ok = run(FakeHttp.Request.get("/a.nc.das").header("Origin", SITE), false);
    assertEquals("Accept-Encoding, Origin", ok.header("Vary"));
  }

  @Test
  void anotherOrigin_isServedWithoutCorsHeaders_butVaryStillNamesOrigin() throws Exception {
    FakeHttp.Response r =
        run(FakeHttp.Request.get("/a.nc.das").header("Origin", "https://evil.example"), false);
    assertEquals(200, r.status);
    assertNull(r.header("Access-Control-Allow-Origin"));
    assertEquals("Accept-Encoding, Origin", r.header("Vary"));
  }

  @Test
  void statusAndMetrics_areLeftAlone() throws Exception {
    FakeHttp.Response r = run(FakeHttp.Request.get("/status").header("Origin", SITE), false);
    assertNull(r.header("Access-Control-Allow-Origin"));
    assertEquals("Accept-Encoding", r.header("Vary"));
  }
}
