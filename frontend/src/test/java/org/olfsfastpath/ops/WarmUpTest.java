package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.web.DapServlet;
import org.olfsfastpath.web.DapServletTest;
import org.olfsfastpath.web.FakeBackend;
import org.olfsfastpath.web.FakeHttp;
import org.olfsfastpath.web.FrontEndSettings;
import org.olfsfastpath.web.FrontEndStats;
import org.olfsfastpath.web.VersionService;

final class WarmUpTest {
  private final FakeBackend backend =
      new FakeBackend()
          .withDirectory(
              "/",
              new DataSource.Child("README", false, FakeBackend.MODIFIED, 9, false),
              new DataSource.Child("nc", false, FakeBackend.MODIFIED, 0, true))
          .withDirectory(
              "/nc",
              new DataSource.Child("sub", false, FakeBackend.MODIFIED, 0, true),
              new DataSource.Child("fnoc 1.nc", true, FakeBackend.MODIFIED, 23944, false))
          .withDataset("/nc/fnoc 1.nc");

  {
    backend.bodies.put(
        org.olfsfastpath.bes.BesGetType.DMR,
        DapServletTest.DMR.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    try {
      backend.bodies.put(org.olfsfastpath.bes.BesGetType.DAP, DapServletTest.coadsDap("/COADSX"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private DapServlet servlet(FrontEndStats stats) {
    return servlet(stats, DapServlet.RequestTimer.NONE);
  }

  private DapServlet servlet(FrontEndStats stats, DapServlet.RequestTimer timer) {
    FrontEndSettings settings = FrontEndSettings.defaults();
    return DapServlet.assemble(
        settings,
        backend,
        stats,
        "test",
        null,
        new VersionService("test", backend::versions, List.of()),
        null,
        Clock.systemUTC(),
        timer,
        org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
        org.olfsfastpath.web.AnswerPolicy.defaults(),
        org.olfsfastpath.web.AccessGate.open());
  }

  @Test
  void warmsTheFirstDatasetFound_throughTheClientsServlet_soTheFirstClientRequestIsWarm()
      throws Exception {
    FrontEndStats clientStats = new FrontEndStats();
    List<String> timed = new ArrayList<>();
    DapServlet clients = servlet(clientStats, (type, status, nanos) -> timed.add(type));
    WarmUp warmUp = new WarmUp(clients, backend, null, "/opendap");
    assertEquals(27, warmUp.run());
    // .das, .dds and .dmr (the form shares the DMR), and the form's coordinate values: each
    // fetched once, then kept.
    assertEquals(
        List.of("das", "dds", "dmr", "dap"),
        backend.gets.stream().map(get -> get.type().besType()).toList());
    assertEquals("/nc/fnoc 1.nc", backend.gets.get(0).path());
    assertEquals(0, clientStats.snapshot().requests(), "clients' counters see no warm-up request");
    assertEquals(List.of(), timed, "nor do the request metrics");

    FakeHttp.Response first = new FakeHttp.Response();
    clients.service(FakeHttp.Request.get("/nc/fnoc%201.nc.das").build(), first.build());
    assertEquals(200, first.status);
    assertEquals(4, backend.gets.size(), "the first client request costs no BES message");
    assertEquals(1, clientStats.snapshot().requests(), "the same servlet counts its clients");
    assertEquals(List.of("das"), timed);
  }

  @Test
  void aConfiguredDataset_isWarmedAsIs_andAMissingOne_stopsQuietly() {
    backend.withDataset("/coads_climatology.nc");
    assertEquals(
        27,
        new WarmUp(servlet(new FrontEndStats()), backend, "/coads_climatology.nc", "/opendap")
            .run());
    assertEquals("/coads_climatology.nc", backend.gets.get(0).path());
    assertEquals(
        0,
        new WarmUp(servlet(new FrontEndStats()), backend, "/no/such.nc", "/opendap").run(),
        "no such dataset: nothing to warm");
  }
}
