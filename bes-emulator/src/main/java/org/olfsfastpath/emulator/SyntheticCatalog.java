package org.olfsfastpath.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A catalog of {@code count} datasets under {@code /synthetic}, laid out in nested directories of
 * at most {@code fanout} entries each and computed arithmetically, never stored: a million entries
 * cost nothing until a directory is listed, and a listing holds at most {@code fanout} items.
 *
 * <p>Dataset {@code i} lives in the leaf directory {@code i / fanout}, whose path spells that
 * number in base {@code fanout} over {@code depth} levels. With a million datasets and a fanout of
 * 100: {@code /synthetic/d00/d00/ds000000.nc} to {@code /synthetic/d99/d99/ds999999.nc}.
 */
final class SyntheticCatalog {
  /** The directory under the catalog root that holds the synthetic datasets. */
  static final String TOP = "synthetic";

  /** What a synthetic dataset file claims to weigh. */
  static final long LEAF_SIZE = 1024;

  private final long count;
  private final int fanout;
  private final int depth;
  private final int dirDigits;
  private final int leafDigits;

  /** A directory (level 0 is {@code /synthetic} itself) or a dataset, by arithmetic position. */
  record Position(boolean isLeaf, int level, long prefix, long leafIndex) {}

  SyntheticCatalog(long count, int fanout) {
    if (count < 1 || count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "synthetic dataset count was " + count + ", must be 1-" + Integer.MAX_VALUE);
    }
    if (fanout < 2 || fanout > 10_000) {
      throw new IllegalArgumentException("synthetic fanout was " + fanout + ", must be 2-10000");
    }
    this.count = count;
    this.fanout = fanout;
    int d = 0;
    long capacity = fanout;
    while (capacity < count) {
      capacity *= fanout;
      d++;
    }
    this.depth = d;
    this.dirDigits = Long.toString(fanout - 1L).length();
    this.leafDigits = Long.toString(count - 1).length();
  }

  int depth() {
    return depth;
  }

  /** Datasets under one directory of {@code level}: fanout^(depth - level + 1). */
  private long span(int level) {
    long span = 1;
    for (int i = level; i <= depth; i++) {
      span *= fanout;
    }
    return span;
  }

  private long firstLeaf(Position dir) {
    return dir.prefix() * span(dir.level());
  }

  private long endLeaf(Position dir) {
    return Math.min(count, firstLeaf(dir) + span(dir.level()));
  }

  /**
   * Finds the entry named by the path components below {@code /synthetic}.
   *
   * @return empty when no such directory or dataset exists
   */
  Optional<Position> find(List<String> components) {
    Position at = new Position(false, 0, 0, -1);
    for (int i = 0; i < components.size(); i++) {
      String name = components.get(i);
      if (at.level() == depth) {
        if (i != components.size() - 1) {
          return Optional.empty();
        }
        long leaf = parseNumber(name, "ds", leafDigits, ".nc");
        boolean inside = leaf >= firstLeaf(at) && leaf < endLeaf(at);
        return inside
            ? Optional.of(new Position(true, at.level(), at.prefix(), leaf))
            : Optional.empty();
      }
      long digit = parseNumber(name, "d", dirDigits, "");
      if (digit < 0 || digit >= fanout) {
        return Optional.empty();
      }
      Position child = new Position(false, at.level() + 1, at.prefix() * fanout + digit, -1);
      if (firstLeaf(child) >= count) {
        return Optional.empty();
      }
      at = child;
    }
    return Optional.of(at);
  }

  /** Number of entries directly inside a directory. */
  long childCount(Position dir) {
    requireDirectory(dir);
    long leaves = endLeaf(dir) - firstLeaf(dir);
    if (dir.level() == depth) {
      return leaves;
    }
    long childSpan = span(dir.level() + 1);
    return (leaves + childSpan - 1) / childSpan;
  }

  /** The names inside a directory, in order: sub-directories, or datasets at the last level. */
  List<String> childNames(Position dir) {
    requireDirectory(dir);
    int n = Math.toIntExact(childCount(dir));
    List<String> names = new ArrayList<>(n);
    if (dir.level() == depth) {
      long first = firstLeaf(dir);
      for (int i = 0; i < n; i++) {
        names.add(leafName(first + i));
      }
    } else {
      for (int i = 0; i < n; i++) {
        names.add(dirName(i));
      }
    }
    return names;
  }

  /** Whether the children of {@code dir} are datasets rather than directories. */
  boolean holdsLeaves(Position dir) {
    return dir.level() == depth;
  }

  /** The catalog path of dataset {@code index}, e.g. {@code /synthetic/d00/d07/ds000712.nc}. */
  String path(long index) {
    if (index < 0 || index >= count) {
      throw new IllegalArgumentException(
          "synthetic dataset index was " + index + ", must be 0-" + (count - 1));
    }
    StringBuilder path = new StringBuilder("/").append(TOP);
    long dir = index / fanout;
    String[] digits = new String[depth];
    for (int level = depth - 1; level >= 0; level--) {
      digits[level] = dirName(dir % fanout);
      dir /= fanout;
    }
    for (String d : digits) {
      path.append('/').append(d);
    }
    return path.append('/').append(leafName(index)).toString();
  }

  String leafName(long index) {
    return String.format(Locale.ROOT, "ds%0" + leafDigits + "d.nc", index);
  }

  private String dirName(long digit) {
    return String.format(Locale.ROOT, "d%0" + dirDigits + "d", digit);
  }

  private static long parseNumber(String name, String prefix, int digits, String suffix) {
    if (name.length() != prefix.length() + digits + suffix.length()
        || !name.startsWith(prefix)
        || !name.endsWith(suffix)) {
      return -1;
    }
    long value = 0;
    for (int i = prefix.length(); i < prefix.length() + digits; i++) {
      char c = name.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private static void requireDirectory(Position position) {
    if (position.isLeaf()) {
      throw new IllegalArgumentException(
          "expected a synthetic directory but was dataset " + position.leafIndex());
    }
  }
}
