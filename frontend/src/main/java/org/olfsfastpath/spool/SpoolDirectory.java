package org.olfsfastpath.spool;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.ToLongFunction;
import org.olfsfastpath.spec.SpecException;
import org.olfsfastpath.spec.Specs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directory of the spool files: checked when the spool is built (it exists, is a directory,
 * takes a new file, has room to start), and emptied of the files a crash left behind. Spool files
 * are named {@code olfs-spool-*.tmp}; nothing else in the directory is touched, so the servlet
 * container's temporary directory can serve.
 */
final class SpoolDirectory {
  private static final Logger log = LoggerFactory.getLogger(Spool.class);
  static final String PREFIX = "olfs-spool-";
  static final String SUFFIX = ".tmp";

  /** The least free space the directory needs to start: this, or the disk budget if less. */
  static final long MIN_FREE = 64L << 20;

  private SpoolDirectory() {}

  /**
   * Checks {@code directory} for a spool whose files may take {@code diskBudget} bytes.
   *
   * @param usableSpace the bytes free for this user on the directory's disk
   * @throws SpecException for the key {@code directory}, saying what is wrong
   */
  static void check(Path directory, long diskBudget, ToLongFunction<Path> usableSpace) {
    String named = directory.toString();
    if (!Files.exists(directory)) {
      throw new SpecException("directory", named, "does not exist");
    }
    if (!Files.isDirectory(directory)) {
      throw new SpecException("directory", named, "is not a directory");
    }
    try {
      Path probe = Files.createTempFile(directory, PREFIX, SUFFIX);
      Files.delete(probe);
    } catch (IOException | SecurityException e) {
      throw new SpecException(
          "directory", named, "is not writable: cannot create a file there (" + e + ")", e);
    }
    long needed = Math.min(diskBudget, MIN_FREE);
    long free = usableSpace.applyAsLong(directory);
    if (free < needed) {
      throw new SpecException(
          "directory",
          named,
          "is on a full disk: "
              + free
              + " bytes free, less"
              + " than the "
              + Specs.formatSize(needed)
              + " the spool needs to start (the smaller of"
              + " FastPath/Spool@disk and 64MiB)");
    }
  }

  /** The bytes free for this user on the disk of {@code directory}, or 0 if that cannot be read. */
  static long usableSpace(Path directory) {
    try {
      return Files.getFileStore(directory).getUsableSpace();
    } catch (IOException e) {
      return 0;
    }
  }

  /**
   * Deletes the spool files left in {@code directory} by a front end that did not end them (a
   * crash, a kill): none of them belongs to a response any more.
   *
   * @return how many were deleted
   */
  static int removeLeftovers(Path directory) {
    int removed = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, PREFIX + "*" + SUFFIX)) {
      for (Path file : files) {
        try {
          if (Files.isRegularFile(file) && Files.deleteIfExists(file)) {
            removed++;
          }
        } catch (IOException e) {
          log.warn(
              "olfs-fastpath: cannot delete the spool file {} left from before: {}",
              file,
              e.toString());
        }
      }
    } catch (IOException e) {
      log.warn(
          "olfs-fastpath: cannot list the spool directory {} for files left from before: {}",
          directory,
          e.toString());
    }
    if (removed > 0) {
      log.info(
          "olfs-fastpath: deleted {} spool files left in {} from before this start",
          removed,
          directory);
    }
    return removed;
  }
}
