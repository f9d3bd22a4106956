package org.olfsfastpath.spool;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Looks at every {@link DirectCopy} under way every half hand-off time and hands the rest of an
 * answer to the spool when a write to its client has been blocked for the hand-off time. Ticks only
 * while a copy is under way, on one thread of the spool's, so an idle server wakes for nothing. A
 * blocked write is seen within one and a half hand-off times; the copy itself pays two clock reads
 * and two volatile writes a buffer for being watched.
 */
final class Watchdog {
  private static final Logger log = LoggerFactory.getLogger(Spool.class);

  private final long handOffNanos;
  private final long tickNanos;
  private final ScheduledExecutorService ticks;
  private final Set<DirectCopy> watched = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean ticking = new AtomicBoolean();

  Watchdog(long handOffNanos, ScheduledExecutorService ticks) {
    this.handOffNanos = handOffNanos;
    this.tickNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1), handOffNanos / 2);
    this.ticks = ticks;
  }

  long handOffNanos() {
    return handOffNanos;
  }

  /** Watches {@code copy} until it is unregistered or handed over. */
  void register(DirectCopy copy) {
    watched.add(copy);
    if (ticking.compareAndSet(false, true)) {
      schedule();
    }
  }

  void unregister(DirectCopy copy) {
    watched.remove(copy);
  }

  /** Copies watched now. */
  int watched() {
    return watched.size();
  }

  /** One look at every copy; for the ticks, and for tests that tick by hand. */
  void tick(long now) {
    for (DirectCopy copy : watched) {
      try {
        if (copy.handOffIfStalled(now, handOffNanos)) {
          watched.remove(copy);
        }
      } catch (RuntimeException e) {
        log.warn("olfs-fastpath: handing an answer to the spool failed", e);
      }
    }
  }

  private void run() {
    tick(System.nanoTime());
    if (watched.isEmpty()) {
      ticking.set(false);
      // A copy registered between the look and the flag: it found ticking on and did not schedule.
      if (watched.isEmpty() || !ticking.compareAndSet(false, true)) {
        return;
      }
    }
    schedule();
  }

  private void schedule() {
    try {
      ticks.schedule(this::run, tickNanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      ticking.set(false); // Shutting down: the copies under way finish in blocking mode.
    }
  }
}
