package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.InputStream;

/**
 * A data response streaming from the BES. The BES has already said it is not an error when this
 * is handed out; an error that arrives after data chunks surfaces from {@link #body()} as an
 * {@link java.io.IOException} ({@link org.olfsfastpath.ppt.PptStreamErrorException}).
 *
 * <p>Closing returns the connection to the pool when the body was read to its end, and discards
 * it otherwise. Always close, in a finally block or try-with-resources.
 */
public interface BesResponse extends Closeable {
  /** The payload, streamed as it arrives from the BES. */
  InputStream body();

  /** Returns the connection to the pool, or discards it if the body was not read to its end. */
  @Override
  void close();
}
