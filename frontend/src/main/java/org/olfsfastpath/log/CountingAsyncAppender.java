package org.olfsfastpath.log;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * Hands events to a file appender on a thread of its own, through a bounded queue, and counts what
 * it drops: a request never waits for a disk. Logback's own {@code AsyncAppender} cannot serve
 * here: it silently discards INFO events (every access line) once its queue is 80% full, and with
 * {@code neverBlock} ignores what its queue refused, so nothing counts the lines a slow disk cost.
 *
 * <p>{@link #append} copies what the event holds of its thread ({@link
 * ILoggingEvent#prepareForDeferredProcessing}) and offers it to a lock-free queue bounded by a
 * counter: when {@code capacity} events already wait, it is dropped and counted, at once. The
 * worker takes events in order, writes each through the file appender, and flushes the file once
 * the queue is empty, so a busy log costs one write per batch rather than per line, and an idle one
 * has every line on disk. An idle worker is woken by the next event; a busy one gathers events for
 * a few milliseconds between batches and is woken only by a queue half full, so a request does not
 * pay for a thread switch. Nothing in the request path takes a lock.
 *
 * <p>The figures are exact for drops and for events handed to the file appender; write failures are
 * the I/O failures Logback reports for the file appender (it reports the first ones of each
 * episode, then recovers), plus events handed to it while it was stopped.
 */
public final class CountingAsyncAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
  /** How long the worker sleeps when nothing wakes it; a safety net, never the usual wake-up. */
  private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  /**
   * How long the worker gathers events after a batch before it writes the next: while events keep
   * coming, a request does not wake it (a system call and two thread switches, per line, on the
   * request's core) and the file is written and flushed once per batch; a line waits at most this
   * long more for the disk.
   */
  private static final long BATCH_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  private static final Duration STOP_WAIT = Duration.ofSeconds(5);

  private final OutputStreamAppender<ILoggingEvent> delegate;
  private final int capacity;
  private final Queue<ILoggingEvent> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger queued = new AtomicInteger();
  private final LongAdder dropped = new LongAdder();
  private final LongAdder written = new LongAdder();
  private final LongAdder writeErrors = new LongAdder();
  private final StatusListener failures = this::countFailure;

  /** The worker found nothing last time and sleeps until an event wakes it. */
  private volatile boolean idle;

  private volatile boolean stopping;
  private volatile @Nullable Thread worker;

  /**
   * @param delegate the file appender that writes the lines; started and stopped by its owner, and
   *     used by this appender's worker alone
   * @param capacity the most events that may wait; more are dropped and counted
   */
  public CountingAsyncAppender(OutputStreamAppender<ILoggingEvent> delegate, int capacity) {
    this.delegate = Objects.requireNonNull(delegate, "delegate == null");
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity was " + capacity + ", must be >= 1");
    }
    this.capacity = capacity;
  }

  @Override
  public void start() {
    if (isStarted()) {
      return;
    }
    stopping = false;
    getContext().getStatusManager().add(failures);
    Thread thread = new Thread(this::drain, "olfs-fastpath-log-" + getName());
    thread.setDaemon(true);
    worker = thread;
    super.start();
    thread.start();
  }

  /**
   * Stops taking events, writes those already queued (waiting up to 5 s for them), and ends the
   * worker. The file appender is its owner's to stop.
   */
  @Override
  public void stop() {
    if (!isStarted()) {
      return;
    }
    super.stop();
    stopping = true;
    Thread thread = worker;
    if (thread != null) {
      LockSupport.unpark(thread);
      try {
        thread.join(STOP_WAIT.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (thread.isAlive()) {
        addWarn("log worker " + thread.getName() + " did not end within " + STOP_WAIT);
      }
    }
    worker = null;
    getContext().getStatusManager().remove(failures);
  }

  @Override
  protected void append(ILoggingEvent event) {
    int waiting = queued.incrementAndGet();
    if (waiting > capacity) {
      queued.decrementAndGet();
      dropped.increment();
      return;
    }
    try {
      event.prepareForDeferredProcessing();
    } catch (RuntimeException e) {
      queued.decrementAndGet();
      throw e;
    }
    queue.offer(event);
    // A worker that is gathering a batch is woken only when the queue is half full.
    if (idle || waiting > capacity / 2) {
      Thread thread = worker;
      if (thread != null) {
        LockSupport.unpark(thread);
      }
    }
  }

  private void drain() {
    boolean wrote = false;
    while (true) {
      ILoggingEvent event = queue.poll();
      if (event == null) {
        flush();
        if (stopping) {
          return;
        }
        if (wrote) {
          // Events came since the last sleep: more are likely; gather them for one batch.
          wrote = false;
          LockSupport.parkNanos(this, BATCH_NANOS);
          continue;
        }
        idle = true;
        // Checked again after the flag is set: an event offered before it was seen set is found
        // here, and one offered after unparks the worker.
        if (queue.isEmpty() && !stopping) {
          LockSupport.parkNanos(this, IDLE_PARK_NANOS);
        }
        idle = false;
        continue;
      }
      wrote = true;
      queued.decrementAndGet();
      if (delegate.isStarted()) {
        delegate.doAppend(event);
        written.increment();
      } else {
        writeErrors.increment();
      }
    }
  }

  private void flush() {
    OutputStream out = delegate.getOutputStream();
    if (out == null || !delegate.isStarted()) {
      return;
    }
    try {
      out.flush();
    } catch (IOException e) {
      writeErrors.increment();
      addError("flushing " + delegate.getName() + " failed", e);
    }
  }

  private void countFailure(Status status) {
    if (status.getLevel() != Status.ERROR) {
      return;
    }
    Object origin = status.getOrigin();
    if (origin != null && (origin == delegate || origin == delegate.getOutputStream())) {
      writeErrors.increment();
    }
  }

  /** The log's figures now. */
  public LogStats.Counts counts() {
    return new LogStats.Counts(
        getName(),
        written.sum(),
        dropped.sum(),
        writeErrors.sum(),
        Math.max(0, queued.get()),
        capacity);
  }
}
