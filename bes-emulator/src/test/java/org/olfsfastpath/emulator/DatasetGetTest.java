package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.emulator.dap.EmulatedDataset;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptResponse;
import org.olfsfastpath.ppt.PptStreamErrorException;

final class DatasetGetTest {
  private final TinyDataset tiny = new TinyDataset("tiny.nc");

  @Test
  void dods_flushAfterDataLine_makesTwoChunksLikeTheBes() throws IOException {
    try (BesEmulator bes = emulator(BesEmulator.newBuilder());
        Socket socket = Exchanges.rawConnect(bes.port())) {
      byte[] wire = Exchanges.rawExchange(socket, Requests.get("/tiny.nc", "dods", ""));
      int ddsAndDataLine = (tiny.dds() + "Data:\n").length();
      assertEquals(List.of("d:" + ddsAndDataLine, "d:4", "d:0"), Exchanges.chunks(wire));
    }
  }

  @Test
  void largePayload_isCutAtTheChunkSize() throws IOException {
    try (BesEmulator bes = emulator(BesEmulator.newBuilder().maxChunkLength(1000));
        Socket socket = Exchanges.rawConnect(bes.port())) {
      byte[] wire = Exchanges.rawExchange(socket, Requests.get("/tiny.nc", "dds", "BIG:2500"));
      assertEquals(List.of("d:1000", "d:1000", "d:500", "d:0"), Exchanges.chunks(wire));
    }
  }

  @Test
  void failureAfterData_isTheBesMidStreamError() throws IOException {
    try (BesEmulator bes = emulator(BesEmulator.newBuilder());
        PptConnection connection = Exchanges.open(bes.endpoint());
        PptResponse response = connection.send(Requests.get("/tiny.nc", "dods", "FAIL_LATE"))) {
      assertFalse(response.isError(), "the error comes after data chunks");
      PptStreamErrorException e =
          assertThrows(PptStreamErrorException.class, () -> response.readAll(1 << 20));
      String document = new String(e.errorDocument(), StandardCharsets.ISO_8859_1);
      assertTrue(
          document.contains("<getDODS>")
              && document.contains("<Type>1</Type>")
              && document.contains("libdap error transmitting DataDDS: Could not read x"),
          document);
    }
  }

  @Test
  void generatorCrash_isAFatalErrorAndTheConnectionEnds() throws IOException {
    EmulatedDataset broken =
        new EmulatedDataset() {
          @Override
          public String name() {
            return "broken.nc";
          }

          @Override
          public void write(
              org.olfsfastpath.emulator.dap.DapQuery query, java.io.OutputStream out) {
            throw new IllegalStateException("generator bug");
          }
        };
    try (BesEmulator bes =
        BesEmulator.newBuilder().builtInDatasets(Map.of("broken.nc", broken)).build()) {
      bes.start();
      try (PptConnection connection = Exchanges.open(bes.endpoint())) {
        Exchanges.Answer answer = Exchanges.send(connection, Requests.get("/broken.nc", "das", ""));
        assertTrue(answer.isError() && answer.isFatal());
        assertTrue(answer.body().contains("<Type>2</Type>"), answer.body());
        assertTrue(
            answer
                .body()
                .contains(
                    "std::exception caught transmitting DAS: java.lang.IllegalStateException: "
                        + "generator bug (caught in BESDapTransmit)."),
            answer.body());
        assertFalse(connection.isReusable());
      }
    }
  }

  @Test
  void dataDirectoryFile_isServedByTheBuiltInOfTheSameName_orTheGenericOne(@TempDir Path data)
      throws IOException {
    Files.write(data.resolve("tiny.nc"), new byte[10]);
    Files.write(data.resolve("other.nc"), new byte[10]);
    Files.write(data.resolve("notes.txt"), new byte[10]);
    try (BesEmulator bes =
        BesEmulator.newBuilder()
            .dataDirectory(data)
            .listBuiltIns(false)
            .builtInDatasets(Map.of("tiny.nc", tiny))
            .genericDataset(TinyDataset::new)
            .build()) {
      bes.start();
      assertEquals(tiny.dds(), Exchanges.once(bes, Requests.get("/tiny.nc", "dds", "")).body());
      assertEquals(
          new TinyDataset("other.nc").dds(),
          Exchanges.once(bes, Requests.get("/other.nc", "dds", "")).body());
      String notData = Exchanges.once(bes, Requests.get("/notes.txt", "dds", "")).body();
      assertTrue(
          notData.contains(
              "Unable to add container '/notes.txt', the type of data must be specified."),
          notData);
    }
  }

  @Test
  void syntheticDataset_isServedByTheGenericGenerator() throws IOException {
    try (BesEmulator bes =
        BesEmulator.newBuilder()
            .syntheticDatasets(1_000_000)
            .builtInDatasets(Map.of())
            .genericDataset(TinyDataset::new)
            .build()) {
      bes.start();
      assertEquals(
          new TinyDataset("ds123456.nc").dds(),
          Exchanges.once(bes, Requests.get("/synthetic/d12/d34/ds123456.nc", "dds", "")).body());
    }
  }

  @Test
  void asciiAndConstraint_reachTheDataset() throws IOException {
    try (BesEmulator bes = emulator(BesEmulator.newBuilder())) {
      assertEquals(
          "info_page of tiny.nc returnAs=ascii ce=x[0:1:2] dap4=false base=",
          Exchanges.once(bes, Requests.get("/tiny.nc", "info_page", "x[0:1:2]", "ascii")).body());
    }
  }

  private BesEmulator emulator(BesEmulatorBuilder builder) throws IOException {
    BesEmulator bes = builder.builtInDatasets(Map.of("tiny.nc", tiny)).build();
    bes.start();
    return bes;
  }
}
