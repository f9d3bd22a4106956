package org.olfsfastpath.dap;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The parser's answers to the GET URLs it read last, so a URL asked again (a warm answer's usual
 * case: a client, a browser or a cache tier revalidating one dataset's metadata) is not decoded,
 * normalized and matched against every suffix again. Direct-mapped by the URL's hash: a slot holds
 * the last URL that fell on it, so memory is bounded by the slots and the longest URL kept ({@link
 * #MAX_URL_LENGTH}), and a URL seen once costs one slot until another takes it. Only answers are
 * kept, never refusals, and only what the URL alone decides (no form body).
 *
 * <p>Thread-safe without a lock: a slot holds an immutable entry, whose final fields a reader sees
 * whole once it sees the entry; a reader that misses a racing write parses again.
 */
final class RecentUrls {
  /** Slots, a power of two. */
  static final int SLOTS = 256;

  /** The longest path plus query kept, in characters; longer URLs are parsed each time. */
  static final int MAX_URL_LENGTH = 1024;

  /** A URL ({@code query} null when it had no {@code ?}, which a limit counts) and its answer. */
  private record Entry(String path, @Nullable String query, DapRequest request) {}

  private final @Nullable Entry[] slots = new Entry[SLOTS];

  /** The answer kept for this URL, or null. */
  @Nullable DapRequest get(String path, @Nullable String query) {
    if (!kept(path, query)) {
      return null;
    }
    Entry entry = slots[slot(path, query)];
    if (entry != null && entry.path().equals(path) && Objects.equals(entry.query(), query)) {
      return entry.request();
    }
    return null;
  }

  /** Keeps {@code request} as the answer to this URL, in place of what its slot held. */
  void put(String path, @Nullable String query, DapRequest request) {
    if (kept(path, query)) {
      slots[slot(path, query)] = new Entry(path, query, request);
    }
  }

  private static boolean kept(String path, @Nullable String query) {
    return path.length() + (query == null ? 0 : query.length()) <= MAX_URL_LENGTH;
  }

  private static int slot(String path, @Nullable String query) {
    int hash = path.hashCode() * 31 + (query == null ? 0 : query.hashCode() + 1);
    return (hash ^ (hash >>> 16)) & (SLOTS - 1);
  }
}
