package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.Ticker;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Reads one answer from a {@link ResponseLoader} for the {@link ResponseCache}, counted in its
 * counters: whole when it fits the cap, else its first bytes (the head) and the open rest, so a
 * large answer is never held whole and streams on once it is known to be over the cap. Memory: a
 * small answer costs a buffer of its own size; a larger one is read into a head buffer of the cap's
 * size, lent from a few kept for reuse ({@link HeadBuffers}), so a large download costs no new
 * buffer. Thread-safe.
 */
record AnswerReader(CacheCounters counters, Ticker ticker, HeadBuffers heads) {
  /** An answer shorter than this is read into a buffer of its own size, not a lent one. */
  static final int FIRST_READ = 8192;

  /** Head buffers kept for reuse: enough for the large answers a small server starts at once. */
  static final int KEPT_HEAD_BUFFERS = 4;

  /** The bytes the kept head buffers may hold at most. */
  long maxKeptBytes() {
    return heads.maxKeptBytes();
  }

  /**
   * Reads one answer, counted: whole when it fits {@code cap} (a {@link CachedResponse} made from
   * {@code source}), else its first bytes and the open rest (a {@link StreamedResponse}). A small
   * answer is read into a buffer of its own size; one larger than {@link #FIRST_READ} into a lent
   * head buffer, which an answer over the cap hands on with its head and gets back once the head
   * has been read. If the stream breaks before the answer is whole, the loader may start it once
   * more ({@link ResponseLoader#restart}); nothing has been handed on yet.
   */
  LoadedResponse read(DataSource source, int cap, boolean gzip, ResponseLoader loader)
      throws IOException {
    long start = ticker.read();
    InputStream in = null;
    byte[] buffer = null;
    try {
      in = open(loader);
      int want = Math.min(FIRST_READ, cap + 1);
      byte[] first = readStarting(in, want, loader);
      if (first.length < want) {
        // The whole answer, within the cap, read into a buffer of its own size.
        in.close();
        return kept(CachedResponse.of(first, source, gzip));
      }
      if (first.length > cap) {
        counters.loadSuccesses.increment();
        counters.tooLarge.increment();
        return StreamedResponse.of(first, in);
      }
      buffer = heads.borrow(cap + 1);
      System.arraycopy(first, 0, buffer, 0, first.length);
      int n = first.length + readFully(in, buffer, first.length, cap + 1 - first.length, loader);
      if (n > cap) {
        counters.loadSuccesses.increment();
        counters.tooLarge.increment();
        byte[] lent = buffer;
        buffer = null;
        return StreamedResponse.of(lent, n, in, () -> heads.giveBack(lent));
      }
      in.close();
      return kept(CachedResponse.of(Arrays.copyOf(buffer, n), source, gzip));
    } catch (IOException | RuntimeException | Error e) {
      closeQuietly(in, e);
      counters.loadFailures.increment();
      throw e;
    } finally {
      if (buffer != null) {
        heads.giveBack(buffer);
      }
      counters.totalLoadNanos.add(ticker.read() - start);
    }
  }

  private CachedResponse kept(CachedResponse response) {
    counters.loadSuccesses.increment();
    return response;
  }

  /** The stream's first bytes, up to {@code max}; read once more from its start if it broke. */
  private static byte[] readStarting(InputStream in, int max, ResponseLoader loader)
      throws IOException {
    try {
      return in.readNBytes(max);
    } catch (IOException e) {
      if (!loader.restart(e)) {
        throw e;
      }
      return in.readNBytes(max);
    }
  }

  /**
   * Reads up to {@code length} more bytes into {@code buffer} at {@code offset}; if the stream
   * breaks, the loader may start it again from its first byte, which is then read from the start of
   * the buffer. Returns how many bytes follow {@code offset}.
   */
  private static int readFully(
      InputStream in, byte[] buffer, int offset, int length, ResponseLoader loader)
      throws IOException {
    try {
      return in.readNBytes(buffer, offset, length);
    } catch (IOException e) {
      if (!loader.restart(e)) {
        throw e;
      }
      return in.readNBytes(buffer, 0, offset + length) - offset;
    }
  }

  /** Opens the loader's stream and hands it over unread. */
  StreamedResponse streamAlone(ResponseLoader loader) throws IOException {
    long start = ticker.read();
    try {
      StreamedResponse response = StreamedResponse.of(open(loader));
      counters.loadSuccesses.increment();
      return response;
    } catch (IOException | RuntimeException | Error e) {
      counters.loadFailures.increment();
      throw e;
    } finally {
      counters.totalLoadNanos.add(ticker.read() - start);
    }
  }

  private static InputStream open(ResponseLoader loader) throws IOException {
    InputStream in = loader.open();
    return Objects.requireNonNull(in, () -> "loader " + loader + " returned null");
  }

  private static void closeQuietly(@Nullable InputStream in, Throwable failure) {
    if (in == null) {
      return;
    }
    try {
      in.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }
}
