package org.olfsfastpath.cache;

import java.time.Instant;
import java.util.List;

/**
 * What the front end knows about one catalog path: the old BESDataSource, today's showNode answer.
 * Immutable; the cache hands the same instance to every hit.
 *
 * @param path the normalized BES catalog path, starting with {@code /}
 * @param isData whether a data handler can serve it
 * @param lastModified modification time, for Last-Modified and If-Modified-Since
 * @param size size in bytes
 * @param isDirectory whether it is a catalog directory (node) rather than a leaf
 * @param children a directory's children (empty for a leaf)
 */
public record DataSource(
    String path,
    boolean isData,
    Instant lastModified,
    long size,
    boolean isDirectory,
    List<Child> children) {
  public DataSource {
    children = List.copyOf(children);
  }

  /** One entry of a directory listing. */
  public record Child(
      String name, boolean isData, Instant lastModified, long size, boolean isDirectory) {}
}
