package org.olfsfastpath.bes;

import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link BesGroup}'s fair shares: no client holds more than {@code limit} of the group's
 * connections at once; past it, its requests wait in a queue of their own (at most {@code
 * queueLength} of them, each at most {@code queueWait}), then are refused with {@link
 * BesLimitException}. A client is its address as the web layer resolved it; the front end's own
 * commands ({@link Caller#internal()}) count against no share. A share of every connection of the
 * group ({@code 100%}) turns shares off: nobody is counted and nobody queues.
 *
 * <p>Lock-free, with no lock shared by clients: one {@link Share} per client that holds or waits
 * for a connection, in a concurrent map read without locking. A share is a fair semaphore of {@code
 * limit} permits, so a client's own waiting requests are served in order, and the waits are on that
 * semaphore alone: one client's queue never delays another client. A share leaves the map when its
 * last request ends (a count of holders and waiters, retired by a compare-and-set at zero so that a
 * request arriving at that moment makes a new one), so memory follows the clients active now, not
 * every address ever seen. A request of a client already present allocates nothing.
 *
 * <p>The log says it once per episode per client: a warning at the client's first refusal, and a
 * line with the count when its last request ends.
 */
final class ClientShares {
  // The group's own log lines, under its name.
  private static final Logger log = LoggerFactory.getLogger(BesGroup.class);

  private final String prefix;

  /** Whether shares apply: a share of every connection is no share (and no queue of its own). */
  private final boolean enabled;

  private final int limit;
  private final int connections;
  private final int queueLength;
  private final long queueWaitNanos;
  private final PoolClock clock;
  private final ConcurrentHashMap<String, Share> byClient = new ConcurrentHashMap<>();
  private final LongAdder queued = new LongAdder();
  private final LongAdder[] refused = new LongAdder[BesLimitException.Limit.values().length];

  /**
   * @param prefix the group's prefix, for messages
   * @param limit the connections one client may hold at once, at least 1
   * @param connections the group's connections in all, for messages
   * @param queueLength the requests one client may have waiting past its share (0: none wait)
   * @param queueWaitNanos the longest a request waits there
   */
  ClientShares(
      String prefix,
      int limit,
      int connections,
      int queueLength,
      long queueWaitNanos,
      PoolClock clock) {
    this.prefix = prefix;
    this.limit = Math.max(1, limit);
    this.enabled = this.limit < connections;
    this.connections = connections;
    this.queueLength = queueLength;
    this.queueWaitNanos = queueWaitNanos;
    this.clock = clock;
    for (int i = 0; i < refused.length; i++) {
      refused[i] = new LongAdder();
    }
  }

  /** The connections one client may hold at once. */
  int limit() {
    return limit;
  }

  /**
   * Takes a place in the caller's share, waiting in its queue when the share is full: the place a
   * command holds until it ends (a get: until its response closes). Returns at once for the front
   * end's own commands, and when the share is the group's every connection (shares off).
   *
   * @return the share to {@link #release} when the command ends, or null for an internal caller
   * @throws BesLimitException if the client's queue is full ({@code CLIENT_QUEUE}) or its request
   *     waited the whole queue wait ({@code CLIENT_SHARE})
   * @throws InterruptedIOException if the thread was interrupted while waiting
   */
  @Nullable Share acquire(Caller caller) throws BesLimitException, InterruptedIOException {
    if (caller.internal() || !enabled) {
      return null;
    }
    Share share = join(caller.client());
    boolean taken = false;
    try {
      // A zero wait still queues fairly behind this client's waiting requests.
      if (share.slots.tryAcquire(0, TimeUnit.NANOSECONDS)) {
        taken = true;
        return share;
      }
      if (share.waiting.incrementAndGet() > queueLength) {
        share.waiting.decrementAndGet();
        throw refuse(
            share,
            queueLength == 0
                ? BesLimitException.Limit.CLIENT_SHARE
                : BesLimitException.Limit.CLIENT_QUEUE);
      }
      queued.increment();
      try {
        taken = clock.tryAcquire(share.slots, queueWaitNanos);
      } finally {
        share.waiting.decrementAndGet();
      }
      if (!taken) {
        throw refuse(share, BesLimitException.Limit.CLIENT_SHARE);
      }
      return share;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(
          "interrupted while waiting for a BES connection of the"
              + " share of client "
              + caller.client());
    } finally {
      if (!taken) {
        leave(share);
      }
    }
  }

  /** Gives back the place {@link #acquire} took; null (an internal caller) does nothing. */
  void release(@Nullable Share share) {
    if (share != null) {
      share.slots.release();
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
      int held = Math.max(0, limit - share.slots.availablePermits());
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
        limit,
        queueLength,
        Duration.ofNanos(queueWaitNanos),
        all.size(),
        inUse,
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
        Share fresh = new Share(client, limit);
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

  private BesLimitException refuse(Share share, BesLimitException.Limit which) {
    String message =
        which == BesLimitException.Limit.CLIENT_QUEUE
            ? String.format(
                Locale.US,
                "this client (%s) already holds its share of this server's BES"
                    + " connections (%d of the %d for %s) and has %d more requests waiting for them, the"
                    + " most it may; retry when one of them has finished",
                share.client,
                limit,
                connections,
                prefix,
                queueLength)
            : String.format(
                Locale.US,
                "this client (%s) already holds its share of this server's BES"
                    + " connections (%d of the %d for %s)%s; retry when one of its requests has finished",
                share.client,
                limit,
                connections,
                prefix,
                queueLength == 0
                    ? ""
                    : " and this request waited "
                        + TimeUnit.NANOSECONDS.toMillis(queueWaitNanos)
                        + " ms without one of them coming free");
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

  /** One client's place in the group: its share's permits, its holders and waiters. */
  static final class Share {
    final String client;

    /** {@code limit} permits, fair: the client's own waiting requests go in order. */
    final Semaphore slots;

    /** Requests holding or waiting; -1 once retired, when the map no longer holds it. */
    final AtomicInteger users = new AtomicInteger();

    final AtomicInteger waiting = new AtomicInteger();

    /** This episode's refusals, by limit. */
    final AtomicLongArray refusals = new AtomicLongArray(BesLimitException.Limit.values().length);

    /** Whether this episode was logged. */
    final AtomicBoolean logged = new AtomicBoolean();

    Share(String client, int limit) {
      this.client = client;
      this.slots = new Semaphore(limit, true);
    }
  }
}
