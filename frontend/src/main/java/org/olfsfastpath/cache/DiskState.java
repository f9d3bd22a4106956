package org.olfsfastpath.cache;

import org.jspecify.annotations.Nullable;

/**
 * What the file behind a catalog path looked like on disk at one moment: the fingerprint an entry
 * is checked against. Value-based.
 *
 * <p>An entry records the disk state seen just before its showNode and later compares a fresh stat
 * with that, rather than with the BES's {@code lastModified}. Both sides then come from the same
 * clock and the same view of the file system, so the check works whatever the BES's time zone
 * setting ({@code BES.LogTimeLocal}), at full time precision, for directories (which the BES gives
 * no size) and for files the BES catalog excludes (which would otherwise look "changed" forever).
 * Taking the stat before the showNode means a change racing the load can only cause one extra
 * reload, never a stale entry.
 *
 * @param exists whether the path existed
 * @param modifiedNanos modification time in nanoseconds since the epoch (0 when missing)
 * @param size size in bytes as the file system reports it (0 when missing)
 * @param fileKey the file system's identity of the file (device and inode on Linux), so a file
 *     replaced by a rename is seen even with an equal time and size; may be null
 */
record DiskState(boolean exists, long modifiedNanos, long size, @Nullable Object fileKey) {
  /** The path does not exist. */
  static final DiskState MISSING = new DiskState(false, 0L, 0L, null);

  /**
   * The state could not be read (permission denied, a path outside the data root, an I/O error):
   * never a reason to reload. Distinguished from every real state by identity.
   */
  static final DiskState UNKNOWN = new DiskState(false, -1L, -1L, null);

  /**
   * Whether a cached answer taken when the disk looked like this must be reloaded now that it looks
   * like {@code now}.
   */
  boolean isStaleComparedTo(DiskState now) {
    return now != UNKNOWN && (this == UNKNOWN || !equals(now));
  }
}
