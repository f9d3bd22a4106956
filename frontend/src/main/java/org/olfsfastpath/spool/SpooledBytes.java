package org.olfsfastpath.spool;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The bytes one response holds in the spool, in order: memory buffers first, then the part in the
 * response's file, within the spool's budgets. Not thread-safe: its {@link Transfer} calls it under
 * its lock, and reads and writes the file outside it at the positions given here (one append and
 * one read may be under way at once, at different places).
 *
 * <p>New bytes go to memory while the response is within its memory bound and the spool within its
 * budget, and to the file once they do not fit; once the file holds unread bytes, every new byte
 * goes there too, so the order holds. When the client has read the file to its end, it is emptied
 * (its disk space given back) and memory is used again.
 */
final class SpooledBytes {
  /** Where new bytes went. */
  enum Place {
    /** Copied into memory buffers. */
    MEMORY,
    /** Room reserved in the file at {@link #appendPosition()}: write them, then say how it went. */
    FILE,
    /** No room anywhere; the response falls back to streaming straight. */
    NONE
  }

  private final Spool spool;
  private final Buffers buffers;
  private @Nullable Segment head;
  private @Nullable Segment tail;
  private int memoryBuffers;
  private @Nullable SpoolFile file;
  private long fileRead;
  private long fileWritten;
  private long diskReserved;
  private boolean fileMode;
  private boolean fileWriting;
  private boolean diskFailed;
  private boolean spooled;
  private boolean fellBack;
  private byte @Nullable [] readBuffer;

  SpooledBytes(Spool spool) {
    this.spool = spool;
    this.buffers = spool.buffers();
  }

  /** Whether nothing waits to be written and no append is under way. */
  boolean isEmpty() {
    return head == null && fileRead == fileWritten && !fileWriting;
  }

  /** Whether bytes wait to be written. */
  boolean hasBytes() {
    return head != null || fileRead < fileWritten;
  }

  /**
   * Takes {@code buffer[0, n)}: copies it into memory when it fits there, else reserves its room in
   * the file; with room in neither, counts the response's fallback (once) and takes nothing.
   */
  Place place(byte[] buffer, int n) {
    if (!fileMode && toMemory(buffer, n)) {
      return Place.MEMORY;
    }
    if (!spool.hasDisk()) {
      fallBack(
          Fallback.MEMORY,
          "a response held " + memoryBuffers * (long) Buffers.SIZE + " bytes of spooled memory");
      return Place.NONE;
    }
    if (diskFailed) {
      return Place.NONE;
    }
    if (!spool.reserveDisk(n)) {
      fallBack(Fallback.DISK_BUDGET, "a response had " + diskReserved + " bytes in its spool file");
      return Place.NONE;
    }
    if (file == null) {
      try {
        file = spool.createFile();
      } catch (IOException e) {
        spool.releaseDisk(n);
        diskFailed(e);
        return Place.NONE;
      }
    }
    diskReserved += n;
    fileMode = true;
    fileWriting = true;
    return Place.FILE;
  }

  /** Where the append that {@link #place} reserved goes. */
  long appendPosition() {
    return fileWritten;
  }

  /** The response's file, while it has one. */
  @Nullable SpoolFile file() {
    return file;
  }

  /** The append of {@code n} bytes went to the file. */
  void appended(int n) {
    fileWriting = false;
    spool.diskWorks();
    fileWritten += n;
    counted(n);
  }

  /** The append of {@code n} bytes failed: the file takes no more; the bytes are the caller's. */
  void appendFailed(int n, IOException failure) {
    fileWriting = false;
    diskReserved -= n;
    spool.releaseDisk(n);
    diskFailed(failure);
    if (fileRead == fileWritten) {
      resetFile();
    }
  }

  private boolean toMemory(byte[] buffer, int n) {
    Segment last = tail;
    int room = last == null ? 0 : Buffers.SIZE - last.end;
    int more = n <= room ? 0 : (n - room + Buffers.SIZE - 1) / Buffers.SIZE;
    if (memoryBuffers + more > spool.responseBuffers()) {
      return false;
    }
    for (int i = 0; i < more; i++) {
      if (!spool.reserveMemory()) {
        for (int j = 0; j < i; j++) {
          spool.releaseMemory();
        }
        return false;
      }
    }
    int copied = 0;
    if (last != null && room > 0) {
      copied = Math.min(room, n);
      System.arraycopy(buffer, 0, last.bytes, last.end, copied);
      last.end += copied;
    }
    for (int i = 0; i < more; i++) {
      Segment segment = new Segment(buffers.take());
      int part = Math.min(Buffers.SIZE, n - copied);
      System.arraycopy(buffer, copied, segment.bytes, 0, part);
      segment.end = part;
      copied += part;
      memoryBuffers++;
      if (last == null) {
        head = segment;
      } else {
        last.next = segment;
      }
      tail = last = segment;
    }
    counted(n);
    return true;
  }

  private void counted(int n) {
    spool.spooled(n, !spooled);
    spooled = true;
  }

