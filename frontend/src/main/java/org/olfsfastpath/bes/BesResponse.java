package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/**
 * A data response streaming from the BES. The BES has already said it is not an error when this is
 * handed out; an error that arrives after data chunks surfaces from {@link #body()} as an {@link
 * java.io.IOException} ({@link org.olfsfastpath.ppt.PptStreamErrorException}).
 *
 * <p>Closing returns the connection to the pool when the body was read to its end, and discards it
 * otherwise. Always close, in a finally block or try-with-resources.
 */
public interface BesResponse extends Closeable {
  /** The payload, streamed as it arrives from the BES. */
  InputStream body();

  /**
   * After {@code failure} broke the body off, sends the command once more on a new connection (the
   * same BES, or another of its group), so that {@link #body()} goes on with the new answer from
   * its first byte. For a caller that has passed none of the body on to its own client yet: bytes
   * it read are then read again. Done at most once per command, and only for a failure a BES
   * process that died gives (reset, end of stream, an unreadable chunk): not for an error the BES
   * sent, a timeout or a client going away. A response of a group does it by itself when the body
   * fails before its caller read a byte.
   *
   * @param failure what {@link #body()} threw
   * @return whether the command was sent again; false when it was already, the failure is not of
   *     that kind, or no BES may take it (the caller then fails as it would have)
   * @throws IOException if sending it again failed; the caller fails with that instead
   */
  default boolean restart(IOException failure) throws IOException {
    return false;
  }

  /** Returns the connection to the pool, or discards it if the body was not read to its end. */
  @Override
  void close();
}
