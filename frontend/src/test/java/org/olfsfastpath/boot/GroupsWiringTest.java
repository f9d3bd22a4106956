package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.RecordedRequest;
import org.olfsfastpath.web.DapServlet;
import org.olfsfastpath.web.FakeHttp;
import org.olfsfastpath.web.FrontEndStats;
import org.olfsfastpath.web.VersionService;

/**
 * Several BES from one olfs.xml, through the servlet and real emulators: each path goes to the
 * group of its longest prefix, with the prefix taken off; a group whose only BES is down answers
 * 503 at once while the other serves; the status and version documents list every group and BES;
 * the site map holds every group's catalog under its prefix.
 */
final class GroupsWiringTest {
  private BesEmulator root;
  private BesEmulator ghrsst;
  private Built built;

  @AfterEach
  void close() {
    if (built != null) {
      built.close();
    }
    if (root != null) {
      root.close();
    }
    if (ghrsst != null) {
      ghrsst.close();
    }
  }

  private static String olfsXml(int rootPort, int ghrsstPort) {
    return "<OLFSConfig><BESManager>"
        + "<BES><prefix>/</prefix><host>127.0.0.1</host><port>"
        + rootPort
        + "</port></BES>"
        + "<BES><prefix>/ghrsst/</prefix><host>127.0.0.1</host><port>"
        + ghrsstPort
        + "</port>"
        + "</BES></BESManager>"
        + "<FastPath><BesGroups ejectionBase=\"200ms\" ejectionMax=\"400ms\"/>"
        + "<ClientPool connectTimeout=\"1\"/></FastPath></OLFSConfig>";
  }

  private FakeHttp.Response get(DapServlet servlet, String path) throws IOException {
    FakeHttp.Response response = new FakeHttp.Response();
    try {
      servlet.service(FakeHttp.Request.get(path).build(), response.build());
    } catch (jakarta.servlet.ServletException e) {
      throw new AssertionError(e);
    }
    return response;
  }

  private DapServlet servlet(FrontEndStats stats) {
    return DapServlet.assemble(
        built.web(),
        built.backend(),
        stats,
        "test",
        null,
        new VersionService("test", built.backend()::versions, List.of()),
        null,
        Clock.systemUTC(),
        DapServlet.RequestTimer.NONE,
        org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
        org.olfsfastpath.web.AnswerPolicy.defaults(),
        org.olfsfastpath.web.AccessGate.open());
  }

  @Test
  void eachGroup_answersItsOwnCatalog_underItsPrefix() throws Exception {
    root = BesEmulator.newBuilder().faithfulWrites(false).build();
    root.start();
    ghrsst =
        BesEmulator.newBuilder()
            .faithfulWrites(false)
            .syntheticDatasets(20)
            .syntheticFanout(10)
            .build();
    ghrsst.start();
    built = Built.of(olfsXml(root.port(), ghrsst.port()));
    DapServlet servlet = servlet(new FrontEndStats());

    assertEquals(200, get(servlet, "/coads_climatology.nc.ascii?COADSX").status);
    FakeHttp.Response synthetic = get(servlet, "/ghrsst/synthetic/d1/ds12.nc.ascii");
    assertEquals(200, synthetic.status, synthetic.text());
    assertEquals(0, root.commandCount("get") - 1, "the / group got only its own get");
    assertEquals(1, ghrsst.commandCount("get"));
    RecordedRequest sent = lastGet(ghrsst);
    assertEquals("/synthetic/d1/ds12.nc", sent.containerPath(), "the prefix is taken off");
    // /ghrsstx is not under /ghrsst: whole segments only.
    assertEquals(404, get(servlet, "/ghrsstx/synthetic/d1/ds12.nc.das").status);
    assertEquals(1, ghrsst.commandCount("get"));

    VersionService versions = new VersionService("test", built.backend()::versions, List.of());
    assertTrue(versions.refresh());
    String document = new String(versions.document(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(document.contains("<BesGroup prefix=\"/\">"), document);
    assertTrue(document.contains("<BesGroup prefix=\"/ghrsst\">"), document);
    assertTrue(document.contains("name=\"" + ghrsst.endpoint() + "\""), document);

    String siteMap =
        new String(
            built.backend().buildSiteMap("http://x/", "contents.html", ".dmr.html"),
            java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(siteMap.contains("http://x/ghrsst/synthetic/d1/ds12.nc.dmr.html\n"), siteMap);
    assertTrue(siteMap.contains("http://x/coads_climatology.nc.dmr.html\n"), siteMap);
    assertTrue(!siteMap.contains("http://x/synthetic/"), siteMap);
  }

  @Test
  void aGroupWhoseBesIsDown_failsFast_with503_whileTheOtherServes_andComesBack() throws Exception {
    root = BesEmulator.newBuilder().faithfulWrites(false).build();
    root.start();
    int free;
    try (ServerSocket socket = new ServerSocket(0)) {
      free = socket.getLocalPort();
    }
    built = Built.of(olfsXml(root.port(), free));
    FrontEndStats stats = new FrontEndStats();
    DapServlet servlet = servlet(stats);

    FakeHttp.Response first = get(servlet, "/ghrsst/x.nc.das");
    assertEquals(503, first.status, first.text());
    assertTrue(first.text().contains("127.0.0.1:" + free), first.text());
    assertTrue(Integer.parseInt(first.header("Retry-After")) >= 1);
    for (int i = 0; i < 20; i++) {
      long start = System.nanoTime();
      FakeHttp.Response again = get(servlet, "/ghrsst/y" + i + ".nc.das");
      assertEquals(503, again.status);
      assertTrue(System.nanoTime() - start < Duration.ofMillis(100).toNanos(), "fails fast");
    }
    assertEquals(200, get(servlet, "/coads_climatology.nc.das").status, "the / group serves");
    Object groups = built.backend().statistics(true).get("groups");
    assertTrue(groups.toString().contains("down=true"), groups.toString());

    ghrsst = BesEmulator.newBuilder().faithfulWrites(false).port(free).syntheticDatasets(5).build();
    ghrsst.start();
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    int status = 0;
    while (System.nanoTime() < deadline && status != 200) {
      Thread.sleep(50);
      status = get(servlet, "/ghrsst/synthetic/ds1.nc.das").status;
    }
    assertEquals(200, status, "served again after a probe");
  }

  private static RecordedRequest lastGet(BesEmulator bes) throws InterruptedException {
    RecordedRequest last = null;
    RecordedRequest r;
    while ((r = bes.takeRequest(50, java.util.concurrent.TimeUnit.MILLISECONDS)) != null) {
      if (r.commands().contains("get")) {
        last = r;
      }
    }
    if (last == null) {
      throw new AssertionError("no get reached " + bes);
    }
    return last;
  }
}
