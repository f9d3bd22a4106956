package org.olfsfastpath.dap;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes {@code %XX} escapes once, strictly: a bad escape or invalid UTF-8 is an error, not a
 * guess.
 */
final class PercentDecoding {
  private PercentDecoding() {}

  /**
   * Decodes {@code text}. With {@code plusIsSpace} a {@code +} becomes a space (HTML form encoding,
   * as for {@code dap4.ce}); without it a {@code +} stays a {@code +}, which DAP2 constraints need
   * (libdap's own clients send it unescaped).
   *
   * @param what names the URL part in the rejection message, e.g. "path" or "constraint"
   * @throws DapRequestRejectedException 400 naming the offset of a malformed escape or invalid
   *     UTF-8
   */
  static String decode(String text, boolean plusIsSpace, String what)
      throws DapRequestRejectedException {
    if (text.indexOf('%') < 0 && !(plusIsSpace && text.indexOf('+') >= 0)) {
      return text;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        int hi = i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
        int lo = hi >= 0 ? Character.digit(text.charAt(i + 2), 16) : -1;
        if (lo < 0) {
          throw new DapRequestRejectedException(
              400,
              "malformed percent-escape in the "
                  + what
                  + " at offset "
                  + i
                  + ": expected %XX with two hex digits");
        }
        bytes.write(hi << 4 | lo);
        i += 2;
      } else if (c == '+' && plusIsSpace) {
        bytes.write(' ');
      } else if (c < 0x100) {
        // The servlet container hands over the raw request line byte for byte (ISO-8859-1).
        bytes.write(c);
      } else {
        byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(encoded, 0, encoded.length);
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      throw new DapRequestRejectedException(
          400, "the " + what + " is not valid UTF-8 once decoded");
    }
  }
}
