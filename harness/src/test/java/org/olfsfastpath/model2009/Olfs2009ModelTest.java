package org.olfsfastpath.model2009;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.RecordedRequest;

final class Olfs2009ModelTest {
  private static final String ASCII = "coads_climatology.nc.ascii?COADSX";

  private final HttpClient http = HttpClient.newHttpClient();
  private BesEmulator bes;
  private Olfs2009Model model;

  @AfterEach
  void stop() {
    if (model != null) {
      model.stop();
    }
    if (bes != null) {
      bes.close();
    }
  }

  @Test
  void eachRequest_sendsFourShowInfoThenTheGet() throws Exception {
    start(false);
    HttpResponse<String> first = get(ASCII);
    assertEquals(200, first.statusCode(), first.body());
    assertTrue(
        first.body().startsWith("Dataset: coads_climatology.nc\nCOADSX, 21, 23,"), first.body());
    assertTrue(first.headers().firstValue("Last-Modified").isPresent());
    assertEquals(200, get(ASCII).statusCode());
    assertEquals(8, bes.commandCount("showInfo"));
    assertEquals(2, bes.commandCount("get"));
    assertEquals(10, bes.requestCount());
    assertEquals(10, model.besMessages());
  }

  @Test
  void theRequests_areThe2009Documents() throws Exception {
    start(false);
    get(ASCII);
    RecordedRequest info = bes.takeRequest();
    assertEquals(java.util.List.of("setContext", "showInfo"), info.commands());
    assertTrue(info.xml().contains("<showInfo node=\"/coads_climatology.nc\""), info.xml());
    for (int i = 0; i < 3; i++) {
      assertEquals("showInfo", bes.takeRequest().commands().get(1));
    }
    RecordedRequest data = bes.takeRequest();
    assertEquals(
        java.util.List.of(
            "setContext", "setContext", "setContext", "setContainer", "define", "get"),
        data.commands());
    assertEquals("dods", data.getType());
    assertEquals("ascii", data.returnAs());
    assertEquals("COADSX", data.constraint());
    assertEquals("/coads_climatology.nc", data.containerPath());
    assertEquals(0, data.connectionIndex(), "one BES connection, kept across messages");
  }

  @Test
  void memoized_sendsOneShowInfoForTheFirstRequestThenTheGetAlone() throws Exception {
    start(true);
    assertEquals(200, get(ASCII).statusCode());
    assertEquals(2, bes.requestCount());
    assertEquals(200, get(ASCII).statusCode());
    assertEquals(200, get(ASCII).statusCode());
    assertEquals(1, bes.commandCount("showInfo"));
    assertEquals(3, bes.commandCount("get"));
  }

  @Test
  void unknownDataset_andOtherResponses_are404() throws Exception {
    start(false);
    assertEquals(404, get("no_such.nc.ascii").statusCode());
    assertEquals(404, get("coads_climatology.nc.dmr").statusCode());
    HttpResponse<String> das = get("coads_climatology.nc.das");
    assertEquals(200, das.statusCode());
    assertTrue(das.body().startsWith("Attributes {"), das.body());
  }

  @Test
  void todaysBes_isNamedAsTheProblem() throws Exception {
    bes = BesEmulator.newBuilder().build();
    bes.start();
    model =
        Olfs2009Model.start(new Olfs2009Model.Settings("127.0.0.1", bes.port(), 0, false, 5000));
    HttpResponse<String> answer = get(ASCII);
    assertEquals(
        404, answer.statusCode(), "today's BES answers showInfo with an error: " + answer.body());
  }

  @Test
  void flags_sayWhatIsWrong() throws Exception {
    Olfs2009Model.Settings settings =
        Olfs2009Model.parse(new String[] {"--bes", "localhost:10022", "--memoized"});
    assertEquals(new Olfs2009Model.Settings("localhost", 10022, 0, true, 30_000), settings);
    assertEquals("--bes HOST:PORT is required", usageError());
    assertEquals("--bes was bes, must be HOST:PORT", usageError("--bes", "bes"));
    assertEquals(
        "--port was 70000, must be 0-65535", usageError("--bes", "h:1", "--port", "70000"));
    assertEquals("unknown flag --fast", usageError("--fast"));
  }

  private static String usageError(String... args) {
    return assertThrows(Olfs2009Model.UsageException.class, () -> Olfs2009Model.parse(args))
        .getMessage();
  }

  private void start(boolean memoized) throws IOException {
    bes = BesEmulator.newBuilder().showInfo2009(true).build();
    bes.start();
    model =
        Olfs2009Model.start(new Olfs2009Model.Settings("127.0.0.1", bes.port(), 0, memoized, 5000));
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(model.baseUrl() + path)).build(),
        HttpResponse.BodyHandlers.ofString(StandardCharsets.ISO_8859_1));
  }
}
