package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.dap.DapRequestParser;

/**
 * What upstream clients send that the front end used to answer wrongly: {@code dap4.function} (sent
 * to the BES as upstream sends it), {@code dap4.async} (answered at once, as upstream with BES 3.22
 * answers it), {@code dap4.store_result} (refused, never answered as if absent), HEAD of a response
 * the BES cannot make (the GET's 501), and POST on the bare dataset URL (the GET's answer).
 */
final class DropInRequestsTest {
  private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
  private final FakeBackend backend = new FakeBackend().withDataset("/coads_climatology.nc");
  private final FrontEndStats stats = new FrontEndStats();
  private final FrontEndSettings settings = FrontEndSettings.newBuilder().build();
  private final DapServlet servlet =
      new DapServlet(
          DapRequestParser.withDefaults(),
          Responders.create(
              settings,
              backend,
              "test",
              new VersionService("test", backend::versions, List.of()),
              null,
              Clock.fixed(NOW, ZoneOffset.UTC),
              org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
              AnswerPolicy.defaults()),
          stats,
          settings,
          null,
          DapServlet.RequestTimer.NONE,
          AccessGate.open());

  private FakeHttp.Response run(FakeHttp.Request request) throws IOException {
    FakeHttp.Response response = new FakeHttp.Response();
    servlet.service(request.build(), response.build());
    return response;
  }

  @Test
  void dap4Function_goesToTheBesWithTheDap4Get() throws IOException {
    FakeHttp.Response r =
        run(
            FakeHttp.Request.get(
                "/coads_climatology.nc.dap"
                    + "?dap4.function=linear_scale(COADSX,2,0)&dap4.ce=COADSX"));
    assertEquals(200, r.status);
    GetRequest get = backend.gets.get(0);
    assertEquals(BesGetType.DAP, get.type());
    assertEquals("COADSX", get.constraint());
    assertEquals("linear_scale(COADSX,2,0)", get.dap4Function());
  }

  @ParameterizedTest
  @ValueSource(strings = {"dap.csv", "dap.nc", "dmr", "dmr.xml"})
  void dap4Function_goesWithEveryDap4GetOfTheBes(String suffix) throws IOException {
    run(FakeHttp.Request.get("/coads_climatology.nc." + suffix + "?dap4.function=version()"));
    assertEquals("version()", backend.gets.get(0).dap4Function(), suffix);
  }

  /** The response cache keys a function's answer apart from the plain one. */
  @Test
  void dap4Function_isPartOfTheCacheKey() throws IOException {
    run(FakeHttp.Request.get("/coads_climatology.nc.dmr"));
    run(FakeHttp.Request.get("/coads_climatology.nc.dmr?dap4.function=version()"));
    run(FakeHttp.Request.get("/coads_climatology.nc.dmr?dap4.function=version()"));
    assertEquals(2, backend.gets.size(), backend.gets.toString());
  }

  @Test
  void dap4Function_inAPostBody() throws IOException {
    run(FakeHttp.Request.post("/coads_climatology.nc.dap", "dap4.function=version%28%29"));
    assertEquals("version()", backend.gets.get(0).dap4Function());
  }

  @Test
  void dap4Function_withDapXml_is400_beforeTheBes() throws IOException {
    FakeHttp.Response r =
        run(FakeHttp.Request.get("/coads_climatology.nc.dap.xml?dap4.function=version()"));
    assertEquals(400, r.status);
    assertTrue(r.text().contains(".dap"), r.text());
    assertEquals(List.of(), backend.gets);
  }

  /** A DAP2 response takes the whole query string as its constraint, as upstream. */
  @Test
  void dap2Response_takesTheQueryAsItsConstraint() throws IOException {
    run(FakeHttp.Request.get("/coads_climatology.nc.dds?dap4.function=version()"));
    assertEquals("", backend.gets.get(0).dap4Function());
    assertEquals("dap4.function=version()", backend.gets.get(0).constraint());
  }

