package org.olfsfastpath.bes;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * A snapshot of one BES of a {@link BesGroup}, for the status page and JMX. Immutable; counters
 * count since the group was built. Failures are counted by kind, each command once, on the BES
 * where it failed.
 *
 * @param endpoint where the BES listens
 * @param weight its share of the group's traffic relative to the others (default 1)
 * @param inFlight commands sent to it and not yet ended; a get ends when its response is closed
 * @param requests commands sent to it (first tries and failovers alike)
 * @param connectFailures commands that could not reach it: connect refused or timed out, or the
 *     handshake timed out or was refused; each takes it out of service
 * @param ioFailures commands it broke off before anything reached the caller (reset, end of stream,
 *     an answer that is not PPT or not the command's document)
 * @param timeouts commands it did not answer within the read timeout: a slow BES, never taken out
 * @param besErrors commands it answered with an error document
 * @param exhausted commands that found every connection to it busy for the acquire timeout
 * @param streamFailures get responses that failed while the caller read their body
 * @param failovers commands that failed here and were sent once more to another BES of the group
 * @param ejectedSince when it was taken out of service, or null while it takes requests
 * @param ejectionCause the failure that took it out, or that its last probe met; null while it
 *     takes requests
 * @param nextProbeIn the time until its next probe (zero while one runs); null while it takes
 *     requests
 * @param ejections times it was taken out of service
 * @param probes probes sent to it while it was out (a new connection and handshake, no command)
 * @param probeFailures probes that failed
 * @param pool its connection pool
 */
public record BesMemberStats(
    PptEndpoint endpoint,
    int weight,
    int inFlight,
    long requests,
    long connectFailures,
    long ioFailures,
    long timeouts,
    long besErrors,
    long exhausted,
    long streamFailures,
    long failovers,
    @Nullable Instant ejectedSince,
    @Nullable String ejectionCause,
    @Nullable Duration nextProbeIn,
    long ejections,
    long probes,
    long probeFailures,
    BesPoolStats pool) {

  /** Whether the BES is out of service, waiting for a probe to succeed. */
  public boolean ejected() {
    return ejectedSince != null;
  }
}
