package org.olfsfastpath.bes;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot of a {@link BesGroup}, for the status page and JMX. Immutable; counters count since
 * the group was built.
 *
 * @param prefix the catalog prefix the group serves, normalized ({@code /} or {@code /data})
 * @param members each BES of the group, in the order they were added
 * @param available the BES taking requests (not ejected)
 * @param downSince when the group's last available BES was taken out, or null while one is
 *     available
 * @param requests commands the group was asked to run (a failover counts once)
 * @param failovers commands sent once more to another BES after a failure
 * @param unavailable commands refused with {@link BesUnavailableException} because no BES of the
 *     group was available
 * @param retries commands sent once more after their BES could not be reached or broke them off
 *     before a byte of the answer went on: to another BES (also counted in {@code failovers}) or to
 *     the same one on a new connection, before the response was handed out or after
 * @param shares the clients' shares of the group's connections
 */
public record BesGroupStats(
    String prefix,
    List<BesMemberStats> members,
    int available,
    @Nullable Instant downSince,
    long requests,
    long failovers,
    long unavailable,
    long retries,
    BesShareStats shares) {
  public BesGroupStats {
    Objects.requireNonNull(prefix, "prefix == null");
    members = List.copyOf(members);
    Objects.requireNonNull(shares, "shares == null");
  }

  /** Whether every BES of the group is out of service, so its commands fail at once. */
  public boolean down() {
    return available == 0;
  }

  /** Commands sent to the group's BES and not yet ended. */
  public int inFlight() {
    int sum = 0;
    for (BesMemberStats member : members) {
      sum += member.inFlight();
    }
    return sum;
  }
}
