package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptStreamErrorException;
import org.olfsfastpath.spec.SpecParser;
import org.olfsfastpath.spec.Specs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.jspecify.annotations.Nullable;

/**
 * The BES that serve one catalog prefix (olfs.xml's {@code <BES><prefix>}), each with its own
 * {@link BesClient} and pool, offering the client's commands and sending each to one of them.
 * Thread-safe and lock-free: build one per prefix with {@link #newBuilder()}, route to it with a
 * {@link BesRouter}, and share it.
 *
 * <p><b>Choice.</b> A command goes to the BES with the fewest commands in flight per unit of
 * weight; among equals, to the one chosen least often per unit of weight (a weighted round robin,
 * so weights hold when traffic is light), then in turn. A slow BES holds its commands longer, so
 * it gets fewer new ones.
 *
 * <p><b>Ejection.</b> A BES that cannot be reached (connect refused or timed out, handshake timed
 * out or refused) is taken out of service at once: no request goes to it, and its idle connections
 * are closed. One that breaks off {@link Builder#ejectionThreshold(int) ejectionThreshold}
 * commands in a row (reset, end of stream, an answer that is not PPT) is taken out too, unless it
 * is the group's last available BES: a command that crashes its BES process proves little about the
 * next one, and must not let one client take a whole group down. Never taken out for: a BES error
 * answer (it works), a read timeout (it is slow, and a slow get is legitimate), pool exhaustion
 * (it is busy). The back-off before the first probe is {@link Builder#ejectionBase(Duration)
 * ejectionBase}, doubling with every failed probe and every ejection not followed by a success, up
 * to {@link Builder#ejectionMax(Duration) ejectionMax}.
 *
 * <p><b>Probes.</b> When its back-off has elapsed, an ejected BES is probed with a new connection
 * and its handshake, no BES command ({@link BesClient#probe()}); the first success brings it back,
 * and the connection stays in its pool. One probe at a time per BES, always on the group's probe
 * threads (daemon threads started on first need, ended when idle), never on a request thread.
 *
 * <p><b>Failover.</b> A command whose BES could not be reached or broke it off before anything
 * reached the caller is sent once more to another available BES: showNode, showBesKey,
 * buildSiteMap, and a get until its response is handed out. Once the caller holds a get's response
 * nothing is retried: a failure then surfaces from its body, and the caller aborts its own client
 * connection. BES errors, timeouts and pool exhaustion are not retried.
 *
 * <p><b>Down.</b> While every BES of the group is out, each command fails at once, with no connect,
 * with {@link BesUnavailableException} naming the BES, the cause and the time until the next
 * probe. A command whose connect failure took out the last available BES fails with it too.
 *
 * <p>The group owns its clients: {@link #close()} closes them.
 */
public final class BesGroup implements Closeable {
  private static final Logger log = LoggerFactory.getLogger(BesGroup.class);

  /** The text settings: keys are the builder's method names. */
  private static final SpecParser<Builder> SPEC = SpecParser.<Builder>named("BES group")
      .text("prefix", Builder::prefix)
      .duration("ejectionBase", Builder::ejectionBase)
      .duration("ejectionMax", Builder::ejectionMax)
      .intValue("ejectionThreshold", Builder::ejectionThreshold)
      .bool("failover", Builder::failover);

  private final String prefix;
  private final GroupMember[] members;
  private final List<BesClient> clients;
  private final long ejectionBaseNanos;
  private final long ejectionMaxNanos;
  private final int ejectionThreshold;
  private final boolean failover;
  private final PoolClock clock;
  private final BesEventListener listener;
  private final ProbeScheduler scheduler;
  private final AtomicInteger rotation = new AtomicInteger();
  private final LongAdder requests = new LongAdder();
  private final LongAdder failovers = new LongAdder();
  private final LongAdder unavailable = new LongAdder();
  private volatile boolean closed;

