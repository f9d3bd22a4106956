package org.olfsfastpath.web;

import java.io.IOException;
import java.util.List;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.dap.VersionDocument;

/**
 * What the servlet needs from the layers below: what the catalog says about a path (through the
 * data-source cache), the streaming BES responses, the site map and each BES's version. A thin
 * seam, so the request flow can be tested without a socket; the real one routes each path to the
 * BES that serves it.
 */
public interface DapBackend {
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
   * Same as {@link #lookup(String)}, for {@code caller}: a BES message it costs is sent for that
   * request (its id, its user).
   */
  default DataSource lookup(String path, Caller caller) throws IOException {
    return lookup(path);
  }

  /**
   * Same as {@link #lookup(String, Caller)}, with the file checked now, whatever the check
   * interval: for a conditional request, by which a cache in front revalidates.
   */
  default DataSource lookupChecked(String path, Caller caller) throws IOException {
    return lookup(path, caller);
  }

  /**
   * Sends a get for {@code caller}: its client's share of the BES connections applies, and a short
   * answer may use a pool's reserve. The returned response has passed the BES's error check.
   *
   * @throws org.olfsfastpath.bes.BesErrorException if the BES answered an error before any data
   * @throws org.olfsfastpath.bes.BesLimitException if the client's share, its queue or the pool's
   *     reserve refused it
   * @throws org.olfsfastpath.bes.BesPoolExhaustedException if no BES connection became free
   * @throws IOException if the BES could not be reached or spoke garbage
   */
  BesResponse get(GetRequest request, Caller caller) throws IOException;

  /**
   * The BES group that serves {@code path}, as the response cache's keys name it: the empty string
   * when there is one BES.
   */
  String groupOf(String path);

  /** The response cache, shared by every group. */
  ResponseCache responses();

  /**
   * Asks the BES serving the catalog root for every dataset and directory URL ({@code
   * buildSiteMap}), one per line, each starting with {@code prefix}.
   *
   * @throws IOException as {@link #get}
   */
  byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix) throws IOException;

  /**
   * The values of one configuration key ({@code showBesKey}) of the BES that serves {@code path}:
   * its {@code BES.ServerAdministrator}, the publisher of the discovery records. Asked once per BES
   * group and kept ({@link ServerInfos}), never per request.
   *
   * @throws IOException as {@link #get}
   */
  List<String> showBesKey(String path, String key) throws IOException;

  /**
   * Asks every BES for its {@code showVersion}, in configuration order; a BES that cannot be asked
   * is listed without an answer. Called at start and rarely after, never per request.
   */
  List<VersionDocument.Bes> versions();
}
