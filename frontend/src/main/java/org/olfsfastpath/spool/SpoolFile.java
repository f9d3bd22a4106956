package org.olfsfastpath.spool;

import java.io.IOException;

/**
 * One response's spool file: the transfer's producer appends to it, its writer reads it back, each
 * at positions the transfer keeps, so the two may work at once. Closing deletes it.
 */
interface SpoolFile {
  /** Creates the files of one directory; tests give failing ones. */
  @FunctionalInterface
  interface Factory {
    /**
     * A new, empty spool file.
     *
     * @throws IOException if it cannot be created (a full disk, a directory gone)
     */
    SpoolFile create() throws IOException;
  }

  /**
   * Writes all of {@code b[off, off + len)} at {@code position}.
   *
   * @throws IOException if the disk is full or failing; the bytes at and after {@code position} are
   *     then undefined
   */
  void write(byte[] b, int off, int len, long position) throws IOException;

  /**
   * Reads up to {@code len} bytes at {@code position}, which were written before.
   *
   * @return how many bytes were read, at least one
   * @throws IOException if the file cannot be read
   */
  int read(byte[] b, int off, int len, long position) throws IOException;

  /** Empties the file, giving its disk space back. */
  void truncate() throws IOException;

  /** Closes and deletes the file; a reader or writer at work meanwhile fails. Never throws. */
  void delete();
}
