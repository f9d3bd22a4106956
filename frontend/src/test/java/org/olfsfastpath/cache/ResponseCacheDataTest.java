package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.olfsfastpath.cache.CountingLoader.bytes;
import static org.olfsfastpath.cache.CountingLoader.source;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Data answers in the response cache as the defaults keep them: a small one kept (its repeat opens
 * nothing), valid only while its data source is; a large one streamed on once past the cap and
 * never kept, its first bytes read into a head buffer that the next large answer reuses; and an
 * answer broken off while the cache reads it, before anything went on, read anew once when the
 * loader can start it again.
 */
final class ResponseCacheDataTest {
  private static final ResponseKey KEY = ResponseKey.of("", "/data/sst.nc", "dods", "sst[0]");
  private static final int CAP = 1 << 20;

  private final ResponseCache cache = ResponseCache.newBuilder().executor(Runnable::run).build();

  @AfterEach
  void close() {
    cache.close();
  }

  @Test
  void smallDataAnswer_isKept_itsRepeatOpensNothing_whileItsSourceIsCurrent() throws IOException {
    byte[] slice = bytes(40_000);
    CountingLoader bes = new CountingLoader(slice);
    DataSource sst = source("/data/sst.nc");
    assertEquals(CAP, cache.maxDataEntryBytes());
    CachedResponse kept =
        assertInstanceOf(
            CachedResponse.class, cache.load(KEY, sst, cache.maxDataEntryBytes(), false, bes));
    for (int i = 0; i < 100; i++) {
      assertSame(kept, cache.lookup(KEY, sst));
    }
    assertEquals(1, bes.opens.get(), "one load; every repeat from memory");
    assertEquals(40_000, cache.knownLength(KEY));

    // The data source reloaded (the file changed): the answer is stale, its size still known.
    DataSource changed = source("/data/sst.nc");
    assertNull(cache.lookup(KEY, changed));
    assertEquals(40_000, cache.knownLength(KEY));
    assertNotSame(kept, cache.load(KEY, changed, CAP, false, bes));
    assertEquals(2, bes.opens.get());

    // Invalidated or evicted, the answer is gone; its length stays known, a hint.
    cache.invalidate("/data/sst.nc");
    assertNull(cache.lookup(KEY, changed));
    assertEquals(40_000, cache.knownLength(KEY));
    assertEquals(-1, cache.knownLength(ResponseKey.of("", "/data/sst.nc", "dods", "sst[1]")));
  }

  @Test
  void largeAnswer_streamsOnPastTheCap_neverKept_wholeAndInOrder() throws IOException {
    byte[] large = bytes(3 * CAP + 17);
    DataSource sst = source("/data/sst.nc");
    try (StreamedResponse streamed =
            assertInstanceOf(
                StreamedResponse.class,
                cache.load(KEY, sst, CAP, false, new CountingLoader(large)));
        InputStream body = streamed.body()) {
      assertEquals(CAP + 1, streamed.headLength(), "read no further than the cap and one byte");
      assertArrayEquals(large, body.readAllBytes());
    }
    assertNull(cache.lookup(KEY, sst));
    assertEquals(0, cache.size());
    assertEquals(Integer.MAX_VALUE, cache.knownLength(KEY), "known to be over its cap");
    assertEquals(1, cache.stats().tooLargeCount());

    // The next time, from the same data source, it streams at once: nothing read ahead.
    try (StreamedResponse again =
            assertInstanceOf(
                StreamedResponse.class,
                cache.load(KEY, sst, CAP, false, new CountingLoader(large)));
        InputStream body = again.body()) {
      assertEquals(0, again.headLength());
      assertArrayEquals(large, body.readAllBytes());
    }
    // From another version of the data source, it may fit now: read ahead again.
    try (StreamedResponse changed =
        (StreamedResponse)
            cache.load(KEY, source("/data/sst.nc"), CAP, false, new CountingLoader(large))) {
      assertEquals(CAP + 1, changed.headLength());
    }
  }

