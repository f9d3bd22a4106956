package org.olfsfastpath.bes;

import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Which BES of a {@link BesGroup} takes the next command: the available one with the fewest
 * commands in flight per unit of weight (a slow BES holds its commands longer, so gets fewer new
 * ones), then the one chosen least often per unit of weight (a weighted round robin, so weights
 * hold when traffic is light), then the first in this call's turn. Passing an ejected BES whose
 * probe is due has the group's health policy probe it. Lock-free: atomics of the members and one
 * rotation counter.
 */
final class MemberChoice {
  private final GroupMember[] members;
  private final PoolClock clock;
  private final GroupHealth health;
  private final AtomicInteger rotation = new AtomicInteger();

  MemberChoice(GroupMember[] members, PoolClock clock, GroupHealth health) {
    this.members = members;
    this.clock = clock;
    this.health = health;
  }

  /**
   * The available BES with the fewest commands in flight per unit of weight, then the fewest picks
   * per unit of weight, then the first in this call's turn; null if none is available (or none but
   * {@code exclude}). Counts a pick of the one chosen.
   */
  @Nullable GroupMember choose(@Nullable GroupMember exclude) {
    int n = members.length;
    int start = n == 1 ? 0 : Math.floorMod(rotation.getAndIncrement(), n);
    GroupMember best = null;
    long bestInFlight = 0;
    long bestPicks = 0;
    long now = 0;
    boolean nowRead = false;
    for (int i = 0; i < n; i++) {
      GroupMember member = members[(start + i) % n];
      GroupMember.Ejection ejection = member.ejection.get();
      if (ejection != null) {
        if (!nowRead) {
          now = clock.nanoTime();
          nowRead = true;
        }
        health.probeIfDue(member, ejection, now);
        continue;
      }
      if (member == exclude) {
        continue;
      }
      long inFlight = member.inFlight.get();
      long picks = member.picks.get();
      if (best == null
          || isBetter(inFlight, picks, member.weight, bestInFlight, bestPicks, best.weight)) {
        best = member;
        bestInFlight = inFlight;
        bestPicks = picks;
      }
    }
    if (best != null) {
      best.picks.incrementAndGet();
    }
    return best;
  }

  /** Compares a/wa with b/wb without division, then picks the same way; ties keep the first. */
  static boolean isBetter(
      long inFlight, long picks, int weight, long bestInFlight, long bestPicks, int bestWeight) {
    long load = inFlight * bestWeight;
    long bestLoad = bestInFlight * weight;
    if (load != bestLoad) {
      return load < bestLoad;
    }
    return picks * bestWeight < bestPicks * weight;
  }
}
