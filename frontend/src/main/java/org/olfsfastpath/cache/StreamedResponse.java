package org.olfsfastpath.cache;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.util.Objects;

/**
 * An answer the {@link ResponseCache} does not keep, streaming to its caller as without a cache:
 * over the size cap (the cache read only its first bytes, the head, before it knew), or loaded with
 * the cache switched off (no head). Not thread-safe; one use.
 *
 * <p>The caller owns it and must {@link #close()} it, in a finally block or try-with-resources:
 * closing closes the loader's stream, which for a BES get returns the connection to the pool when
 * the body was read to its end and discards it otherwise.
 */
public final class StreamedResponse implements LoadedResponse, Closeable {
  private static final byte[] NO_HEAD = new byte[0];

  private final byte[] head;
  private final int headLength;
  private final InputStream rest;
  private final Runnable headDone;
  private boolean used;
  private boolean headReleased;

  private StreamedResponse(byte[] head, int headLength, InputStream rest, Runnable headDone) {
    this.head = head;
    this.headLength = headLength;
    this.rest = rest;
    this.headDone = headDone;
  }

  /** The answer is {@code head} followed by whatever {@code rest} still holds. */
  static StreamedResponse of(byte[] head, InputStream rest) {
    return of(head, head.length, rest, () -> {});
  }

  /**
   * The answer is the first {@code headLength} bytes of {@code head}, followed by whatever {@code
   * rest} still holds; {@code headDone} runs once when the head was read or the response closed,
   * after which {@code head} is not read again (its buffer may be lent again).
   */
  static StreamedResponse of(byte[] head, int headLength, InputStream rest, Runnable headDone) {
    Objects.requireNonNull(head, "head == null");
    Objects.checkFromIndexSize(0, headLength, head.length);
    return new StreamedResponse(
        head,
        headLength,
        Objects.requireNonNull(rest, "rest == null"),
        Objects.requireNonNull(headDone, "headDone == null"));
  }

  /** The whole answer from {@code rest}, nothing read yet. */
  static StreamedResponse of(InputStream rest) {
    return of(NO_HEAD, rest);
  }

  /** How many bytes the cache read before it gave up keeping the answer. */
  public int headLength() {
    return headLength;
  }

  /**
   * Returns the whole answer as one stream, head first; closing it closes this response.
   *
   * @throws IllegalStateException if the answer was already taken
   */
  public InputStream body() {
    use();
    if (headLength == 0) {
      releaseHead();
      return rest;
    }
    return new SequenceInputStream(new HeadStream(), rest);
  }

  /**
   * Writes the whole answer to {@code out}, head first, and returns how many bytes it wrote. Does
   * not close this response or flush {@code out}.
   *
   * @throws IOException reading the rest (e.g. a BES error after data) or writing {@code out}
   * @throws IllegalStateException if the answer was already taken
   */
  public long transferTo(OutputStream out) throws IOException {
    Objects.requireNonNull(out, "out == null");
    use();
    try {
      out.write(head, 0, headLength);
    } finally {
      releaseHead();
    }
    return headLength + rest.transferTo(out);
  }

  /** Closes the loader's stream; idempotent as far as that stream is. */
  @Override
  public void close() throws IOException {
    releaseHead();
    rest.close();
  }

  private void releaseHead() {
    if (!headReleased) {
      headReleased = true;
      headDone.run();
    }
  }

  private void use() {
    if (used) {
      throw new IllegalStateException("the streamed answer was already taken");
    }
    used = true;
  }

  @Override
  public String toString() {
    return "StreamedResponse{head " + headLength + " bytes}";
  }

  /** The head as a stream that lets its buffer go once read to its end. */
  private final class HeadStream extends ByteArrayInputStream {
    HeadStream() {
      super(head, 0, headLength);
    }

    @Override
    public synchronized int read() {
      int b = headReleased ? -1 : super.read();
      if (b < 0) {
        releaseHead();
      }
      return b;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
      if (headReleased) {
        return -1;
      }
      int n = super.read(b, off, len);
      if (pos >= count) {
        releaseHead();
      }
      return n;
    }

    @Override
    public void close() {
      releaseHead();
    }
  }
}