  @Test
  void headBuffers_lentAgain_atMostTheKeptNumber() {
    HeadBuffers heads = new HeadBuffers(1025, 2);
    byte[] a = heads.borrow(1025);
    byte[] b = heads.borrow(100);
    heads.giveBack(a);
    heads.giveBack(b);
    heads.giveBack(new byte[1025]); // a third: not kept
    assertSame(a, heads.borrow(1025));
    assertSame(b, heads.borrow(1025));
    assertEquals(1025, heads.borrow(1).length, "a new one once the kept ones are lent");
    assertEquals(5000, heads.borrow(5000).length, "larger than kept ones: made for the load");
    assertEquals(2050, heads.maxKeptBytes());
  }

  @Test
  void largeAnswers_oneAfterAnother_reuseTheirHeadBuffer() throws IOException {
    DataSource sst = source("/data/sst.nc");
    byte[][] heads = new byte[2][];
    for (int i = 0; i < 2; i++) {
      ResponseKey key = ResponseKey.of("", "/data/sst.nc", "dods", "sst[" + i + "]");
      try (StreamedResponse streamed =
          (StreamedResponse) cache.load(key, sst, CAP, false, new CountingLoader(bytes(2 * CAP)))) {
        InputStream body = streamed.body();
        body.readAllBytes();
        heads[i] = headOf(streamed);
      }
    }
    assertSame(heads[0], heads[1], "the second large answer read into the first one's buffer");
  }

  @Test
  void brokenWhileTheCacheReads_readAnewOnce_whenTheLoaderStartsItAgain() throws IOException {
    byte[] whole = bytes(100_000);
    RestartingLoader bes = new RestartingLoader(whole, 50_000, true);
    DataSource sst = source("/data/sst.nc");
    CachedResponse kept =
        assertInstanceOf(CachedResponse.class, cache.load(KEY, sst, CAP, false, bes));
    try (InputStream in = kept.newInputStream(false)) {
      assertArrayEquals(whole, in.readAllBytes());
    }
    assertEquals(1, bes.restarts);
  }

  @Test
  void brokenWhileTheCacheReads_failsAndIsNotKept_whenTheLoaderCannotStartIt() {
    RestartingLoader bes = new RestartingLoader(bytes(100_000), 50_000, false);
    DataSource sst = source("/data/sst.nc");
    SocketException e =
        assertThrows(SocketException.class, () -> cache.load(KEY, sst, CAP, false, bes));
    assertEquals("Connection reset", e.getMessage());
    assertEquals(0, cache.size());
    assertEquals(1, cache.stats().loadFailureCount());
  }

  /** The head buffer a streamed answer was read into, by reflection: the test of reuse. */
  private static byte[] headOf(StreamedResponse streamed) {
    try {
      var field = StreamedResponse.class.getDeclaredField("head");
      field.setAccessible(true);
      return (byte[]) field.get(streamed);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * A loader whose stream is reset after {@code breakAt} bytes the first time; restarting it, when
   * allowed, makes the same stream give the whole answer again from its first byte.
   */
  private static final class RestartingLoader implements ResponseLoader {
    private final byte[] body;
    private final int breakAt;
    private final boolean mayRestart;
    private InputStream current;
    int restarts;

    RestartingLoader(byte[] body, int breakAt, boolean mayRestart) {
      this.body = body;
      this.breakAt = breakAt;
      this.mayRestart = mayRestart;
    }

    @Override
    public InputStream open() {
      current = new ByteArrayInputStream(body, 0, breakAt);
      return new InputStream() {
        @Override
        public int read() throws IOException {
          byte[] one = new byte[1];
          return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          int n = current.read(b, off, len);
          if (n < 0 && restarts == 0) {
            throw new SocketException("Connection reset");
          }
          return n;
        }
      };
    }

    @Override
    public boolean restart(IOException failure) {
      if (!mayRestart || restarts > 0) {
        return false;
      }
      restarts++;
      current = new ByteArrayInputStream(body);
      return true;
    }
  }
}
