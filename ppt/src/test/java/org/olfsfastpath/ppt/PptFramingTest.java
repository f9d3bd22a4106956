package org.olfsfastpath.ppt;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class PptFramingTest {

  private static byte[] ascii(String text) {
    return text.getBytes(US_ASCII);
  }

  @Test
  void header_isSevenLowercaseHexDigitsThenType() {
    assertEquals("0abcdefd", new String(PptFraming.header(0xabcdef, PptFraming.DATA), US_ASCII));
    assertEquals("0000000x", new String(PptFraming.header(0, PptFraming.EXTENSION), US_ASCII));
    assertEquals(
        "fffffffd",
        new String(PptFraming.header(PptFraming.MAX_ENCODABLE_LENGTH, PptFraming.DATA), US_ASCII));
  }

  @Test
  void header_refusesLengthsSevenDigitsCannotHold() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PptFraming.header(PptFraming.MAX_ENCODABLE_LENGTH + 1, PptFraming.DATA));
    assertEquals("chunk length was 268435456, must be 0-268435455", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PptFraming.header(-1, PptFraming.DATA));
  }

  @Test
  void header_refusesUnknownType() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PptFraming.header(1, (byte) 'q'));
    assertEquals("chunk type was 0x71 ('q'), must be d or x", e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({
    "0000000d, 0",
    "000000fd, 15",
    "0002182d, 8578",
    "000000dx, 13",
    // The BES writes lowercase but its reader (istream >> hex) takes upper case too; so do we.
    "000ABCDd, 43981",
    "000aBcDx, 43981",
  })
  void parseLength_readsHexInEitherCase(String header, int expected) throws Exception {
    assertEquals(
        expected, PptFraming.parseLength(ascii(header), 0, PptFraming.MAX_ENCODABLE_LENGTH + 1));
  }

  @Test
  void parseLength_honoursOffset() throws Exception {
    assertEquals(0x2f8, PptFraming.parseLength(ascii("xx00002f8d<?xml"), 2, 1 << 20));
  }

  @Test
  void parseLength_nonHexDigit_namesTheByteAndHeader() {
    PptProtocolException e =
        assertThrows(
            PptProtocolException.class,
            () -> PptFraming.parseLength(ascii("000g000d"), 0, 1 << 20));
    assertEquals(
        "expected a hex digit at chunk header byte 3 but was 0x67 ('g') (header \"000g000d\")",
        e.getMessage());
  }

  @Test
  void parseLength_nonPrintableByte_isShownEscaped() {
    byte[] header = ascii("0000000d");
    header[0] = (byte) 0xC3;
    PptProtocolException e =
        assertThrows(PptProtocolException.class, () -> PptFraming.parseLength(header, 0, 1 << 20));
    assertEquals(
        "expected a hex digit at chunk header byte 0 but was 0xc3 (header \"\\xc3000000d\")",
        e.getMessage());
  }

  @Test
  void parseLength_unknownType() {
    PptProtocolException e =
        assertThrows(
            PptProtocolException.class,
            () -> PptFraming.parseLength(ascii("0000010y"), 0, 1 << 20));
    assertEquals(
        "expected chunk type 'd' or 'x' but was 0x79 ('y') (header \"0000010y\")", e.getMessage());
  }

  @Test
  void parseLength_overTheCap() {
    PptProtocolException e =
        assertThrows(
            PptProtocolException.class, () -> PptFraming.parseLength(ascii("0000401d"), 0, 1024));
    assertEquals(
        "chunk length 1025 exceeds the limit of 1024 bytes (header \"0000401d\")", e.getMessage());
  }

  @Test
  void parseLength_extensionChunks_haveTheirOwnSmallerCap() throws Exception {
    assertEquals(
        PptFraming.MAX_EXTENSION_LENGTH, PptFraming.parseLength(ascii("0010000x"), 0, 1 << 26));
    PptProtocolException e =
        assertThrows(
            PptProtocolException.class,
            () -> PptFraming.parseLength(ascii("0010001x"), 0, 1 << 26));
    assertEquals(
        "extension chunk length 65537 exceeds the limit of 65536 bytes (header \"0010001x\")",
        e.getMessage());
  }

  @Test
  void isEndChunk() {
    assertTrue(PptFraming.isEndChunk(ascii("0000000d"), 0));
    assertTrue(PptFraming.isEndChunk(ascii("abc0000000d"), 3));
    assertFalse(PptFraming.isEndChunk(ascii("0000000x"), 0));
    assertFalse(PptFraming.isEndChunk(ascii("0000001d"), 0));
  }

  @Test
  void encodeMessage_isOneDataChunkThenTheEndChunk() {
    assertEquals(
        "0000007d<a b=1>0000000d",
        new String(PptFraming.encodeMessage(ascii("<a b=1>")), US_ASCII));
    assertEquals("0000000d", new String(PptFraming.encodeMessage(new byte[0]), US_ASCII));
  }

  @Test
  void encodeExtensions_likeTheBes() {
    Map<String, String> ext = new LinkedHashMap<>();
    ext.put("exit", "true");
    ext.put("status", "error");
    ext.put("flag", "");
    assertEquals(
        "000001cxexit=true;status=error;flag;",
        new String(PptFraming.encodeExtensions(ext), US_ASCII));
    assertEquals(
        "000000dxstatus=error;",
        new String(PptFraming.encodeExtensions(Map.of("status", "error")), US_ASCII));
  }

  @Test
  void encodeExtensions_refusesWhatCannotBeParsedBack() {
    assertEquals(
        "extension name was \"a=b\", must be non-empty without '=' or ';'",
        assertThrows(
                IllegalArgumentException.class,
                () -> PptFraming.encodeExtensions(Map.of("a=b", "c")))
            .getMessage());
    assertEquals(
        "extension status value was \"a;b\", must not hold ';'",
        assertThrows(
                IllegalArgumentException.class,
                () -> PptFraming.encodeExtensions(Map.of("status", "a;b")))
            .getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> PptFraming.encodeExtensions(Map.of("", "x")));
    assertThrows(IllegalArgumentException.class, () -> PptFraming.encodeExtensions(Map.of()));
  }

  @Test
  void encodeExitMessage_isTheStatusExtensionThenTheEndChunk() {
    assertEquals(
        "0000014xstatus=PPT_EXIT_NOW;0000000d",
        new String(PptFraming.encodeExitMessage(), US_ASCII));
  }

  @Test
  void parseExtensions_keepsOrderAndValues() throws Exception {
    Map<String, String> ext =
        PptFraming.parseExtensions(ascii("exit=true;status=error;flag;expr=a=b;"));
    assertEquals(List.of("exit", "status", "flag", "expr"), List.copyOf(ext.keySet()));
    assertEquals("true", ext.get("exit"));
    assertEquals("error", ext.get("status"));
    assertEquals("", ext.get("flag"));
    assertEquals("a=b", ext.get("expr"));
  }

  @Test
  void parseExtensions_laterRepeatWins() throws Exception {
    assertEquals(
        Map.of("status", "error"), PptFraming.parseExtensions(ascii("status=ok;status=error;")));
  }

  @Test
  void parseExtensions_roundTripsEncode() throws Exception {
    Map<String, String> ext = new LinkedHashMap<>();
    ext.put("status", PptFraming.EXIT_NOW);
    ext.put("x", "");
    byte[] chunk = PptFraming.encodeExtensions(ext);
    assertEquals(
        ext,
        PptFraming.parseExtensions(
            chunk, PptFraming.HEADER_LENGTH, chunk.length - PptFraming.HEADER_LENGTH));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "status=error| expected extensions ending in ';' but was \"status=error\"",
        "''| expected extensions ending in ';' but was \"\"",
        ";| expected name[=value] in extensions but was \";\"",
        "a;;| expected name[=value] in extensions but was \"a;;\"",
        "=v;| expected name[=value] in extensions but was \"=v;\"",
        "status=;| expected a value after '=' in extension status but was \"status=;\"",
      })
  void parseExtensions_malformed(String text, String message) {
    PptProtocolException e =
        assertThrows(PptProtocolException.class, () -> PptFraming.parseExtensions(ascii(text)));
    assertEquals(message, e.getMessage());
  }

  @Test
  void endChunk_isAFreshCopy() {
    byte[] end = PptFraming.endChunk();
    end[0] = 'x';
    assertArrayEquals(ascii("0000000d"), PptFraming.endChunk());
  }
}
