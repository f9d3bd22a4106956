package org.olfsfastpath.cache;

import java.io.IOException;
import java.io.InputStream;

/**
 * Opens one BES answer for the {@link ResponseCache}: for the web layer, a BES get whose stream's
 * {@code close()} closes the BES response. Tests pass a lambda and need no BES.
 *
 * <p>The cache reads the stream to its end when the answer fits its cap, then closes it; when it
 * does not, the cache stops after the cap plus one byte and hands the open stream to the caller
 * inside a {@link StreamedResponse}. On any failure the cache closes it.
 *
 * <p>Exception contract: an {@link IOException} from {@code open} or from reading the stream (a BES
 * error, a transport failure, a timeout) reaches the caller and every request waiting on the same
 * load, and is never cached. Anything else thrown is treated as a bug: it reaches them too and is
 * not cached either. Implementations must bound their own waiting (connect and read timeouts): a
 * load runs on the requesting thread.
 */
@FunctionalInterface
public interface ResponseLoader {
  /**
   * Sends the request and returns the answer's bytes as they arrive.
   *
   * @return the stream, never null; the cache closes it, or passes it on to the caller
   * @throws IOException if the BES answered an error or could not be asked
   */
  InputStream open() throws IOException;

  /**
   * Reading the stream opened last failed with {@code failure} before the cache handed any of it
   * on: starts it again from its first byte if the answer may be asked for once more (for a BES
   * get: the BES broke it off, and it was not sent again already), so the cache reads it anew. The
   * default never does.
   *
   * @return whether the stream starts again from its first byte; false to fail with {@code failure}
   * @throws IOException if starting it again failed; the load fails with that instead
   */
  default boolean restart(IOException failure) throws IOException {
    return false;
  }
}
