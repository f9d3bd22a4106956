package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.cache.CountingLoader.bytes;
import static org.olfsfastpath.cache.CountingLoader.source;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.testing.FakeTicker;

/** Hits, misses, validity by data-source identity, the size cap, failures, gzip and ETags. */
final class ResponseCacheTest {
  private static final String DAS =
      "Attributes {\n    sst {\n        String units \"degC\";\n" + "    }\n}\n";
  private static final ResponseKey KEY = ResponseKey.of("", "/data/sst.nc", "das", "");

  private final FakeTicker ticker = new FakeTicker();
  private ResponseCache cache = newCache(ResponseCache.newBuilder());

  private ResponseCache newCache(ResponseCacheBuilder builder) {
    return builder.executor(Runnable::run).ticker(ticker).build();
  }

  @AfterEach
  void tearDown() {
    cache.close();
  }

  @Test
  void miss_thenHit_oneLoad_sameInstance() throws IOException {
    CountingLoader bes = CountingLoader.text(DAS);
    DataSource sst = source("/data/sst.nc");

    assertNull(cache.lookup(KEY, sst));
    CachedResponse first = assertInstanceOf(CachedResponse.class, cache.load(KEY, sst, bes));
    assertSame(first, cache.lookup(KEY, sst));
    assertSame(first, cache.load(KEY, sst, bes));

    assertEquals(1, bes.opens.get());
    assertEquals(1, bes.closes.get(), "a stream read to its end is closed at once");
    assertEquals(DAS, text(first, false));
    assertSame(sst, first.source());
    ResponseCacheStats stats = cache.stats();
    assertEquals(2, stats.hitCount());
    assertEquals(1, stats.missCount());
    assertEquals(1, stats.loadSuccessCount());
    assertEquals(0, stats.loadFailureCount());
    assertEquals(1, stats.entryCount());
  }

  @Test
  void equalKeysShareAnEntry() throws IOException {
    CountingLoader bes = CountingLoader.text(DAS);
    DataSource sst = source("/data/sst.nc");
    cache.load(
        new ResponseKey("", "/data/sst.nc", "dmr", "", List.of("xml:base=http://h/a")), sst, bes);

    assertTrue(
        cache.lookup(
                new ResponseKey("", "/data/sst.nc", "dmr", "", List.of("xml:base=http://h/a")), sst)
            != null);
    assertNull(
        cache.lookup(
            new ResponseKey("", "/data/sst.nc", "dmr", "", List.of("xml:base=http://other/a")),
            sst),
        "a context that changes the bytes");
    assertNull(cache.lookup(ResponseKey.of("", "/data/sst.nc", "dmr", "sst"), sst));
    assertNull(cache.lookup(ResponseKey.of("bes2", "/data/sst.nc", "dmr", ""), sst));
  }

  @Test
  void newDataSourceInstance_isAMiss_evenWhenEqual() throws IOException {
    CountingLoader bes = CountingLoader.text(DAS);
    DataSource before = source("/data/sst.nc");
    DataSource after = source("/data/sst.nc");
    assertEquals(before, after);
    CachedResponse old = (CachedResponse) cache.load(KEY, before, bes);

    assertNull(cache.lookup(KEY, after), "made from another data source: never served");
    CachedResponse fresh = (CachedResponse) cache.load(KEY, after, bes);

    assertNotSameInstance(old, fresh);
    assertSame(after, fresh.source());
    assertEquals(2, bes.opens.get());
    assertSame(fresh, cache.lookup(KEY, after));
    assertNull(cache.lookup(KEY, before), "the old source is not current any more either");
    assertEquals(1, cache.stats().staleMissCount());
    assertEquals(1, cache.size());
  }

  @Test
  void besError_reachesTheCaller_andIsNotCached() throws IOException {
    BesErrorException refused =
        new BesErrorException(
            new BesError(3, "Constraint expression parse error", 0, "support@opendap.org"));
    AtomicInteger opens = new AtomicInteger();
    DataSource sst = source("/data/sst.nc");

    for (int i = 1; i <= 2; i++) {
      assertSame(
          refused,
          assertThrows(
              BesErrorException.class,
              () ->
                  cache.load(
                      KEY,
                      sst,
                      () -> {
                        opens.incrementAndGet();
                        throw refused;
                      })));
      assertEquals(i, opens.get(), "each request asks again");
    }
    assertNull(cache.lookup(KEY, sst));
    assertEquals(0, cache.size());
    assertEquals(2, cache.stats().loadFailureCount());
    assertEquals(2, cache.stats().missCount());
  }

