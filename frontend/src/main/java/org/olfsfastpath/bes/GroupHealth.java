package org.olfsfastpath.bes;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptStreamErrorException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link BesGroup}'s health policy: what each failure of a command means for its BES (counted by
 * its {@link FailureKind}), taking a BES out of service (ejection), the back-off before its probes,
 * the probes themselves (on the group's probe threads, one at a time per BES, never on a request
 * thread), bringing it back (readmission), and the exceptions of the down state. The group's
 * command pipeline chooses a BES, fails over once, and reports each failure here; this reads and
 * writes the members' state and never chooses a BES. Thread-safe and lock-free, as the group.
 */
final class GroupHealth {
  // The group's own log lines, under its name, wherever in the group they are written.
  private static final Logger log = LoggerFactory.getLogger(BesGroup.class);

  private final String prefix;
  private final GroupMember[] members;
  private final long ejectionBaseNanos;
  private final long ejectionMaxNanos;
  private final int ejectionThreshold;
  private final PoolClock clock;
  private final BesEventListener listener;
  private final ProbeScheduler scheduler;
  private final LongAdder unavailable = new LongAdder();
  private volatile boolean closed;

  GroupHealth(
      String prefix,
      GroupMember[] members,
      long ejectionBaseNanos,
      long ejectionMaxNanos,
      int ejectionThreshold,
      PoolClock clock,
      BesEventListener listener,
      ProbeScheduler scheduler) {
    this.prefix = prefix;
    this.members = members;
    this.ejectionBaseNanos = ejectionBaseNanos;
    this.ejectionMaxNanos = ejectionMaxNanos;
    this.ejectionThreshold = ejectionThreshold;
    this.clock = clock;
    this.listener = listener;
    this.scheduler = scheduler;
  }

  /** Whether every BES of the group is out of service, so commands fail at once. */
  boolean isDown() {
    for (GroupMember member : members) {
      if (member.ejection.get() == null) {
        return false;
      }
    }
    return true;
  }

  /** Commands refused because no BES of the group was available. */
  long unavailableCount() {
    return unavailable.sum();
  }

  /**
   * An ejected BES met by a request: has the probe threads probe it if its back-off has elapsed.
   *
   * @param now the clock's reading
   */
  void probeIfDue(GroupMember member, GroupMember.Ejection ejection, long now) {
    if (now - ejection.nextProbeNanos() >= 0) {
      probeNow(member);
    }
  }

  /** Whether the group was closed. */
  boolean isClosed() {
    return closed;
  }

  /** Stops the probes; a probe under way finds the group closed and stops too. */
  void close() {
    closed = true;
    scheduler.shutdown();
  }

  // Failures the pipeline reports.

  /** Counts a command's failure on {@code member} by its kind and acts on it; returns the kind. */
  FailureKind record(GroupMember member, IOException e, CallTrace trace) {
    FailureKind kind = FailureKind.of(e, trace);
    switch (kind) {
      case CONNECT -> {
        member.connectFailures.increment();
        eject(member, e);
      }
      case IO -> {
        member.ioFailures.increment();
        ioFailed(member, e);
      }
      case TIMEOUT -> member.timeouts.increment();
      case BES_ERROR -> {
        member.besErrors.increment();
        // The BES answered: it works.
        member.succeeded();
      }
      case EXHAUSTED -> member.exhausted.increment();
    }
    return kind;
  }

  /**
   * A get's body failed: nothing is retried, but a broken-off stream counts like any I/O failure.
   */
  void streamFailed(GroupMember member, IOException e) {
    member.streamFailures.increment();
    if (!(e instanceof PptStreamErrorException) && !(e instanceof InterruptedIOException)) {
      ioFailed(member, e);
    }
  }

  /** What the caller sees: a connect failure that left the group with no BES says so. */
  IOException surface(FailureKind kind, IOException e) {
    if (kind == FailureKind.CONNECT && isDown()) {
      return down(e);
    }
    return e;
  }

  /** The BES broke a command off: out of service at the threshold, unless it is the last. */
  private void ioFailed(GroupMember member, IOException e) {
    if (member.consecutiveIoFailures.incrementAndGet() >= ejectionThreshold
        && availableOtherThan(member) > 0) {
      eject(member, e);
    }
  }

