package org.olfsfastpath.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Upstream's three safe-character rules, to the character: one {@code #} per character outside the
 * set (no hex), and the quirk of the query rule (a query of simple-string characters is kept whole,
 * hyphens included; any other loses its hyphens too). The cases are upstream's logs' own.
 */
final class ScrubTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "curl/7.88.1|curl#7#88#1",
        "Mozilla/5.0 (X11; Linux x86_64)|Mozilla#5#0 #X11# Linux x86_64#",
        "3f2b1c4e-aaaa-4bbb-8ccc-0123456789ab|3f2b1c4e-aaaa-4bbb-8ccc-0123456789ab",
        "a_b c-d|a_b c-d",
        "é|#",
        "\uD83D\uDE00x|#x",
        "a\tb|a#b"
      })
  void simpleString(String in, String out) {
    assertEquals(out, Scrub.simpleString(in));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "COADSX%5B0:1:3%5D|COADSX#5B0:1:3#5D",
        "SST%5B0%5D%5B0:1:2%5D%5B0:1:2%5D&a-api-request-uuid=9d8c7b6a-1111-4222-8333-444455556666"
            + "|SST#5B0#5D#5B0:1:2#5D#5B0:1:2#5D#a#api#request#uuid=9d8c7b6a#1111#4222#8333"
            + "#444455556666",
        "NOPE|NOPE",
        "a-b|a-b",
        "dap4.ce=COADSX|dap4.ce=COADSX",
        "a-b.c|a#b.c",
        "x=1;y=2,z/w|x=1#y=2#z#w"
      })
  void simpleQueryString_withUpstreamsQuirk(String in, String out) {
    assertEquals(out, Scrub.simpleQueryString(in));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "/opendap/hyrax/coads_climatology.nc.ascii|/opendap/hyrax/coads_climatology.nc.ascii",
        "/opendap/a%20b+c:d.nc|/opendap/a%20b+c:d.nc",
        "/opendap/<x>\"y'|/opendap/#x##y#"
      })
  void urlContent(String in, String out) {
    assertEquals(out, Scrub.urlContent(in));
  }

  @ParameterizedTest
  @CsvSource({"abc", "a-b", "0 9"})
  void aCleanValue_isReturnedItself(String clean) {
    assertSame(clean, Scrub.simpleString(clean));
    assertSame(clean, Scrub.simpleQueryString(clean));
  }
}
