package org.olfsfastpath.bes;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The idle connections of a {@link BesConnectionPool}, most recently returned first, in a lock-free
 * deque, and their ageing out: a connection idle for {@code maxIdle}, or found unusable, is handed
 * to the pool's discard. A maintenance task runs while any connection is idle, scheduled for when
 * the oldest would reach {@code maxIdle}; none runs while none is idle.
 */
final class IdleConnections {
  private static final Logger log = LoggerFactory.getLogger(IdleConnections.class);

  /** Closes and counts a connection that leaves the pool, saying why. */
  interface Discard {
    void discard(PptConnection connection, String reason);
  }

  private final long maxIdleNanos;
  private final long maxCommandsPerConnection;
  private final PoolClock clock;
  private final ScheduledExecutorService maintenance;
  private final Discard discard;

  private final ConcurrentLinkedDeque<IdleConnection> idle = new ConcurrentLinkedDeque<>();
  private final AtomicBoolean cleanupScheduled = new AtomicBoolean();
  private volatile boolean closed;

  IdleConnections(
      long maxIdleNanos,
      long maxCommandsPerConnection,
      PoolClock clock,
      ScheduledExecutorService maintenance,
      Discard discard) {
    this.maxIdleNanos = maxIdleNanos;
    this.maxCommandsPerConnection = maxCommandsPerConnection;
    this.clock = clock;
    this.maintenance = maintenance;
    this.discard = discard;
  }

  /** Keeps a returned connection, first in line to be lent again. */
  void offer(PptConnection connection) {
    idle.offerFirst(new IdleConnection(connection, clock.nanoTime()));
    scheduleCleanup();
  }

  /**
   * The most recently returned idle connection that still looks usable, by state and by one
   * non-blocking read ({@link PptConnection#isHealthy()}); those that do not are discarded on the
   * way. Null when none is left.
   */
  @Nullable PptConnection poll() {
    IdleConnection entry;
    long now = clock.nanoTime();
    while ((entry = idle.pollFirst()) != null) {
      String reason = staleReason(entry.connection, now - entry.idleSinceNanos);
      if (reason == null && !entry.connection.isHealthy()) {
        // Only this thread holds the entry now, so the look at its socket races nothing.
        reason = "closed by the BES, or holding stray bytes, while idle";
      }
      if (reason == null) {
        return entry.connection;
      }
      discard.discard(entry.connection, reason);
    }
    return null;
  }

  /**
   * Discards idle connections that have been idle for {@code maxIdle} or have become unusable.
   *
   * @param nowNanos the clock's current value
   * @return nanoseconds until the next connection would reach maxIdle, or -1 when none is idle
   */
  long cleanup(long nowNanos) {
    long next = Long.MAX_VALUE;
    for (IdleConnection entry : idle) {
      long idleFor = nowNanos - entry.idleSinceNanos;
      String reason = staleReason(entry.connection, idleFor);
      if (reason != null) {
        // Only the thread that removes the entry owns it; a request may have taken it meanwhile.
        if (idle.removeFirstOccurrence(entry)) {
          discard.discard(entry.connection, reason);
        }
      } else {
        next = Math.min(next, maxIdleNanos - idleFor);
      }
    }
    return next == Long.MAX_VALUE ? -1 : next;
  }

  /** Discards every idle connection now. */
  void evictAll(String reason) {
    IdleConnection entry;
    while ((entry = idle.pollFirst()) != null) {
      discard.discard(entry.connection, reason);
    }
  }

  /** Stops the maintenance task and discards every idle connection. */
  void close(String reason) {
    closed = true;
    evictAll(reason);
  }

  int size() {
    return idle.size();
  }

  /**
   * Why a connection cannot carry another command (broken, told to exit, its last answer not read
   * to its end, or at its command limit); null if it can.
   */
  @Nullable String unusableReason(PptConnection connection) {
    if (!connection.isReusable()) {
      return "broken, closed or told to exit";
    }
    if (!connection.isBetweenMessages()) {
      // The rest of that answer would be read as the next command's.
      return "its last answer was not read to its end";
    }
    if (connection.commandsSent() >= maxCommandsPerConnection) {
      return "retired after " + connection.commandsSent() + " commands";
    }
    return null;
  }

  /** Why an idle connection must not be lent: idle past maxIdle, or unusable; null if neither. */
  private @Nullable String staleReason(PptConnection connection, long idleForNanos) {
    return idleForNanos >= maxIdleNanos
        ? "idle for " + TimeUnit.NANOSECONDS.toMillis(idleForNanos) + " ms"
        : unusableReason(connection);
  }

  private void scheduleCleanup() {
    if (maintenance == null || !cleanupScheduled.compareAndSet(false, true)) {
      return;
    }
    try {
      maintenance.schedule(this::runCleanup, maxIdleNanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      cleanupScheduled.set(false);
    }
  }

  private void runCleanup() {
    long delay;
    try {
      delay = cleanup(clock.nanoTime());
    } catch (RuntimeException e) {
      log.warn("BES connection pool maintenance failed", e);
      delay = maxIdleNanos;
    }
    if (delay >= 0 && !closed) {
      try {
        maintenance.schedule(this::runCleanup, delay, TimeUnit.NANOSECONDS);
        return;
      } catch (RejectedExecutionException e) {
        // Shutting down.
      }
    }
    cleanupScheduled.set(false);
    if (!idle.isEmpty() && !closed) {
      // A connection came back between the cleanup and clearing the flag.
      scheduleCleanup();
    }
  }
}