  private int availableOtherThan(GroupMember member) {
    int count = 0;
    for (GroupMember other : members) {
      if (other != member && other.ejection.get() == null) {
        count++;
      }
    }
    return count;
  }

  // Ejection and probes.

  private void eject(GroupMember member, IOException cause) {
    long now = clock.nanoTime();
    long backoff = backoff(member.ejectionStreak.get());
    GroupMember.Ejection ejection =
        new GroupMember.Ejection(now, clock.instant(), cause, backoff, now + backoff);
    if (!member.ejection.compareAndSet(null, ejection)) {
      return; // Already out: the same outage, seen by another command.
    }
    member.ejectionStreak.incrementAndGet();
    member.consecutiveIoFailures.set(0);
    member.ejections.increment();
    log.warn(
        "BES {} of group {} taken out of service after {}; first probe in {} ms",
        member.endpoint,
        prefix,
        cause.toString(),
        TimeUnit.NANOSECONDS.toMillis(backoff));
    Duration wait = Duration.ofNanos(backoff);
    listener.ejected(member.endpoint, cause, wait);
    // Its idle connections lead to the BES that just failed; a readmitted BES gets fresh ones.
    member.client.evictIdle();
    scheduler.schedule(() -> probeWhenDue(member, ejection), backoff);
  }

  /** The back-off after {@code streak} ejections with no success between: base doubled, capped. */
  private long backoff(int streak) {
    long nanos = ejectionBaseNanos;
    for (int i = 0; i < streak && nanos < ejectionMaxNanos; i++) {
      nanos = nanos > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : nanos * 2;
    }
    return Math.min(nanos, ejectionMaxNanos);
  }

  /** A request noticed a due probe: queue one unless one is queued or running. */
  private void probeNow(GroupMember member) {
    if (!member.probing.get() && member.probing.compareAndSet(false, true)) {
      scheduler.schedule(() -> probe(member), 0);
    }
  }

  /** A timer fired for {@code scheduledFor}: probe if that stay out is still current and due. */
  private void probeWhenDue(GroupMember member, GroupMember.Ejection scheduledFor) {
    if (closed || member.ejection.get() != scheduledFor) {
      return; // Readmitted, or a later back-off has its own timer.
    }
    long wait = scheduledFor.nextProbeNanos() - clock.nanoTime();
    if (wait > 0) {
      scheduler.schedule(() -> probeWhenDue(member, scheduledFor), wait);
      return;
    }
    if (member.probing.compareAndSet(false, true)) {
      probe(member);
    } else {
      // A probe runs: it ends this stay out (readmitted, or a new back-off with its own timer),
      // and then this look finds nothing to do. Unless that probe was the last one of an earlier
      // stay, finishing just as this one began: then this look is the one that probes.
      scheduler.schedule(() -> probeWhenDue(member, scheduledFor), ejectionBaseNanos);
    }
  }

  /** Runs one probe; the caller holds {@code member.probing}, released here. */
  private void probe(GroupMember member) {
    try {
      GroupMember.Ejection ejection = member.ejection.get();
      if (closed || ejection == null) {
        return;
      }
      if (clock.nanoTime() - ejection.nextProbeNanos() < 0) {
        // Queued by a request that saw the stay out before a probe just ended it with a failure:
        // the new back-off has its own timer, and probing now would double it once more.
        return;
      }
      member.probes.increment();
      listener.probeStart(member.endpoint);
      try {
        member.client.probe();
      } catch (IllegalStateException closedClient) {
        return;
      } catch (IOException | RuntimeException failure) {
        IOException e =
            failure instanceof IOException io
                ? io
                : new IOException("probe failed: " + failure, failure);
        long now = clock.nanoTime();
        long backoff =
            Math.min(
                ejectionMaxNanos,
                ejection.backoffNanos() > Long.MAX_VALUE / 2
                    ? Long.MAX_VALUE
                    : ejection.backoffNanos() * 2);
        GroupMember.Ejection next =
            new GroupMember.Ejection(
                ejection.sinceNanos(), ejection.since(), e, backoff, now + backoff);
        member.ejection.set(next);
        member.probeFailures.increment();
        log.debug(
            "probe of BES {} of group {} failed, next in {} ms: {}",
            member.endpoint,
            prefix,
            TimeUnit.NANOSECONDS.toMillis(backoff),
            e.toString());
        Duration wait = Duration.ofNanos(backoff);
        listener.probeFailed(member.endpoint, e, wait);
        scheduler.schedule(() -> probeWhenDue(member, next), backoff);
        return;
      }
      readmit(member, ejection);
    } finally {
      member.probing.set(false);
    }
  }

