package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ppt.PptConnection;

final class CountsAndRecordingTest {

  @Test
  void counts_areKeptPerCommandName() throws IOException {
    try (BesEmulator bes = started(BesEmulator.newBuilder())) {
      Exchanges.once(bes, Requests.showNode("/tiny.nc"));
      Exchanges.once(bes, Requests.get("/tiny.nc", "das", ""));
      Exchanges.once(bes, Requests.document("i", "<showInfo node=\"/tiny.nc\"/>"));
      assertEquals(3, bes.requestCount());
      assertEquals(2, bes.commandCount("showNode") + bes.commandCount("get"));
      assertEquals(1, bes.commandCount("showInfo"), "unknown commands are counted too");
      assertEquals(0, bes.commandCount("showVersion"));
      assertEquals(
          Map.of(
              "define",
              1L,
              "get",
              1L,
              "setContainer",
              1L,
              "setContext",
              3L,
              "showInfo",
              1L,
              "showNode",
              1L),
          bes.commandCounts());
      bes.resetCounts();
      assertEquals(0, bes.requestCount());
      assertEquals(Map.of(), bes.commandCounts());
      assertEquals("requests=0\n", bes.countsText());
    }
  }

  @Test
  void recordedRequest_carriesIndexesAndWhatTheGetAskedFor() throws Exception {
    try (BesEmulator bes = started(BesEmulator.newBuilder())) {
      try (PptConnection connection = Exchanges.open(bes.endpoint())) {
        Exchanges.send(connection, Requests.showNode("/tiny.nc"));
        Exchanges.send(connection, Requests.get("/tiny.nc", "dods", "x[0:1:2]", "ascii"));
      }
      Exchanges.once(bes, Requests.get("/tiny.nc", "dap", "x;y"));

      RecordedRequest first = bes.takeRequest();
      assertEquals(0, first.connectionIndex());
      assertEquals(0, first.exchangeIndex());
      assertEquals(List.of("setContext", "showNode"), first.commands());
      assertEquals("showNode", first.responseCommand());
      assertEquals(new String(Requests.showNode("/tiny.nc"), StandardCharsets.UTF_8), first.xml());
      assertEquals("", first.getType());

      RecordedRequest second = bes.takeRequest(5, TimeUnit.SECONDS);
      assertEquals(
          new RecordedRequest(
              0,
              1,
              List.of("setContext", "setContext", "setContainer", "define", "get"),
              new String(
                  Requests.get("/tiny.nc", "dods", "x[0:1:2]", "ascii"), StandardCharsets.UTF_8),
              "dods",
              "ascii",
              "/tiny.nc",
              "x[0:1:2]",
              ""),
          second);

      RecordedRequest third = bes.takeRequest(5, TimeUnit.SECONDS);
      assertEquals(1, third.connectionIndex());
      assertEquals(0, third.exchangeIndex());
      assertEquals("x;y", third.constraint(), "a DAP4 get records its dap4constraint");
      assertNull(bes.takeRequest(10, TimeUnit.MILLISECONDS));
    }
  }

  @Test
  void malformedRequest_isRecordedWithItsFailure() throws Exception {
    try (BesEmulator bes = started(BesEmulator.newBuilder())) {
      Exchanges.once(bes, "<request><oops></request>".getBytes(StandardCharsets.UTF_8));
      RecordedRequest recorded = bes.takeRequest();
      assertEquals(List.of(), recorded.commands());
      assertTrue(
          recorded
              .failure()
              .startsWith(
                  "Problem parsing the request xml document:\n:1: parser error : "
                      + "Opening and ending tag mismatch: oops line 1 and request"),
          recorded.failure());
      assertEquals(1, bes.requestCount());
    }
  }

  @Test
  void countsFile_isRewrittenBeforeEachAnswer(@TempDir Path dir) throws IOException {
    Path counts = dir.resolve("counts.txt");
    try (BesEmulator bes = started(BesEmulator.newBuilder().countsFile(counts))) {
      Exchanges.once(bes, Requests.showNode("/tiny.nc"));
      assertEquals("requests=1\nsetContext=1\nshowNode=1\n", Files.readString(counts));
      Exchanges.once(bes, Requests.show("showVersion"));
      assertEquals(
          "requests=2\nsetContext=2\nshowNode=1\nshowVersion=1\n", Files.readString(counts));
      bes.resetCounts();
      assertEquals("requests=0\n", Files.readString(counts));
    }
  }

  private static BesEmulator started(BesEmulatorBuilder builder) throws IOException {
    BesEmulator bes =
        builder.builtInDatasets(Map.of("tiny.nc", new TinyDataset("tiny.nc"))).build();
    bes.start();
    return bes;
  }
}