  private BesGroup(Builder b) {
    this.prefix = b.getPrefix();
    // Fresh state for each group built, should a builder build twice.
    this.members = new GroupMember[b.members.size()];
    List<BesClient> list = new ArrayList<>();
    for (int i = 0; i < members.length; i++) {
      GroupMember added = b.members.get(i);
      members[i] = new GroupMember(added.client, added.weight);
      list.add(added.client);
    }
    this.clients = List.copyOf(list);
    this.ejectionBaseNanos = b.getEjectionBase().toNanos();
    this.ejectionMaxNanos = b.getEjectionMax().toNanos();
    this.ejectionThreshold = b.getEjectionThreshold();
    this.failover = b.getFailover();
    this.clock = b.clock == null ? PoolClock.SYSTEM : b.clock;
    this.listener = b.listener == null ? BesEventListener.NONE : b.listener;
    this.scheduler = b.scheduler != null ? b.scheduler
        : ProbeScheduler.threads("olfs-fastpath BES group " + prefix + " probe", members.length);
  }

  /** Returns a builder holding the defaults; at least one member must be added. */
  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names:
   * {@code prefix} (text), {@code ejectionBase}, {@code ejectionMax} (durations),
   * {@code ejectionThreshold} (an integer) and {@code failover} (a boolean). Members are added on
   * the builder.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value, if a key is
   *     unknown or the builder refuses its value
   */
  public static Builder from(Map<String, String> spec) {
    return SPEC.apply(spec, newBuilder());
  }

  /**
   * Asks one BES of the group about a catalog node ({@code showNode}).
   *
   * @param path the catalog path within the group, its prefix already stripped
   *     ({@link BesRouter#route(String)})
   * @throws IllegalArgumentException if the path holds a character XML 1.0 cannot carry
   * @throws BesUnavailableException if no BES of the group is available
   * @throws BesErrorException if the BES answered an error (type 5 when the node does not exist)
   * @throws BesPoolExhaustedException if no connection became free within the acquire timeout
   * @throws IOException on a transport or protocol failure, after a failover if one was possible
   * @see BesClient#showNode(String)
   */
  public BesNode showNode(String path) throws IOException {
    Objects.requireNonNull(path, "path == null");
    return execute(false, (member, trace) -> member.client.showNode(path, trace));
  }

  /**
   * Sends the data request to one BES of the group and returns the streaming response once that
   * BES has said it is not an error. The caller must close it. A failure before this returns may
   * have been retried once on another BES; a failure while reading the body never is.
   *
   * @param request the request, its path within the group (prefix stripped)
   * @throws IllegalArgumentException if the path, constraint or xml:base holds a character XML 1.0
   *     cannot carry
   * @throws BesUnavailableException if no BES of the group is available
   * @throws BesErrorException if the BES answered an error before any data
   * @throws BesPoolExhaustedException if no connection became free within the acquire timeout
   * @throws IOException on a transport or protocol failure, after a failover if one was possible
   * @see BesClient#get(GetRequest)
   */
  public BesResponse get(GetRequest request) throws IOException {
    Objects.requireNonNull(request, "request == null");
    return execute(true, (member, trace) ->
        new GroupResponse(member, member.client.get(request, trace), this::streamFailed));
  }

  /**
   * Returns the values of one BES configuration key ({@code showBesKey}) from one BES of the group.
   *
   * @throws IllegalArgumentException if the key holds a character XML 1.0 cannot carry
   * @throws BesUnavailableException if no BES of the group is available
   * @throws BesErrorException if the BES answered an error
   * @throws IOException on a transport or protocol failure, after a failover if one was possible
   */
  public List<String> showBesKey(String key) throws IOException {
    Objects.requireNonNull(key, "key == null");
    return execute(false, (member, trace) -> member.client.showBesKey(key, trace));
  }

