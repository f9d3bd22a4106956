package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ppt.PptFraming;

/** Replaying recorded exchanges, with recordings this test writes itself. */
final class CaptureReplayTest {
  private static final String RECORDED_NODE =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
          + "<response reqID=\"rec-1\" reqUUID=\"uuid-rec-1\" xmlns=\"http://xml.opendap.org/ns/bes/1.0#\">\n"
          + "    <showNode>\n"
          + "        <item isData=\"true\" lastModified=\"2020-01-01T00:00:00GMT\" name=\"/recorded.nc\" size=\"77\" "
          + "type=\"leaf\"/>\n"
          + "    </showNode>\n"
          + "</response>\n";

  private static final String RECORDED_DDS = "Dataset {\n} recorded.nc;\nData:\n";

  @TempDir Path captures;

  @BeforeEach
  void record() throws IOException {
    Files.writeString(
        captures.resolve("node.request.xml"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<request xmlns=\""
            + Requests.NS
            + "\" reqID=\"rec-1\" reqUUID=\"uuid-rec-1\">"
            + "<setContext name=\"errors\">xml</setContext><showNode node=\"/recorded.nc\"/></request>");
    Files.write(
        captures.resolve("node.wire"),
        wire(List.of(RECORDED_NODE.getBytes(StandardCharsets.ISO_8859_1))));
    Files.write(
        captures.resolve("dods.request.xml"), Requests.get("/recorded.nc", "dods", "v[0:1:3]"));
    Files.write(
        captures.resolve("dods.wire"),
        wire(
            List.of(RECORDED_DDS.getBytes(StandardCharsets.US_ASCII), new byte[] {1, 2, 3, 4, 5})));
    Files.writeString(captures.resolve("broken.request.xml"), "<request><oops></request>");
    Files.write(captures.resolve("broken.wire"), wire(List.of(new byte[] {1})));
    Files.writeString(captures.resolve("nowire.request.xml"), "<request/>");
  }

  @Test
  void showNode_isReplayedWithTheLiveRequestIds() throws IOException {
    try (BesEmulator bes = emulator()) {
      String body = Exchanges.once(bes, Requests.showNode("/recorded.nc")).body();
      assertEquals(
          RECORDED_NODE.replace("\"rec-1\"", "\"node\"").replace("\"uuid-rec-1\"", "\"uuid-node\""),
          body);
    }
  }

  @Test
  void get_isReplayedChunkForChunk_forAContainerTheCatalogLacks() throws IOException {
    try (BesEmulator bes = emulator();
        Socket socket = Exchanges.rawConnect(bes.port())) {
      byte[] wire = Exchanges.rawExchange(socket, Requests.get("/recorded.nc", "dods", "v[0:1:3]"));
      assertEquals(List.of("d:" + RECORDED_DDS.length(), "d:5", "d:0"), Exchanges.chunks(wire));
      byte[] other =
          Exchanges.rawExchange(socket, Requests.get("/recorded.nc", "dods", "v[0:1:2]"));
      assertTrue(
          new String(other, StandardCharsets.ISO_8859_1)
              .contains("Failed to locate '/usr/share/hyrax/recorded.nc'"),
          "a different constraint is not the recorded request; the catalog does not have the file");
    }
  }

  @Test
  void unparseableRecordings_areSkipped() throws IOException {
    assertEquals(2, CaptureLibrary.load(captures).size());
  }

  private BesEmulator emulator() throws IOException {
    BesEmulator bes = BesEmulator.newBuilder().captures(captures).builtInDatasets(Map.of()).build();
    bes.start();
    return bes;
  }

  private static byte[] wire(List<byte[]> chunks) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] chunk : chunks) {
      out.write(PptFraming.header(chunk.length, PptFraming.DATA));
      out.write(chunk);
    }
    out.write(PptFraming.endChunk());
    return out.toByteArray();
  }
}
