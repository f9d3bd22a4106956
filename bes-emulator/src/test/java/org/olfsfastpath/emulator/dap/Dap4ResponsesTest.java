package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;

/** DAP4 answers: the DMR, constrained or not, and the chunked data response. */
final class Dap4ResponsesTest {
  private static final Namespace DAP4 = Namespace.getNamespace(DmrWriter.NAMESPACE);

  private final GeneratedDataset coads = new GeneratedDataset(CoadsClimatology.model());

  private byte[] answer(String type, String constraint, boolean checksums) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    coads.write(new DapQuery(type, "", constraint, true, "", checksums), out);
    return out.toByteArray();
  }

  private Element dmr(String constraint) throws Exception {
    String xml = new String(answer("dmr", constraint, false), StandardCharsets.ISO_8859_1);
    Document document = new SAXBuilder().build(new StringReader(xml));
    return document.getRootElement();
  }

  private static List<String> names(Element parent, String element) {
    List<String> names = new ArrayList<>();
    for (Element child : parent.getChildren(element, DAP4)) {
      names.add(
          child.getAttributeValue("name")
              + (child.getAttribute("size") == null ? "" : "=" + child.getAttributeValue("size")));
    }
    return names;
  }

  /** The chunks of a DAP4 data response: type byte and body. */
  private record Chunk(int type, byte[] body) {}

  private static List<Chunk> chunks(byte[] response) {
    ByteBuffer buffer = ByteBuffer.wrap(response);
    List<Chunk> chunks = new ArrayList<>();
    while (buffer.hasRemaining()) {
      int header = buffer.getInt();
      byte[] body = new byte[header & 0xffffff];
      buffer.get(body);
      chunks.add(new Chunk(header >>> 24, body));
    }
    return chunks;
  }

  private static byte[] data(List<Chunk> chunks) {
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    for (Chunk chunk : chunks.subList(1, chunks.size())) {
      data.writeBytes(chunk.body());
    }
    return data.toByteArray();
  }

  @Test
  void dmr_unconstrained_isWellFormedWithEverything() throws Exception {
    Element dataset = dmr("");
    assertEquals("Dataset", dataset.getName());
    assertEquals("coads_climatology.nc", dataset.getAttributeValue("name"));
    assertEquals("4.0", dataset.getAttributeValue("dapVersion"));
    assertEquals(List.of("COADSX=180", "COADSY=90", "TIME=12"), names(dataset, "Dimension"));
    assertEquals(List.of("COADSX", "COADSY", "TIME"), names(dataset, "Float64"));
    assertEquals(List.of("SST", "AIRT", "UWND", "VWND"), names(dataset, "Float32"));
    Element sst = dataset.getChildren("Float32", DAP4).get(0);
    assertEquals(List.of("/TIME", "/COADSY", "/COADSX"), names(sst, "Dim"));
    assertEquals(List.of("/TIME", "/COADSY", "/COADSX"), names(sst, "Map"));
    assertEquals(List.of("NC_GLOBAL", "DODS_EXTRA"), names(dataset, "Attribute"));
  }

  @Test
  void dmr_localSlices_giveSizesAndDropMaps() throws Exception {
    Element dataset = dmr("/COADSX;/SST[0][0:9][0:9]");
    assertEquals(List.of("COADSX=180"), names(dataset, "Dimension"));
    Element sst = dataset.getChildren("Float32", DAP4).get(0);
    assertEquals(List.of("null=1", "null=10", "null=10"), names(sst, "Dim"));
    assertEquals(List.of(), names(sst, "Map"));
  }

  @Test
  void dmr_sharedDimensionSlice_keepsNamesAndMaps() throws Exception {
    Element dataset = dmr("TIME=[0:1:2];COADSY=[0:2:3];COADSX=[0:3:6];SST;VWND");
    // As the BES's netCDF handler test coads_d4c_nm.dap shows it.
    assertEquals(List.of("COADSX=3", "COADSY=2", "TIME=3"), names(dataset, "Dimension"));
    assertEquals(List.of("SST", "VWND"), names(dataset, "Float32"));
    Element vwnd = dataset.getChildren("Float32", DAP4).get(1);
    assertEquals(List.of("/TIME", "/COADSY", "/COADSX"), names(vwnd, "Dim"));
    assertEquals(List.of("/TIME", "/COADSY", "/COADSX"), names(vwnd, "Map"));
  }

  @Test
  void dmr_xmlBase_isAnnounced() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    coads.write(new DapQuery("dmr", "", "", true, "http://example.org/opendap/a&b"), out);
    assertTrue(
        out.toString(StandardCharsets.ISO_8859_1)
            .contains(
                "<Dataset xmlns=\"http://xml.opendap.org/ns/DAP/4.0#\" "
                    + "xml:base=\"http://example.org/opendap/a&amp;b\" dapVersion=\"4.0\""));
  }

  @Test
  void dap_startsWithTheDmrThenLittleEndianValues() throws Exception {
    byte[] response = answer("dap", "/COADSY[0:2];/TIME[11]", false);
    List<Chunk> chunks = chunks(response);
    assertEquals(2, chunks.size());
    assertEquals(0x04, chunks.get(0).type());
    assertEquals(0x05, chunks.get(1).type());
    String dmr = new String(chunks.get(0).body(), StandardCharsets.ISO_8859_1);
    assertTrue(dmr.endsWith("</Dataset>\n\r\n"), dmr);
    assertEquals(
        new String(answer("dmr", "/COADSY[0:2];/TIME[11]", false), StandardCharsets.ISO_8859_1)
            + "\r\n",
        dmr);
    ByteBuffer values = ByteBuffer.wrap(chunks.get(1).body()).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(-89, values.getDouble());
    assertEquals(-87, values.getDouble());
    assertEquals(-85, values.getDouble());
    assertEquals(8401.335, values.getDouble());
    assertEquals(0, values.remaining());
  }

  @Test
  void dap_checksums_followEachVariable() throws Exception {
    byte[] response = answer("dap", "/COADSX[0:3];/SST[0][44:45][100:103]", true);
    ByteBuffer data = ByteBuffer.wrap(data(chunks(response))).order(ByteOrder.LITTLE_ENDIAN);
    byte[] coadsx = new byte[4 * 8];
    data.get(coadsx);
    assertEquals(crc(coadsx), data.getInt());
    byte[] sst = new byte[8 * 4];
    data.get(sst);
    assertEquals(crc(sst), data.getInt());
    assertEquals(0, data.remaining());
    assertEquals(21.0, ByteBuffer.wrap(coadsx).order(ByteOrder.LITTLE_ENDIAN).getDouble());
  }

  @Test
  void dap_checksums_sameDmr_valuesThenTheirCrc32LittleEndian_inADataChunkBeforeAnEmptyEnd()
      throws Exception {
    List<Chunk> plain = chunks(answer("dap", "COADSX", false));
    List<Chunk> chunks = chunks(answer("dap", "COADSX", true));
    assertArrayEquals(plain.get(0).body(), chunks.get(0).body(), "the DMR");
    assertEquals(3, chunks.size());
    assertEquals(0x04, chunks.get(1).type());
    assertEquals(0x05, chunks.get(2).type());
    assertEquals(0, chunks.get(2).body().length);
    byte[] data = chunks.get(1).body();
    assertEquals(180 * 8 + 4, data.length);
    ByteBuffer values = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(21.0, values.getDouble(0));
    assertEquals(379.0, values.getDouble(179 * 8));
    // What the BES 3.22.0 sent for COADSX of coads_climatology.nc: 48 b0 70 c7.
    assertEquals(0xc770b048, values.getInt(180 * 8));
    assertArrayEquals(Arrays.copyOf(data, 180 * 8), plain.get(1).body());
  }

  @Test
  void dap_largeResponse_isCutIntoChunksOfTheBufferSize() throws Exception {
    byte[] response = answer("dap", "/SST", false);
    List<Chunk> chunks = chunks(response);
    int dmrChunk = chunks.get(0).body().length;
    int chunkSize = Math.max(4096, dmrChunk);
    for (Chunk chunk : chunks.subList(1, chunks.size() - 1)) {
      assertEquals(0x04, chunk.type());
      assertEquals(chunkSize, chunk.body().length);
    }
    assertEquals(0x05, chunks.get(chunks.size() - 1).type());
    byte[] data = data(chunks);
    assertEquals(12 * 90 * 180 * 4, data.length);
    Variable sst = coads.model().variable("SST");
    ByteBuffer values = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < sst.size(); i += 997) {
      assertEquals((float) sst.values().get(i), values.getFloat(4 * i));
    }
  }

  @Test
  void dap_sharedDimensionSlices_applyToEveryVariableUsingThem() throws Exception {
    // The values of the BES's netCDF handler test coads_d4c_m.dap, in this file's variable order.
    byte[] response =
        answer(
            "dap",
            "TIME=[0:1:2]; COADSY=[0:2:3]; COADSX=[0:3:6]; " + "TIME;COADSY;COADSX;SST",
            false);
    ByteBuffer data = ByteBuffer.wrap(data(chunks(response))).order(ByteOrder.LITTLE_ENDIAN);
    double[] coordinates = new double[3 + 2 + 3];
    for (int i = 0; i < coordinates.length; i++) {
      coordinates[i] = data.getDouble();
    }
    assertArrayEquals(
        new double[] {21, 27, 33, -89, -85, 366, 1096.4850000000001, 1826.97}, coordinates);
    assertEquals(3 * 2 * 3 * 4, data.remaining());
    assertEquals(CoadsClimatology.FILL, data.getFloat());
  }

  @Test
  void dap_ascii_printsFullNames() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    coads.write(new DapQuery("dap", "ascii", "/COADSY[0:2];/TIME[0]", true, ""), out);
    assertEquals(
        "Dataset: coads_climatology.nc\n/COADSY, -89, -87, -85\n/TIME, 366\n",
        out.toString(StandardCharsets.ISO_8859_1));
  }

  private static int crc(byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    return (int) crc.getValue();
  }

  private DapRequestException failure(String type, String constraint) {
    return assertThrows(
        DapRequestException.class,
        () ->
            coads.write(new DapQuery(type, "", constraint, true, ""), new ByteArrayOutputStream()));
  }

  @Test
  void errors_asLibdapWordsThem() {
    DapRequestException e = failure("dmr", "/NOSUCH");
    assertEquals(
        "libdap error transmitting DMR: The constraint expression referenced a "
            + "variable that was not found in the dataset.",
        e.getMessage());
    assertEquals("getDMR", e.responseElement());
    assertEquals(3, e.besErrorType());
    assertEquals(
        "libdap error transmitting DAP4Data: The index constraint for 'SST' does not "
            + "match its rank.",
        failure("dap", "/SST[0]").getMessage());
    assertEquals("getDAP", failure("dap", "/SST[0]").responseElement());
    assertEquals(
        "libdap error transmitting DMR: For 'COADSX', the index stop value is greater "
            + "than the number of elements in the Array",
        failure("dmr", "COADSX[0:181]").getMessage());
    assertEquals(
        "libdap error transmitting DMR: " + BesErrors.BAD_SLICE,
        failure("dmr", "COADSX[0:180]").getMessage());
    assertEquals(
        "libdap error transmitting DMR: The dimension name 'LAT' cannot be found",
        failure("dmr", "LAT=[0:2];SST").getMessage());
    assertEquals(
        "libdap error transmitting DMR: The start value of an array index is past the "
            + "stop value.",
        failure("dmr", "COADSX[9:2]").getMessage());
    assertEquals(
        "libdap error transmitting DMR: Constraint expression parse error: syntax "
            + "error, unexpected end of file",
        failure("dmr", "COADSX[0:2").getMessage());
  }

  @Test
  void dap2ConstraintIsIgnoredByDap4Gets() throws Exception {
    ByteArrayOutputStream dap2 = new ByteArrayOutputStream();
    coads.write(new DapQuery("dmr", "", "NOSUCH", false, ""), dap2);
    assertArrayEquals(answer("dmr", "", false), dap2.toByteArray());
  }
}
