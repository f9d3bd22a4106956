package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.testing.Regression;
import org.olfsfastpath.web.DapServlet;
import org.olfsfastpath.web.FakeHttp;
import org.olfsfastpath.web.FrontEndStats;
import org.olfsfastpath.web.VersionService;

/**
 * Issue 27, item 1: a BES process that sends nothing but the end chunk for a get (as one whose
 * output stream failed in an earlier answer does for every later command, though its log says each
 * was answered) must not become a 200 with an empty body, nor be kept by the response cache, nor
 * answer the next command on the same connection. Through the servlet, its response cache and a
 * real pool in front of the emulator.
 */
final class Issue27EmptyAnswerTest {
  @RegisterExtension final EmulatorExtension bes = EmulatorExtension.create(b -> {});
  private Built built;
  private DapServlet servlet;

  @BeforeEach
  void assemble() {
    built =
        Built.of(
            """
            <OLFSConfig>
              <BESManager>
                <BES><prefix>/</prefix><host>127.0.0.1</host><port>%d</port></BES>
              </BESManager>
            </OLFSConfig>
            """
                .formatted(bes.emulator().port()));
    servlet =
        DapServlet.assemble(
            built.web(),
            built.backend(),
            new FrontEndStats(),
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

  @AfterEach
  void close() {
    built.close();
  }

  private FakeHttp.Response get(String path) throws Exception {
    FakeHttp.Response response = new FakeHttp.Response();
    servlet.service(FakeHttp.Request.get(path).build(), response.build());
    return response;
  }

  /**
   * The whole answer, as the BES sends it when nothing fails; then the response cache is emptied
   * (the catalog entry stays, so the next request sends the get alone).
   */
  private byte[] reference(String path) throws Exception {
    FakeHttp.Response whole = get(path);
    assertEquals(200, whole.status, path);
    assertTrue(whole.body().length > 0, path);
    built.responses().invalidateAll();
    bes.emulator().resetCounts();
    return whole.body();
  }

  private long gets() {
    return bes.emulator().commandCount("get");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "/coads_climatology.nc.dds",
        "/coads_climatology.nc.das",
        "/coads_climatology.nc.dmr"
      })
  @Regression(
      "f119207: an empty answer from the BES (its end chunk alone) was served as 200"
          + " with Content-Length 0, kept by the response cache until restart, and its connection"
          + " kept for the next command")
  void emptyAnswerFromTheBes_isNeitherServedNorKept_theGetGoesOnceMoreOnAnotherConnection(
      String path) throws Exception {
    byte[] whole = reference(path);
    long discarded = built.client().poolStats().discarded();
    bes.emulator().enqueueFault(Fault.emptyAnswer());

    FakeHttp.Response first = get(path);
    assertEquals(200, first.status, path);
    assertArrayEquals(whole, first.body(), "the answer the BES sent the second time");
    assertEquals(2, gets(), "the get was sent once more");
    assertEquals(
        discarded + 1,
        built.client().poolStats().discarded(),
        "the connection that carried the empty answer was not kept: " + built.client().poolStats());

    FakeHttp.Response again = get(path);
    assertArrayEquals(whole, again.body(), "the whole answer was kept");
    assertEquals(first.header("ETag"), again.header("ETag"));
    assertEquals(2, gets(), "from the response cache");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"/coads_climatology.nc.dds", "/coads_climatology.nc.das"})
  @Regression(
      "f119207: an empty answer from the BES (its end chunk alone) was served as 200"
          + " with Content-Length 0, kept by the response cache until restart, and its connection"
          + " kept for the next command")
  void emptyAnswerTwice_is502WithADapErrorBody_andNothingIsKept(String path) throws Exception {
    byte[] whole = reference(path);
    bes.emulator().enqueueFault(Fault.emptyAnswer());
    bes.emulator().enqueueFault(Fault.emptyAnswer());

    FakeHttp.Response failed = get(path);
    assertEquals(502, failed.status, path);
    assertTrue(
        new String(failed.body(), StandardCharsets.UTF_8).startsWith("Error {"),
        new String(failed.body(), StandardCharsets.UTF_8));
    assertEquals(2, gets(), "sent once more, never a third time");

    FakeHttp.Response next = get(path);
    assertEquals(200, next.status);
    assertArrayEquals(whole, next.body(), "nothing was kept: the next request asks again");
    assertEquals(3, gets());
  }
}
