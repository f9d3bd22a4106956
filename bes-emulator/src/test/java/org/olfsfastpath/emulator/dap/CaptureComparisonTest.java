package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The generated answers against the real BES's answers to the same commands. */
final class CaptureComparisonTest {
  private final EmulatedDataset coads = Datasets.coadsClimatology();
  private final EmulatedDataset fnoc1 = Datasets.fnoc1();

  static byte[] answer(EmulatedDataset dataset, DapQuery query) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    dataset.write(query, out);
    return out.toByteArray();
  }

  static DapQuery dap2(String type, String constraint) {
    return new DapQuery(type, "", constraint, false, "");
  }

  static DapQuery dap4(String type, String constraint) {
    return new DapQuery(type, "", constraint, true, "");
  }

  private static void assertSameBytes(byte[] expected, byte[] actual) {
    if (!Arrays.equals(expected, actual)) {
      // Show the texts for a readable failure, then compare the bytes.
      assertEquals(
          new String(expected, StandardCharsets.ISO_8859_1),
          new String(actual, StandardCharsets.ISO_8859_1));
      assertArrayEquals(expected, actual);
    }
  }

  @Test
  void asciiCoadsx_matchesBes() throws Exception {
    assertSameBytes(
        Captures.response("get_ascii_coads_COADSX"),
        answer(coads, new DapQuery("dods", "ascii", "COADSX", false, "")));
  }

  @Test
  void ddsCoadsx_matchesBes() throws Exception {
    assertSameBytes(
        Captures.response("get_dds_coads_COADSX"), answer(coads, dap2("dds", "COADSX")));
  }

  @Test
  void dodsCoadsx_matchesBes() throws Exception {
    assertSameBytes(
        Captures.response("get_dods_coads_COADSX"), answer(coads, dap2("dods", "COADSX")));
  }

  @Test
  void dasCoadsx_matchesBes() throws Exception {
    assertSameBytes(
        Captures.response("get_das_coads_COADSX"), answer(coads, dap2("das", "COADSX")));
  }

  @Test
  void dmrCoadsx_matchesBes() throws Exception {
    assertSameBytes(
        Captures.response("get_dmr_coads_COADSX"), answer(coads, dap4("dmr", "COADSX")));
  }

  @Test
  void dapCoadsx_matchesBes() throws Exception {
    assertSameBytes(
        Captures.response("get_dap_coads_COADSX"), answer(coads, dap4("dap", "COADSX")));
  }

  @Test
  void dodsSstCorner_matchesBes() throws Exception {
    // The corner is Antarctic, all fill values in the real file and in the stand-in.
    assertSameBytes(
        Captures.response("get_dods_coads_SST_0-0_0-9_0-9"),
        answer(coads, dap2("dods", "SST[0:1:0][0:1:9][0:1:9]")));
  }

  @Test
  void dasFnoc1_matchesBes() throws Exception {
    assertSameBytes(Captures.response("get_das_fnoc1"), answer(fnoc1, dap2("das", "")));
  }

  @Test
  void ddsFnoc1_matchesBes() throws Exception {
    assertSameBytes(Captures.response("get_dds_fnoc1"), answer(fnoc1, dap2("dds", "")));
  }

  @Test
  void dodsFnoc1_sameDdsLayoutAndCoordinates() throws Exception {
    byte[] real = Captures.response("get_dods_fnoc1");
    byte[] generated = answer(fnoc1, dap2("dods", ""));
    assertEquals(real.length, generated.length);
    // DDS, then u and v (generated values), then lat, lon and time, which are the real ones.
    int ddsEnd = indexOf(real, "Data:\n".getBytes(StandardCharsets.US_ASCII)) + 6;
    assertArrayEquals(Arrays.copyOf(real, ddsEnd), Arrays.copyOf(generated, ddsEnd));
    int windBytes = 2 * (8 + 16 * 17 * 21 * 4);
    assertArrayEquals(
        Arrays.copyOfRange(real, ddsEnd + windBytes, real.length),
        Arrays.copyOfRange(generated, ddsEnd + windBytes, generated.length));
  }

  @Test
  void ddsUnknownVariable_failsAsBes() throws Exception {
    Captures.BesError expected = Captures.error("error_get_dds_bad_ce");
    DapRequestException e =
        assertThrows(DapRequestException.class, () -> answer(coads, dap2("dds", "NOSUCHVAR")));
    assertEquals(
        expected,
        new Captures.BesError(
            e.responseElement(), e.besErrorType(), e.getMessage(), e.file(), e.line()));
  }

  @Test
  void dodsUnknownVariable_failsAsBes() throws Exception {
    Captures.BesError expected = Captures.error("error_get_dods_missing_var");
    DapRequestException e =
        assertThrows(DapRequestException.class, () -> answer(coads, dap2("dods", "NO_SUCH_VAR")));
    assertEquals(
        expected,
        new Captures.BesError(
            e.responseElement(), e.besErrorType(), e.getMessage(), e.file(), e.line()));
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("not found");
  }
}
