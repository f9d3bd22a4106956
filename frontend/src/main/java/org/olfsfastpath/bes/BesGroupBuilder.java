package org.olfsfastpath.bes;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireConsistent;
import static org.olfsfastpath.spec.Checks.requireState;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;

/**
 * Builds a {@link BesGroup}: {@link BesGroup#newBuilder()} returns one with every default, {@link
 * BesGroup#from} one configured from a text spec whose keys are this builder's method names. Every
 * setter validates its value at once and may be called only once (members are added one by one);
 * {@link #build()} checks the settings that depend on each other. Unset settings keep their
 * defaults, named by the {@code DEFAULT_} constants and returned by the getters. Not thread-safe.
 */
public final class BesGroupBuilder {
  /** Default catalog prefix: the root, which every router needs. */
  public static final String DEFAULT_PREFIX = "/";

  /** Default weight of a member. */
  public static final int DEFAULT_WEIGHT = 1;

  /** Largest weight of a member. */
  public static final int MAX_WEIGHT = 1000;

  /** Default wait before the first probe of an ejected BES. */
  public static final Duration DEFAULT_EJECTION_BASE = Duration.ofSeconds(1);

  /**
   * Default longest wait between probes of an ejected BES: a restarted BES takes requests again at
   * most this long after it listens, and a probe of a BES still down costs one connect.
   */
  public static final Duration DEFAULT_EJECTION_MAX = Duration.ofSeconds(10);

  /** Default commands broken off in a row after which a BES is taken out. */
  public static final int DEFAULT_EJECTION_THRESHOLD = 3;

  /**
   * Default sharing of a group's connections among clients: {@code fair}, a connection that comes
   * free goes to the waiting client that holds the fewest (a client alone may use them all).
   */
  public static final String DEFAULT_CLIENT_SHARE = "fair";

  /**
   * Default requests one client may have waiting (memory protection: a client with fewer requests
   * in all than the group has connections is never refused by it).
   */
  public static final int DEFAULT_CLIENT_QUEUE = 8;

  /** Default longest wait of a request for its turn, as long as a pool's acquire wait. */
  public static final Duration DEFAULT_CLIENT_QUEUE_WAIT = Duration.ofSeconds(5);

  /**
   * Default longest wait of a download for its turn while the spool has room: connections then come
   * back at the BES's pace, so a download waits for the BES's work ahead of it, as long as the
   * BES's own read timeout lets a slow answer take.
   */
  public static final Duration DEFAULT_DOWNLOAD_WAIT = Duration.ofSeconds(120);

  /** The settings a text spec sets, for {@link BesGroup#from}: keys are the setters' names. */
  private final Settings settings = new Settings("BES group");

  private final Setting<String> prefix =
      settings.add(
          Setting.of("prefix", DEFAULT_PREFIX)
              .text(String::strip)
              .check(BesRouter::normalizePrefix));
  final List<GroupMember> members = new ArrayList<>();
  private final Setting<Duration> ejectionBase =
      settings.add(
          Setting.duration(
              "ejectionBase", DEFAULT_EJECTION_BASE, Duration.ofMillis(1), Duration.ofHours(1)));
  private final Setting<Duration> ejectionMax =
      settings.add(
          Setting.duration(
              "ejectionMax", DEFAULT_EJECTION_MAX, Duration.ofMillis(1), Duration.ofDays(1)));
  private final Setting<Integer> ejectionThreshold =
      settings.add(Setting.between("ejectionThreshold", DEFAULT_EJECTION_THRESHOLD, 1, 1000));
  private final Setting<Boolean> failover = settings.add(Setting.bool("failover", true));
  private final Setting<Boolean> retry = settings.add(Setting.bool("retry", true));
  private final Setting<Boolean> clientShare =
      settings.add(
          Setting.of("clientShare", true)
              .text(ClientSharing::parse)
              .shownAs(fair -> fair ? "fair" : "none"));
  private final Setting<Integer> clientQueue =
      settings.add(Setting.between("clientQueue", DEFAULT_CLIENT_QUEUE, 0, 10_000));
  private final Setting<Duration> clientQueueWait =
      settings.add(
          Setting.duration(
              "clientQueueWait", DEFAULT_CLIENT_QUEUE_WAIT, Duration.ZERO, Duration.ofDays(1)));
  private final Setting<Duration> downloadWait =
      settings.add(
          Setting.duration(
              "downloadWait", DEFAULT_DOWNLOAD_WAIT, Duration.ZERO, Duration.ofDays(1)));
  private final Setting<BooleanSupplier> spoolHasRoom =
      Setting.of("spoolHasRoom", (BooleanSupplier) () -> false);
  private final Setting<BesEventListener> listener =
      Setting.of("eventListener", BesEventListener.NONE);
  private final Setting<PoolClock> clock = Setting.of("clock", PoolClock.SYSTEM);
  private final Setting<ProbeScheduler> scheduler = Setting.of("scheduler", null);

