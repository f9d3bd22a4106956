package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BES that serve one catalog prefix (olfs.xml's {@code <BES><prefix>}), each with its own
 * {@link BesClient} and pool, offering the client's commands and sending each to one of them.
 * Thread-safe and lock-free: build one per prefix with {@link #newBuilder()}, route to it with a
 * {@link BesRouter}, and share it.
 *
 * <p><b>Choice.</b> A command goes to the BES with the fewest commands in flight per unit of
 * weight; among equals, to the one chosen least often per unit of weight (a weighted round robin,
 * so weights hold when traffic is light), then in turn. A slow BES holds its commands longer, so it
 * gets fewer new ones.
 *
 * <p><b>Ejection.</b> A BES that cannot be reached (connect refused or timed out, handshake timed
 * out or refused) is taken out of service at once: no request goes to it, and its idle connections
 * are closed. One that breaks off {@link BesGroupBuilder#ejectionThreshold(int) ejectionThreshold}
 * commands in a row (reset, end of stream, an answer that is not PPT) is taken out too, unless it
 * is the group's last available BES: a command that crashes its BES process proves little about the
 * next one, and must not let one client take a whole group down. Never taken out for: a BES error
 * answer (it works), a read timeout (it is slow, and a slow get is legitimate), pool exhaustion (it
 * is busy). The back-off before the first probe is {@link BesGroupBuilder#ejectionBase(Duration)
 * ejectionBase}, doubling with every failed probe and every ejection not followed by a success, up
 * to {@link BesGroupBuilder#ejectionMax(Duration) ejectionMax}.
 *
 * <p><b>Probes.</b> When its back-off has elapsed, an ejected BES is probed with a new connection
 * and its handshake, no BES command ({@link BesClient#probe()}); the first success brings it back,
 * and the connection stays in its pool. One probe at a time per BES, always on the group's probe
 * threads (daemon threads started on first need, ended when idle), never on a request thread.
 *
 * <p><b>Failover and retry.</b> A command whose BES could not be reached or broke it off before
 * anything reached the caller is sent once more: to another available BES ({@link
 * BesGroupBuilder#failover(boolean) failover}), else, if its BES broke it off (a process that died:
 * reset, end of stream, an unreadable answer) and the client has not already sent it again on a
 * fresh connection, to the same BES on a new connection ({@link BesGroupBuilder#retry(boolean)
 * retry}). So are showNode, showBesKey, buildSiteMap, and a get until its response is handed out. A
 * get's body that fails before its caller read a byte is sent again the same way, by itself, and
 * one whose caller read bytes but passed none on may be, at the caller's request ({@link
 * BesResponse#restart(IOException)}); once a byte went on, a failure surfaces from the body and the
 * caller aborts its own client connection. A command is sent again at most once in all. BES errors,
 * timeouts, pool exhaustion and refusals by a limit are not retried.
 *
 * <p><b>Fair shares.</b> A get names its {@link Caller} and takes a turn at the group's connections
 * ({@code ClientShares}): at once while one is free and nobody waits, whatever its client holds;
 * else it waits, and a connection that comes free goes to the waiting client holding the fewest
 * ({@link BesGroupBuilder#clientShare(String) clientShare}). The wait is bounded, then refused with
 * {@link BesLimitException}. Requests whose answer may be long take at most the group's connections
 * less the reserves of its BES ({@link BesClientBuilder#reserve(String)}), so short requests find a
 * connection while downloads hold the others; each BES's pool keeps its reserve too. Taking a turn
 * is one compare-and-set while nobody waits; the group's own lock is taken only when somebody
 * waits.
 *
 * <p><b>Down.</b> While every BES of the group is out, each command fails at once, with no connect,
 * with {@link BesUnavailableException} naming the BES, the cause and the time until the next probe.
 * A command whose connect failure took out the last available BES fails with it too.
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
  private final boolean retry;
  private final ClientShares shares;
  private final PoolClock clock;
  private final BesEventListener listener;
  private final GroupHealth health;
  private final MemberChoice choice;
  private final LongAdder requests = new LongAdder();
  private final LongAdder failovers = new LongAdder();
  private final LongAdder retries = new LongAdder();

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
    this.retry = b.getRetry();
    this.clock = b.getClock();
    int connections = 0;
    int reserved = 0;
    for (GroupMember member : members) {
      connections += member.client.maxConnections();
      reserved += member.client.reservedConnections();
    }
    this.shares =
        new ClientShares(
            prefix,
            new ConnectionTurns(connections, connections - reserved, b.isFair()),
            b.getClientQueue(),
            b.getClientQueueWait().toNanos(),
            b.getDownloadWait().toNanos(),
            b.getSpoolHasRoom(),
            clock);
    this.listener = GuardedListener.guard(b.getEventListener());
    ProbeScheduler given = b.getScheduler();
    ProbeScheduler scheduler =
        given != null
            ? given
            : ProbeScheduler.threads(
                "olfs-fastpath BES group " + prefix + " probe", members.length);
    this.health =
        new GroupHealth(
            prefix,
            members,
            ejectionBaseNanos,
            ejectionMaxNanos,
            ejectionThreshold,
            clock,
            listener,
            scheduler);
    this.choice = new MemberChoice(members, clock, health);
  }

  /** Returns a builder holding the defaults; at least one member must be added. */
  public static BesGroupBuilder newBuilder() {
    return new BesGroupBuilder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names: {@code
   * prefix} (text), {@code ejectionBase}, {@code ejectionMax}, {@code clientQueueWait}, {@code
   * downloadWait} (durations), {@code ejectionThreshold}, {@code clientQueue} (integers), {@code
   * failover}, {@code retry} (booleans) and {@code clientShare} ({@code fair} or {@code none}).
   * Members are added on the builder.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value, if a key is
   *     unknown or the builder refuses its value
   */
  public static BesGroupBuilder from(Map<String, String> spec) {
    return newBuilder().apply(spec);
  }

  /**
   * Sends one command for {@code caller} to one BES of the group (see the class comment for which,
   * and when it is sent once more) and returns its answer. A command whose answer streams ({@link
   * BesCommand#GET}) first takes its turn at the group's connections, waiting when none is free or
   * others wait; the turn is held until the response is closed.
   *
   * @param argument what the command names, its catalog path (if any) within the group, the group's
   *     prefix already stripped (as {@link BesRouter#send} strips it)
   * @throws IllegalArgumentException if a value holds a character XML 1.0 cannot carry
   * @throws BesLimitException if the caller's turn did not come within its wait, the client had its
   *     most requests waiting, or (a long answer) only the reserve was left
   * @throws BesUnavailableException if no BES of the group is available
   * @throws BesErrorException if the BES answered an error (before any data, for a streamed answer)
   * @throws BesPoolExhaustedException if no connection became free within the acquire timeout
   * @throws IOException on a transport or protocol failure, after a failover if one was possible
   * @see BesClient#send(BesCommand, Object, Caller)
   */
  public <A, T> T send(BesCommand<A, T> command, A argument, Caller caller) throws IOException {
    Objects.requireNonNull(command, "command == null");
    Objects.requireNonNull(argument, "argument == null");
    Objects.requireNonNull(caller, "caller == null");
    if (!command.streams()) {
      return execute(
          false,
          command.retryable(),
          (member, trace) -> member.client.send(command, argument, caller, trace));
    }
    checkOpen();
    ClientShares.Share share = shares.acquire(caller);
    try {
      MemberCall<GroupResponse.Attempt> call =
          (member, trace) ->
              new GroupResponse.Attempt(
                  member,
                  (BesResponse) member.client.send(command, argument, caller, trace),
                  trace.isResend());
      GroupResponse.Attempt first = execute(true, command.retryable(), call);
      return streamed(
          command,
          new GroupResponse(
              first,
              health::streamFailed,
              (failed, failure) -> resendAfterHandOut(failed, failure, call),
              () -> shares.release(share, caller.longHold())));
    } catch (BesLimitException e) {
      shares.refusedByReserve(share, e);
      shares.release(share, caller.longHold());
      throw new BesLimitException(e.limit(), caller.client(), String.valueOf(e.getMessage()));
    } catch (IOException | RuntimeException | Error e) {
      shares.release(share, caller.longHold());
      throw e;
    }
  }

  /** The streamed answer as the command's answer type, which for a streaming command it is. */
  @SuppressWarnings("unchecked") // Only GET streams, and its answer type is BesResponse.
  private static <T> T streamed(BesCommand<?, T> command, BesResponse response) {
    return (T) response;
  }

  /**
   * Asks every BES of the group for its {@code showVersion} answer, one after the other, for the
   * version document, which lists every BES. Never throws for a BES's failure: a BES out of service
   * is not asked and reports a {@link BesUnavailableException}, one that fails reports its failure
   * (which counts towards taking it out, as for any command).
   *
   * @return one entry per BES, in the order they were added
   */
  public List<MemberVersion> showVersion() {
    checkOpen();
    List<MemberVersion> versions = new ArrayList<>(members.length);
    for (GroupMember member : members) {
      GroupMember.Ejection ejection = member.ejection.get();
      if (ejection != null) {
        versions.add(
            new MemberVersion(
                member.endpoint, null, health.unavailable(member, ejection, clock.nanoTime())));
        continue;
      }
      CallTrace trace = new CallTrace();
      try {
        String document =
            attempt(
                member,
                trace,
                false,
                (m, t) ->
                    m.client.send(
                        BesCommand.SHOW_VERSION, BesCommand.None.NONE, Caller.INTERNAL, t));
        versions.add(new MemberVersion(member.endpoint, document, null));
      } catch (IOException e) {
        FailureKind kind = health.record(member, e, trace);
        versions.add(new MemberVersion(member.endpoint, null, health.surface(kind, e)));
      }
    }
    return List.copyOf(versions);
  }

  /**
   * The catalog prefix this group serves, normalized: {@code /}, or {@code /data} without a slash.
   */
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
    return new BesGroupStats(
        prefix,
        list,
        available,
        available == 0 ? downSince : null,
        requests.sum(),
        failovers.sum(),
        health.unavailableCount(),
        retries.sum(),
        shares.stats());
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

  /** Whether a command its BES broke off is sent once more to the same BES when none other can. */
  public boolean retry() {
    return retry;
  }

  /** Whether a connection that comes free goes to the waiting client holding the fewest. */
  public boolean fairShares() {
    return shares.fair();
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
      s.append(i == 0 ? "" : ", ")
          .append(members[i])
          .append(members[i].ejection.get() == null ? "" : " (ejected)");
    }
    return s.append("]}").toString();
  }

  // The command pipeline: choose, attempt, classify the failure, fail over once, surface.

  /** One command on one BES. */
  private interface MemberCall<T> {
    T call(GroupMember member, CallTrace trace) throws IOException;
  }

  private <T> T execute(boolean holdsUntilClose, boolean retryable, MemberCall<T> call)
      throws IOException {
    checkOpen();
    requests.increment();
    GroupMember first = choice.choose(null);
    if (first == null) {
      throw health.down(null);
    }
    CallTrace trace = new CallTrace();
    try {
      return attempt(first, trace, holdsUntilClose, call);
    } catch (IOException e) {
      FailureKind kind = health.record(first, e, trace);
      GroupMember second = retryable ? resendTo(first, kind, trace.resent()) : null;
      if (second == null) {
        throw health.surface(kind, e);
      }
      return attemptAgain(first, second, e, holdsUntilClose, call);
    }
  }

  /** The one attempt more on {@code next}; its failure surfaces, carrying the first one. */
  private <T> T attemptAgain(
      GroupMember failed,
      GroupMember next,
      IOException failure,
      boolean holdsUntilClose,
      MemberCall<T> call)
      throws IOException {
    resent(failed, next, failure);
    CallTrace trace = CallTrace.forResend();
    try {
      return attempt(next, trace, holdsUntilClose, call);
    } catch (IOException again) {
      IOException thrown = health.surface(health.record(next, again, trace), again);
      thrown.addSuppressed(failure);
      throw thrown;
    }
  }

  /**
   * Where a command that failed with {@code kind} on {@code failed} goes once more: another
   * available BES (failover), else the same one on a new connection when it broke the command off,
   * is still in service, and was not already sent it again on a fresh connection (retry); null when
   * it is not sent again.
   */
  private @Nullable GroupMember resendTo(
      GroupMember failed, FailureKind kind, boolean resentOnFreshConnection) {
    if (!kind.retriable()) {
      return null;
    }
    if (failover) {
      GroupMember other = choice.choose(failed);
      if (other != null) {
        return other;
      }
    }
    return retry
            && kind == FailureKind.IO
            && !resentOnFreshConnection
            && failed.ejection.get() == null
        ? failed
        : null;
  }

  /** Counts and tells a command sent once more, from {@code from} to {@code to}. */
  private void resent(GroupMember from, GroupMember to, IOException cause) {
    retries.increment();
    if (to != from) {
      failovers.increment();
      from.failovers.increment();
      log.debug(
          "command failed on BES {} of group {}, sending it to {}: {}",
          from.endpoint,
          prefix,
          to.endpoint,
          cause.toString());
      listener.failover(from.endpoint, to.endpoint, cause);
    } else {
      log.debug(
          "command broken off by BES {} of group {}, sending it again on a new" + " connection: {}",
          from.endpoint,
          prefix,
          cause.toString());
      listener.resent(from.endpoint, cause);
    }
  }

  /** A get's body failed before anything went on: the command once more, if it may be. */
  private GroupResponse.@Nullable Attempt resendAfterHandOut(
      GroupMember failed, IOException failure, MemberCall<GroupResponse.Attempt> call)
      throws IOException {
    if (health.isClosed()) {
      return null;
    }
    GroupMember next = resendTo(failed, FailureKind.IO, false);
    if (next == null) {
      return null;
    }
    return attemptAgain(failed, next, failure, true, call);
  }

  /** Runs one command on one BES, counted in flight until it ends (a get: until closed). */
  private <T> T attempt(
      GroupMember member, CallTrace trace, boolean holdsUntilClose, MemberCall<T> call)
      throws IOException {
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

  private void checkOpen() {
    if (health.isClosed()) {
      throw new IllegalStateException("BES group " + prefix + " is closed");
    }
  }
}