  private void readmit(GroupMember member, GroupMember.Ejection ejection) {
    // Catch up with the others' picks, so the returning BES is not flooded with the ties.
    double least = Double.MAX_VALUE;
    for (GroupMember other : members) {
      if (other != member && other.ejection.get() == null) {
        least = Math.min(least, (double) other.picks.get() / other.weight);
      }
    }
    if (least != Double.MAX_VALUE) {
      long caughtUp = (long) Math.ceil(least * member.weight);
      member.picks.accumulateAndGet(caughtUp, Math::max);
    }
    member.consecutiveIoFailures.set(0);
    member.ejection.set(null);
    Duration downFor = Duration.ofNanos(clock.nanoTime() - ejection.sinceNanos());
    log.info(
        "BES {} of group {} back in service after {} ms",
        member.endpoint,
        prefix,
        downFor.toMillis());
    listener.readmitted(member.endpoint, downFor);
  }

  // The down state.

  /**
   * The exception for a group with no available BES, naming them all; the BES probed first gives
   * the endpoint, the time and the cause. {@code failure} is the command's own connect failure,
   * when it took the last BES out.
   */
  BesUnavailableException down(@Nullable IOException failure) {
    unavailable.increment();
    long now = clock.nanoTime();
    GroupMember first = null;
    GroupMember.Ejection firstEjection = null;
    StringBuilder each = new StringBuilder();
    for (GroupMember member : members) {
      GroupMember.Ejection ejection = member.ejection.get();
      if (ejection == null) {
        continue; // Readmitted meanwhile; the caller may try again.
      }
      if (now - ejection.nextProbeNanos() >= 0) {
        probeNow(member);
      }
      each.append(each.length() == 0 ? "" : "; ").append(describe(member, ejection, now));
      if (firstEjection == null || ejection.nextProbeNanos() - firstEjection.nextProbeNanos() < 0) {
        first = member;
        firstEjection = ejection;
      }
    }
    if (first == null || firstEjection == null) {
      // Every BES came back between the choice and now: rare; say so plainly.
      IOException cause = failure != null ? failure : new IOException("no BES available");
      return new BesUnavailableException(
          "no BES of group " + prefix + " was available",
          members[0].endpoint,
          clock.instant(),
          Duration.ZERO,
          cause);
    }
    String message =
        members.length == 1
            ? "the BES of group " + prefix + " is down: " + each
            : "every BES of group " + prefix + " is down: " + each;
    return new BesUnavailableException(
        message,
        first.endpoint,
        firstEjection.since(),
        Duration.ofNanos(Math.max(0, firstEjection.nextProbeNanos() - now)),
        firstEjection.cause());
  }

  /** The exception for one BES out of service, reported without asking it. */
  BesUnavailableException unavailable(GroupMember member, GroupMember.Ejection ejection, long now) {
    return new BesUnavailableException(
        "BES of group " + prefix + " is down: " + describe(member, ejection, now),
        member.endpoint,
        ejection.since(),
        Duration.ofNanos(Math.max(0, ejection.nextProbeNanos() - now)),
        ejection.cause());
  }

  private static String describe(GroupMember member, GroupMember.Ejection ejection, long now) {
    long probeIn = Math.max(0, ejection.nextProbeNanos() - now);
    return String.format(
        Locale.US,
        "%s since %s after %s; next probe in %d ms",
        member.endpoint,
        ejection.since(),
        ejection.cause(),
        TimeUnit.NANOSECONDS.toMillis(probeIn));
  }
}
