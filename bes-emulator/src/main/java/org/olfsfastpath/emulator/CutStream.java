package org.olfsfastpath.emulator;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The socket as a {@link Fault.Kind#CUT} writes an answer to it: passes on the first {@code limit}
 * bytes, then fails the write that would pass it with {@link Reached}, which stops the answer's
 * generator. Notes where each chunk header began, so that a test can cut at and around them. Not
 * thread-safe; one per cut answer.
 */
final class CutStream extends OutputStream {
  /** The answer reached the cut; not a failure of the socket. */
  static final class Reached extends IOException {
    private static final long serialVersionUID = 1L;

    Reached(long limit) {
      super("the answer reached its cut at " + limit + " bytes");
    }
  }

  private final OutputStream socket;
  private final long limit;
  private final byte[] header = new byte[8];
  private final List<Long> chunkStarts = new ArrayList<>();
  private long written;
  private int headerFilled;
  private long payloadLeft;

  /**
   * @param socket the connection's unbuffered output
   * @param limit how many bytes go out before the cut
   */
  CutStream(OutputStream socket, long limit) {
    this.socket = socket;
    this.limit = limit;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    int n = (int) Math.min(len, limit - written);
    if (n > 0) {
      follow(b, off, n);
      socket.write(b, off, n);
      written += n;
    }
    if (n < len) {
      socket.flush();
      throw new Reached(limit);
    }
  }

  /** Follows the chunk framing of the bytes about to go out, noting each header's start. */
  private void follow(byte[] b, int off, int n) {
    int at = off;
    int end = off + n;
    while (at < end) {
      if (payloadLeft > 0) {
        int skip = (int) Math.min(payloadLeft, end - at);
        payloadLeft -= skip;
        at += skip;
        continue;
      }
      if (headerFilled == 0) {
        chunkStarts.add(written + (at - off));
      }
      header[headerFilled++] = b[at++];
      if (headerFilled == header.length) {
        headerFilled = 0;
        payloadLeft = Long.parseLong(new String(header, 0, 7, StandardCharsets.US_ASCII), 16);
      }
    }
  }

  /** The bytes that went out. */
  long written() {
    return written;
  }

  /** Where each chunk header that went out (whole or in part) began, in order. */
  List<Long> chunkStarts() {
    return List.copyOf(chunkStarts);
  }
}