  @ParameterizedTest
  @ValueSource(strings = {".dap?dap4.store_result=x", ".dods?dap4.store_result"})
  void storedResults_are501_beforeTheBes(String request) throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.get("/coads_climatology.nc" + request));
    assertEquals(501, r.status, r.text());
    assertTrue(r.text().contains("is not offered by this server"), r.text());
    assertEquals(0, backend.lookups.get());
    assertEquals(List.of(), backend.gets);
  }

  @ParameterizedTest
  @ValueSource(strings = {".dap?dap4.async=30", ".dap?dap4.async", ".dmr?dap4.ce=x&dap4.async=1"})
  void async_isAnsweredAtOnce_withTheAnswerOfTheRequestWithoutIt(String request)
      throws IOException {
    FakeHttp.Response without =
        run(
            FakeHttp.Request.get(
                "/coads_climatology.nc" + request.replaceAll("&?dap4.async[^&]*", "")));
    FakeHttp.Response with = run(FakeHttp.Request.get("/coads_climatology.nc" + request));
    assertEquals(200, with.status, with.text());
    assertArrayEquals(without.body(), with.body(), request);
    // One get: the second request is the first's, down to its key in the response cache.
    assertEquals(1, backend.gets.size(), request);
  }

  @Test
  void storedResultsInAPostBody_are501() throws IOException {
    assertEquals(
        501, run(FakeHttp.Request.post("/coads_climatology.nc.dap", "dap4.store_result=x")).status);
  }

  /** Regression: HEAD said 200 from the catalog where the GET then answered 501. */
  @Test
  void head_ofAResponseTheBesCannotMake_isTheGets501() throws IOException {
    backend.missingModules.add(BesGetType.DODS_GEOTIFF);
    FakeHttp.Response head = run(FakeHttp.Request.get("/coads_climatology.nc.tiff").method("HEAD"));
    assertEquals(501, head.status);
    assertEquals(0, head.body().length);
    assertEquals(1, backend.gets.size());
    assertTrue(backend.gets.get(0).probe(), backend.gets.toString());
    // Known now: the next HEAD costs no BES message.
    assertEquals(
        501, run(FakeHttp.Request.get("/coads_climatology.nc.tiff").method("HEAD")).status);
    assertEquals(1, backend.gets.size());
  }

  @Test
  void head_ofAResponseTheBesCanMake_is200_oneProbe() throws IOException {
    FakeHttp.Response head = run(FakeHttp.Request.get("/coads_climatology.nc.nc").method("HEAD"));
    assertEquals(200, head.status);
    assertEquals("application/x-netcdf", head.header("Content-Type"));
    run(FakeHttp.Request.get("/coads_climatology.nc.nc").method("HEAD"));
    assertEquals(1, backend.gets.size(), backend.gets.toString());
    assertTrue(backend.gets.get(0).probe());
  }

  /** Responses of the DAP module itself need no probe: HEAD stays free. */
  @ParameterizedTest
  @ValueSource(strings = {"dods", "dds", "dap"})
  void head_ofADapResponse_costsNothing(String suffix) throws IOException {
    assertEquals(
        200, run(FakeHttp.Request.get("/coads_climatology.nc." + suffix).method("HEAD")).status);
    assertEquals(List.of(), backend.gets);
  }

  /** Regression: POST on the bare dataset URL was a 405; upstream answers it as the GET. */
  @Test
  void post_onTheBareDatasetUrl_isTheGetsRedirect() throws IOException {
    FakeHttp.Response r = run(FakeHttp.Request.post("/coads_climatology.nc", "ce=x"));
    assertEquals(302, r.status);
    assertEquals("coads_climatology.nc.dmr.html", r.header("Location"));
  }

  @Test
  void post_onAPlainFile_isStill405() throws IOException {
    backend.withFile("/README.txt", 10);
    FakeHttp.Response r = run(FakeHttp.Request.post("/README.txt", ""));
    assertEquals(405, r.status);
    assertEquals("GET, HEAD", r.header("Allow"));
  }
}
