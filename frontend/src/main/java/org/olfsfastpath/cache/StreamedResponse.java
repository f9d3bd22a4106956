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
 * over the size cap (the cache read only its first bytes, the head, before it knew), or loaded
 * with the cache switched off (no head). Not thread-safe; one use.
 *
 * <p>The caller owns it and must {@link #close()} it, in a finally block or try-with-resources:
 * closing closes the loader's stream, which for a BES get returns the connection to the pool when
 * the body was read to its end and discards it otherwise.
 */
public final class StreamedResponse implements LoadedResponse, Closeable {
  private static final byte[] NO_HEAD = new byte[0];

  private final byte[] head;
  private final InputStream rest;
  private boolean used;

  private StreamedResponse(byte[] head, InputStream rest) {
    this.head = head;
    this.rest = rest;
  }

  /** The answer is {@code head} followed by whatever {@code rest} still holds. */
  static StreamedResponse of(byte[] head, InputStream rest) {
    return new StreamedResponse(Objects.requireNonNull(head, "head == null"),
        Objects.requireNonNull(rest, "rest == null"));
  }

  /** The whole answer from {@code rest}, nothing read yet. */
  static StreamedResponse of(InputStream rest) {
    return of(NO_HEAD, rest);
  }

  /** How many bytes the cache read before it gave up keeping the answer. */
  public int headLength() {
    return head.length;
  }

  /**
   * Returns the whole answer as one stream, head first; closing it closes this response.
   *
   * @throws IllegalStateException if the answer was already taken
   */
  public InputStream body() {
    use();
    if (head.length == 0) {
      return rest;
    }
    return new SequenceInputStream(new ByteArrayInputStream(head), rest);
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
    out.write(head, 0, head.length);
    return head.length + rest.transferTo(out);
  }

  /** Closes the loader's stream; idempotent as far as that stream is. */
  @Override
  public void close() throws IOException {
    rest.close();
  }

  private void use() {
    if (used) {
      throw new IllegalStateException("the streamed answer was already taken");
    }
    used = true;
  }

  @Override
  public String toString() {
    return "StreamedResponse{head " + head.length + " bytes}";
  }
}
