package org.olfsfastpath.testing;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A ticker (nanoseconds) that moves only when a test advances it. Thread-safe. */
public final class FakeTicker implements Ticker {
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  @Override
  public long read() {
    return nanos.get();
  }

  /** Moves the time forward by {@code duration}. */
  public FakeTicker advance(Duration duration) {
    nanos.addAndGet(duration.toNanos());
    return this;
  }
}
