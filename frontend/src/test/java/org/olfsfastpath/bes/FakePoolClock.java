package org.olfsfastpath.bes;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A pool clock that moves only when a test sets it, and whose waits never sleep: a wait that finds
 * no permit moves the clock by the whole timeout and fails, as a real wait would have after that
 * long with nothing returned. For tests where no other thread could return a connection meanwhile.
 */
final class FakePoolClock implements PoolClock {
  /** What {@link #instant()} shows at time zero. */
  static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

  private final AtomicLong nanos = new AtomicLong();
  private final AtomicLong waited = new AtomicLong();

  @Override
  public long nanoTime() {
    return nanos.get();
  }

  @Override
  public boolean tryAcquire(Semaphore permits, long timeoutNanos) {
    if (permits.tryAcquire()) {
      return true;
    }
    nanos.addAndGet(timeoutNanos);
    waited.addAndGet(timeoutNanos);
    return false;
  }

  @Override
  public Instant instant() {
    return EPOCH.plusNanos(nanos.get());
  }

  /** Moves the time forward by {@code duration}. */
  void advance(Duration duration) {
    nanos.addAndGet(duration.toNanos());
  }

  /** Sets the time. */
  void set(long value) {
    nanos.set(value);
  }

  /** The time spent in waits that found nothing, in nanoseconds. */
  long waited() {
    return waited.get();
  }
}
