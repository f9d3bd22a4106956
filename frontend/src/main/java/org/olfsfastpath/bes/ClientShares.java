package org.olfsfastpath.bes;

import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link BesGroup}'s fair shares, which conserve work: a client's request takes a free connection
 * of the group at once while no other request waits, however many the client holds already (one
 * client may use every connection of an idle server); when none is free it waits, and a connection
 * that comes back goes to the waiting client that holds the fewest ({@link ConnectionTurns}). So a
 * share binds only while another client waits, and a client that holds many gets no more until the
 * others have caught up. A client is its address as the web layer resolved it; the front end's own
 * commands ({@link Caller#internal()}) take no turn.
 *
 * <p>The wait is bounded: {@code queueWait} (then {@link BesLimitException} {@code clientShare}); a
 * request whose answer may be long waits up to {@code downloadWait} instead while the spool has
 * room for such answers ({@code spoolHasRoom}), since connections then come back at the BES's pace,
 * not at slow clients'. A client may have {@code queueLength} requests waiting, memory protection
 * that never refuses a client with fewer requests in all than the group has connections ({@code
 * clientQueue}). The group's reserve for short requests is kept here, across the group: requests
 * that may hold their connection long take at most {@code longLimit} of them at once.
 *
 * <p>Memory follows the clients active now: one {@link Share} per client that holds or waits, in a
 * concurrent map read without locking, retired by a compare-and-set when its last request ends. A
 * request of a client already present, finding a free connection and nobody waiting, allocates
 * nothing and takes no lock.
 *
 * <p>The log says it once per episode per client: a warning at the client's first refusal, and a
 * line with the count when its last request ends.
 */
final class ClientShares {
  // The group's own log lines, under its name.
  private static final Logger log = LoggerFactory.getLogger(BesGroup.class);

  /** How often a download that waits looks again whether the spool still has room. */
  private static final long DOWNLOAD_LOOK_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final String prefix;
  private final ConnectionTurns turns;
  private final int queueLength;
  private final long queueWaitNanos;
  private final long downloadWaitNanos;
  private final BooleanSupplier spoolHasRoom;
  private final PoolClock clock;
  private final ConcurrentHashMap<String, Share> byClient = new ConcurrentHashMap<>();
  private final LongAdder queued = new LongAdder();
  private final LongAdder[] refused = new LongAdder[BesLimitException.Limit.values().length];

  /**
   * @param prefix the group's prefix, for messages
   * @param turns the group's connections and whose turn it is
   * @param queueLength the requests one client may have waiting (0: none wait)
   * @param queueWaitNanos the longest a request waits
   * @param downloadWaitNanos the longest a request whose answer may be long waits while {@code
   *     spoolHasRoom}
   */
  ClientShares(
      String prefix,
      ConnectionTurns turns,
      int queueLength,
      long queueWaitNanos,
      long downloadWaitNanos,
      BooleanSupplier spoolHasRoom,
      PoolClock clock) {
    this.prefix = prefix;
    this.turns = turns;
    this.queueLength = queueLength;
    this.queueWaitNanos = queueWaitNanos;
    this.downloadWaitNanos = Math.max(queueWaitNanos, downloadWaitNanos);
    this.spoolHasRoom = spoolHasRoom;
    this.clock = clock;
    for (int i = 0; i < refused.length; i++) {
      refused[i] = new LongAdder();
    }
  }

  /** Whether a connection that comes back goes to the client holding the fewest. */
  boolean fair() {
    return turns.fair();
  }

  /**
   * Takes one of the group's connections for the caller's command, waiting its turn when none is
   * free: the place a command holds until it ends (a get: until its response closes). Returns at
   * once, taking nothing, for the front end's own commands, and for every command when shares are
   * off ({@code clientShare="none"}: requests then wait for the pools' connections alone, first
   * come first served, as long as the pools' acquire timeout).
   *
   * @return the share to {@link #release} when the command ends, or null for an internal caller
   * @throws BesLimitException if the client has its most requests waiting already ({@code
   *     clientQueue}), or its request waited its whole wait ({@code clientShare}; {@code reserve}
   *     when only connections kept for short requests were free)
   * @throws InterruptedIOException if the thread was interrupted while waiting
   */
  @Nullable Share acquire(Caller caller) throws BesLimitException, InterruptedIOException {
    if (caller.internal() || !turns.fair()) {
      return null; // Shares off: requests wait for the pools' connections alone.
    }
    boolean longHold = caller.longHold();
    Share share = join(caller.client());
    boolean taken = false;
    try {
      if (turns.tryTake(share, longHold)) {
        taken = true;
        return share;
      }
      int waiting = share.waiting.get();
      if (waiting >= queueLength && share.held.get() + waiting >= turns.connections()) {
        throw refuse(share, BesLimitException.Limit.CLIENT_QUEUE, 0);
      }
      ConnectionTurns.Waiter waiter = turns.enqueue(share, longHold);
      if (waiter == null) {
        taken = true;
        return share;
      }
      queued.increment();
      long start = clock.nanoTime();
      taken = await(waiter, longHold, caller, start);
      if (!taken) {
        throw refuse(
            share,
            longHold && turns.free() > 0
                ? BesLimitException.Limit.RESERVE
                : BesLimitException.Limit.CLIENT_SHARE,
            clock.nanoTime() - start);
      }
      return share;
    } finally {
      if (!taken) {
        leave(share);
      }
    }
  }

  /**
   * Waits for the waiter's connection: the queue wait, or for a download while the spool has room
   * the download wait.
   *
   * @return whether it was handed one
   */
  private boolean await(ConnectionTurns.Waiter waiter, boolean longHold, Caller caller, long start)
      throws InterruptedIOException {
    try {
      while (true) {
        long limit = longHold && spoolHasRoom.getAsBoolean() ? downloadWaitNanos : queueWaitNanos;
        long left = limit - (clock.nanoTime() - start);
        if (left <= 0) {
          break;
        }
        long slice = limit > queueWaitNanos ? Math.min(left, DOWNLOAD_LOOK_NANOS) : left;
        if (clock.tryAcquire(waiter.handed, slice)) {
          return true;
        }
      }
    } catch (InterruptedException e) {
      if (turns.cancel(waiter)) {
        turns.give(waiter.client, longHold); // Handed one meanwhile: it goes to the next.
      }
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(
          "interrupted while waiting for a BES connection for client " + caller.client());
    }
    return turns.cancel(waiter);
  }

  /** Gives back the place {@link #acquire} took; null (an internal caller) does nothing. */
  void release(@Nullable Share share, boolean longHold) {
    if (share != null) {
      turns.give(share, longHold);
      leave(share);
    }
  }

  /**
   * A command holding {@code share} was refused by a pool's reserve: counted, and logged once per
   * episode of the client.
   */
  void refusedByReserve(@Nullable Share share, BesLimitException e) {
    refused[BesLimitException.Limit.RESERVE.ordinal()].increment();
    if (share != null) {
      episode(share, BesLimitException.Limit.RESERVE, e.getMessage());
    }
  }

  /** A snapshot: the limits, the clients now, the top of them, the refusals so far. */
  BesShareStats stats() {
    List<BesShareStats.ClientUse> all = new ArrayList<>();
    int inUse = 0;
    int waiting = 0;
    for (Share share : byClient.values()) {
      int held = Math.max(0, share.held.get());
      int queuedNow = Math.max(0, share.waiting.get());
      if (held == 0 && queuedNow == 0) {
        continue; // Joining or leaving right now.
      }
      inUse += held;
      waiting += queuedNow;
      all.add(new BesShareStats.ClientUse(share.client, held, queuedNow));
    }
    all.sort(
        Comparator.comparingInt(BesShareStats.ClientUse::inUse)
            .reversed()
            .thenComparing(Comparator.comparingInt(BesShareStats.ClientUse::waiting).reversed())
            .thenComparing(BesShareStats.ClientUse::client));
    return new BesShareStats(
        turns.fair(),
        turns.connections(),
        turns.longLimit(),
        queueLength,
        Duration.ofNanos(queueWaitNanos),
        Duration.ofNanos(downloadWaitNanos),
        all.size(),
        inUse,
        Math.max(0, turns.longInUse()),
        waiting,
        queued.sum(),
        count(BesLimitException.Limit.CLIENT_SHARE),
        count(BesLimitException.Limit.CLIENT_QUEUE),
        count(BesLimitException.Limit.RESERVE),
        all.subList(0, Math.min(BesShareStats.TOP, all.size())));
  }

  private long count(BesLimitException.Limit which) {
    return refused[which.ordinal()].sum();
  }

  /** The client's share, joined: found, or made and put in the map. */
  private Share join(String client) {
    while (true) {
      Share share = byClient.get(client);
      if (share == null) {
        Share fresh = new Share(client);
        share = byClient.putIfAbsent(client, fresh);
        if (share == null) {
          share = fresh;
        }
      }
      for (int n = share.users.get(); n >= 0; n = share.users.get()) {
        if (share.users.compareAndSet(n, n + 1)) {
          return share;
        }
      }
      // Retired between the look-up and the join: help take it out, then find or make the next.
      byClient.remove(client, share);
    }
  }

  /** One holder or waiter is gone; the last one retires the share and ends the episode. */
  private void leave(Share share) {
    if (share.users.decrementAndGet() == 0 && share.users.compareAndSet(0, -1)) {
      byClient.remove(share.client, share);
      long total = 0;
      for (int i = 0; i < share.refusals.length(); i++) {
        total += share.refusals.get(i);
      }
      if (total > 0) {
        log.info(
            "client {} of BES group {}: {} requests refused in all (clientShare {},"
                + " clientQueue {}, reserve {}) until its last request ended",
            share.client,
            prefix,
            total,
            share.refusals.get(BesLimitException.Limit.CLIENT_SHARE.ordinal()),
            share.refusals.get(BesLimitException.Limit.CLIENT_QUEUE.ordinal()),
            share.refusals.get(BesLimitException.Limit.RESERVE.ordinal()));
      }
    }
  }

  private BesLimitException refuse(Share share, BesLimitException.Limit which, long waitedNanos) {
    int connections = turns.connections();
    String message =
        switch (which) {
          case CLIENT_QUEUE ->
              String.format(
                  Locale.US,
                  "this client (%s) already has %d requests waiting for this server's BES"
                      + " connections for %s (all %d of them busy, %d held by this client), the"
                      + " most it may; retry when one of them has finished",
                  share.client,
                  share.waiting.get(),
                  prefix,
                  connections,
                  share.held.get());
          case RESERVE ->
              String.format(
                  Locale.US,
                  "every BES connection for %s that long downloads may use stayed busy (%d of the"
                      + " %d; the other %d are kept for short requests such as metadata) while"
                      + " this request waited its turn for %d ms; retry shortly",
                  prefix,
                  turns.longLimit(),
                  connections,
                  connections - turns.longLimit(),
                  TimeUnit.NANOSECONDS.toMillis(waitedNanos));
          case CLIENT_SHARE ->
              String.format(
                  Locale.US,
                  "every BES connection for %s stayed busy (%d, %d of them held by this client"
                      + " (%s); a connection that comes free goes to the waiting client holding the"
                      + " fewest) while this request waited its turn for %d ms; retry shortly",
                  prefix,
                  connections,
                  share.held.get(),
                  share.client,
                  TimeUnit.NANOSECONDS.toMillis(waitedNanos));
        };
    refused[which.ordinal()].increment();
    episode(share, which, message);
    return new BesLimitException(which, share.client, message);
  }

  private void episode(Share share, BesLimitException.Limit which, @Nullable String message) {
    share.refusals.incrementAndGet(which.ordinal());
    if (!share.logged.get() && share.logged.compareAndSet(false, true)) {
      log.warn(
          "client {} of BES group {}: requests refused ({}): {}; said once until its last"
              + " request ends",
          share.client,
          prefix,
          which.key(),
          message);
    }
  }

  /** One client's place in the group: its turns (held, waiting), its holders and waiters. */
  static final class Share extends ConnectionTurns.Client {
    final String client;

    /** Requests holding or waiting; -1 once retired, when the map no longer holds it. */
    final AtomicInteger users = new AtomicInteger();

    /** This episode's refusals, by limit. */
    final AtomicLongArray refusals = new AtomicLongArray(BesLimitException.Limit.values().length);

    /** Whether this episode was logged. */
    final AtomicBoolean logged = new AtomicBoolean();

    Share(String client) {
      this.client = client;
    }
  }
}
