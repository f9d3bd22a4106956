package org.olfsfastpath.cache;

import java.io.IOException;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;

/**
 * Opens the BES's answer to one get, as the response cache loads it: the BES router's {@code get},
 * given to the cache where the layers are wired ({@code router::get}), as the data-source cache is
 * given {@code router::showNode}.
 */
@FunctionalInterface
public interface AnswerOpener {
  /**
   * Sends {@code get} for {@code caller} and returns the streaming response once the BES has said
   * it is not an error; the cache closes it.
   *
   * @param get the request, its path the whole catalog path
   * @throws IOException if the BES answered an error or could not be asked
   */
  BesResponse open(GetRequest get, Caller caller) throws IOException;
}