  /**
   * Asks one BES of the group for its site map ({@code buildSiteMap}); see
   * {@link BesClient#buildSiteMap(String, String, String)}. The BES lists its own catalog: the
   * caller adds the group's prefix to the paths.
   *
   * @throws BesUnavailableException if no BES of the group is available
   * @throws BesErrorException if the BES answered an error
   * @throws IOException on a transport or protocol failure, after a failover if one was possible
   */
  public byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix)
      throws IOException {
    Objects.requireNonNull(prefix, "prefix == null");
    Objects.requireNonNull(nodeSuffix, "nodeSuffix == null");
    Objects.requireNonNull(leafSuffix, "leafSuffix == null");
    return execute(false, (member, trace) ->
        member.client.buildSiteMap(prefix, nodeSuffix, leafSuffix, trace));
  }

  /**
   * Asks every BES of the group for its {@code showVersion} answer, one after the other, for the
   * version document, which lists every BES. Never throws for a BES's failure: a BES out of
   * service is not asked and reports a {@link BesUnavailableException}, one that fails reports its
   * failure (which counts towards taking it out, as for any command).
   *
   * @return one entry per BES, in the order they were added
   */
  public List<MemberVersion> showVersion() {
    checkOpen();
    List<MemberVersion> versions = new ArrayList<>(members.length);
    for (GroupMember member : members) {
      GroupMember.Ejection ejection = member.ejection.get();
      if (ejection != null) {
        versions.add(new MemberVersion(member.endpoint, null,
            unavailable(member, ejection, clock.nanoTime())));
        continue;
      }
      CallTrace trace = new CallTrace();
      try {
        String document = attempt(member, trace, false, (m, t) -> m.client.version(t));
        versions.add(new MemberVersion(member.endpoint, document, null));
      } catch (IOException e) {
        FailureKind kind = recordFailure(member, e, trace);
        versions.add(new MemberVersion(member.endpoint, null, surface(kind, e)));
      }
    }
    return List.copyOf(versions);
  }

  /** The catalog prefix this group serves, normalized: {@code /}, or {@code /data} without a slash. */
  public String prefix() {
    return prefix;
  }

  /** The group's BES clients, in the order they were added. */
  public List<BesClient> members() {
    return clients;
  }

  /** Whether every BES of the group is out of service, so commands fail at once. */
  public boolean isDown() {
    for (GroupMember member : members) {
      if (member.ejection.get() == null) {
        return false;
      }
    }
    return true;
  }

  /** A snapshot of the group and each of its BES. */
  public BesGroupStats stats() {
    long now = clock.nanoTime();
    List<BesMemberStats> list = new ArrayList<>(members.length);
    int available = 0;
    Instant downSince = null;
    for (GroupMember member : members) {
      BesMemberStats stats = member.stats(now);
      list.add(stats);
      if (stats.ejectedSince() == null) {
        available++;
      } else if (downSince == null || stats.ejectedSince().isAfter(downSince)) {
        downSince = stats.ejectedSince();
      }
    }
    return new BesGroupStats(prefix, list, available, available == 0 ? downSince : null,
        requests.sum(), failovers.sum(), unavailable.sum());
  }

  /** How long an ejected BES waits for its first probe. */
  public Duration ejectionBase() {
    return Duration.ofNanos(ejectionBaseNanos);
  }

  /** The longest wait between probes of an ejected BES. */
  public Duration ejectionMax() {
    return Duration.ofNanos(ejectionMaxNanos);
  }

  /** Commands broken off in a row after which a BES is taken out. */
  public int ejectionThreshold() {
    return ejectionThreshold;
  }

  /** Whether a failed command is sent once more to another BES of the group. */
  public boolean failover() {
    return failover;
  }

  /** Closes every idle connection of every BES of the group now. */
  public void evictIdle() {
    for (BesClient client : clients) {
      client.evictIdle();
    }
  }

  /** Stops the probes and closes every client of the group; open responses close theirs. */
  @Override
  public void close() {
    closed = true;
    scheduler.shutdown();
    for (BesClient client : clients) {
      client.close();
    }
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("BesGroup{prefix=").append(prefix).append(", members=[");
    for (int i = 0; i < members.length; i++) {
      s.append(i == 0 ? "" : ", ").append(members[i])
          .append(members[i].ejection.get() == null ? "" : " (ejected)");
    }
    return s.append("]}").toString();
  }

  // The command pipeline: choose, attempt, classify the failure, fail over once, surface.

  /** One command on one BES. */
  private interface MemberCall<T> {
    T call(GroupMember member, CallTrace trace) throws IOException;
  }

  /** How a command failed on a BES, which decides ejection and failover. */
  enum FailureKind {
    /** The BES could not be reached: eject, fail over. */
    CONNECT,
    /** The BES broke the command off: count towards ejection, fail over. */
    IO,
    /** The read timeout elapsed: a slow BES; neither. */
    TIMEOUT,
    /** The BES answered an error: it works; neither. */
    BES_ERROR,
    /** Every connection to the BES stayed busy: neither. */
    EXHAUSTED;

    boolean retriable() {
      return this == CONNECT || this == IO;
    }
  }

  private <T> T execute(boolean holdsUntilClose, MemberCall<T> call) throws IOException {
    checkOpen();
    requests.increment();
    GroupMember first = choose(null);
    if (first == null) {
      throw down(null);
    }
    CallTrace trace = new CallTrace();
    try {
      return attempt(first, trace, holdsUntilClose, call);
    } catch (IOException e) {
      FailureKind kind = recordFailure(first, e, trace);
      if (!kind.retriable() || !failover) {
        throw surface(kind, e);
      }
      GroupMember second = choose(first);
      if (second == null) {
        throw surface(kind, e);
      }
      failovers.increment();
      first.failovers.increment();
      log.debug("command failed on BES {} of group {}, sending it to {}: {}", first.endpoint,
          prefix, second.endpoint, e.toString());
      BesConnectionPool.guard(() -> listener.failover(first.endpoint, second.endpoint, e));
      CallTrace retryTrace = new CallTrace();
      try {
        return attempt(second, retryTrace, holdsUntilClose, call);
      } catch (IOException again) {
        IOException thrown = surface(recordFailure(second, again, retryTrace), again);
        thrown.addSuppressed(e);
        throw thrown;
      }
    }
  }

  /** Runs one command on one BES, counted in flight until it ends (a get: until closed). */
  private <T> T attempt(GroupMember member, CallTrace trace, boolean holdsUntilClose,
      MemberCall<T> call) throws IOException {
    member.enter();
    boolean held = false;
    try {
      T result = call.call(member, trace);
      member.succeeded();
      held = holdsUntilClose;
      return result;
    } finally {
      if (!held) {
        member.exit();
      }
    }
  }

  /**
   * The available BES with the fewest commands in flight per unit of weight, then the fewest picks
   * per unit of weight, then the first in this call's turn; null if none is available. Notices
   * ejected BES whose probe is due and has the probe threads run it.
   */
  private @Nullable GroupMember choose(@Nullable GroupMember exclude) {
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
        if (now - ejection.nextProbeNanos() >= 0) {
          probeNow(member);
        }
        continue;
      }
      if (member == exclude) {
        continue;
      }
      long inFlight = member.inFlight.get();
      long picks = member.picks.get();
      if (best == null || isBetter(inFlight, picks, member.weight, bestInFlight, bestPicks,
          best.weight)) {
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
  static boolean isBetter(long inFlight, long picks, int weight, long bestInFlight,
      long bestPicks, int bestWeight) {
    long load = inFlight * bestWeight;
    long bestLoad = bestInFlight * weight;
    if (load != bestLoad) {
      return load < bestLoad;
    }
    return picks * bestWeight < bestPicks * weight;
  }

  private FailureKind recordFailure(GroupMember member, IOException e, CallTrace trace) {
    FailureKind kind = classify(e, trace);
    switch (kind) {
      case CONNECT -> {
        member.connectFailures.increment();
        eject(member, e);
      }
      case IO -> {
        member.ioFailures.increment();
        countIoFailure(member, e);
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

  static FailureKind classify(IOException e, CallTrace trace) {
    if (trace.isConnectFailure(e)) {
      return FailureKind.CONNECT;
    }
    if (e instanceof BesErrorException || e instanceof PptStreamErrorException) {
      return FailureKind.BES_ERROR;
    }
    if (e instanceof BesPoolExhaustedException) {
      return FailureKind.EXHAUSTED;
    }
    if (e instanceof InterruptedIOException) {
      return FailureKind.TIMEOUT;
    }
    return FailureKind.IO;
  }

  /** A get's body failed: nothing is retried, but a broken-off stream counts like any I/O failure. */
  private void streamFailed(GroupMember member, IOException e) {
    member.streamFailures.increment();
    if (!(e instanceof PptStreamErrorException) && !(e instanceof InterruptedIOException)) {
      countIoFailure(member, e);
    }
  }

  private void countIoFailure(GroupMember member, IOException e) {
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

  /** What the caller sees: a connect failure that left the group with no BES says so. */
  private IOException surface(FailureKind kind, IOException e) {
    if (kind == FailureKind.CONNECT && isDown()) {
      IOException down = down(e);
      return down;
    }
    return e;
  }

  // Ejection and probes.

  private void eject(GroupMember member, IOException cause) {
    long now = clock.nanoTime();
    long backoff = backoff(member.ejectionStreak.get());
    GroupMember.Ejection ejection =
        new GroupMember.Ejection(now, clock.instant(), cause, backoff, now + backoff);
    if (!member.ejection.compareAndSet(null, ejection)) {
      return;  // Already out: the same outage, seen by another command.
    }
    member.ejectionStreak.incrementAndGet();
    member.consecutiveIoFailures.set(0);
    member.ejections.increment();
    log.warn("BES {} of group {} taken out of service after {}; first probe in {} ms",
        member.endpoint, prefix, cause.toString(), TimeUnit.NANOSECONDS.toMillis(backoff));
    Duration wait = Duration.ofNanos(backoff);
    BesConnectionPool.guard(() -> listener.ejected(member.endpoint, cause, wait));
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
      return;  // Readmitted, or a later back-off has its own timer.
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
      member.probes.increment();
      BesConnectionPool.guard(() -> listener.probeStart(member.endpoint));
      try {
        member.client.probe();
      } catch (IllegalStateException closedClient) {
        return;
      } catch (IOException | RuntimeException failure) {
        IOException e = failure instanceof IOException io ? io
            : new IOException("probe failed: " + failure, failure);
        long now = clock.nanoTime();
        long backoff = Math.min(ejectionMaxNanos,
            ejection.backoffNanos() > Long.MAX_VALUE / 2 ? Long.MAX_VALUE
                : ejection.backoffNanos() * 2);
        GroupMember.Ejection next = new GroupMember.Ejection(ejection.sinceNanos(),
            ejection.since(), e, backoff, now + backoff);
        member.ejection.set(next);
        member.probeFailures.increment();
        log.debug("probe of BES {} of group {} failed, next in {} ms: {}", member.endpoint, prefix,
            TimeUnit.NANOSECONDS.toMillis(backoff), e.toString());
        Duration wait = Duration.ofNanos(backoff);
        BesConnectionPool.guard(() -> listener.probeFailed(member.endpoint, e, wait));
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
    log.info("BES {} of group {} back in service after {} ms", member.endpoint, prefix,
        downFor.toMillis());
    BesConnectionPool.guard(() -> listener.readmitted(member.endpoint, downFor));
  }

  // The down state.

  /**
   * The exception for a group with no available BES, naming them all; the BES probed first gives
   * the endpoint, the time and the cause. {@code failure} is the command's own connect failure,
   * when it took the last BES out.
   */
  private BesUnavailableException down(@Nullable IOException failure) {
    unavailable.increment();
    long now = clock.nanoTime();
    GroupMember first = null;
    GroupMember.Ejection firstEjection = null;
    StringBuilder each = new StringBuilder();
    for (GroupMember member : members) {
      GroupMember.Ejection ejection = member.ejection.get();
      if (ejection == null) {
        continue;  // Readmitted meanwhile; the caller may try again.
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
      return new BesUnavailableException("no BES of group " + prefix + " was available",
          members[0].endpoint, clock.instant(), Duration.ZERO, cause);
    }
    String message = members.length == 1
        ? "the BES of group " + prefix + " is down: " + each
        : "every BES of group " + prefix + " is down: " + each;
    return new BesUnavailableException(message, first.endpoint, firstEjection.since(),
        Duration.ofNanos(Math.max(0, firstEjection.nextProbeNanos() - now)),
        firstEjection.cause());
  }

  /** The exception for one BES out of service, reported without asking it. */
  private BesUnavailableException unavailable(GroupMember member, GroupMember.Ejection ejection,
      long now) {
    return new BesUnavailableException("BES of group " + prefix + " is down: "
        + describe(member, ejection, now), member.endpoint, ejection.since(),
        Duration.ofNanos(Math.max(0, ejection.nextProbeNanos() - now)), ejection.cause());
  }

  private static String describe(GroupMember member, GroupMember.Ejection ejection, long now) {
    long probeIn = Math.max(0, ejection.nextProbeNanos() - now);
    return String.format(Locale.US, "%s since %s after %s; next probe in %d ms", member.endpoint,
        ejection.since(), ejection.cause(), TimeUnit.NANOSECONDS.toMillis(probeIn));
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("BES group " + prefix + " is closed");
    }
  }

  /**
   * Builds a {@link BesGroup}. Every setter validates its value at once and may be called only
   * once (members are added one by one); {@link #build()} checks the settings that depend on each
   * other. Unset settings keep their defaults, named by the {@code DEFAULT_} constants and
   * returned by the getters.
   */
  public static final class Builder {
    /** Default catalog prefix: the root, which every router needs. */
    public static final String DEFAULT_PREFIX = "/";
    /** Default weight of a member. */
    public static final int DEFAULT_WEIGHT = 1;
    /** Largest weight of a member. */
    public static final int MAX_WEIGHT = 1000;
    /** Default wait before the first probe of an ejected BES. */
    public static final Duration DEFAULT_EJECTION_BASE = Duration.ofSeconds(1);
    /**
     * Default longest wait between probes of an ejected BES: a restarted BES takes requests again
     * at most this long after it listens, and a probe of a BES still down costs one connect.
     */
    public static final Duration DEFAULT_EJECTION_MAX = Duration.ofSeconds(10);
    /** Default commands broken off in a row after which a BES is taken out. */
    public static final int DEFAULT_EJECTION_THRESHOLD = 3;

    private static final int UNSET = -1;

    private @Nullable String prefix;
    private final List<GroupMember> members = new ArrayList<>();
    private @Nullable Duration ejectionBase;
    private @Nullable Duration ejectionMax;
    private int ejectionThreshold = UNSET;
    private @Nullable Boolean failover;
    private @Nullable BesEventListener listener;
    private @Nullable PoolClock clock;
    private @Nullable ProbeScheduler scheduler;

    private Builder() {}

    /**
     * The catalog prefix the group serves (default {@code /}), as olfs.xml writes it: with or
     * without a trailing slash, with or without the leading one ({@code /data/}, {@code /data}
     * and {@code data} are the same prefix, {@code /data}).
     *
     * @throws IllegalArgumentException if empty, or holding an empty, {@code .} or {@code ..}
     *     segment
     * @throws IllegalStateException if already set
     */
    public Builder prefix(String prefix) {
      requireState(this.prefix == null, "prefix was already set to %s", this.prefix);
      this.prefix = BesRouter.normalizePrefix(prefix);
      return this;
    }

    /**
     * Adds a BES with weight 1. The group owns the client from now on and closes it.
     *
     * @throws IllegalArgumentException if a client of the same endpoint was already added
     */
    public Builder addMember(BesClient client) {
      return addMember(client, DEFAULT_WEIGHT);
    }

    /**
     * Adds a BES with a weight: its share of the traffic relative to the others (a weight 2 BES
     * gets twice the commands of a weight 1 BES when both are equally fast). The group owns the
     * client from now on and closes it.
     *
     * @throws IllegalArgumentException if the weight is not 1-1000, or a client of the same
     *     endpoint was already added
     */
    public Builder addMember(BesClient client, int weight) {
      Objects.requireNonNull(client, "client == null");
      requireArgument(weight >= 1 && weight <= MAX_WEIGHT, "weight of %s was " + weight
          + ", must be 1-" + MAX_WEIGHT, client.endpoint());
      for (GroupMember member : members) {
        requireArgument(!member.endpoint.equals(client.endpoint()),
            "a BES at %s was already added", client.endpoint());
      }
      members.add(new GroupMember(client, weight));
      return this;
    }

    /**
     * How long an ejected BES waits for its first probe (default 1 s); each failed probe doubles
     * the wait, up to {@link #ejectionMax(Duration)}.
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 hour
     * @throws IllegalStateException if already set
     */
    public Builder ejectionBase(Duration base) {
      requireState(ejectionBase == null, "ejectionBase was already set to %s", ejectionBase);
      this.ejectionBase = Specs.checkDuration("ejectionBase", base, Duration.ofMillis(1),
          Duration.ofHours(1));
      return this;
    }

    /** Same as {@link #ejectionBase(Duration)}. */
    public Builder ejectionBase(long duration, TimeUnit unit) {
      return ejectionBase(toDuration(duration, unit));
    }

    /**
     * The longest wait between probes of an ejected BES (default 10 s), so also the longest a
     * BES that came back waits before it takes requests again.
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder ejectionMax(Duration max) {
      requireState(ejectionMax == null, "ejectionMax was already set to %s", ejectionMax);
      this.ejectionMax = Specs.checkDuration("ejectionMax", max, Duration.ofMillis(1),
          Duration.ofDays(1));
      return this;
    }

    /** Same as {@link #ejectionMax(Duration)}. */
    public Builder ejectionMax(long duration, TimeUnit unit) {
      return ejectionMax(toDuration(duration, unit));
    }

    /**
     * Commands a BES may break off in a row (reset, end of stream, an answer that is not PPT)
     * before it is taken out (default 3); a success resets the count. A connect failure takes it
     * out at once, whatever this says.
     *
     * @throws IllegalArgumentException if not 1-1000
     * @throws IllegalStateException if already set
     */
    public Builder ejectionThreshold(int failures) {
      requireState(ejectionThreshold == UNSET, "ejectionThreshold was already set to %s",
          ejectionThreshold);
      requireArgument(failures >= 1 && failures <= 1000,
          "ejectionThreshold was %s, must be 1-1000", failures);
      this.ejectionThreshold = failures;
      return this;
    }

    /**
     * Whether a command that failed on one BES before anything reached the caller is sent once
     * more to another BES of the group (default true).
     *
     * @throws IllegalStateException if already set
     */
    public Builder failover(boolean enabled) {
      requireState(failover == null, "failover was already set to %s", failover);
      this.failover = enabled;
      return this;
    }

    /**
     * Receives ejection, probe and failover events (default {@link BesEventListener#NONE}).
     *
     * @throws IllegalStateException if already set
     */
    public Builder eventListener(BesEventListener listener) {
      requireState(this.listener == null, "eventListener was already set to %s", this.listener);
      this.listener = Objects.requireNonNull(listener, "eventListener == null");
      return this;
    }

    /** The group's time (default {@link PoolClock#SYSTEM}); for tests. */
    Builder clock(PoolClock clock) {
      requireState(this.clock == null, "clock was already set to %s", this.clock);
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** Where probes run (default: the group's own daemon threads); for tests. */
    Builder scheduler(ProbeScheduler scheduler) {
      requireState(this.scheduler == null, "scheduler was already set to %s", this.scheduler);
      this.scheduler = Objects.requireNonNull(scheduler, "scheduler == null");
      return this;
    }

    public String getPrefix() {
      return prefix == null ? DEFAULT_PREFIX : prefix;
    }

    public Duration getEjectionBase() {
      return ejectionBase == null ? DEFAULT_EJECTION_BASE : ejectionBase;
    }

    public Duration getEjectionMax() {
      return ejectionMax == null ? DEFAULT_EJECTION_MAX : ejectionMax;
    }

    public int getEjectionThreshold() {
      return ejectionThreshold == UNSET ? DEFAULT_EJECTION_THRESHOLD : ejectionThreshold;
    }

    public boolean getFailover() {
      return failover == null || failover;
    }

    /** The endpoints added so far, in order. */
    public List<PptEndpoint> getMembers() {
      List<PptEndpoint> endpoints = new ArrayList<>();
      for (GroupMember member : members) {
        endpoints.add(member.endpoint);
      }
      return List.copyOf(endpoints);
    }

    /**
     * Builds the group. Starts no thread: probe threads start on the first ejection.
     *
     * @throws IllegalStateException if no member was added, or ejectionMax is less than
     *     ejectionBase
     */
    public BesGroup build() {
      requireState(!members.isEmpty(), "BES group %s has no BES; add one with addMember",
          getPrefix());
      requireState(getEjectionMax().compareTo(getEjectionBase()) >= 0,
          "ejectionMax (%s) is less than ejectionBase (" + getEjectionBase() + ")",
          getEjectionMax());
      return new BesGroup(this);
    }

    private static Duration toDuration(long duration, TimeUnit unit) {
      Objects.requireNonNull(unit, "unit == null");
      return Duration.ofNanos(unit.toNanos(duration));
    }

    private static void requireArgument(boolean expression, String template,
        @Nullable Object value) {
      if (!expression) {
        throw new IllegalArgumentException(String.format(Locale.US, template, value));
      }
    }

    private static void requireState(boolean expression, String template,
        @Nullable Object value) {
      if (!expression) {
        throw new IllegalStateException(String.format(Locale.US, template, value));
      }
    }
  }
}
