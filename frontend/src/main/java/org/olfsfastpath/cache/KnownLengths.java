package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * What the {@link ResponseCache} learned of each answer's length when it loaded it, kept apart from
 * the answers themselves (and kept when they are evicted or invalidated): a hint, never an answer.
 * An answer known to fit its cap tells the web layer that the next get of it is short (its BES
 * connection is held no longer than the cache takes to read it); one known to be over its cap, made
 * from the data source that is still current, is streamed at once with no head read and no shared
 * load, since it would not be kept anyway. Bounded by count ({@link #MAXIMUM} keys, a few hundred
 * bytes each); thread-safe.
 */
final class KnownLengths {
  /** The most answers whose length is remembered. */
  static final int MAXIMUM = 8192;

  /** {@link #length} of an answer known to be over its cap. */
  static final int OVER = Integer.MAX_VALUE;

  private final Cache<ResponseKey, Known> known;

  KnownLengths(Executor executor) {
    this.known = Caffeine.newBuilder().maximumSize(MAXIMUM).executor(executor).build();
  }

  /** {@code key}'s answer, made from {@code source}, was {@code length} bytes: it was kept. */
  void fits(ResponseKey key, DataSource source, int length) {
    known.put(key, new Known(source, length, -1));
  }

  /** {@code key}'s answer, made from {@code source}, was over {@code cap}: it streamed on. */
  void over(ResponseKey key, DataSource source, int cap) {
    known.put(key, new Known(source, OVER, cap));
  }

  /** The last length seen of {@code key}'s answer: {@link #OVER} when over its cap, -1 unknown. */
  int length(ResponseKey key) {
    Known k = known.getIfPresent(key);
    return k == null ? -1 : k.length();
  }

  /** Whether {@code key}'s answer from {@code current} is known to be over {@code cap}. */
  boolean isOver(ResponseKey key, DataSource current, int cap) {
    @Nullable Known k = known.getIfPresent(key);
    return k != null && k.length() == OVER && k.source() == current && cap <= k.cap();
  }

  void clear() {
    known.invalidateAll();
  }

  /**
   * @param source the data source the answer was made from
   * @param length its length, or {@link #OVER}
   * @param cap the cap it was over; -1 when it fit
   */
  private record Known(DataSource source, int length, int cap) {}
}
