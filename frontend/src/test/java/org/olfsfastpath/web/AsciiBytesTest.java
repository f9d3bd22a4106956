package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Header names and values handed to Tomcat as bytes are only those Tomcat would have written as
 * they are: printable ASCII (a value also its space and tab; a name neither, nor a colon). Anything
 * else goes through the servlet API, which filters control characters and encodes the rest; a
 * string seen again is not encoded again.
 */
final class AsciiBytesTest {
  private final AsciiBytes names = new AsciiBytes(true);
  private final AsciiBytes values = new AsciiBytes(false);

  @Test
  void printableAscii_isItsBytes_keptForTheSameString() {
    String value = "public, max-age=300\tx";
    byte[] first = values.bytes(value);
    assertArrayEquals(value.getBytes(StandardCharsets.US_ASCII), first);
    assertSame(first, values.bytes(value));
    assertArrayEquals("X-DAP".getBytes(StandardCharsets.US_ASCII), names.bytes("X-DAP"));
    assertArrayEquals(first, AsciiBytes.uncached(value));
  }

  @ParameterizedTest
  @ValueSource(strings = {"a\r\nSet-Cookie: x=1", "caf\u00e9", "\u6f22", "a\u0000b", "del\u007f"})
  void anythingElse_goesThroughTheServletApi(String value) {
    assertNull(values.bytes(value));
    assertNull(AsciiBytes.uncached(value));
    assertNull(names.bytes(value));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "X DAP", "X-DAP:", "X\tDAP"})
  void aNameWithSpaceColonOrNothing_goesThroughTheServletApi(String name) {
    assertNull(names.bytes(name));
  }
}
