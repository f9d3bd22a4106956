package org.olfsfastpath.cache;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;

/**
 * One cache value: the BES's answer for a path (a data source, or "not found") plus the disk state
 * seen when it was asked. A third, never-cached form carries a failed load to the lookups that were
 * waiting on it.
 *
 * <p>Immutable except for {@code checkedAt}, the ticker time of the last disk check. It is a plain
 * volatile long advanced by compare-and-set at most once per check interval, so a hit allocates
 * nothing and at most one thread per interval pays for the stat.
 */
final class CachedNode {
  private static final VarHandle CHECKED_AT;

  static {
    try {
      CHECKED_AT = MethodHandles.lookup().findVarHandle(CachedNode.class, "checkedAt", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final @Nullable DataSource dataSource;
  private final @Nullable BesError notFound;
  private final @Nullable Throwable failure;
  private final @Nullable DiskState disk;

  @SuppressWarnings("unused") // accessed through CHECKED_AT
  private volatile long checkedAt;

  private CachedNode(
      @Nullable DataSource dataSource,
      @Nullable BesError notFound,
      @Nullable Throwable failure,
      @Nullable DiskState disk,
      long checkedAt) {
    this.dataSource = dataSource;
    this.notFound = notFound;
    this.failure = failure;
    this.disk = disk;
    this.checkedAt = checkedAt;
  }

  /**
   * @param disk the disk state seen before the showNode, or null when no data root is visible
   * @param checkedAt the ticker time of that stat
   */
  static CachedNode found(DataSource dataSource, @Nullable DiskState disk, long checkedAt) {
    return new CachedNode(dataSource, null, null, disk, checkedAt);
  }

  static CachedNode notFound(BesError error, @Nullable DiskState disk, long checkedAt) {
    return new CachedNode(null, error, null, disk, checkedAt);
  }

  /** A failed load, handed only to the lookups that joined it; never left in the cache. */
  static CachedNode failed(Throwable failure) {
    return new CachedNode(null, null, failure, null, 0L);
  }

  boolean isNotFound() {
    return notFound != null;
  }

  @Nullable DiskState disk() {
    return disk;
  }

  /** How much of the cache bound this entry uses when bounded by weight: a listing costs more. */
  int weight() {
    return dataSource == null
        ? 1
        : 1 + Math.min(dataSource.children().size(), Integer.MAX_VALUE - 1);
  }

  /**
   * Claims the disk check due at {@code now}: true for exactly one caller per interval (for every
   * caller when the interval is 0), false when no check is due or there is nothing to check.
   */
  boolean claimDiskCheck(long now, long intervalNanos) {
    if (disk == null) {
      return false;
    }
    long last = (long) CHECKED_AT.getVolatile(this);
    if (intervalNanos == 0L) {
      return true;
    }
    return now - last >= intervalNanos && CHECKED_AT.compareAndSet(this, last, now);
  }

  /**
   * Returns the data source, or throws what the BES said instead.
   *
   * @throws BesErrorException a new one carrying the cached "not found" error
   * @throws IOException the failure of the load this lookup joined
   */
  DataSource dataSourceOrThrow() throws IOException {
    if (dataSource != null) {
      return dataSource;
    }
    if (notFound != null) {
      throw new BesErrorException(notFound);
    }
    throw SharedLoads.rethrow(
        Objects.requireNonNull(failure, "a node is found, not found or failed"));
  }

  @Override
  public String toString() {
    if (dataSource != null) {
      return "found " + dataSource.path();
    }
    return notFound != null ? "not found (" + notFound.message() + ")" : "failed (" + failure + ")";
  }
}
