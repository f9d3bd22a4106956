package org.olfsfastpath.bes;

import java.io.IOException;
import java.util.Objects;

/**
 * A request was refused by a limit that keeps one client, or long downloads, from taking a BES
 * group's connections away from everyone else; no BES command was sent. A front end should answer
 * 503 with Retry-After and say which limit it was ({@link #limit()}).
 */
public final class BesLimitException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The limit that refused the request. */
  public enum Limit {
    /**
     * Every connection of the group stayed busy while the request waited its turn (a connection
     * that comes free goes to the waiting client that holds the fewest) for its whole wait.
     */
    CLIENT_SHARE("clientShare"),
    /**
     * The client had its most requests waiting already, and as many requests in all as the group
     * has connections.
     */
    CLIENT_QUEUE("clientQueue"),
    /**
     * A request whose answer may hold its connection long found every connection that such requests
     * may use busy for its wait: the rest are kept for short requests.
     */
    RESERVE("reserve");

    private final String key;

    Limit(String key) {
      this.key = key;
    }

    /** The name the status document, the metrics and the log give the limit. */
    public String key() {
      return key;
    }
  }

  private final Limit limit;
  private final String client;

  /**
   * @param limit the limit reached
   * @param client the client's address, or the empty string for the front end's own request
   * @param message what was refused and why, in words a client can act on
   */
  public BesLimitException(Limit limit, String client, String message) {
    super(Objects.requireNonNull(message, "message == null"));
    this.limit = Objects.requireNonNull(limit, "limit == null");
    this.client = Objects.requireNonNull(client, "client == null");
  }

  /** The limit reached. */
  public Limit limit() {
    return limit;
  }

  /** The client whose request was refused, or the empty string for the front end's own. */
  public String client() {
    return client;
  }
}