  @Test
  void failureWhileReading_closesTheStream_andIsNotCached() throws IOException {
    AtomicInteger closes = new AtomicInteger();
    IOException broken = new IOException("BES error after data");
    DataSource sst = source("/data/sst.nc");
    ResponseLoader failing =
        () ->
            new FilterInputStream(InputStream.nullInputStream()) {
              @Override
              public int read(byte[] b, int off, int len) throws IOException {
                throw broken;
              }

              @Override
              public void close() {
                closes.incrementAndGet();
              }
            };

    assertSame(broken, assertThrows(IOException.class, () -> cache.load(KEY, sst, failing)));
    assertEquals(1, closes.get());
    assertEquals(0, cache.size());
    CountingLoader bes = CountingLoader.text(DAS);
    cache.load(KEY, sst, bes);
    assertEquals(1, bes.opens.get(), "the failure was not kept");
  }

  @Test
  void loaderBug_isNotCachedEither() throws IOException {
    DataSource sst = source("/data/sst.nc");
    IllegalStateException bug = new IllegalStateException("bug");
    assertSame(
        bug,
        assertThrows(
            IllegalStateException.class,
            () ->
                cache.load(
                    KEY,
                    sst,
                    () -> {
                      throw bug;
                    })));
    NullPointerException noStream =
        assertThrows(NullPointerException.class, () -> cache.load(KEY, sst, () -> null));
    assertTrue(
        noStream.getMessage().startsWith("loader ")
            && noStream.getMessage().endsWith(" returned null"),
        noStream.getMessage());
    assertEquals(0, cache.size());
    assertEquals(2, cache.stats().loadFailureCount());
  }

  @Test
  void answerOverTheCap_streamsWhole_andIsNotKept() throws IOException {
    byte[] large = bytes(1000);
    CountingLoader bes = new CountingLoader(large);
    DataSource sst = source("/data/sst.nc");

    StreamedResponse streamed =
        assertInstanceOf(StreamedResponse.class, cache.load(KEY, sst, 999, true, bes));
    assertEquals(1000, streamed.headLength(), "the cap plus one byte was read");
    assertEquals(0, bes.closes.get(), "the caller owns the open stream");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(1000, streamed.transferTo(out));
    streamed.close();
    assertArrayEquals(large, out.toByteArray());
    assertEquals(1, bes.closes.get());
    assertThrows(IllegalStateException.class, () -> streamed.transferTo(out));

    assertNull(cache.lookup(KEY, sst));
    assertEquals(0, cache.size());
    assertEquals(1, cache.stats().tooLargeCount());
    assertEquals(1, cache.stats().loadSuccessCount());
  }

  @Test
  void answerOverTheCap_bodyStream_yieldsHeadThenRest() throws IOException {
    byte[] large = bytes(70_000);
    DataSource sst = source("/data/sst.nc");
    try (StreamedResponse streamed =
        (StreamedResponse) cache.load(KEY, sst, 10_000, false, new CountingLoader(large))) {
      try (InputStream body = streamed.body()) {
        assertArrayEquals(large, body.readAllBytes());
      }
    }
  }

  @Test
  void answerOfExactlyTheCap_isKept() throws IOException {
    DataSource sst = source("/data/sst.nc");
    CachedResponse kept =
        assertInstanceOf(
            CachedResponse.class,
            cache.load(KEY, sst, 1000, false, new CountingLoader(bytes(1000))));
    assertEquals(1000, kept.length(false));
    assertSame(kept, cache.lookup(KEY, sst));
  }

  @Test
  void defaultCap_isMaxEntryBytes() throws IOException {
    cache.close();
    cache = newCache(ResponseCache.newBuilder().maxEntryBytes(100));
    DataSource sst = source("/data/sst.nc");
    assertInstanceOf(CachedResponse.class, cache.load(KEY, sst, new CountingLoader(bytes(100))));
    LoadedResponse over =
        cache.load(
            ResponseKey.of("", "/data/sst.nc", "dds", ""), sst, new CountingLoader(bytes(101)));
    assertInstanceOf(StreamedResponse.class, over, "101 bytes over a cap of 100").close();
  }

  @Test
  void emptyAnswer_isKept() throws IOException {
    DataSource sst = source("/data/sst.nc");
    CachedResponse empty = (CachedResponse) cache.load(KEY, sst, new CountingLoader(new byte[0]));
    assertEquals(0, empty.length(false));
    assertEquals("", text(empty, true));
  }

  @Test
  void cacheOff_streamsEveryAnswer_andLookupFindsNothing() throws IOException {
    cache.close();
    cache = newCache(ResponseCache.newBuilder().enabled(false));
    CountingLoader bes = CountingLoader.text(DAS);
    DataSource sst = source("/data/sst.nc");

    for (int i = 0; i < 2; i++) {
      try (StreamedResponse streamed =
          assertInstanceOf(StreamedResponse.class, cache.load(KEY, sst, bes))) {
        assertEquals(0, streamed.headLength(), "nothing buffered with the cache off");
        assertEquals(DAS, new String(streamed.body().readAllBytes(), StandardCharsets.UTF_8));
      }
      assertNull(cache.lookup(KEY, sst));
    }
    assertEquals(2, bes.opens.get());
    assertEquals(2, bes.closes.get());
    assertFalse(cache.stats().enabled());
    assertEquals(2, cache.stats().missCount());
  }

