package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.testing.Regression;
import org.olfsfastpath.web.FakeHttp;
import org.olfsfastpath.web.FrontEndSettings;
import org.olfsfastpath.web.FrontEndSettingsBuilder;
import org.olfsfastpath.web.FrontEndStats;

final class StatusServletTest {
  private static final String TOKEN = "0123456789abcdef-token";

  private final List<String> invalidated = new ArrayList<>();
  private FrontEndStats.Snapshot stats = counts(0, 0);

  /** The front end's counters, all 0 but these. */
  private static FrontEndStats.Snapshot counts(long requests, long notModified) {
    return new FrontEndStats.Snapshot(
        requests, 0, notModified, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  private final CacheAdmin admin =
      new CacheAdmin() {
        @Override
        public void invalidate(String path) {
          invalidated.add(path);
        }

        @Override
        public void invalidateAll() {
          invalidated.add("*");
        }

        @Override
        public Map<String, Object> statistics(boolean operator) {
          Map<String, Object> cache = new LinkedHashMap<>();
          cache.put("hitRate", 0.75);
          cache.put("size", 3L);
          cache.put("nan", Double.NaN);
          Map<String, Object> bes = new LinkedHashMap<>();
          bes.put("bes", "bes1:10022");
          bes.put("ejected", false);
          Map<String, Object> group = new LinkedHashMap<>();
          group.put("prefix", "/");
          group.put("bes", List.of(bes));
          group.put("none", List.of());
          Map<String, Object> sections = new LinkedHashMap<>();
          sections.put("cache", cache);
          sections.put("groups", List.of(group));
          return sections;
        }
      };

  private StatusServlet servlet(boolean withToken) {
    FrontEndSettingsBuilder settings = FrontEndSettings.newBuilder();
    if (withToken) {
      settings.adminToken(TOKEN);
    }
    return new StatusServlet(
        () -> stats,
        admin,
        settings.build(),
        () -> java.util.Map.of("siteMap", java.util.Map.of("builds", 1L)));
  }

  private FakeHttp.Response post(StatusServlet servlet, FakeHttp.Request request)
      throws IOException {
    FakeHttp.Response response = new FakeHttp.Response();
    servlet.doPost(withPathInfo(request, "/invalidate"), response.build());
    return response;
  }

  private static jakarta.servlet.http.HttpServletRequest withPathInfo(
      FakeHttp.Request request, String pathInfo) {
    jakarta.servlet.http.HttpServletRequest base = request.build();
    return (jakarta.servlet.http.HttpServletRequest)
        java.lang.reflect.Proxy.newProxyInstance(
            StatusServletTest.class.getClassLoader(),
            new Class<?>[] {jakarta.servlet.http.HttpServletRequest.class},
            (proxy, m, args) ->
                m.getName().equals("getPathInfo") ? pathInfo : m.invoke(base, args));
  }

  @Test
  void get_isJsonOfAllSections() throws IOException {
    stats = counts(5, 0);
    FakeHttp.Response r = new FakeHttp.Response();
    servlet(false).doGet(withPathInfo(FakeHttp.Request.get("/status"), null), r.build());
    assertEquals(200, r.status);
    assertEquals("application/json", r.header("Content-Type"));
    assertEquals("no-store", r.header("Cache-Control"));
    assertTrue(r.text().startsWith("{\n  \"frontEnd\": {\n    \"requests\": 5,\n"), r.text());
    assertTrue(
        r.text()
            .contains(
                "\"cache\": {\n    \"hitRate\": 0.75,\n    \"size\": 3,\n"
                    + "    \"nan\": null\n  }"),
        r.text());
    assertTrue(r.text().contains("\n  \"siteMap\": {\n    \"builds\": 1\n  },\n"), r.text());
  }

  @Test
  @Regression("4655c4b: the status document wrote the list of groups as one string")
  void get_writesListsAsJsonArrays() throws IOException {
    FakeHttp.Response r = new FakeHttp.Response();
    servlet(false).doGet(withPathInfo(FakeHttp.Request.get("/status"), null), r.build());
    assertTrue(
        r.text()
            .contains(
                "\"groups\": [\n    {\n      \"prefix\": \"/\",\n"
                    + "      \"bes\": [\n        {\n          \"bes\": \"bes1:10022\",\n"
                    + "          \"ejected\": false\n        }\n      ],\n      \"none\": []\n    }\n  ]"),
        r.text());
  }

  @Test
  void invalidateOne_fromLoopback() throws IOException {
    FakeHttp.Request request = FakeHttp.Request.get("/status/invalidate");
    request.parameters.put("path", "//nc//fnoc1.nc/");
    FakeHttp.Response r = post(servlet(false), request);
    assertEquals(200, r.status);
    assertEquals("{\"invalidated\": \"/nc/fnoc1.nc\"}\n", r.text());
    assertEquals(List.of("/nc/fnoc1.nc"), invalidated);
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "::1", "0:0:0:0:0:0:0:1", "127.0.1.1"})
  void invalidateAll_fromLoopback(String address) throws IOException {
    FakeHttp.Request request = FakeHttp.Request.get("/status/invalidate");
    request.remoteAddr = address;
    request.parameters.put("all", "true");
    assertEquals(200, post(servlet(false), request).status);
    assertEquals(List.of("*"), invalidated);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "192.0.2.7 | | ",
        "127.0.0.1 | X-Forwarded-For | 192.0.2.7",
        "127.0.0.1 | Forwarded | for=192.0.2.7",
        "192.0.2.7 | Authorization | Bearer wrong-token-wrong-token",
        "localhost.evil | | ",
      })
  void invalidate_refusedWithoutLoopbackOrToken(String address, String header, String value)
      throws IOException {
    FakeHttp.Request request = FakeHttp.Request.get("/status/invalidate");
    request.remoteAddr = address;
    if (header != null) {
      request.header(header, value);
    }
    request.parameters.put("all", "true");
    FakeHttp.Response r = post(servlet(true), request);
    assertEquals(403, r.status);
    assertEquals(List.of(), invalidated);
  }

