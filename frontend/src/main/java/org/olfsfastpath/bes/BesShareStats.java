package org.olfsfastpath.bes;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A snapshot of a {@link BesGroup}'s fair shares: the group's connections and how they are shared,
 * what clients hold and wait for now, and the requests refused by each limit. Shares conserve work:
 * a client may hold any number of connections while nobody waits; a connection that comes free goes
 * to the waiting client that holds the fewest. Immutable; counters count since the group was built.
 *
 * @param fair whether a connection that comes free goes to the waiting client holding the fewest
 *     (false: shares are off, {@code clientShare="none"}, and nobody is counted here)
 * @param connections the group's connections that client requests share
 * @param longLimit how many of them requests whose answer may be long may hold at once (the rest
 *     are the reserve for short requests)
 * @param queueLength the requests one client may have waiting (never refusing a client with fewer
 *     requests in all than {@code connections})
 * @param queueWait the longest a request waits for its turn before it is refused
 * @param downloadWait the longest a request whose answer may be long waits while the spool has room
 *     for such answers
 * @param clients clients that hold or wait for a connection of the group now
 * @param inUse connections client requests hold now (the internal commands of the front end are not
 *     counted)
 * @param longInUse of those, the ones held by requests whose answer may be long
 * @param waiting requests waiting for their turn now
 * @param queued requests that had to wait for their turn
 * @param refusedShare requests refused after waiting their whole wait ({@code clientShare})
 * @param refusedQueue requests refused at once because their client had its most requests waiting
 *     ({@code clientQueue})
 * @param refusedReserve requests whose answer may be long refused because only the connections kept
 *     for short requests came free, here or in a BES's pool ({@code reserve})
 * @param top the clients holding the most now, most first (then most waiting, then by address), at
 *     most {@link #TOP} of them
 */
public record BesShareStats(
    boolean fair,
    int connections,
    int longLimit,
    int queueLength,
    Duration queueWait,
    Duration downloadWait,
    int clients,
    int inUse,
    int longInUse,
    int waiting,
    long queued,
    long refusedShare,
    long refusedQueue,
    long refusedReserve,
    List<ClientUse> top) {
  /** How many clients {@link #top()} lists at most. */
  public static final int TOP = 10;

  public BesShareStats {
    Objects.requireNonNull(queueWait, "queueWait == null");
    Objects.requireNonNull(downloadWait, "downloadWait == null");
    top = List.copyOf(top);
  }

  /** Requests refused by any of the three limits. */
  public long refused() {
    return refusedShare + refusedQueue + refusedReserve;
  }

  /**
   * What one client holds in the group now.
   *
   * @param client its address
   * @param inUse the connections it holds
   * @param waiting its requests waiting for their turn
   */
  public record ClientUse(String client, int inUse, int waiting) {
    public ClientUse {
      Objects.requireNonNull(client, "client == null");
    }
  }
}
