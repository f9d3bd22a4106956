package org.olfsfastpath.bes;

/**
 * A snapshot of the BES connection pool, for the status page and JMX. Immutable; the counters count
 * since the client was built. {@code created - discarded == total} once no connect or close is
 * under way.
 *
 * @param total open connections, idle or lent to a request
 * @param idle open connections waiting in the pool
 * @param inUse connections lent to a request
 * @param created connections opened
 * @param discarded connections closed by the pool: broken, retired after maxCommandsPerConnection,
 *     idle longer than maxIdle, told to exit by the BES, or closed at shutdown
 * @param retried requests sent a second time on a fresh connection because a reused one had gone
 *     stale
 * @param waits requests that found every connection busy and had to wait
 * @param exhausted requests that failed because no connection became free within the acquire
 *     timeout
 * @param connectFailures attempts to open a connection that failed
 * @param reserved connections kept for short requests: requests whose answer may be long never take
 *     the last of these
 * @param longInUse connections lent to requests whose answer may be long
 * @param reserveRefusals requests whose answer may be long that found every connection outside the
 *     reserve busy for the acquire timeout
 */
public record BesPoolStats(
    int total,
    int idle,
    int inUse,
    long created,
    long discarded,
    long retried,
    long waits,
    long exhausted,
    long connectFailures,
    int reserved,
    int longInUse,
    long reserveRefusals) {
  /** The pool of no connection. */
  public static final BesPoolStats EMPTY = new BesPoolStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** Returns the two pools added up, as of several BES: each figure the sum of both. */
  public BesPoolStats plus(BesPoolStats other) {
    return new BesPoolStats(
        total + other.total,
        idle + other.idle,
        inUse + other.inUse,
        created + other.created,
        discarded + other.discarded,
        retried + other.retried,
        waits + other.waits,
        exhausted + other.exhausted,
        connectFailures + other.connectFailures,
        reserved + other.reserved,
        longInUse + other.longInUse,
        reserveRefusals + other.reserveRefusals);
  }
}
