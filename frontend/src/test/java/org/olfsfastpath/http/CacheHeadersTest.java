package org.olfsfastpath.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each kind of answer's Cache-Control, and the ages' defaults tied to the front end's freshness
 * bound: with a data root the file check interval (1 s), without it the refresh age (300 s).
 */
final class CacheHeadersTest {
  private static CacheHeaders headers(Map<String, String> spec, Duration freshness) {
    return CacheHeaders.of(HttpCacheSettings.from(spec).build(), freshness, false);
  }

  @Test
  void openAnswers_followTheFileCheckInterval() {
    CacheHeaders h = headers(Map.of(), Duration.ofSeconds(1));
    assertEquals(
        "public, max-age=1, s-maxage=1, stale-while-revalidate=1",
        h.cacheControl(CacheHeaders.Kind.METADATA));
    assertEquals(
        "public, max-age=1, s-maxage=1, stale-while-revalidate=1",
        h.cacheControl(CacheHeaders.Kind.DATA));
  }

  @Test
  void aShortCheckInterval_isAtLeastOneSecond_andALongOneItsWholeSeconds() {
    assertEquals(1, headers(Map.of(), Duration.ZERO).maxAgeSeconds());
    assertEquals(1, headers(Map.of(), Duration.ofMillis(500)).maxAgeSeconds());
    assertEquals(300, headers(Map.of(), Duration.ofMillis(300_900)).maxAgeSeconds());
  }

  @Test
  void settings_overrideEachAge() {
    CacheHeaders h =
        headers(
            Map.of("maxAge", "60", "dataMaxAge", "10m", "staleWhileRevalidate", "0"),
            Duration.ofSeconds(1));
    assertEquals("public, max-age=60, s-maxage=60", h.cacheControl(CacheHeaders.Kind.METADATA));
    assertEquals("public, max-age=600, s-maxage=600", h.cacheControl(CacheHeaders.Kind.DATA));
  }

  @Test
  void restrictedErrorsAndCookies_areNeverShared() {
    CacheHeaders h = headers(Map.of(), Duration.ofSeconds(1));
    assertEquals("private, no-cache", h.cacheControl(CacheHeaders.Kind.PRIVATE));
    assertEquals("no-store", h.cacheControl(CacheHeaders.Kind.NO_STORE));
    assertEquals("private, no-store", h.cacheControl(CacheHeaders.Kind.PRIVATE_NO_STORE));
  }

  @Test
  void withLogins_openAnswersLeaveOutPublic() {
    CacheHeaders h = CacheHeaders.of(HttpCacheSettings.defaults(), Duration.ofSeconds(1), true);
    assertEquals(
        "max-age=1, s-maxage=1, stale-while-revalidate=1",
        h.cacheControl(CacheHeaders.Kind.METADATA));
  }

  @Test
  void off_sendsNothingOnOpenAnswers_asUpstream_butStillNoStoreOnErrors() {
    CacheHeaders h = headers(Map.of("enabled", "false"), Duration.ofSeconds(1));
    assertNull(h.cacheControl(CacheHeaders.Kind.METADATA));
    assertNull(h.cacheControl(CacheHeaders.Kind.DATA));
    assertEquals("no-store", h.cacheControl(CacheHeaders.Kind.NO_STORE));
  }

  @Test
  void vary() {
    assertNull(CacheHeaders.vary(false, false, false));
    assertEquals("Accept-Encoding", CacheHeaders.vary(true, false, false));
    assertEquals("Accept", CacheHeaders.vary(false, true, false));
    assertEquals("Accept-Encoding, Accept, Origin", CacheHeaders.vary(true, true, true));
    assertEquals("Origin", CacheHeaders.vary(false, false, true));
  }
}
