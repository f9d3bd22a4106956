package org.olfsfastpath.spool;

import java.io.InterruptedIOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many producers copy BES bytes into the spool at once. A burst of downloads (two hundred
 * clients asking for large answers in the same second) would otherwise have a producer per BES
 * connection filling the spool at once, each with its BES process writing as fast as it can: on a
 * small machine dozens of threads then compete for each core, and a short request's few threads
 * (the container's, the BES's for its connection) wait their turn behind them, for hundreds of
 * milliseconds. With a permit per core, the machine stays as busy (the answers fill at the same
 * total rate, each BES process waiting on its socket meanwhile) while a short request's threads
 * find a core at once. A producer holds its permit only while it places bytes it has read, never
 * while it waits for the BES or for room in the spool, so a slow BES never holds one. Fair, so no
 * producer waits behind later ones.
 */
final class FillGate {
  private final int permits;
  private final Semaphore semaphore;
  private final LongAdder waits = new LongAdder();

  /**
   * @param permits producers filling at once; 0 for no bound
   */
  FillGate(int permits) {
    this.permits = permits;
    this.semaphore = new Semaphore(Math.max(1, permits), true);
  }

  /** Waits for a permit; a no-op without a bound. */
  void enter() throws InterruptedIOException {
    if (permits == 0) {
      return;
    }
    if (semaphore.tryAcquire()) {
      return;
    }
    waits.increment();
    try {
      semaphore.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw (InterruptedIOException)
          new InterruptedIOException("interrupted while waiting to fill the spool").initCause(e);
    }
  }

  /**
   * Takes a permit back after {@link #leave} for a wait, uninterruptibly: the caller's own {@link
   * #leave} follows, which must give back one it holds.
   */
  void reenter() {
    if (permits != 0) {
      semaphore.acquireUninterruptibly();
    }
  }

  /** Gives the permit {@link #enter} took back. */
  void leave() {
    if (permits != 0) {
      semaphore.release();
    }
  }

  /** The bound, 0 for none. */
  int permits() {
    return permits;
  }

  /** Permits free now. */
  int available() {
    return semaphore.availablePermits();
  }

  /** How many times a producer waited for a permit. */
  long waits() {
    return waits.sum();
  }
}