  @Test
  void gzipForm_isMadeOnce_andRoundTrips() throws IOException {
    byte[] body = bytes(50_000);
    CachedResponse response =
        (CachedResponse) cache.load(KEY, source("/a.nc"), new CountingLoader(body));

    assertTrue(response.hasGzip());
    assertTrue(response.length(true) < body.length / 10, "DAS-like text compresses well");
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    response.writeTo(gz, true);
    assertEquals(response.length(true), gz.size());
    try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gz.toByteArray()))) {
      assertArrayEquals(body, in.readAllBytes());
    }
    try (InputStream in = new GZIPInputStream(response.newInputStream(true))) {
      assertArrayEquals(body, in.readAllBytes());
    }
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    response.writeTo(plain, false);
    assertArrayEquals(body, plain.toByteArray());
    assertArrayEquals(body, response.newInputStream(false).readAllBytes());
  }

  @Test
  void gzipNotAskedFor_hasNoGzipForm() throws IOException {
    CachedResponse response =
        (CachedResponse)
            cache.load(KEY, source("/a.nc"), 1000, false, new CountingLoader(bytes(100)));
    assertFalse(response.hasGzip());
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> response.length(true));
    assertTrue(
        e.getMessage()
            .startsWith(
                "no gzip form: the response was loaded with gzip=false (CachedResponse{/a.nc, 100 bytes,"
                    + " etag \""),
        e.getMessage());
    assertThrows(IllegalStateException.class, () -> response.etag(true));
    assertThrows(
        IllegalStateException.class, () -> response.writeTo(new ByteArrayOutputStream(), true));
  }

  @Test
  void etag_isTheQuotedSha256OfTheBody() throws IOException {
    CachedResponse abc =
        (CachedResponse) cache.load(KEY, source("/a.nc"), CountingLoader.text("abc"));
    assertEquals(
        "\"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\"", abc.etag());
    assertEquals(abc.etag(), abc.etag(false));
    assertEquals(
        "\"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad-gzip\"",
        abc.etag(true));
  }

  @Test
  void etag_equalBytesGiveEqualTags_otherBytesOthers() throws IOException {
    CachedResponse a =
        (CachedResponse)
            cache.load(
                ResponseKey.of("", "/a.nc", "das", ""), source("/a.nc"), CountingLoader.text(DAS));
    CachedResponse b =
        (CachedResponse)
            cache.load(
                ResponseKey.of("", "/b.nc", "das", ""), source("/b.nc"), CountingLoader.text(DAS));
    CachedResponse c =
        (CachedResponse)
            cache.load(
                ResponseKey.of("", "/c.nc", "das", ""),
                source("/c.nc"),
                CountingLoader.text(DAS.replace("degC", "degF")));
    CachedResponse reloaded =
        (CachedResponse)
            cache.load(
                ResponseKey.of("", "/a.nc", "das", ""), source("/a.nc"), CountingLoader.text(DAS));

    assertEquals(a.etag(), b.etag());
    assertEquals(a.etag(), reloaded.etag(), "a reload finding the same bytes keeps the tag");
    assertNotEquals(a.etag(), c.etag());
    assertNotEquals(a.etag(true), c.etag(true));
    assertTrue(a.etag().matches("\"[0-9a-f]{64}\""), a.etag());
  }

  @Test
  void invalidatePath_dropsEveryKeyOfThatPath_inEveryGroup() throws IOException {
    DataSource a = source("/a.nc");
    DataSource b = source("/b.nc");
    for (String type : new String[] {"das", "dds", "dmr"}) {
      cache.load(ResponseKey.of("", "/a.nc", type, ""), a, CountingLoader.text(type));
      cache.load(ResponseKey.of("bes2", "/a.nc", type, ""), a, CountingLoader.text(type));
      cache.load(ResponseKey.of("", "/b.nc", type, ""), b, CountingLoader.text(type));
    }
    assertEquals(9, cache.size());

    cache.invalidate("/a.nc");

    assertEquals(3, cache.size());
    assertNull(cache.lookup(ResponseKey.of("", "/a.nc", "das", ""), a));
    assertNull(cache.lookup(ResponseKey.of("bes2", "/a.nc", "dmr", ""), a));
    assertTrue(cache.lookup(ResponseKey.of("", "/b.nc", "dds", ""), b) != null);
  }

  @Test
  void invalidateGroupAndPath_dropsOnlyThatGroup() throws IOException {
    DataSource a = source("/a.nc");
    cache.load(ResponseKey.of("", "/a.nc", "das", ""), a, CountingLoader.text(DAS));
    cache.load(ResponseKey.of("bes2", "/a.nc", "das", ""), a, CountingLoader.text(DAS));

    cache.invalidate("bes2", "/a.nc");

    assertTrue(cache.lookup(ResponseKey.of("", "/a.nc", "das", ""), a) != null);
    assertNull(cache.lookup(ResponseKey.of("bes2", "/a.nc", "das", ""), a));
  }

  @Test
  void invalidateAll_dropsEverything() throws IOException {
    DataSource a = source("/a.nc");
    cache.load(ResponseKey.of("", "/a.nc", "das", ""), a, CountingLoader.text(DAS));
    cache.load(ResponseKey.of("", "/a.nc", "dds", ""), a, CountingLoader.text(DAS));
    cache.invalidateAll();
    assertEquals(0, cache.size());
    assertNull(cache.lookup(ResponseKey.of("", "/a.nc", "das", ""), a));
  }

  @Test
  void loadTime_isCountedWithTheTicker() throws IOException {
    cache.load(
        KEY,
        source("/a.nc"),
        () -> {
          ticker.advance(java.time.Duration.ofMillis(7));
          return new java.io.ByteArrayInputStream(new byte[3]);
        });
    assertEquals(7_000_000L, cache.stats().totalLoadTimeNanos());
    assertEquals(7_000_000.0, cache.stats().averageLoadPenaltyNanos());
  }

  @Test
  void weightedBytes_countBodyGzipKeyAndOverhead() throws IOException {
    CachedResponse response =
        (CachedResponse) cache.load(KEY, source("/a.nc"), new CountingLoader(bytes(10_000)));
    cache.cleanUp();
    assertEquals(
        KEY.weight() + 10_000 + response.length(true) + CachedResponse.ENTRY_OVERHEAD,
        cache.weightedBytes());
    assertEquals(cache.weightedBytes(), cache.stats().weightedBytes());
  }

  @Test
  void negativeMaxBytes_isRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> cache.load(KEY, source("/a.nc"), -1, true, CountingLoader.text(DAS)));
    assertEquals("maxBytes was -1, must be >= 0", e.getMessage());
  }

  @Test
  void closed_refusesLookupsAndLoads() {
    cache.close();
    DataSource a = source("/a.nc");
    assertEquals(
        "ResponseCache was closed",
        assertThrows(IllegalStateException.class, () -> cache.lookup(KEY, a)).getMessage());
    assertEquals(
        "ResponseCache was closed",
        assertThrows(
                IllegalStateException.class, () -> cache.load(KEY, a, CountingLoader.text(DAS)))
            .getMessage());
  }

  @Test
  void nullArguments_areNamed() {
    DataSource a = source("/a.nc");
    assertEquals(
        "key == null",
        assertThrows(NullPointerException.class, () -> cache.lookup(null, a)).getMessage());
    assertEquals(
        "current == null",
        assertThrows(NullPointerException.class, () -> cache.lookup(KEY, null)).getMessage());
    assertEquals(
        "loader == null",
        assertThrows(NullPointerException.class, () -> cache.load(KEY, a, null)).getMessage());
    assertEquals(
        "contexts == null",
        assertThrows(
                NullPointerException.class, () -> new ResponseKey("", "/a.nc", "das", "", null))
            .getMessage());
  }

  @Test
  void statsJson_namesEveryCounter() throws IOException {
    cache.load(KEY, source("/a.nc"), CountingLoader.text("abc"));
    String json = cache.stats().toJson();
    assertTrue(
        json.startsWith(
            "{\"enabled\":true,\"hitCount\":0,\"missCount\":1,"
                + "\"hitRate\":0.000000,\"loadSuccessCount\":1,\"loadFailureCount\":0,"
                + "\"tooLargeCount\":0,\"staleMissCount\":0,\"totalLoadTimeNanos\":0,"
                + "\"averageLoadPenaltyNanos\":0.0,\"evictionCount\":0,\"evictedBytes\":0,"
                + "\"entryCount\":1,\"weightedBytes\":"),
        json);
    assertTrue(json.endsWith(",\"maximumWeight\":67108864}"), json);
  }

  private static void assertNotSameInstance(Object a, Object b) {
    assertFalse(a == b, "expected two instances");
  }

  private static String text(CachedResponse response, boolean gzip) throws IOException {
    InputStream in = response.newInputStream(gzip);
    return new String((gzip ? new GZIPInputStream(in) : in).readAllBytes(), StandardCharsets.UTF_8);
  }
}