  private void fallBack(Fallback cause, String detail) {
    if (!fellBack) {
      fellBack = true;
      spool.fellBack(cause, detail);
    }
  }

  private void diskFailed(IOException e) {
    diskFailed = true;
    fallBack(Fallback.DISK_ERROR, e.toString());
  }

  /**
   * Sets {@code piece} to the next bytes to write, in order: the first memory buffer's, else up to
   * a buffer of the file's (read by {@link Piece#load()} outside the lock).
   *
   * @return false when nothing waits to be written
   */
  boolean next(Piece piece) {
    Segment first = head;
    piece.segment = first;
    piece.file = null;
    if (first != null) {
      piece.bytes = first.bytes;
      piece.off = first.start;
      piece.len = first.end - first.start;
      return true;
    }
    if (fileUnread() > 0) {
      piece.bytes = readBuffer();
      piece.off = 0;
      piece.len = (int) Math.min(piece.bytes.length, fileUnread());
      piece.position = fileRead;
      piece.file = file;
      return true;
    }
    return false;
  }

  /** The writer wrote {@code piece}: its memory buffer, or its part of the file, is done with. */
  void consumed(Piece piece) {
    Segment segment = piece.segment;
    if (segment != null) {
      consumed(segment, piece.len);
    } else {
      fileConsumed(piece.len);
    }
  }

  /** The writer wrote {@code len} bytes of {@code segment} from its start. */
  private void consumed(Segment segment, int len) {
    segment.start += len;
    if (segment.start == segment.end) {
      head = segment.next;
      if (tail == segment) {
        tail = null;
      }
      memoryBuffers--;
      buffers.give(segment.bytes);
      spool.releaseMemory();
    }
  }

  /** Bytes of the file still to write. */
  long fileUnread() {
    return file == null ? 0 : fileWritten - fileRead;
  }

  /** The writer's buffer for reading the file back, taken on first need. */
  private byte[] readBuffer() {
    byte[] b = readBuffer;
    if (b == null) {
      b = readBuffer = buffers.take();
    }
    return b;
  }

  /** The writer wrote {@code len} bytes of the file; the file is emptied once all are. */
  private void fileConsumed(int len) {
    fileRead += len;
    if (fileRead == fileWritten) {
      resetFile();
    }
  }

  /** Empties the file and gives its disk back, unless an append is under way. */
  private void resetFile() {
    if (fileWriting) {
      return;
    }
    fileMode = false;
    SpoolFile current = file;
    if (current != null && fileWritten > 0) {
      try {
        current.truncate();
      } catch (IOException e) {
        deleteFile(current); // A new file is made when one is needed again.
      }
    }
    releaseFileSpace();
  }

  private void deleteFile(SpoolFile current) {
    current.delete();
    spool.fileDeleted();
    file = null;
  }

  /** The file's disk back to the budget; the file, if kept, then counts as empty. */
  private void releaseFileSpace() {
    spool.releaseDisk(diskReserved);
    diskReserved = 0;
    fileRead = 0;
    fileWritten = 0;
  }

  /**
   * Frees everything: memory back to the budget, the file deleted (an append under way fails), the
   * disk back to the budget. A writer may still be reading a memory buffer or filling its read
   * buffer; those go to the garbage collector instead of being kept for reuse.
   */
  void free(boolean writerAtWork) {
    for (Segment s = head; s != null; s = s.next) {
      if (!writerAtWork) {
        buffers.give(s.bytes);
      }
      spool.releaseMemory();
    }
    head = null;
    tail = null;
    memoryBuffers = 0;
    SpoolFile current = file;
    if (current != null) {
      deleteFile(current);
    }
    releaseFileSpace();
    fileMode = false;
    fileWriting = false;
    if (!writerAtWork) {
      releaseReadBuffer();
    }
  }

  /** Gives the writer's read buffer back; the writer has finished with it. */
  void releaseReadBuffer() {
    if (readBuffer != null) {
      buffers.give(readBuffer);
      readBuffer = null;
    }
  }

  @Override
  public String toString() {
    return "SpooledBytes{memoryBuffers="
        + memoryBuffers
        + ", fileUnread="
        + fileUnread()
        + ", diskReserved="
        + diskReserved
        + "}";
  }

  /**
   * What the writer writes next: {@code bytes[off, off + len)}, of a memory buffer, or read back
   * from the file at {@code position}. One per transfer, reused.
   */
  static final class Piece {
    private static final byte[] NOTHING = new byte[0];

    byte[] bytes = NOTHING;
    int off;
    int len;
    long position;
    @Nullable Segment segment;
    @Nullable SpoolFile file;

    /** Reads a piece of the file into its buffer; outside the lock. */
    void load() throws IOException {
      SpoolFile from = file;
      if (from != null) {
        len = from.read(bytes, off, len, position);
      }
    }
  }

  /** Spooled bytes in one memory buffer: {@code bytes[start, end)} are still to be written. */
  static final class Segment {
    final byte[] bytes;
    int start;
    int end;
    @Nullable Segment next;

    Segment(byte[] bytes) {
      this.bytes = bytes;
    }
  }
}
