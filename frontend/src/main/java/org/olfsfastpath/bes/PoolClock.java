package org.olfsfastpath.bes;

import java.time.Instant;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The {@code bes} layer's only source of time: readings for idle ages, acquire deadlines, command
 * durations and ejection back-offs, the wall-clock time shown as "ejected since", and the bounded
 * waits for a lease or a connect slot. The system clock by default; a test passes a clock whose
 * waits move its own time instead of sleeping, so exhaustion and back-off are tested without
 * waiting.
 */
interface PoolClock {
  /** The system clock: {@link System#nanoTime()} and real waits. */
  PoolClock SYSTEM =
      new PoolClock() {
        @Override
        public long nanoTime() {
          return System.nanoTime();
        }

        @Override
        public boolean tryAcquire(Semaphore permits, long timeoutNanos)
            throws InterruptedException {
          return permits.tryAcquire(timeoutNanos, TimeUnit.NANOSECONDS);
        }

        @Override
        public Instant instant() {
          return Instant.now();
        }

        @Override
        public String toString() {
          return "PoolClock.SYSTEM";
        }
      };

  /** The current time in nanoseconds, on an arbitrary origin. */
  long nanoTime();

  /** The wall-clock time, for what is shown to people ("ejected since"), never for intervals. */
  Instant instant();

  /**
   * Takes a permit, waiting at most {@code timeoutNanos} for one.
   *
   * @return whether a permit was taken
   * @throws InterruptedException if the thread was interrupted while waiting
   */
  boolean tryAcquire(Semaphore permits, long timeoutNanos) throws InterruptedException;
}