  @Test
  void invalidate_withToken_fromAnywhere() throws IOException {
    FakeHttp.Request request =
        FakeHttp.Request.get("/status/invalidate").header("Authorization", "Bearer " + TOKEN);
    request.remoteAddr = "192.0.2.7";
    request.header("X-Forwarded-For", "198.51.100.1");
    request.parameters.put("path", "/a.nc");
    assertEquals(200, post(servlet(true), request).status);
    assertEquals(List.of("/a.nc"), invalidated);
  }

  @ParameterizedTest
  @ValueSource(strings = {"relative.nc", "/a/../b.nc", "/./a.nc", "/a\u0000.nc"})
  void invalidate_badPath_is400(String path) throws IOException {
    FakeHttp.Request request = FakeHttp.Request.get("/status/invalidate");
    request.parameters.put("path", path);
    assertEquals(400, post(servlet(false), request).status);
    assertEquals(List.of(), invalidated);
  }

  @Test
  void invalidate_nothingNamed_is400() throws IOException {
    assertEquals(400, post(servlet(false), FakeHttp.Request.get("/status/invalidate")).status);
  }

  @Test
  void frontEndBean_exposesCountersAndTheDocument_andValidatesPaths() throws Exception {
    stats = counts(0, 1);
    StatsBean<FrontEndStats.Snapshot> bean = JmxBeans.frontEnd(() -> stats, servlet(false), admin);
    assertEquals(1L, bean.getAttribute("NotModified"));
    assertTrue(((String) bean.getAttribute("StatusJson")).contains("\"notModified\": 1"));
    assertTrue(((String) bean.getAttribute("StatsJson")).contains("\"notModified\":1,"));
    String[] path = {String.class.getName()};
    bean.invoke("invalidate", new Object[] {"/x.nc"}, path);
    bean.invoke("invalidateAll", new Object[0], new String[0]);
    assertEquals(List.of("/x.nc", "*"), invalidated);
    assertEquals(
        "path was '../x', must be an absolute catalog path without . or .. segments",
        assertThrows(
                IllegalArgumentException.class,
                () -> bean.invoke("invalidate", new Object[] {"../x"}, path))
            .getMessage());
  }

  @Test
  void normalize() {
    assertEquals("/", StatusServlet.normalize("/"));
    assertEquals("/a/b", StatusServlet.normalize("/a//b/"));
    assertNull(StatusServlet.normalize(null));
  }
}
