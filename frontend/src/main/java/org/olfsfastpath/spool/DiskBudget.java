package org.olfsfastpath.spool;

import java.util.Locale;
import org.olfsfastpath.spec.Specs;

/**
 * {@code FastPath/Spool@disk} as written: a size ({@code 20GiB}, {@code 0} for memory only), or a
 * percentage of the space free in the spool's directory at start ({@code 25%}, the default), held
 * between {@link #FLOOR} and {@link #CEILING}. A percentage follows the disk the spool is on, so a
 * server with room spools every download its slow clients ask for, and a small disk is not filled.
 *
 * @param bytes the size, or -1 for a percentage
 * @param percent the percentage, or -1 for a size
 */
record DiskBudget(long bytes, int percent) {
  /** The least a percentage gives, when half the disk's free space is that much or more. */
  static final long FLOOR = 256L << 20;

  /** The most a percentage gives: more is written as a size, by an operator who means it. */
  static final long CEILING = 64L << 30;

  /** The default: a quarter of the free space. */
  static final DiskBudget DEFAULT = new DiskBudget(-1, 25);

  /** A size in bytes. */
  static DiskBudget ofBytes(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("disk was " + bytes + ", must be >= 0");
    }
    return new DiskBudget(bytes, -1);
  }

  /**
   * Reads a size ({@code 2GiB}) or a percentage 1-100 ({@code 25%}).
   *
   * @throws IllegalArgumentException if neither
   */
  static DiskBudget parse(String text) {
    String value = text.strip();
    if (value.endsWith("%")) {
      int percent;
      try {
        percent = Integer.parseInt(value.substring(0, value.length() - 1).strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "disk was '"
                + text
                + "', must be a size (20GiB) or a percentage of the free space (25%)",
            e);
      }
      if (percent < 1 || percent > 100) {
        throw new IllegalArgumentException("disk was " + value + ", must be 1%-100%");
      }
      return new DiskBudget(-1, percent);
    }
    return ofBytes(Specs.size(value));
  }

  /** Whether the spool writes no file: a size of 0. */
  boolean none() {
    return bytes == 0;
  }

  /**
   * The budget for a directory with {@code usable} bytes free: the size, or the percentage of it
   * held between the floor and the ceiling, never more than half of what is free (a percentage must
   * not fill a small disk to its end).
   */
  long of(long usable) {
    if (bytes >= 0) {
      return bytes;
    }
    long free = Math.max(0, usable);
    long part = (long) (free / 100.0 * percent);
    return Math.min(Math.min(CEILING, Math.max(FLOOR, part)), Math.max(part, free / 2));
  }

  /**
   * The budget the start needs free in the directory, for its check: the size, or for a percentage,
   * which fits any disk, none of its own (the directory's own minimum applies).
   */
  long needed(long budget) {
    return bytes >= 0 ? budget : Long.MAX_VALUE;
  }

  @Override
  public String toString() {
    return bytes >= 0 ? Specs.formatSize(bytes) : String.format(Locale.ROOT, "%d%%", percent);
  }
}
