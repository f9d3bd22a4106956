package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The form a get's answer must have: judged on its first bytes before one of them goes on, so an
 * empty or formless answer fails instead of ending, and its connection is closed once.
 */
final class AnswerFormTest {
  private static final String DMR =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
          + "<Dataset xmlns=\"http://xml.opendap.org/ns/DAP/4.0#\" name=\"a.nc\">\n</Dataset>\n";
  private static final String DDS = "Dataset {\n    Float64 x[x = 2];\n} a.nc;\n";

  private final AtomicInteger refusals = new AtomicInteger();

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** A DAP4 data answer: a data chunk holding {@code dmr} and CRLF, then an END chunk. */
  private static byte[] dap4(String dmr, int flags) {
    byte[] first = ascii(dmr + "\r\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(flags);
    out.write(first.length >>> 16);
    out.write(first.length >>> 8);
    out.write(first.length);
    out.writeBytes(first);
    out.writeBytes(new byte[] {0x05, 0, 0, 8, 1, 2, 3, 4, 5, 6, 7, 8});
    return out.toByteArray();
  }

  /** Reads {@code answer} through the check, {@code step} bytes per read of the source. */
  private byte[] read(AnswerForm form, byte[] answer, int step, boolean ended) throws IOException {
    InputStream source =
        new ByteArrayInputStream(answer) {
          @Override
          public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, step));
          }
        };
    InputStream checked = form.check(source, "test", () -> ended, refusals::incrementAndGet);
    return checked.readAllBytes();
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "DDS | Dataset {\\n} a;",
        "DDS | '  \\nDataset\\t{ Int32 x; } a;'",
        "DAS | Attributes {\\n}",
        "XML_DATASET | <Dataset name=\"a\"/>",
        "XML_DATASET | <dap:Dataset xmlns:dap=\"x\">",
        "XML_DATASET | <?xml version=\"1.0\"?><!-- made by the BES --><Dataset>",
        "DODS | Dataset {\\n} a;\\nData:\\nxyz",
        "ASCII | Dataset: a.nc\\nx, 1, 2\\n",
        "JSON | '\\n  {\"name\": \"a.nc\"}'",
        "HTML | <html><head><title>Dataset Information</title></head>",
        "HTML | <!DOCTYPE html>\\n<HTML lang=\"en\">",
        "XML_DATASET | <?xml version=\"1.0\"?>\\n<Dataset xmlns=\"x\" name=\"a.nc\">",
        "ANY | ''",
        "ANY | anything at all"
      })
  void answersWithTheirForm_passUnchanged_whateverTheReadSizes(AnswerForm form, String text)
      throws IOException {
    byte[] answer = ascii(text.replace("\\n", "\n").replace("\\t", "\t"));
    for (int step : new int[] {1, 3, 8192}) {
      assertArrayEquals(answer, read(form, answer, step, true), form + " in reads of " + step);
    }
    assertEquals(0, refusals.get());
  }

  @Test
  void aDap4DataAnswer_startsWithADataChunkHoldingTheDmr() throws IOException {
    byte[] answer = dap4(DMR, 0x04);
    assertArrayEquals(answer, read(AnswerForm.DAP4_DATA, answer, 5, true));
    byte[] error = dap4("<Error><Message>no</Message></Error>", 0x06);
    IOException e =
        assertThrows(
            BesProtocolException.class, () -> read(AnswerForm.DAP4_DATA, error, 8192, true));
    assertTrue(e.getMessage().contains("which is not a DAP4 data answer"), e.getMessage());
    assertEquals(1, refusals.get());
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "DDS | '' | the BES ended its test answer after 0 bytes, which is not a DDS",
        "DAS | '' | the BES ended its test answer after 0 bytes, which is not a DAS",
        "XML_DATASET | '' | the BES ended its test answer after 0 bytes, which is not an XML Dataset",
        "DODS | '' | the BES ended its test answer after 0 bytes, which is not a DAP2 data answer",
        "DAP4_DATA | '' | the BES ended its test answer after 0 bytes",
        "DDS | Dataset | the BES's test answer is 7 bytes, \"Dataset\", which is not a DDS",
        "DDS | Attributes {} | the BES's test answer starts \"Attributes {}\", which is not a DDS",
        "DAS | Dataset { } a; | the BES's test answer starts \"Dataset { } a;\", which is not a DAS",
        "XML_DATASET | <?xml version=\"1.0\"?><response/> | which is not an XML Dataset",
        "XML_DATASET | Dataset { } a; | which is not an XML Dataset",
        "DODS | Dataset {\\n} a;\\n | without the \"Data:\" line",
        "ASCII | '' | the BES ended its test answer after 0 bytes, which is not an ASCII or CSV",
        "ASCII | Dataset {\\n} a; | which is not an ASCII or CSV data answer",
        "JSON | '' | the BES ended its test answer after 0 bytes, which is not a JSON answer",
        "JSON | '  ' | which is not a JSON answer",
        "JSON | <Error/> | which is not a JSON answer",
        "NETCDF | '' | the BES ended its test answer after 0 bytes, which is not a netCDF file",
        "NETCDF | CDF | which is not a netCDF file",
        "NETCDF | <?xml version=\"1.0\"?> | which is not a netCDF file",
        "TIFF | '' | which is not a GeoTIFF file",
        "JPEG2000 | '' | which is not a JPEG 2000 file",
        "HTML | '' | the BES ended its test answer after 0 bytes, which is not an HTML page",
        "HTML | <?xml version=\"1.0\"?><response/> | which is not an HTML page"
      })
  void emptyOrFormless_failsInsteadOfEnding_andClosesTheConnectionOnce(
      AnswerForm form, String text, String message) throws IOException {
    byte[] answer = ascii(text.replace("\\n", "\n"));
    InputStream checked =
        form.check(new ByteArrayInputStream(answer), "test", () -> true, refusals::incrementAndGet);
    IOException e = assertThrows(BesProtocolException.class, checked::readAllBytes);
    assertTrue(e.getMessage().contains(message), e.getMessage());
    assertThrows(BesProtocolException.class, checked::read, "every read after fails too");
    assertEquals(1, refusals.get(), "the connection is closed once");
  }

  @Test
  void aFormlessStart_handsOutNotOneByte() throws IOException {
    byte[] answer = new byte[100_000];
    java.util.Arrays.fill(answer, (byte) 'x');
    InputStream checked =
        AnswerForm.DDS.check(
            new ByteArrayInputStream(answer), "dds", () -> true, refusals::incrementAndGet);
    IOException e = assertThrows(BesProtocolException.class, () -> checked.read(new byte[10]));
    assertTrue(e.getMessage().startsWith("the BES's dds answer starts \"xxxx"), e.getMessage());
  }

  @Test
  void anAnswerWhosePptMessageDidNotEndAsAnAnswerEnds_isRefusedAtItsEnd() {
    IOException e =
        assertThrows(
            BesProtocolException.class, () -> read(AnswerForm.DDS, ascii(DDS), 8192, false));
    assertTrue(e.getMessage().contains("without the end of its PPT message"), e.getMessage());
    assertThrows(
        BesProtocolException.class, () -> read(AnswerForm.ANY, ascii("whatever"), 8192, false));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "NETCDF, 43 44 46 01 00 00 00 00",
    "NETCDF, 43 44 46 02 00 00 00 00",
    "NETCDF, 43 44 46 05 00 00 00 00",
    "NETCDF, 89 48 44 46 0d 0a 1a 0a 00 00",
    "TIFF, 49 49 2a 00 08 00 00 00",
    "TIFF, 4d 4d 00 2a 00 00 00 08",
    "TIFF, 49 49 2b 00 08 00 00 00",
    "JPEG2000, 00 00 00 0c 6a 50 20 20 0d 0a 87 0a 00 00",
    "JPEG2000, ff 4f ff 51 00 29"
  })
  void binaryFiles_startWithTheirFormatsSignature(AnswerForm form, String hex) throws IOException {
    String[] digits = hex.split(" ");
    byte[] answer = new byte[digits.length];
    for (int i = 0; i < digits.length; i++) {
      answer[i] = (byte) Integer.parseInt(digits[i], 16);
    }
    for (int step : new int[] {1, 3, 8192}) {
      assertArrayEquals(answer, read(form, answer, step, true), form + " in reads of " + step);
    }
    byte[] truncated = java.util.Arrays.copyOf(answer, 3);
    assertThrows(BesProtocolException.class, () -> read(form, truncated, 8192, true));
    assertEquals(1, refusals.get());
  }

  @Test
  void formsOfTheGets() {
    assertEquals(AnswerForm.DDS, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DDS, "")));
    assertEquals(AnswerForm.DAS, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DAS, "")));
    assertEquals(AnswerForm.XML_DATASET, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DMR, "")));
    assertEquals(AnswerForm.XML_DATASET, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DDX, "")));
    assertEquals(AnswerForm.DODS, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DODS, "")));
    assertEquals(AnswerForm.DAP4_DATA, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DAP, "")));
    assertEquals(AnswerForm.ASCII, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.ASCII, "x")));
    assertEquals(AnswerForm.ASCII, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DAP_CSV, "")));
    assertEquals(AnswerForm.JSON, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DODS_JSON, "")));
    assertEquals(
        AnswerForm.JSON, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DAP_COVJSON, "")));
    assertEquals(
        AnswerForm.NETCDF, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DAP_NETCDF4, "")));
    assertEquals(
        AnswerForm.TIFF, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DODS_GEOTIFF, "")));
    assertEquals(
        AnswerForm.JPEG2000, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.DODS_JPEG2000, "")));
    assertEquals(
        AnswerForm.XML_DATASET, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.XML_DATA, "")));
    assertEquals(AnswerForm.HTML, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.INFO_PAGE, "")));
    // A file is what it is, even empty: the web layer checks its length.
    assertEquals(AnswerForm.ANY, AnswerForm.of(GetRequest.of("/a.nc", BesGetType.STREAM, "")));
    assertEquals(AnswerForm.ANY, AnswerForm.of(GetRequest.probe("/a.nc", BesGetType.DDS)));
  }
}
