package org.olfsfastpath.spool;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The spool's buffers, all of {@link #SIZE} bytes: the one each transfer reads its BES answer into
 * (and the one it reads its file back into), and those that hold spooled bytes in memory, which the
 * memory budget bounds. A buffer given back is kept for the next transfer, up to {@link #IDLE} of
 * them, so that streaming allocates no buffer once warm. Lock-free.
 */
final class Buffers {
  /** 64 KiB: a read this large goes from the BES socket straight into it. */
  static final int SIZE = 64 * 1024;

  /** Buffers kept idle at most: 4 MiB, whatever the budget (a burst's buffers go to the GC). */
  static final int IDLE = 64;

  private final AtomicReferenceArray<byte[]> idle = new AtomicReferenceArray<>(IDLE);
  private final long budget;
  private final AtomicLong reserved = new AtomicLong();
  private final AtomicLong peak = new AtomicLong();

  /**
   * @param budget the most bytes of buffers that may hold spooled bytes at once
   */
  Buffers(long budget) {
    this.budget = budget;
  }

  /** A buffer of {@link #SIZE} bytes, kept or new. */
  byte[] take() {
    for (int i = 0; i < IDLE; i++) {
      byte[] buffer = idle.get(i);
      if (buffer != null && idle.compareAndSet(i, buffer, null)) {
        return buffer;
      }
    }
    return new byte[SIZE];
  }

  /** Gives a buffer of {@link #take()} back, to be kept if there is room. */
  void give(byte[] buffer) {
    for (int i = 0; i < IDLE; i++) {
      if (idle.get(i) == null && idle.compareAndSet(i, null, buffer)) {
        return;
      }
    }
  }

  /**
   * Takes one buffer's worth of the memory budget, for a buffer that will hold spooled bytes.
   *
   * @return false, reserving nothing, when the budget has not that much left
   */
  boolean reserve() {
    while (true) {
      long now = reserved.get();
      if (now + SIZE > budget) {
        return false;
      }
      if (reserved.compareAndSet(now, now + SIZE)) {
        long held = now + SIZE;
        if (held > peak.get()) {
          peak.accumulateAndGet(held, Math::max);
        }
        return true;
      }
    }
  }

  /** Gives back one buffer's worth of the memory budget; returns what is still reserved. */
  long unreserve() {
    return reserved.addAndGet(-SIZE);
  }

  long budget() {
    return budget;
  }

  /** Bytes of buffers that hold spooled bytes now. */
  long reserved() {
    return reserved.get();
  }

  long peak() {
    return peak.get();
  }
}
