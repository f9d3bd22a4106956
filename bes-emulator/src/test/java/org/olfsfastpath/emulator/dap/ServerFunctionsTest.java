package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** The DAP4 server functions the emulated BES answers, against the real BES's answers. */
final class ServerFunctionsTest {
  private final ServerFunctions all = ServerFunctions.loadedBy(module -> true);
  private final EmulatedDataset coads = Datasets.coadsClimatology();

  private byte[] answer(
      ServerFunctions functions, String expression, String constraint, boolean checksums)
      throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    functions
        .applyTo(coads, expression)
        .write(new DapQuery("dap", "", constraint, true, "http://h/opendap/x.dap", checksums), out);
    return out.toByteArray();
  }

  private record Chunk(int flags, byte[] body) {}

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
  void version_matchesTheBesByteForByte() throws Exception {
    assertArrayEquals(
        Captures.response("get_dap_coads_dap4function_version"),
        answer(all, "version()", "", false));
  }

  @Test
  void linearScale_matchesTheBesByteForByte() throws Exception {
    assertArrayEquals(
        Captures.response("get_dap_coads_dap4function_linear_scale"),
        answer(all, "linear_scale(COADSX,2,0)", "COADSX", false));
  }

  @Test
  void unknownFunction_failsAsTheBes() throws Exception {
    Captures.BesError expected = Captures.error("error_get_dap_dap4function_unknown");
    DapRequestException e =
        assertThrows(
            DapRequestException.class, () -> answer(all, "no_such_function(COADSX)", "", false));
    assertEquals(expected.type(), e.besErrorType());
    assertEquals(expected.message(), "libdap error transmitting DAP4Data: " + e.getMessage());
  }

  /** What the captures show, checked without them: the string, its count, its chunks. */
  @Test
  void version_isOneStringResult_inLibdapsChunks() throws Exception {
    List<Chunk> chunks = chunks(answer(all, "version()", "", false));
    String dmr = new String(chunks.get(0).body(), StandardCharsets.ISO_8859_1);
    assertTrue(dmr.contains("name=\"function_results\">\n    <String name=\"version\"/>\n"), dmr);
    assertFalse(dmr.contains("xml:base"), dmr);
    assertTrue(dmr.endsWith("</Dataset>\n\r\n"), dmr);
    Chunk end = chunks.get(chunks.size() - 1);
    assertEquals(0x05, end.flags(), "END and little-endian");
    assertEquals(0, end.body().length, "the closing flush sent the rest as data");
    ByteBuffer data = ByteBuffer.wrap(data(chunks)).order(ByteOrder.LITTLE_ENDIAN);
    long count = data.getLong();
    byte[] text = new byte[(int) count];
    data.get(text);
    assertFalse(data.hasRemaining());
    String document = new String(text, StandardCharsets.UTF_8);
    assertTrue(document.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ds:functions"));
    assertTrue(document.endsWith("</functions>\n"));
    assertEquals(42, document.split("<ds:function ", -1).length - 1);
    assertTrue(document.contains("name=\"linear_scale\" version=\"1.0b1\""));
  }

  @Test
  void version_listsOnlyTheLoadedModulesFunctions() throws Exception {
    ServerFunctions noFreeform = ServerFunctions.loadedBy(Set.of("functions")::contains);
    String document = noFreeform.versionDocument();
    assertEquals(19, document.split("<ds:function ", -1).length - 1);
    assertFalse(document.contains("DODS_Date"));
    ServerFunctions none = ServerFunctions.loadedBy(module -> false);
    DapRequestException e =
        assertThrows(DapRequestException.class, () -> answer(none, "version()", "", false));
    assertEquals("'version' is not a registered DAP4 server function.", e.getMessage());
  }

  @Test
  void linearScale_scalesEveryValue_asFloat64_keepingNameDimsAndAttributes() throws Exception {
    List<Chunk> chunks = chunks(answer(all, "linear_scale(SST, 0.5, 1)", "", true));
    String dmr = new String(chunks.get(0).body(), StandardCharsets.ISO_8859_1);
    assertTrue(
        dmr.contains(
            "    <Float64 name=\"SST\">\n        <Dim name=\"/TIME\"/>\n"
                + "        <Dim name=\"/COADSY\"/>\n        <Dim name=\"/COADSX\"/>\n"),
        dmr);
    assertTrue(dmr.contains("<Value>SEA SURFACE TEMPERATURE</Value>"), dmr);
    assertFalse(dmr.contains("<Dimension"), dmr);
    ByteBuffer data = ByteBuffer.wrap(data(chunks)).order(ByteOrder.LITTLE_ENDIAN);
    Variable sst = ((GeneratedDataset) coads).model().variable("SST");
    int cells = 12 * 90 * 180;
    CRC32 crc = new CRC32();
    byte[] values = new byte[cells * 8];
    data.get(values);
    crc.update(values);
    ByteBuffer read = ByteBuffer.wrap(values).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < cells; i += 997) {
      assertEquals(sst.values().get(i) * 0.5 + 1, read.getDouble(i * 8), "value " + i);
    }
    assertEquals((int) crc.getValue(), data.getInt(), "the checksum after the variable");
    assertFalse(data.hasRemaining());
  }

  @Test
  void linearScale_constrainedLikeAnyDap4Answer() throws Exception {
    List<Chunk> chunks = chunks(answer(all, "linear_scale(COADSX,2,0)", "COADSX[0:1:2]", false));
    ByteBuffer data = ByteBuffer.wrap(data(chunks)).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(42.0, data.getDouble());
    assertEquals(46.0, data.getDouble());
    assertEquals(50.0, data.getDouble());
    assertFalse(data.hasRemaining());
  }

  @Test
  void twoFunctions_twoResults() throws Exception {
    String dmr =
        new String(
            chunks(answer(all, "linear_scale(COADSX,2,0);linear_scale(COADSY,1,0)", "", false))
                .get(0)
                .body(),
            StandardCharsets.ISO_8859_1);
    assertTrue(
        dmr.contains("<Float64 name=\"COADSX\">") && dmr.contains("<Float64 name=\"COADSY\">"),
        dmr);
  }

  @Test
  void badArguments_failAsTheBesSaysSo() {
    DapRequestException count =
        assertThrows(
            DapRequestException.class, () -> answer(all, "linear_scale(COADSX,2)", "", false));
    assertEquals(
        "Wrong number of arguments to linear_scale(). See linear_scale() for more" + " information",
        count.getMessage());
    DapRequestException unknown =
        assertThrows(
            DapRequestException.class, () -> answer(all, "linear_scale(<script>,2,0)", "", false));
    assertEquals("A function argument was not a variable, number or string.", unknown.getMessage());
    DapRequestException syntax =
        assertThrows(DapRequestException.class, () -> answer(all, "version(", "", false));
    assertTrue(syntax.getMessage().contains("syntax error"), syntax.getMessage());
    assertEquals(3, syntax.besErrorType());
  }

  /** Registered but not emulated: an error that says so, never a made-up answer. */
  @Test
  void registeredButNotEmulated_isAnErrorSayingSo() {
    DapRequestException e =
        assertThrows(DapRequestException.class, () -> answer(all, "bbox(SST,0,10)", "", false));
    assertTrue(e.getMessage().contains("does not generate"), e.getMessage());
  }

  /** The BES runs functions for DAP4 data only: other answers are the dataset's own. */
  @Test
  void otherGets_areTheDatasetsOwn() throws Exception {
    ByteArrayOutputStream withFunction = new ByteArrayOutputStream();
    all.applyTo(coads, "version()").write(new DapQuery("dmr", "", "", true, ""), withFunction);
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    coads.write(new DapQuery("dmr", "", "", true, ""), plain);
    assertArrayEquals(plain.toByteArray(), withFunction.toByteArray());
  }
}
