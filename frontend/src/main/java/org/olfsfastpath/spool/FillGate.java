package org.olfsfastpath.spool;

import java.io.InterruptedIOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

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
 *
 * <p>While a command known to be short is under way at the BES (the BES layer says so), each
 * producer also pauses a millisecond before the buffer it would copy next: the short request's BES
 * process and threads then have the processors, and the downloads lose at most that millisecond a
 * buffer, and only while short commands run.
 */
final class FillGate {
  /** How long a producer pauses before a buffer while a short command is under way. */
  static final long YIELD_NANOS = 1_000_000;

  private final AtomicInteger shortWork = new AtomicInteger();
  private final LongAdder yields = new LongAdder();
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

  /** A short command began: until it ends, each {@link #enter} first yields a moment to it. */
  void shortWorkStarted() {
    shortWork.incrementAndGet();
  }

  /** The short command {@link #shortWorkStarted()} announced ended. */
  void shortWorkEnded() {
    shortWork.decrementAndGet();
  }

  /**
   * Waits for a permit; a no-op without a bound. While a short command is under way it first pauses
   * {@link #YIELD_NANOS}, once: a bounded pause, so a stream of short commands slows the downloads
   * (to at most a buffer per pause each) and never stops them.
   */
  void enter() throws InterruptedIOException {
    if (shortWork.get() > 0) {
      yields.increment();
      LockSupport.parkNanos(YIELD_NANOS);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while yielding to a short request");
      }
    }
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

  /** How many times a producer paused for a short command. */
  long yields() {
    return yields.sum();
  }

  /** How many times a producer waited for a permit. */
  long waits() {
    return waits.sum();
  }
}
