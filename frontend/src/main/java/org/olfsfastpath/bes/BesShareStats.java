package org.olfsfastpath.bes;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A snapshot of a {@link BesGroup}'s fair shares: how many of its connections each client may hold
 * at once, what clients hold and wait for now, and the requests refused by each limit. Immutable;
 * counters count since the group was built.
 *
 * @param limit the connections one client may hold at once in the group (its share)
 * @param queueLength the requests one client may have waiting past its share
 * @param queueWait the longest such a request waits before it is refused
 * @param clients clients that hold or wait for a connection of the group now
 * @param inUse requests of clients that hold their share's place now (the internal commands of the
 *     front end are not counted)
 * @param waiting requests waiting in their client's queue now
 * @param queued requests that had to wait in their client's queue
 * @param refusedShare requests refused after waiting the whole queue wait ({@code clientShare})
 * @param refusedQueue requests refused at once because their client's queue was full ({@code
 *     clientQueue})
 * @param refusedReserve requests whose answer may be long refused because only the connections kept
 *     for short requests were left ({@code reserve})
 * @param top the clients holding the most now, most first (then most waiting, then by address), at
 *     most {@link #TOP} of them
 */
public record BesShareStats(
    int limit,
    int queueLength,
    Duration queueWait,
    int clients,
    int inUse,
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
   * @param inUse its requests holding their place in its share
   * @param waiting its requests waiting in its queue
   */
  public record ClientUse(String client, int inUse, int waiting) {
    public ClientUse {
      Objects.requireNonNull(client, "client == null");
    }
  }
}
