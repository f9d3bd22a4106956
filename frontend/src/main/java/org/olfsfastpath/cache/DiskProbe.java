package org.olfsfastpath.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Stats the file behind a catalog path under the BES data root, when the front end can see it.
 * Refuses any path that would resolve outside the root.
 */
final class DiskProbe {
  private final Path root;

  /**
   * @param root an absolute, normalized directory
   */
  DiskProbe(Path root) {
    this.root = root;
  }

  /** Returns the file for {@code catalogPath}, or null if it would escape the root. */
  @Nullable Path resolve(String catalogPath) {
    int start = 0;
    while (start < catalogPath.length() && catalogPath.charAt(start) == '/') {
      start++;
    }
    Path file;
    try {
      file = root.resolve(catalogPath.substring(start)).normalize();
    } catch (InvalidPathException e) {
      return null;
    }
    // The web layer normalizes paths already; this guards against ".." reaching us anyway.
    return file.startsWith(root) ? file : null;
  }

  /** Returns the current disk state of {@code catalogPath}; never throws. */
  DiskState stat(String catalogPath) {
    Path file = resolve(catalogPath);
    if (file == null) {
      return DiskState.UNKNOWN;
    }
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return new DiskState(
          true,
          attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS),
          attributes.size(),
          attributes.fileKey());
    } catch (NoSuchFileException e) {
      return DiskState.MISSING;
    } catch (IOException | SecurityException e) {
      return DiskState.UNKNOWN;
    }
  }
}
