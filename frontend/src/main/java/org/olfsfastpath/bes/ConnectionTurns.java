package org.olfsfastpath.bes;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
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
 * across I/O or a wait, so one group's queue never slows another group. While anybody waits, the
 * word changes only under the lock (a taker or giver that read "nobody waits" fails its
 * compare-and-set and comes to the lock), so a connection given back is always handed on.
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
   * Takes a connection for {@code client} when one is free and nobody waits: one compare-and-set.
   *
   * @return whether it was taken; false: call {@link #enqueue}
   */
  boolean tryTake(Client client, boolean longHold) {
    long cost = cost(longHold);
    while (true) {
      long s = state.get();
      if (waiting(s) != 0 || !fits(s, longHold)) {
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
        if (waiting(s) == 0 && fits(s, longHold)) {
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
      lock.unlock();
    }
  }

  /**
   * Gives a connection back: to the free ones when nobody waits (one compare-and-set), else to the
   * waiting client whose turn it is.
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
    lock.lock();
    try {
      state.addAndGet(cost);
      handOn();
    } finally {
      lock.unlock();
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
      lock.unlock();
    }
  }

  /** Connections free now. */
  int free() {
    return (int) (state.get() & MASK);
  }

  /** Connections held now by requests that may hold theirs long. */
  int longInUse() {
    return longLimit - (int) ((state.get() >>> BITS) & MASK);
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
      state.addAndGet(-cost(next.longHold) - WAIT_ONE);
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
    boolean longFree = ((s >>> BITS) & MASK) > 0;
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

  private static boolean fits(long s, boolean longHold) {
    return (s & MASK) > 0 && (!longHold || ((s >>> BITS) & MASK) > 0);
  }

  private static long cost(boolean longHold) {
    return longHold ? 1 + LONG_ONE : 1;
  }

  private static long waiting(long s) {
    return s >>> (2 * BITS);
  }
}
