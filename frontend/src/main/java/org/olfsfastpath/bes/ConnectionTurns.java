package org.olfsfastpath.bes;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * Whose turn it is to take one of a {@link BesGroup}'s connections: the scheduler under {@link
 * ClientShares}. Work-conserving: a request takes a free connection at once while nobody waits,
 * whatever its client already holds; when none is free it waits, and each connection that comes
 * back goes to the waiting client that holds the fewest now (max-min fairness; among equals, the
 * one whose request has waited longest). That is deficit round robin over the clients with a unit
 * cost per request, which is what a BES command is to the pool: one connection until it ends.
 *
 * <p>The reserve: at most {@code longLimit} connections go to requests whose answer may hold its
 * connection long ({@link Caller#longHold()}); the others stay for short requests, so metadata and
 * small answers never wait behind downloads. A long request that waits is passed over, without
 * losing its place, while only short requests may be served.
 *
 * <p>Concurrency: the free connections, the free long connections and the waiting requests are one
 * word ({@link #state}), so the fast path, a free connection and nobody waiting, is one
 * compare-and-set to take and one to give back, with no lock. The lock is taken only when somebody
 * waits or must wait: choosing who is served next needs a consistent view of every waiting client,
 * and a waiter must never miss the connection it is handed. The lock is the group's own, never held
 * across I/O or a wait, so one group's queue never slows another group.
 *
 * <p>A short request never waits for the lock behind downloads. While downloads wait for the long
 * limit, connections free are ones no waiter may take (after every hand-on, a connection is free
 * while requests wait only when none of them may take it), so a short request takes one with a
 * compare-and-set, as when nobody waits. And a connection given back while requests wait is added
 * to the word at once; the giver hands it on under the lock if the lock is free, else leaves the
 * hand-on to the holder, who looks again once it unlocks ({@link #handOnPending}). Downloads give
 * their connections back from threads that run at the lowest priority; without this, a short
 * request waited for the lock while the operating system left such a thread holding it for tens of
 * milliseconds. Every change to the word that may take a connection away is a compare-and-set
 * against the word it read, so a hand-on never hands a connection a taker has just had.
 */
final class ConnectionTurns {
  private static final int BITS = 21;
  private static final long MASK = (1L << BITS) - 1;
  private static final long LONG_ONE = 1L << BITS;
  private static final long WAIT_ONE = 1L << (2 * BITS);

  /** The most connections a group may have, so that each count fits its field of the word. */
  static final int MAX_CONNECTIONS = (int) MASK;

  private final int connections;
  private final int longLimit;
  private final boolean fair;

  /** Free connections, free long connections and waiting requests, {@link #BITS} bits each. */
  private final AtomicLong state;

  private final ReentrantLock lock = new ReentrantLock();

  /**
   * Set by a giver that found the lock held: connections were added that the holder must hand on
   * once it unlocks ({@link #unlockAndHandOn}).
   */
  private final AtomicBoolean handOnPending = new AtomicBoolean();

  /** The clients with requests waiting, in the order they began to wait; guarded by the lock. */
  private final List<Client> waitingClients = new ArrayList<>();

  /** The order waiters arrived in; guarded by the lock. */
  private long arrivals;

  /**
   * @param connections the group's connections
   * @param longLimit how many of them requests that may hold theirs long may take at once
   * @param fair false: a connection that comes back goes to the request that has waited longest,
   *     whatever its client holds (first come, first served)
   */
  ConnectionTurns(int connections, int longLimit, boolean fair) {
    if (connections < 1 || connections > MAX_CONNECTIONS) {
      throw new IllegalArgumentException(
          "a group has 1 to " + MAX_CONNECTIONS + " connections, not " + connections);
    }
    this.connections = connections;
    this.longLimit = Math.max(1, Math.min(longLimit, connections));
    this.fair = fair;
    this.state = new AtomicLong(connections | ((long) this.longLimit << BITS));
  }

  /** What a client has in the turns: what it holds now, and its waiting requests. */
  static class Client {
    /** Connections the client holds now. */
    final AtomicInteger held = new AtomicInteger();

    /** Its requests waiting now, for the status document (the queue below is the lock's). */
    final AtomicInteger waiting = new AtomicInteger();

    /** Its waiting requests, oldest first; guarded by the turns' lock. */
    final ArrayDeque<Waiter> queue = new ArrayDeque<>();
  }

  /** One waiting request: handed a connection by whoever gives one back, or given up on. */
  static final class Waiter {
    final Client client;
    final boolean longHold;
    final long arrival;

    /** Released once when the waiter is handed its connection. */
    final Semaphore handed = new Semaphore(0);

    /** Whether it was handed one; guarded by the lock. */
    boolean served;

    Waiter(Client client, boolean longHold, long arrival) {
      this.client = client;
      this.longHold = longHold;
      this.arrival = arrival;
    }
  }

  /**
   * Takes a connection for {@code client} when one may be taken now ({@link #mayTake}): one
   * compare-and-set.
   *
   * @return whether it was taken; false: call {@link #enqueue}
   */
  boolean tryTake(Client client, boolean longHold) {
    long cost = cost(longHold);
    while (true) {
      long s = state.get();
      if (!mayTake(s, longHold)) {
        return false;
      }
      if (state.compareAndSet(s, s - cost)) {
        client.held.incrementAndGet();
        return true;
      }
    }
  }

  /**
   * Takes a connection if it may be taken now, else puts the request in line; under the lock.
   *
   * @return null when the connection was taken; else the waiter, whose {@link Waiter#handed} is
   *     released when it is handed a connection (or {@link #cancel} it)
   */
  @Nullable Waiter enqueue(Client client, boolean longHold) {
    lock.lock();
    try {
      while (true) {
        long s = state.get();
        if (mayTake(s, longHold)) {
          if (state.compareAndSet(s, s - cost(longHold))) {
            client.held.incrementAndGet();
            return null;
          }
          continue; // A lock-free giver or taker changed it: look again.
        }
        if (state.compareAndSet(s, s + WAIT_ONE)) {
          break;
        }
      }
      Waiter waiter = new Waiter(client, longHold, arrivals++);
      if (client.queue.isEmpty()) {
        waitingClients.add(client);
      }
      client.queue.addLast(waiter);
      client.waiting.incrementAndGet();
      // Connections may be free that only this request's turn held back (say a long request
      // waited for a long connection while a short one was free): hand them on now.
      handOn();
      return waiter;
    } finally {
      unlockAndHandOn();
    }
  }

  /**
   * Gives a connection back: to the free ones when nobody waits (one compare-and-set), else to the
   * waiting client whose turn it is, handed on under the lock now or, when another thread holds it,
   * by that thread once it unlocks; the giver never waits for the lock.
   */
  void give(Client client, boolean longHold) {
    client.held.decrementAndGet();
    long cost = cost(longHold);
    while (true) {
      long s = state.get();
      if (waiting(s) != 0) {
        break;
      }
      if (state.compareAndSet(s, s + cost)) {
        return;
      }
    }
    state.addAndGet(cost);
    handOnPending.set(true);
    handOnWhilePending();
  }

  /** Unlocks, then hands on what givers added while the lock was held. */
  private void unlockAndHandOn() {
    lock.unlock();
    handOnWhilePending();
  }

  /**
   * Hands connections on while a giver has asked for it and the lock is free: a giver sets {@link
   * #handOnPending} before it tries the lock, and whoever holds the lock looks at it after it
   * unlocks, so a connection added is always handed on by one of them.
   */
  private void handOnWhilePending() {
    while (handOnPending.get() && lock.tryLock()) {
      try {
        handOnPending.set(false);
        handOn();
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * A waiter gave up (its wait ended, or its thread was interrupted): takes it out of line.
   *
   * @return true if it was handed a connection meanwhile, which it now holds
   */
  boolean cancel(Waiter waiter) {
    lock.lock();
    try {
      if (waiter.served) {
        return true;
      }
      Client client = waiter.client;
      client.queue.remove(waiter);
      client.waiting.decrementAndGet();
      if (client.queue.isEmpty()) {
        waitingClients.remove(client);
      }
      state.addAndGet(-WAIT_ONE);
      // Its place may have held back nobody (it was passed over or at the front): nothing to hand.
      return false;
    } finally {
      unlockAndHandOn();
    }
  }

  /** Connections free now. */
  int free() {
    return (int) (state.get() & MASK);
  }

  /** Connections held now by requests that may hold theirs long. */
  int longInUse() {
    return longLimit - (int) freeLong(state.get());
  }

  /** Requests waiting now. */
  int waiting() {
    return (int) waiting(state.get());
  }

  int connections() {
    return connections;
  }

  int longLimit() {
    return longLimit;
  }

  boolean fair() {
    return fair;
  }

  /** Hands free connections to waiters while some may take one; under the lock. */
  private void handOn() {
    while (true) {
      long s = state.get();
      if (waiting(s) == 0 || (s & MASK) == 0) {
        return;
      }
      Waiter next = next(s);
      if (next == null) {
        return; // Only long requests wait, and no long connection is free.
      }
      // Against the word read: a short request may have taken the connection without the lock.
      if (!state.compareAndSet(s, s - cost(next.longHold) - WAIT_ONE)) {
        continue;
      }
      Client client = next.client;
      client.queue.remove(next);
      client.waiting.decrementAndGet();
      if (client.queue.isEmpty()) {
        waitingClients.remove(client);
      }
      client.held.incrementAndGet();
      next.served = true;
      next.handed.release();
    }
  }

  /**
   * The waiter whose turn it is: of the clients with a request that may be served now, the one
   * holding the fewest (fair) and among those the longest waiting; its oldest such request.
   */
  private @Nullable Waiter next(long s) {
    boolean longFree = freeLong(s) > 0;
    Waiter best = null;
    int bestHeld = Integer.MAX_VALUE;
    for (Client client : waitingClients) {
      Waiter first = firstServable(client, longFree);
      if (first == null) {
        continue;
      }
      int held = fair ? client.held.get() : 0;
      if (best == null || held < bestHeld || (held == bestHeld && first.arrival < best.arrival)) {
        best = first;
        bestHeld = held;
      }
    }
    return best;
  }

  private static @Nullable Waiter firstServable(Client client, boolean longFree) {
    for (Waiter waiter : client.queue) {
      if (longFree || !waiter.longHold) {
        return waiter;
      }
    }
    return null;
  }

  /**
   * Whether a request may take a free connection now, past any waiting: when nobody waits, or, for
   * a short request, when only downloads held back by the long limit can be waiting (no long
   * connection free). Short requests waiting with a connection free happen only for the moment
   * between a connection's return and its hand-on; then the lock decides, as it does for every
   * request while a long connection is free (so among short requests, the turns stay fair).
   */
  private static boolean mayTake(long s, boolean longHold) {
    if (!fits(s, longHold)) {
      return false;
    }
    return waiting(s) == 0 || (!longHold && freeLong(s) == 0);
  }

  private static boolean fits(long s, boolean longHold) {
    return (s & MASK) > 0 && (!longHold || freeLong(s) > 0);
  }

  private static long cost(boolean longHold) {
    return longHold ? 1 + LONG_ONE : 1;
  }

  /** How many more requests that may hold their connection long may take one now. */
  private static long freeLong(long s) {
    return (s >>> BITS) & MASK;
  }

  private static long waiting(long s) {
    return s >>> (2 * BITS);
  }
}
