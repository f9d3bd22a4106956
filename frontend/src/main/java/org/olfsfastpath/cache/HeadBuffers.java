package org.olfsfastpath.cache;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The buffers a {@link ResponseCache} reads the first bytes of a large answer into, before it knows
 * whether the answer fits its cap: a few are kept and lent again, so an answer over the cap (a
 * large download, which the cache then streams) costs no new buffer of the cap's size each time,
 * and memory stays flat however many large answers pass. At most {@code keep} buffers are kept;
 * beyond them a buffer is made for the load and dropped after. Lock-free.
 */
final class HeadBuffers {
  private final int size;
  private final int keep;
  private final ConcurrentLinkedQueue<byte[]> free = new ConcurrentLinkedQueue<>();
  private final AtomicInteger kept = new AtomicInteger();

  /**
   * @param size the length of each buffer: the largest cap plus one
   * @param keep how many are kept for reuse
   */
  HeadBuffers(int size, int keep) {
    this.size = size;
    this.keep = keep;
  }

  /** A buffer of at least {@code length} bytes: a kept one when it is large enough. */
  byte[] borrow(int length) {
    if (length > size) {
      return new byte[length];
    }
    byte[] buffer = free.poll();
    if (buffer != null) {
      kept.decrementAndGet();
      return buffer;
    }
    return new byte[size];
  }

  /** Gives a buffer back; it is kept if there is room. */
  void giveBack(byte[] buffer) {
    if (buffer.length != size) {
      return;
    }
    if (kept.incrementAndGet() <= keep) {
      free.offer(buffer);
    } else {
      kept.decrementAndGet();
    }
  }

  /** The bytes the kept buffers hold at most. */
  long maxKeptBytes() {
    return (long) size * keep;
  }
}