  BesGroupBuilder() {}

  /** Applies a text spec to {@link #settings}; for {@link BesGroup#from}. */
  BesGroupBuilder apply(Map<String, String> spec) {
    settings.apply(spec);
    return this;
  }

  /**
   * The catalog prefix the group serves (default {@code /}), as olfs.xml writes it: with or without
   * a trailing slash, with or without the leading one ({@code /data/}, {@code /data} and {@code
   * data} are the same prefix, {@code /data}).
   *
   * @throws IllegalArgumentException if empty, or holding an empty, {@code .} or {@code ..} segment
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder prefix(String prefix) {
    this.prefix.set(prefix);
    return this;
  }

  /**
   * Adds a BES with weight 1. The group owns the client from now on and closes it.
   *
   * @throws IllegalArgumentException if a client of the same endpoint was already added
   */
  public BesGroupBuilder addMember(BesClient client) {
    return addMember(client, DEFAULT_WEIGHT);
  }

  /**
   * Adds a BES with a weight: its share of the traffic relative to the others (a weight 2 BES gets
   * twice the commands of a weight 1 BES when both are equally fast). The group owns the client
   * from now on and closes it.
   *
   * @throws IllegalArgumentException if the weight is not 1-1000, or a client of the same endpoint
   *     was already added
   */
  public BesGroupBuilder addMember(BesClient client, int weight) {
    Objects.requireNonNull(client, "client == null");
    requireArgument(
        weight >= 1 && weight <= MAX_WEIGHT,
        "weight of %s was " + weight + ", must be 1-" + MAX_WEIGHT,
        client.endpoint());
    for (GroupMember member : members) {
      requireArgument(
          !member.endpoint.equals(client.endpoint()),
          "a BES at %s was already added",
          client.endpoint());
    }
    members.add(new GroupMember(client, weight));
    return this;
  }

  /**
   * How long an ejected BES waits for its first probe (default 1 s); each failed probe doubles the
   * wait, up to {@link #ejectionMax(Duration)}.
   *
   * @throws IllegalArgumentException if not between 1 ms and 1 hour
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder ejectionBase(Duration base) {
    ejectionBase.set(base);
    return this;
  }

  /** Same as {@link #ejectionBase(Duration)}. */
  public BesGroupBuilder ejectionBase(long duration, TimeUnit unit) {
    return ejectionBase(toDuration(duration, unit));
  }

  /**
   * The longest wait between probes of an ejected BES (default 10 s), so also the longest a BES
   * that came back waits before it takes requests again.
   *
   * @throws IllegalArgumentException if not between 1 ms and 1 day
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder ejectionMax(Duration max) {
    ejectionMax.set(max);
    return this;
  }

  /** Same as {@link #ejectionMax(Duration)}. */
  public BesGroupBuilder ejectionMax(long duration, TimeUnit unit) {
    return ejectionMax(toDuration(duration, unit));
  }

