package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
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
 * are closed. One that breaks off {@link BesGroupBuilder#ejectionThreshold(int) ejectionThreshold}
 * commands in a row (reset, end of stream, an answer that is not PPT) is taken out too, unless it
 * is the group's last available BES: a command that crashes its BES process proves little about the
 * next one, and must not let one client take a whole group down. Never taken out for: a BES error
 * answer (it works), a read timeout (it is slow, and a slow get is legitimate), pool exhaustion
 * (it is busy). The back-off before the first probe is {@link BesGroupBuilder#ejectionBase(Duration)
 * ejectionBase}, doubling with every failed probe and every ejection not followed by a success, up
 * to {@link BesGroupBuilder#ejectionMax(Duration) ejectionMax}.
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

  private final String prefix;
  private final GroupMember[] members;
  private final List<BesClient> clients;
  private final long ejectionBaseNanos;
  private final long ejectionMaxNanos;
  private final int ejectionThreshold;
  private final boolean failover;
  private final PoolClock clock;
  private final BesEventListener listener;
  private final GroupHealth health;
  private final AtomicInteger rotation = new AtomicInteger();
  private final LongAdder requests = new LongAdder();
  private final LongAdder failovers = new LongAdder();

  BesGroup(BesGroupBuilder b) {
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
    this.clock = b.getClock();
    this.listener = GuardedListener.guard(b.getEventListener());
    ProbeScheduler given = b.getScheduler();
    ProbeScheduler scheduler = given != null ? given
        : ProbeScheduler.threads("olfs-fastpath BES group " + prefix + " probe", members.length);
    this.health = new GroupHealth(prefix, members, ejectionBaseNanos, ejectionMaxNanos,
        ejectionThreshold, clock, listener, scheduler);
  }

  /** Returns a builder holding the defaults; at least one member must be added. */
  public static BesGroupBuilder newBuilder() {
    return new BesGroupBuilder();
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
  public static BesGroupBuilder from(Map<String, String> spec) {
    return newBuilder().apply(spec);
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
        new GroupResponse(member, member.client.get(request, trace), health::streamFailed));
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
            health.unavailable(member, ejection, clock.nanoTime())));
        continue;
      }
      CallTrace trace = new CallTrace();
      try {
        String document = attempt(member, trace, false, (m, t) -> m.client.version(t));
        versions.add(new MemberVersion(member.endpoint, document, null));
      } catch (IOException e) {
        FailureKind kind = health.record(member, e, trace);
        versions.add(new MemberVersion(member.endpoint, null, health.surface(kind, e)));
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
    return health.isDown();
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
        requests.sum(), failovers.sum(), health.unavailableCount());
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
    health.close();
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

  private <T> T execute(boolean holdsUntilClose, MemberCall<T> call) throws IOException {
    checkOpen();
    requests.increment();
    GroupMember first = choose(null);
    if (first == null) {
      throw health.down(null);
    }
    CallTrace trace = new CallTrace();
    try {
      return attempt(first, trace, holdsUntilClose, call);
    } catch (IOException e) {
      FailureKind kind = health.record(first, e, trace);
      if (!kind.retriable() || !failover) {
        throw health.surface(kind, e);
      }
      GroupMember second = choose(first);
      if (second == null) {
        throw health.surface(kind, e);
      }
      failovers.increment();
      first.failovers.increment();
      log.debug("command failed on BES {} of group {}, sending it to {}: {}", first.endpoint,
          prefix, second.endpoint, e.toString());
      listener.failover(first.endpoint, second.endpoint, e);
      CallTrace retryTrace = new CallTrace();
      try {
        return attempt(second, retryTrace, holdsUntilClose, call);
      } catch (IOException again) {
        IOException thrown = health.surface(health.record(second, again, retryTrace), again);
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
        health.probeIfDue(member, ejection, now);
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

  private void checkOpen() {
    if (health.isClosed()) {
      throw new IllegalStateException("BES group " + prefix + " is closed");
    }
  }
}
