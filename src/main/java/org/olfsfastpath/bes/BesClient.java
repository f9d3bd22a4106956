package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;

/**
 * Sends BES commands over a pool of warm PPT connections. Thread-safe; build one per web
 * application and share it.
 *
 * <p>Planned API (implementation in progress): {@code newBuilder()} with endpoint, ppt options,
 * maxConnections, maxCommandsPerConnection, acquireTimeout, idle checks, prewarm and
 * maxConcurrentConnects; {@link #showNode}, {@link #showVersion}, {@link #get}.
 */
public final class BesClient implements Closeable {

  private BesClient() {}

  /**
   * Asks the BES about one catalog node ({@code showNode}).
   *
   * @throws BesErrorException if the BES answered an error (type 5 when the node does not exist)
   * @throws BesPoolExhaustedException if no connection became free within the acquire timeout
   * @throws IOException on a transport or protocol failure
   */
  public BesNode showNode(String path) throws IOException {
    throw new UnsupportedOperationException("not implemented yet");
  }

  /** Returns the BES's {@code showVersion} answer document, as text. */
  public String showVersion() throws IOException {
    throw new UnsupportedOperationException("not implemented yet");
  }

  /**
   * Sends the data request (contexts, setContainer, define, get) and returns the streaming
   * response once the BES has said it is not an error.
   *
   * @throws BesErrorException if the BES answered an error before any data
   */
  public BesResponse get(GetRequest request) throws IOException {
    throw new UnsupportedOperationException("not implemented yet");
  }

  @Override
  public void close() {}
}
