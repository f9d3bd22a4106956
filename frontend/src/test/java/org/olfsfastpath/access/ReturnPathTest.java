package org.olfsfastpath.access;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Only paths of this service come back from a login; everything else is the root. */
final class ReturnPathTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/opendap/restricted/x.nc.dmr.html | /opendap/restricted/x.nc.dmr.html",
        "/opendap/data/x.nc.ascii?sst%5B0%5D | /opendap/data/x.nc.ascii?sst%5B0%5D",
        "/opendap/ | /opendap/",
        "//evil.example.org/ | /opendap/",
        "/opendap//evil.example.org | /opendap/",
        "/\\evil.example.org | /opendap/",
        "/opendap/\\evil | /opendap/",
        "https://evil.example.org/opendap/ | /opendap/",
        "%2F%2Fevil.example.org | /opendap/",
        "/opendap/%2F%2Fevil | /opendap/",
        "/opendap/x%0d%0aSet-Cookie:%20a=b | /opendap/",
        "/opendap/../manager/ | /opendap/",
        "/opendap/%2e%2e/manager/ | /opendap/",
        "/other/ | /opendap/",
        "/opendapx/ | /opendap/",
        "javascript:alert(1) | /opendap/",
      })
  void check(String raw, String expected) {
    assertEquals(expected, ReturnPath.check(raw.strip(), "/opendap"));
  }

  @org.junit.jupiter.api.Test
  void emptyAndLong() {
    assertEquals("/opendap/", ReturnPath.check(null, "/opendap"));
    assertEquals("/opendap/", ReturnPath.check("", "/opendap"));
    assertEquals("/opendap/", ReturnPath.check("/opendap/" + "a".repeat(3000), "/opendap"));
    assertEquals("/", ReturnPath.check("//evil", ""));
    assertEquals("/data/x", ReturnPath.check("/data/x", ""));
  }
}
