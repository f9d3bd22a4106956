package org.olfsfastpath.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 9110 single byte ranges, their clamping, 416, and If-Range's strong comparison. */
final class ByteRangesTest {
  private static final String ETAG = "\"abc\"";
  private static final long MODIFIED = 1_764_000_000_000L; // Mon, 24 Nov 2025 16:00:00 GMT

  private static String decide(String range, long length) {
    return show(ByteRanges.decide(range, null, length, ETAG, MODIFIED));
  }

  private static String show(ByteRanges.Decision d) {
    if (d instanceof ByteRanges.Part p) {
      return "206 " + p.contentRange() + " " + p.count();
    }
    if (d instanceof ByteRanges.Unsatisfiable u) {
      return "416 " + u.contentRange();
    }
    return "200";
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "bytes=0-99|206 bytes 0-99/1000 100",
        "bytes=0-0|206 bytes 0-0/1000 1",
        "bytes=900-|206 bytes 900-999/1000 100",
        "bytes=900-5000|206 bytes 900-999/1000 100",
        "bytes=-100|206 bytes 900-999/1000 100",
        "bytes=-5000|206 bytes 0-999/1000 1000",
        "BYTES=10-19|206 bytes 10-19/1000 10",
        "bytes=999-999|206 bytes 999-999/1000 1",
        "bytes=1000-|416 bytes */1000",
        "bytes=5000-6000|416 bytes */1000",
        "bytes=-0|416 bytes */1000",
        "bytes=99999999999999999999999-|416 bytes */1000",
        "bytes=0-99,200-299|200",
        "bytes=10-5|200",
        "items=0-9|200",
        "bytes=a-b|200",
        "bytes=|200",
        "bytes=-|200",
        "bytes 0-9|200",
        "bytes = 0-9|200"
      })
  void range(String header, String expected) {
    assertEquals(expected, decide(header, 1000));
  }

  @Test
  void anyRangeOfAnEmptyAnswer_isUnsatisfiable() {
    assertEquals("416 bytes */0", decide("bytes=0-", 0));
    assertEquals("416 bytes */0", decide("bytes=-5", 0));
  }

  @Test
  void noRange_isTheWhole() {
    assertEquals("200", show(ByteRanges.decide(null, ETAG, 1000, ETAG, MODIFIED)));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "\"abc\"|206 bytes 0-9/1000 10",
        "\"abd\"|200",
        "W/\"abc\"|200",
        "Mon, 24 Nov 2025 16:00:00 GMT|206 bytes 0-9/1000 10",
        "Mon, 24 Nov 2025 16:00:01 GMT|200",
        "not a date|200"
      })
  void ifRange_matchesOnlyTheCurrentValidator(String ifRange, String expected) {
    assertEquals(expected, show(ByteRanges.decide("bytes=0-9", ifRange, 1000, ETAG, MODIFIED)));
  }

  @Test
  void ifRange_neverMatchesAWeakEtag_orAMissingValidator() {
    assertEquals(
        "200", show(ByteRanges.decide("bytes=0-9", "W/\"abc\"", 1000, "W/\"abc\"", MODIFIED)));
    assertEquals("200", show(ByteRanges.decide("bytes=0-9", "\"abc\"", 1000, null, -1)));
    assertEquals(
        "200",
        show(ByteRanges.decide("bytes=0-9", "Mon, 24 Nov 2025 16:00:00 GMT", 1000, ETAG, -1)));
  }
}
