package org.olfsfastpath.spool;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A spool file on disk, read and written by position through one {@link FileChannel} (whose
 * positional reads and writes may run at once from two threads). Each side keeps the view of the
 * last array it used, so a long answer costs no object per buffer.
 */
final class ChannelSpoolFile implements SpoolFile {
  private static final Logger log = LoggerFactory.getLogger(ChannelSpoolFile.class);

  private final Path path;
  private final FileChannel channel;
  private ByteBuffer writeView = ByteBuffer.allocate(0);
  private ByteBuffer readView = ByteBuffer.allocate(0);

  private ChannelSpoolFile(Path path, FileChannel channel) {
    this.path = path;
    this.channel = channel;
  }

  /** Creates a new file in {@code directory}, readable and writable by this user alone. */
  static ChannelSpoolFile create(Path directory) throws IOException {
    Path path = Files.createTempFile(directory, SpoolDirectory.PREFIX, SpoolDirectory.SUFFIX);
    try {
      return new ChannelSpoolFile(
          path, FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE));
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(path);
      throw e;
    }
  }

  @Override
  public void write(byte[] b, int off, int len, long position) throws IOException {
    if (writeView.array() != b) {
      writeView = ByteBuffer.wrap(b);
    }
    ByteBuffer source = view(writeView, off, len);
    long at = position;
    while (source.hasRemaining()) {
      at += channel.write(source, at);
    }
  }

  @Override
  public int read(byte[] b, int off, int len, long position) throws IOException {
    if (readView.array() != b) {
      readView = ByteBuffer.wrap(b);
    }
    int n = channel.read(view(readView, off, len), position);
    if (n <= 0) {
      throw new EOFException(
          "spool file " + path + " ended at " + position + ", before bytes written there");
    }
    return n;
  }

  private static ByteBuffer view(ByteBuffer view, int off, int len) {
    view.clear();
    view.position(off);
    view.limit(off + len);
    return view;
  }

  @Override
  public void truncate() throws IOException {
    channel.truncate(0);
  }

  @Override
  public void delete() {
    try {
      channel.close();
    } catch (IOException e) {
      log.debug("closing spool file {}: {}", path, e.toString());
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      log.warn("olfs-fastpath: cannot delete the spool file {}: {}", path, e.toString());
    }
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
