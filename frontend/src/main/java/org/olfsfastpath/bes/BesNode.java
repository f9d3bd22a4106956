package org.olfsfastpath.bes;

import java.time.Instant;
import java.util.List;

/**
 * What the BES said about one catalog node in a {@code showNode} answer. Immutable.
 *
 * @param name the node's catalog path as the BES gave it, e.g. {@code /coads_climatology.nc}
 * @param isData whether a data handler can serve it (isData="true")
 * @param lastModified the node's modification time
 * @param size size in bytes (0 for directories where the BES gives none)
 * @param isLeaf true for a leaf (file), false for a node (directory)
 * @param children a directory's children in BES order; empty for a leaf
 */
public record BesNode(
    String name,
    boolean isData,
    Instant lastModified,
    long size,
    boolean isLeaf,
    List<BesNode> children) {
  public BesNode {
    children = List.copyOf(children);
    if (size < 0) {
      throw new IllegalArgumentException("size was " + size + ", must be >= 0");
    }
  }
}
