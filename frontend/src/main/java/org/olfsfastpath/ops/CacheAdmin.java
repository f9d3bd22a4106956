package org.olfsfastpath.ops;

import java.util.Map;

/** What the operator endpoints need from the cache and the pool: counters and invalidation. */
public interface CacheAdmin {
  /** Drops what is cached for one catalog path. */
  void invalidate(String path);

  /** Drops everything cached. */
  void invalidateAll();

  /**
   * Statistics of the layers below (cache, pool), by section name, for the status document.
   *
   * @param operator whether the reader may see client addresses (the clients holding the most of
   *     each BES group's connections)
   */
  Map<String, Object> statistics(boolean operator);
}