  /**
   * Commands a BES may break off in a row (reset, end of stream, an answer that is not PPT) before
   * it is taken out (default 3); a success resets the count. A connect failure takes it out at
   * once, whatever this says.
   *
   * @throws IllegalArgumentException if not 1-1000
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder ejectionThreshold(int failures) {
    ejectionThreshold.set(failures);
    return this;
  }

  /**
   * Whether a command that failed on one BES before anything reached the caller is sent once more
   * to another BES of the group (default true).
   *
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder failover(boolean enabled) {
    failover.set(enabled);
    return this;
  }

  /**
   * Whether a command whose BES broke it off before any byte of its answer reached the caller
   * (reset, end of stream, an unreadable answer: a BES process that died) is sent once more on a
   * new connection of the same BES when no other BES of the group can take it (default true). With
   * {@link #failover(boolean)} another BES is tried first. A get whose body fails before the caller
   * read a byte of it is sent again the same way, once, and the body goes on from the new answer's
   * start ({@link BesResponse#restart(java.io.IOException)}).
   *
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder retry(boolean enabled) {
    retry.set(enabled);
    return this;
  }

  /**
   * How the group's connections are shared among clients (default {@value #DEFAULT_CLIENT_SHARE}).
   * {@code fair}: a request takes a free connection at once while no other request waits, however
   * many its client holds; a connection that comes free while requests wait goes to the waiting
   * client that holds the fewest (max-min fairness), so a share binds only while another client
   * waits. {@code none}: no turns; requests wait for the pools' connections alone, first come first
   * served, for the pools' acquire timeout (for load tests from one machine). A client is the
   * address the web layer resolves ({@link Caller#client()}); the front end's own commands take no
   * turn. Written as before shares conserved work, {@code 100%} reads as {@code none} and any other
   * count or percentage as {@code fair}: no client is held to a fixed part any more.
   *
   * @throws IllegalArgumentException if none of these
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder clientShare(String share) {
    clientShare.set(ClientSharing.parse(Objects.requireNonNull(share, "share == null")));
    return this;
  }

  /**
   * The requests one client may have waiting for their turn (default {@value
   * #DEFAULT_CLIENT_QUEUE}); one more is refused at once, unless the client has fewer requests in
   * all (holding and waiting) than the group has connections: a bound on memory and threads, never
   * a refusal of a client alone on the server.
   *
   * @throws IllegalArgumentException if not 0-10000
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder clientQueue(int requests) {
    clientQueue.set(requests);
    return this;
  }

  /**
   * The longest a request waits for its turn (default 5 s); then it is refused.
   *
   * @throws IllegalArgumentException if negative, between 0 and 1 ms, or over a day
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder clientQueueWait(Duration wait) {
    clientQueueWait.set(wait);
    return this;
  }

  /**
   * The longest a request whose answer may be long (a download) waits for its turn while the spool
   * has room for such answers ({@link #spoolHasRoom}); default 120 s. Connections then come back at
   * the BES's pace, not at slow clients', so the wait is the BES's work ahead of it. When the spool
   * has no room, {@link #clientQueueWait} bounds its wait as any other's; this is never less.
   *
   * @throws IllegalArgumentException if negative, between 0 and 1 ms, or over a day
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder downloadWait(Duration wait) {
    downloadWait.set(wait);
    return this;
  }

  /**
   * Tells whether the spool has room for long answers now (default: never), for {@link
   * #downloadWait}. Called by waiting downloads about once a second; must be cheap.
   *
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder spoolHasRoom(BooleanSupplier hasRoom) {
    spoolHasRoom.set(Objects.requireNonNull(hasRoom, "hasRoom == null"));
    return this;
  }

  /**
   * Receives ejection, probe and failover events (default {@link BesEventListener#NONE}).
   *
   * @throws IllegalStateException if already set
   */
  public BesGroupBuilder eventListener(BesEventListener listener) {
    this.listener.set(listener);
    return this;
  }

  /** The group's time (default {@link PoolClock#SYSTEM}); for tests. */
  BesGroupBuilder clock(PoolClock clock) {
    this.clock.set(clock);
    return this;
  }

  /** Where probes run (default: the group's own daemon threads); for tests. */
  BesGroupBuilder scheduler(ProbeScheduler scheduler) {
    this.scheduler.set(scheduler);
    return this;
  }

  public String getPrefix() {
    return prefix.get();
  }

  public Duration getEjectionBase() {
    return ejectionBase.get();
  }

  public Duration getEjectionMax() {
    return ejectionMax.get();
  }

  public int getEjectionThreshold() {
    return ejectionThreshold.get();
  }

  public boolean getFailover() {
    return failover.get();
  }

  public boolean getRetry() {
    return retry.get();
  }

  /** How connections are shared: {@code fair} or {@code none}. */
  public String getClientShare() {
    return clientShare.get() ? "fair" : "none";
  }

  public int getClientQueue() {
    return clientQueue.get();
  }

  public Duration getClientQueueWait() {
    return clientQueueWait.get();
  }

  public Duration getDownloadWait() {
    return downloadWait.get();
  }

  boolean isFair() {
    return clientShare.get();
  }

  BooleanSupplier getSpoolHasRoom() {
    return spoolHasRoom.get();
  }

  BesEventListener getEventListener() {
    return listener.get();
  }

  PoolClock getClock() {
    return clock.get();
  }

  @Nullable ProbeScheduler getScheduler() {
    return scheduler.orNull();
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
   * @throws IllegalStateException if no member was added, or ejectionMax is less than ejectionBase
   */
  public BesGroup build() {
    requireState(
        !members.isEmpty(), "BES group %s has no BES; add one with addMember", getPrefix());
    requireConsistent(
        getEjectionMax().compareTo(getEjectionBase()) >= 0,
        List.of("ejectionMax", "ejectionBase"),
        "ejectionMax (%s) is less than ejectionBase (%s)",
        getEjectionMax(),
        getEjectionBase());
    return new BesGroup(this);
  }

  private static Duration toDuration(long duration, TimeUnit unit) {
    Objects.requireNonNull(unit, "unit == null");
    return Duration.ofNanos(unit.toNanos(duration));
  }
}
