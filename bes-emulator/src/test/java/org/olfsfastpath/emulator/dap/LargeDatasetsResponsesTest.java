package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.emulator.dap.ModuloFloatsTest.expected;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptResponse;

/**
 * The large datasets' answers in every encoding, asked through the emulator's real PPT path as a
 * front end asks them: the documents exactly, sizes exactly for whole and constrained answers,
 * values against the shared formula, DAP4 checksums, and the BES's size limits.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class LargeDatasetsResponsesTest {
  private static final String NS = "http://xml.opendap.org/ns/bes/1.0#";

  /** The BES's chunk size on a Unix socket: fixed, so the chunk layout can be asserted. */
  private static final int CHUNK = 65_520;

  private static final PptOptions OPTIONS =
      PptOptions.newBuilder()
          .connectTimeout(Duration.ofSeconds(5))
          .readTimeout(Duration.ofSeconds(30))
          .writeTimeout(Duration.ofSeconds(10))
          .build();
  private static final String BIG_DDS =
      "Dataset {\n    Float32 data[time = 40][lat = 512][lon = 512];\n} 40MiB.nc;\n";
  private static final String ONE_MIB_DDS =
      "Dataset {\n    Float32 data[time = 1][lat = 512][lon = 512];\n} 1MiB.nc;\n";
  private static final String DARS_SMALL_DDS =
      "Dataset {\n    Float32 data[time = 190][lon = 1000];\n} float32_190x1000.nc;\n";

  private BesEmulator bes;

  @BeforeAll
  void start() throws IOException {
    bes = BesEmulator.newBuilder().maxChunkLength(CHUNK).build();
    bes.start();
  }

  @AfterAll
  void stop() {
    bes.close();
  }

  // Requests, as the OLFS sends them

  private static byte[] get(
      String path, String type, String constraint, String returnAs, Map<String, String> contexts) {
    boolean dap4 = type.equals("dmr") || type.equals("dap");
    StringBuilder commands =
        new StringBuilder(
            "<setContext name=\"xdap_accept\">3.2</setContext>"
                + "<setContext name=\"errors\">xml</setContext>");
    contexts.forEach(
        (name, value) ->
            commands
                .append("<setContext name=\"")
                .append(name)
                .append("\">")
                .append(value)
                .append("</setContext>"));
    String ce =
        constraint.isEmpty()
            ? ""
            : dap4
                ? "<dap4constraint>" + constraint + "</dap4constraint>"
                : "<constraint>" + constraint + "</constraint>";
    commands
        .append("<setContainer name=\"c\" space=\"catalog\">")
        .append(path)
        .append("</setContainer><define name=\"d1\" space=\"default\"><container name=\"c\">")
        .append(ce)
        .append("</container></define><get type=\"")
        .append(type)
        .append("\" definition=\"d1\"")
        .append(returnAs.isEmpty() ? "" : " returnAs=\"" + returnAs + "\"")
        .append("/>");
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<request xmlns=\""
            + NS
            + "\" reqID=\"large\">"
            + commands
            + "</request>")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** A whole answer: whether it was an error, and its payload. */
  private record Answer(boolean error, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.ISO_8859_1);
    }
  }

  private Answer ask(
      String path, String type, String constraint, String returnAs, Map<String, String> contexts)
      throws IOException {
    try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS);
        PptResponse response = connection.send(get(path, type, constraint, returnAs, contexts))) {
      return new Answer(response.isError(), response.readAll(64 << 20));
    }
  }

  private Answer ask(String path, String type, String constraint, String returnAs)
      throws IOException {
    return ask(path, type, constraint, returnAs, Map.of());
  }

  private String text(String path, String type, String constraint, String returnAs)
      throws IOException {
    Answer answer = ask(path, type, constraint, returnAs);
    assertFalse(answer.error(), answer.text());
    return answer.text();
  }

  /** The data chunks' lengths as they came off the socket, the end chunk last. */
  private List<Integer> chunkLengths(byte[] request) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", bes.port()), 5000);
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(PptFraming.CLIENT_HANDSHAKE.getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();
      assertEquals(
          PptFraming.SERVER_OK,
          new String(in.readNBytes(PptFraming.SERVER_OK.length()), StandardCharsets.US_ASCII));
      out.write(PptFraming.encodeMessage(request));
      List<Integer> lengths = new ArrayList<>();
      while (true) {
        byte[] header = in.readNBytes(PptFraming.HEADER_LENGTH);
        int length = PptFraming.parseLength(header, 0, PptFraming.MAX_ENCODABLE_LENGTH);
        assertEquals(PptFraming.DATA, header[7], "a data chunk");
        lengths.add(length);
        if (length == 0) {
          return lengths;
        }
        assertEquals(length, in.readNBytes(length).length);
      }
    }
  }

  // The DAP2 documents

  @Test
  void das_ddsAndDmr_areTheDocumentsOfOneFloat32ArrayWithoutCoordinates() throws IOException {
    String das =
        "Attributes {\n"
            + "    data {\n"
            + "        String units \"1\";\n"
            + "        String long_name \"synthetic values\";\n"
            + "    }\n"
            + "    NC_GLOBAL {\n"
            + "        String title \"Synthetic data: data[time][lat][lon] = ((7*time + 3*lat + lon)"
            + " mod 1000) * 0.1\";\n"
            + "    }\n"
            + "}\n";
    assertEquals(das, text("/big/40MiB.nc", "das", "", ""));
    assertEquals(das, text("/dars/float32_116x1000x1000.nc", "das", "", ""));
    assertEquals(
        das.replace(
            "data[time][lat][lon] = ((7*time + 3*lat + lon)", "data[time][lon] = ((7*time + lon)"),
        text("/dars/float32_190x1000.nc", "das", "", ""));

    assertEquals(BIG_DDS, text("/big/40MiB.nc", "dds", "", ""));
    assertEquals(
        "Dataset {\n    Float32 data[time = 4096][lat = 512][lon = 512];\n} 4096MiB.nc;\n",
        text("/big/4096MiB.nc", "dds", "", ""));
    assertEquals(
        "Dataset {\n    Float32 data[time = 116][lat = 1000][lon = 1000];\n}"
            + " float32_116x1000x1000.nc;\n",
        text("/dars/float32_116x1000x1000.nc", "dds", "", ""));
    assertEquals(DARS_SMALL_DDS, text("/dars/float32_190x1000.nc", "dds", "", ""));
    assertEquals(
        "Dataset {\n    Float32 data[time = 57][lat = 11][lon = 170];\n} 400MiB.nc;\n",
        text("/big/400MiB.nc", "dds", "data[3:7:399][1:50:511][2:3:511]", ""));

    assertEquals(
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
            + "<Dataset xmlns=\"http://xml.opendap.org/ns/DAP/4.0#\" dapVersion=\"4.0\""
            + " dmrVersion=\"1.0\" name=\"float32_190x1000.nc\">\n"
            + "    <Dimension name=\"time\" size=\"190\"/>\n"
            + "    <Dimension name=\"lon\" size=\"1000\"/>\n"
            + "    <Float32 name=\"data\">\n"
            + "        <Dim name=\"/time\"/>\n"
            + "        <Dim name=\"/lon\"/>\n"
            + "        <Attribute name=\"units\" type=\"String\">\n"
            + "            <Value>1</Value>\n"
            + "        </Attribute>\n"
            + "        <Attribute name=\"long_name\" type=\"String\">\n"
            + "            <Value>synthetic values</Value>\n"
            + "        </Attribute>\n"
            + "    </Float32>\n"
            + "    <Attribute name=\"NC_GLOBAL\" type=\"Container\">\n"
            + "        <Attribute name=\"title\" type=\"String\">\n"
            + "            <Value>Synthetic data: data[time][lon] = ((7*time + lon) mod 1000) * 0.1"
            + "</Value>\n"
            + "        </Attribute>\n"
            + "    </Attribute>\n"
            + "</Dataset>\n",
        text("/dars/float32_190x1000.nc", "dmr", "", ""));
    String dmr = text("/big/400MiB.nc", "dmr", "/data[0:2:9][1][0:10:511]", "");
    assertTrue(
        dmr.contains(
            "    <Float32 name=\"data\">\n"
                + "        <Dim size=\"5\"/>\n"
                + "        <Dim size=\"1\"/>\n"
                + "        <Dim size=\"52\"/>\n"),
        dmr);
  }

  // DAP2 data

  @Test
  void dods_whole_isTheDdsChunkThenEveryValueInChunksOfTheChunkSize() throws IOException {
    int ddsChunk = (ONE_MIB_DDS + "Data:\n").length();
    int data = 8 + (1 << 20);
    List<Integer> expected = new ArrayList<>(List.of(ddsChunk));
    for (int left = data; left > 0; left -= CHUNK) {
      expected.add(Math.min(CHUNK, left));
    }
    expected.add(0);
    assertEquals(expected, chunkLengths(get("/big/1MiB.nc", "dods", "", "", Map.of())));

    Answer answer = ask("/big/1MiB.nc", "dods", "", "");
    assertEquals(ddsChunk + data, answer.body().length);
    XdrDecoder.DecodedArray array = XdrDecoder.decode(answer.body()).get("data");
    assertEquals(List.of(1, 512, 512), array.shape());
    for (int lat = 0; lat < 512; lat++) {
      for (int lon = 0; lon < 512; lon++) {
        assertEquals(expected(0, lat, lon), (float) array.values()[lat * 512 + lon]);
      }
    }
  }

  @Test
  void dods_wholeDarsSmall_is760kB_withEveryValueFromTheFormula() throws IOException {
    Answer answer = ask("/dars/float32_190x1000.nc", "dods", "", "");
    assertEquals(DARS_SMALL_DDS.length() + 6 + 8 + 190 * 1000 * 4, answer.body().length);
    assertEquals(760_089, answer.body().length);
    double[] values = XdrDecoder.decode(answer.body()).get("data").values();
    for (int time = 0; time < 190; time++) {
      for (int lon = 0; lon < 1000; lon++) {
        assertEquals(expected(time, lon), (float) values[time * 1000 + lon], time + "," + lon);
      }
    }
  }

  @Test
  void dods_stridedHyperslab_sendsExactlyTheSelectedValues() throws IOException {
    Answer answer = ask("/big/400MiB.nc", "dods", "data[3:7:399][1:50:511][2:3:511]", "");
    String dds = "Dataset {\n    Float32 data[time = 57][lat = 11][lon = 170];\n} 400MiB.nc;\n";
    assertEquals(dds.length() + 6 + 8 + 57 * 11 * 170 * 4, answer.body().length);
    double[] values = XdrDecoder.decode(answer.body()).get("data").values();
    int at = 0;
    for (int t = 0; t < 57; t++) {
      for (int y = 0; y < 11; y++) {
        for (int x = 0; x < 170; x++) {
          assertEquals(expected(3 + 7 * t, 1 + 50 * y, 2 + 3 * x), (float) values[at++]);
        }
      }
    }
  }

  @Test
  void dods_theLastValuesOfTheLargeDarsDataset() throws IOException {
    Answer answer = ask("/dars/float32_116x1000x1000.nc", "dods", "data[115][999][990:999]", "");
    double[] values = XdrDecoder.decode(answer.body()).get("data").values();
    assertEquals(10, values.length);
    for (int i = 0; i < 10; i++) {
      assertEquals(expected(115, 999, 990 + i), (float) values[i]);
    }
  }

  // DAP4 data

  /** A DAP4 data response: the DMR chunk, then the data of the chunks after it. */
  private record Dap4(String dmr, byte[] data, int chunks) {}

  private static Dap4 dap4(byte[] response) {
    ByteBuffer buffer = ByteBuffer.wrap(response);
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    String dmr = null;
    int chunks = 0;
    boolean end = false;
    while (buffer.hasRemaining()) {
      assertFalse(end, "bytes after the END chunk");
      int header = buffer.getInt();
      assertEquals(0x04, (header >>> 24) & 0x04, "little-endian flag");
      end = (header >>> 24 & 0x01) != 0;
      byte[] body = new byte[header & 0xffffff];
      buffer.get(body);
      if (dmr == null) {
        dmr = new String(body, StandardCharsets.ISO_8859_1);
      } else {
        data.writeBytes(body);
      }
      chunks++;
    }
    assertTrue(end, "an END chunk");
    return new Dap4(dmr, data.toByteArray(), chunks);
  }

  private static int crc(byte[] bytes, int from, int length) {
    CRC32 crc = new CRC32();
    crc.update(bytes, from, length);
    return (int) crc.getValue();
  }

  @Test
  void dap_whole_isLittleEndianValues_withAValidChecksumWhenAsked() throws IOException {
    for (boolean checksums : new boolean[] {false, true}) {
      Answer answer =
          ask(
              "/big/1MiB.nc",
              "dap",
              "",
              "",
              checksums ? Map.of("dap4_checksums", "true") : Map.of());
      Dap4 response = dap4(answer.body());
      assertTrue(response.dmr().startsWith("<?xml") && response.dmr().endsWith("</Dataset>\n\r\n"));
      int values = 1 << 20;
      assertEquals(values + (checksums ? 4 : 0), response.data().length);
      // The DMR chunk, then 4096-byte chunks, then the END chunk: without checksums it holds the
      // rest (here nothing), with them the rest (the CRC) goes in a data chunk before an empty END.
      assertEquals(1 + response.data().length / 4096 + (checksums ? 2 : 1), response.chunks());
      ByteBuffer data = ByteBuffer.wrap(response.data()).order(ByteOrder.LITTLE_ENDIAN);
      for (int index : new int[] {0, 1, 511, 512, 1000, 262_143, 100_000, 200_003}) {
        assertEquals(
            expected(0, index / 512, index % 512), data.getFloat(index * 4), "value " + index);
      }
      if (checksums) {
        assertEquals(crc(response.data(), 0, values), data.getInt(values));
      }
    }
  }

  @Test
  void dap_stridedHyperslabOfTheLargeDarsDataset_withItsChecksum() throws IOException {
    Answer answer =
        ask(
            "/dars/float32_116x1000x1000.nc",
            "dap",
            "/data[0:5:115][10:100:999][0:250:999]",
            "",
            Map.of("dap4_checksums", "true"));
    Dap4 response = dap4(answer.body());
    assertTrue(
        response
            .dmr()
            .contains(
                "        <Dim size=\"24\"/>\n        <Dim size=\"10\"/>\n"
                    + "        <Dim size=\"4\"/>\n"),
        response.dmr());
    int count = 24 * 10 * 4;
    assertEquals(count * 4 + 4, response.data().length);
    ByteBuffer data = ByteBuffer.wrap(response.data()).order(ByteOrder.LITTLE_ENDIAN);
    for (int t = 0; t < 24; t++) {
      for (int y = 0; y < 10; y++) {
        for (int x = 0; x < 4; x++) {
          assertEquals(expected(5 * t, 10 + 100 * y, 250 * x), data.getFloat());
        }
      }
    }
    assertEquals(crc(response.data(), 0, count * 4), data.getInt());
  }

  // The other modules' forms

  @Test
  void asciiCsvJsonAndXml_ofASlice_areTheirModulesText() throws IOException {
    String ascii = "Dataset: 400MiB.nc\n" + "data[0][0], 11.7, 11.9\n" + "data[0][1], 12, 12.2\n";
    // The slice [2][1:2][100:2:102]: 7*2 + 3*1 + 100 = 117, ..., 7*2 + 3*2 + 102 = 122.
    assertEquals(ascii, text("/big/400MiB.nc", "dods", "data[2][1:2][100:2:102]", "ascii"));
    assertEquals(ascii, text("/big/400MiB.nc", "dods", "data[2][1:2][100:2:102]", "csv"));
    assertEquals(
        "Dataset: 400MiB.nc\n/data[0][0], 11.7, 11.9\n/data[0][1], 12, 12.2\n",
        text("/big/400MiB.nc", "dap", "/data[2][1:2][100:2:102]", "csv"));
    assertEquals(
        "{\n \"name\": \"float32_190x1000.nc\",\n" + " \"data\":  [[99.8, 99.9, 0, 0.1]]\n}\n",
        text("/dars/float32_190x1000.nc", "dods", "data[1][991:994]", "ijson"));
    String json = text("/dars/float32_190x1000.nc", "dods", "data[1][991:994]", "json");
    assertTrue(json.contains("\"shape\": [1,4],\n      \"data\": [[99.8, 99.9, 0, 0.1]]\n"), json);
    String xml = text("/dars/float32_190x1000.nc", "xml_data", "data[0][998:999]", "");
    assertTrue(xml.contains("<value>99.8</value>\n") && xml.contains("<value>99.9</value>\n"), xml);
  }

  @Test
  void covjson_isRefused_forAnArrayThatIsNoGrid_asTheBesRefusesIt() throws IOException {
    Answer answer = ask("/big/400MiB.nc", "dods", "data[0][0][0:1]", "covjson");
    assertTrue(answer.error());
    assertTrue(
        answer.text().contains("<Message>" + CovJsonWriter.NOT_CONVERTIBLE + "</Message>"),
        answer.text());
  }

  @Test
  void netcdf_ofASlice_holdsTheSlicesValues() throws IOException {
    for (String type : new String[] {"dods", "dap"}) {
      String constraint = type.equals("dods") ? "data[1][2:3][4:6]" : "/data[1][2:3][4:6]";
      Answer answer = ask("/big/400MiB.nc", type, constraint, "netcdf");
      assertFalse(answer.error(), answer.text());
      NetcdfReader.File file = NetcdfReader.read(answer.body());
      assertEquals(2, file.version());
      NetcdfReader.Var data = file.vars().get("data");
      assertEquals(
          List.of(
              new NetcdfReader.Dim("time", 1),
              new NetcdfReader.Dim("lat", 2),
              new NetcdfReader.Dim("lon", 3)),
          data.dims());
      double[] values = data.values();
      int at = 0;
      for (int lat = 2; lat <= 3; lat++) {
        for (int lon = 4; lon <= 6; lon++) {
          assertEquals(expected(1, lat, lon), (float) values[at++]);
        }
      }
    }
  }

  @Test
  void stream_isTheClassicFileWhoseLengthTheCatalogShows() throws IOException {
    Answer answer = ask("/big/1MiB.nc", "stream", "", "");
    assertFalse(answer.error(), answer.text());
    assertEquals(
        Datasets.streamLength(Datasets.float32Cube("1MiB.nc", 1, 512, 512)), answer.body().length);
    Matcher size;
    try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS);
        PptResponse response =
            connection.send(
                ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        + "<request xmlns=\""
                        + NS
                        + "\" reqID=\"n\"><showNode node=\"/big/1MiB.nc\"/></request>")
                    .getBytes(StandardCharsets.UTF_8))) {
      String node = new String(response.readAll(1 << 20), StandardCharsets.ISO_8859_1);
      size = Pattern.compile(" size=\"(\\d+)\"").matcher(node);
      assertTrue(size.find(), node);
    }
    assertEquals(answer.body().length, Long.parseLong(size.group(1)));
    NetcdfReader.File file = NetcdfReader.read(answer.body());
    assertEquals(1, file.version());
    double[] values = file.vars().get("data").values();
    for (int index : new int[] {0, 513, 262_143}) {
      assertEquals(expected(0, index / 512, index % 512), (float) values[index]);
    }
  }

  // The BES's size limits

  @Test
  void dods_ofAVariableOver2GiB_isTheBesDap2Refusal() throws IOException {
    Answer answer = ask("/big/4096MiB.nc", "dods", "", "");
    assertTrue(answer.error());
    assertTrue(
        answer
            .text()
            .contains(
                "    <getDODS>\n        <BESError>\n"
                    + "            <Type>3</Type>\n            <Message>\n"
                    + "You asked for too much! \n"
                    + "    Maximum allowed response size: 4294967296 bytes.\n"
                    + "    Maximum allowed variable size: 2147483648 bytes.\n"
                    + "The following is a list of variable(s), identified\n"
                    + "in the request, that are each too large for the service\n"
                    + "to process.\n\n"
                    + "Oversized Variable(s): \n"
                    + "    Float32 data[0:4095][0:511][0:511] (4294967296 bytes)\n\n"
                    + "You can resolve these issues by requesting less.\n"),
        answer.text());
    assertTrue(answer.text().contains("<File>BESDapResponseBuilder.cc</File>"), answer.text());
  }

  @Test
  void exactly2GiBInDap2_andAll4GiBInDap4_areSent() throws IOException {
    // The BES refuses a DAP2 variable only above 2 GiB; DAP4 has no cap of its own. Read the
    // first chunk of each and hang up.
    for (String[] request : new String[][] {{"dods", "data[0:2047][0:511][0:511]"}, {"dap", ""}}) {
      try (PptConnection connection = PptConnection.open(bes.endpoint(), OPTIONS)) {
        PptResponse response =
            connection.send(get("/big/4096MiB.nc", request[0], request[1], "", Map.of()));
        assertFalse(response.isError(), request[0]);
        byte[] start = response.body().readNBytes(400);
        String text = new String(start, StandardCharsets.ISO_8859_1);
        assertTrue(
            request[0].equals("dods")
                ? text.startsWith("Dataset {\n    Float32 data[time = 2048][lat = 512][lon = 512];")
                : text.contains("<Dimension name=\"time\" size=\"4096\"/>"),
            text);
        connection.abort();
      }
    }
  }

  @Test
  void maxResponseSize_refusesLargeAnswersAsTheBesDoes() throws IOException {
    Answer dods = ask("/big/400MiB.nc", "dods", "", "", Map.of("max_response_size", "1048576"));
    assertTrue(dods.error());
    assertTrue(
        dods.text()
            .contains(
                "The submitted DAP2 request will generate a 419430400 byte\n"
                    + "response, which is larger than the maximum allowed response size.\n"),
        dods.text());
    Answer dap =
        ask(
            "/dars/float32_116x1000x1000.nc",
            "dap",
            "",
            "",
            Map.of("max_response_size", "1048576"));
    assertTrue(dap.error());
    assertTrue(
        dap.text().contains("The submitted DAP4 request will generate a 464000000 byte\n"),
        dap.text());
    Answer csv = ask("/big/400MiB.nc", "dap", "", "csv", Map.of("max_response_size", "1024"));
    assertTrue(csv.error());
    assertTrue(
        csv.text()
            .contains(
                "The Request for 409600KB is too large; requests for this"
                    + " server are limited to 1024KB."),
        csv.text());
  }
}
