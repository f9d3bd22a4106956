package org.olfsfastpath.emulator;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * One catalog item as the BES describes it in {@code showNode}: a leaf (file) or a node
 * (directory), with its size and modification time truncated to the second.
 *
 * @param name the bare name inside its directory
 */
record CatalogEntry(String name, boolean isNode, long size, Instant lastModified, boolean isData) {
  /** The BES lists nodes first, then leaves, each sorted by name as bytes (std::string order). */
  static final Comparator<CatalogEntry> BES_ORDER =
      Comparator.comparing((CatalogEntry e) -> !e.isNode()).thenComparing(CatalogEntry::name);

  CatalogEntry {
    Objects.requireNonNull(name, "name == null");
    Objects.requireNonNull(lastModified, "lastModified == null");
  }
}
