package org.olfsfastpath.spool;

import java.io.IOException;

/**
 * The client side of a {@link Transfer}: a non-blocking output (the web layer's is the servlet's
 * output stream in Servlet 3.1 non-blocking mode). The transfer calls it from one thread at a time,
 * the one that holds its writer role, and after {@link #complete()}, {@link #abort} or {@link
 * #gone()} never again (those three it may call from any thread).
 */
public interface ClientOutput {
  /**
   * Whether a write now would be taken at once. After false, the output calls {@link
   * Transfer#onWritePossible()} once it can take more; the transfer writes nothing meanwhile.
   */
  boolean isReady();

  /**
   * Writes {@code b[off, off + len)}, all of it, without blocking (what the client cannot take yet
   * the output keeps, and {@link #isReady()} says false). Call only after {@link #isReady()} said
   * true.
   *
   * @throws IOException if the client went away
   */
  void write(byte[] b, int off, int len) throws IOException;

  /** The whole answer went out: ends the response normally. */
  void complete();

  /**
   * The answer failed after part of it went out: ends the response so that the client sees a
   * failure, never a short answer taken for a whole one (the web layer aborts the connection).
   *
   * @param cause the source's failure
   * @param sent how many bytes the client was given before it
   */
  void abort(IOException cause, long sent);

  /**
   * The client went away (a write failed, or the container said so): ends the response without
   * writing more. The transfer calls exactly one of {@link #complete()}, {@link #abort} and this.
   */
  void gone();
}
