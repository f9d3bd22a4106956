package org.olfsfastpath.web;

import java.io.IOException;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;

/**
 * The two things a DAP request needs from the layers below: what the catalog says about a path
 * (through the data-source cache) and the streaming data response (through the BES client). A thin
 * seam, so the request flow can be tested without a socket.
 */
interface DapBackend {
  /**
   * Returns what is known about {@code path}, from the cache when it can.
   *
   * @throws org.olfsfastpath.bes.BesErrorException if the BES answered an error (type 5: no such
   *     path)
   * @throws org.olfsfastpath.bes.BesPoolExhaustedException if no BES connection became free
   * @throws IOException if the BES could not be reached or spoke garbage
   */
  DataSource lookup(String path) throws IOException;

  /**
   * Sends the data request. The returned response has passed the BES's error check.
   *
   * @throws org.olfsfastpath.bes.BesErrorException if the BES answered an error before any data
   * @throws org.olfsfastpath.bes.BesPoolExhaustedException if no BES connection became free
   * @throws IOException if the BES could not be reached or spoke garbage
   */
  BesResponse get(GetRequest request) throws IOException;
}
