package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.Expiry;

/**
 * The data-source cache's expiry: positive entries live for the TTL, negative ones ("not found")
 * for the negative TTL, both from their load; a refresh or reload starts a new life.
 */
record NodeExpiry(long ttlNanos, long negativeTtlNanos) implements Expiry<String, CachedNode> {
  @Override
  public long expireAfterCreate(String path, CachedNode node, long currentTime) {
    return node.isNotFound() ? negativeTtlNanos : ttlNanos;
  }

  @Override
  public long expireAfterUpdate(
      String path, CachedNode node, long currentTime, long currentDuration) {
    // A refresh or reload starts a new life.
    return expireAfterCreate(path, node, currentTime);
  }

  @Override
  public long expireAfterRead(
      String path, CachedNode node, long currentTime, long currentDuration) {
    return currentDuration;
  }
}
