package org.olfsfastpath.cache;

import java.io.IOException;

/**
 * Caches what the BES said about each catalog path, so a warm request needs no showNode.
 *
 * <p>Planned API (implementation in progress): {@code newBuilder()} with the loader, maximumSize,
 * ttl, refreshAfter, negativeTtl, dataRoot and mtimeCheckInterval, enabled; {@link #lookup};
 * statistics; {@link #invalidate}; {@link #invalidateAll}.
 */
public final class DataSourceCache {
  private DataSourceCache() {}

  /**
   * Returns what is known about {@code path}, loading it with one showNode on a miss.
   *
   * @throws org.olfsfastpath.bes.BesErrorException if the BES said the path does not exist (type 5,
   *     cached for the negative TTL) or answered another error (not cached)
   * @throws IOException if the BES could not be reached (never cached)
   */
  public DataSource lookup(String path) throws IOException {
    throw new UnsupportedOperationException("not implemented yet");
  }

  /** Drops what is cached for one path. */
  public void invalidate(String path) {
    throw new UnsupportedOperationException("not implemented yet");
  }

  /** Drops everything. */
  public void invalidateAll() {
    throw new UnsupportedOperationException("not implemented yet");
  }
}
