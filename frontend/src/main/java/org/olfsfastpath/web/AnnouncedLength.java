package org.olfsfastpath.web;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.ppt.BlockInputStream;

/**
 * A file's BES answer ({@code stream}) held to the length its catalog entry gave, which the
 * response announced as its Content-Length before the first byte: the file as it is has no form to
 * check, but its length is known. An answer that ends short of it, or runs past it, fails with a
 * {@link BesProtocolException} instead of ending (nothing past the length is handed out): before
 * the first byte went to the client that is a 502, after it an aborted response, never a body that
 * disagrees with its Content-Length (which the client would wait on, or Tomcat would cut to the
 * announced length and end as if whole). Such an answer comes from a file that changed since its
 * catalog entry was read, or from a BES that stopped sending it; either way it is not the file
 * announced. Not thread-safe, as any body.
 */
final class AnnouncedLength implements BesResponse {
  private final BesResponse bes;
  private final long length;
  private final String path;
  private final InputStream body;
  private long read;

  /**
   * @param bes the BES answer
   * @param length the length announced, at least 0
   * @param path the file's catalog path, for messages
   */
  AnnouncedLength(BesResponse bes, long length, String path) {
    this.bes = Objects.requireNonNull(bes, "bes == null");
    if (length < 0) {
      throw new IllegalArgumentException("length was " + length + ", must be >= 0");
    }
    this.length = length;
    this.path = Objects.requireNonNull(path, "path == null");
    this.body = new Checked();
  }

  @Override
  public InputStream body() {
    return body;
  }

  /** Sent again: the new answer is counted from its first byte. */
  @Override
  public boolean restart(IOException failure) throws IOException {
    boolean restarted = bes.restart(failure);
    if (restarted) {
      read = 0;
    }
    return restarted;
  }

  @Override
  public void close() {
    bes.close();
  }

  private final class Checked extends BlockInputStream {
    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      int n = bes.body().read(b, off, len);
      if (n < 0) {
        if (read != length) {
          throw new BesProtocolException(
              "the BES ended the file "
                  + path
                  + " after "
                  + read
                  + " bytes, but its catalog entry (and the response's Content-Length) says "
                  + length);
        }
        return -1;
      }
      if (read + n > length) {
        throw new BesProtocolException(
            "the BES sent more of the file "
                + path
                + " than the "
                + length
                + " bytes its catalog entry (and the response's Content-Length) says");
      }
      read += n;
      return n;
    }

    @Override
    public void close() {
      AnnouncedLength.this.close();
    }
  }
}
