package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

final class PercentEncodingTest {
  @Test
  void segment_keepsOnlyUnreservedCharacters() {
    assertEquals("a%20b%2Fc%3F%23%25.nc", PercentEncoding.segment("a b/c?#%.nc"));
    assertEquals("%C3%A9t%C3%A9", PercentEncoding.segment("\u00e9t\u00e9"));
  }

  @Test
  void segment_plainNameIsReturnedAsItIs() {
    String name = "coads_climatology.nc";
    assertSame(name, PercentEncoding.segment(name));
  }

  @Test
  void path_keepsSlashes() {
    assertEquals("/nc/a%20b.nc", PercentEncoding.path("/nc/a b.nc"));
  }

  @Test
  void query_keepsConstraintPunctuationReadable() {
    assertEquals("/SST%5B0:1:5%5D;/TIME", PercentEncoding.query("/SST[0:1:5];/TIME"));
    assertEquals("COADSX%5B0:2:9%5D,SST", PercentEncoding.query("COADSX[0:2:9],SST"));
    assertEquals("a%2Bb%26c%3Dd%20e%25", PercentEncoding.query("a+b&c=d e%"));
  }

  @Test
  void query_isUndoneByOneDecoding() throws Exception {
    String text = "/a%2Eb[0:1:2];x+y & z=\u00e9";
    String encoded = PercentEncoding.query(text);
    assertEquals(text, PercentDecoding.decode(encoded, false, "test"));
    assertEquals(text, PercentDecoding.decode(encoded, true, "test"));
  }
}
