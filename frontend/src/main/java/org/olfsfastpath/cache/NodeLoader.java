package org.olfsfastpath.cache;

import java.io.IOException;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.bes.Caller;

/**
 * Asks the BES about one catalog path: the cache's only way to reach it. {@code
 * besClient::showNode} fits; tests pass a lambda and need no BES.
 *
 * <p>Exception contract: a {@link org.olfsfastpath.bes.BesErrorException} whose error is "not
 * found" (type 5) becomes a cached negative entry; any other {@link IOException} (another BES
 * error, a transport failure, a timeout) reaches the caller and is never cached. Anything else
 * thrown is treated as a bug: it reaches the caller and is not cached either.
 *
 * <p>Implementations must be thread-safe and must bound their own waiting (connect and read
 * timeouts): the cache runs a cold load on the requesting thread.
 */
@FunctionalInterface
public interface NodeLoader {
  /**
   * Returns what the BES says about {@code path}.
   *
   * @param path the normalized catalog path, starting with {@code /}
   * @param caller the request whose lookup loads it, which the BES hears of (the front end's own
   *     for a refresh)
   * @return the node, never null
   * @throws IOException if the BES answered an error or could not be asked
   */
  BesNode load(String path, Caller caller) throws IOException;
}
