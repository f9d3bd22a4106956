package org.olfsfastpath.bes;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Locale;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded pool of warm PPT connections to one BES.
 *
 * <p>Each connection is served by its own forked BES process whose caches (parsed DDS/DAS, open
 * files) make the next command on it cheaper, so connections are kept open and reused most recently
 * returned first: the warmest process stays busy and the coldest age out after {@code maxIdle}. No
 * message is sent to check a connection: one returned to the pool is checked by state (open, not
 * broken, not told to exit, under its command limit, not idle too long), and before it is lent
 * again by one non-blocking read ({@link PptConnection#isHealthy()}) that finds a BES process that
 * exited or closed while the connection idled, so a restarted BES costs no failed request. A
 * connection that dies between that look and the send is caught by the single retry in {@link
 * BesClient}.
 *
 * <p>Concurrency: a fair semaphore of {@code maxConnections} leases bounds the connections lent
 * out, and the idle connections sit in a lock-free deque ({@link IdleConnections}, which also ages
 * them out); no lock is ever held across I/O. A second semaphore caps the connects in flight,
 * because the BES listens with an accept backlog of 5 and refuses what overflows it.
 *
 * <p>The reserve: a request whose answer may hold its connection long (a data answer streamed at
 * its client's pace) first takes one of {@code maxConnections - reserve} long leases, a third fair
 * semaphore, so long downloads never take the last {@code reserve} connections, which stay for
 * short requests (metadata, pages, answers known to be small). A short request takes only the
 * lease. Without a reserve the third semaphore does not exist, and a long request costs nothing
 * more.
 */
final class BesConnectionPool {
  private static final Logger log = LoggerFactory.getLogger(BesConnectionPool.class);

  /** Opens one negotiated connection; a seam for tests. */
  interface Connector {
    PptConnection open() throws IOException;
  }

  private final PptEndpoint endpoint;
  private final Connector connector;
  private final int maxConnections;
  private final long acquireTimeoutNanos;
  private final int maxConcurrentConnects;
  private final PoolClock clock;
  private final BesEventListener listener;

  private final Semaphore leases;
  private final Semaphore connects;

  /** The connections kept for short requests, and the long leases the others take. */
  private final PoolReserve reserve;

  /** Idle connections, most recently returned first, and their ageing out. */
  private final IdleConnections idle;

  private final AtomicInteger open = new AtomicInteger();
  private final LongAdder created = new LongAdder();
  private final LongAdder discarded = new LongAdder();
  private final LongAdder retried = new LongAdder();
  private final LongAdder waits = new LongAdder();
  private final LongAdder exhausted = new LongAdder();
  private final LongAdder connectFailures = new LongAdder();
  private volatile boolean closed;

  BesConnectionPool(
      PptEndpoint endpoint,
      Connector connector,
      int maxConnections,
      long maxCommandsPerConnection,
      long acquireTimeoutNanos,
      long maxIdleNanos,
      int maxConcurrentConnects,
      int reserve,
      PoolClock clock,
      BesEventListener listener,
      ScheduledExecutorService maintenance) {
    this.endpoint = endpoint;
    this.connector = connector;
    this.maxConnections = maxConnections;
    this.acquireTimeoutNanos = acquireTimeoutNanos;
    this.maxConcurrentConnects = maxConcurrentConnects;
    this.clock = clock;
    this.listener = listener;
    // Fair: a request that has waited longest gets the next free connection.
    this.leases = new Semaphore(maxConnections, true);
    this.connects = new Semaphore(maxConcurrentConnects, true);
    this.reserve = new PoolReserve(maxConnections, reserve);
    this.idle =
        new IdleConnections(
            maxIdleNanos, maxCommandsPerConnection, this.clock, maintenance, this::discard);
  }

  /**
   * Lends a connection for a short request: the most recently returned idle one that still looks
   * usable, or a new one. Waits at most the acquire timeout for a lease, then fails.
   *
   * @throws BesPoolExhaustedException if every connection stayed busy for the acquire timeout, or
   *     no connect could start within it
   * @throws IOException if a new connection could not be opened
   */
  Lease acquire() throws IOException {
    return acquire(null, false);
  }

  /**
   * Same as {@link #acquire()}, recording a failed connect in {@code trace} (when not null) so the
   * caller can tell it from a failed command. A request whose answer may hold its connection long
   * ({@code longHold}) must first find one of the connections outside the reserve within the
   * acquire timeout.
   *
   * @throws BesLimitException if {@code longHold} and only the reserve was left for the whole
   *     acquire timeout
   */
  Lease acquire(@Nullable CallTrace trace, boolean longHold) throws IOException {
    checkOpen();
    long start = clock.nanoTime();
    Semaphore longs = longHold ? reserve.longLeases() : null;
    boolean waited = false;
    if (longs != null && !tryAcquire(longs, 0)) {
      waited = true;
      waits.increment();
      listener.acquireWaitStart();
      if (!tryAcquire(longs, acquireTimeoutNanos)) {
        BesLimitException refused = reserve.refused(acquireTimeoutNanos);
        listener.poolExhausted(String.valueOf(refused.getMessage()));
        throw refused;
      }
    }
    try {
      if (!tryAcquire(leases, 0)) {
        if (!waited) {
          waits.increment();
          listener.acquireWaitStart();
        }
        long left = acquireTimeoutNanos - (clock.nanoTime() - start);
        if (left <= 0 || !tryAcquire(leases, left)) {
          throw exhausted(
              String.format(
                  Locale.US,
                  "all %d BES connections to %s stayed busy for %d ms; raise maxConnections (%d) or "
                      + "acquireTimeout (%d ms), or look for slow BES requests",
                  maxConnections,
                  endpoint,
                  TimeUnit.NANOSECONDS.toMillis(acquireTimeoutNanos),
                  maxConnections,
                  TimeUnit.NANOSECONDS.toMillis(acquireTimeoutNanos)));
        }
      }
    } catch (IOException | RuntimeException | Error e) {
      if (longs != null) {
        longs.release();
      }
      throw e;
    }
    try {
      Lease lease = pollIdle();
      if (lease == null) {
        lease = connect(acquireTimeoutNanos - (clock.nanoTime() - start), true, trace);
      }
      lease.longLease = longs != null;
      Lease acquired = lease;
      listener.connectionAcquired(acquired.connection.id(), acquired.reused);
      return lease;
    } catch (IOException | RuntimeException | Error e) {
      releaseLeases(longs != null);
      throw e;
    }
  }

  /**
   * Replaces a lease's stale connection with a fresh one under the same lease: the stale one is
   * discarded, the new one is opened (never taken from the idle set, which may be just as stale
   * after a BES restart).
   *
   * @throws IOException if the new connection could not be opened; the lease is then released
   */
  Lease replace(Lease stale, IOException cause) throws IOException {
    return replace(stale, cause, null);
  }

  /** Same as {@link #replace(Lease, IOException)}, recording a failed connect in {@code trace}. */
  Lease replace(Lease stale, IOException cause, @Nullable CallTrace trace) throws IOException {
    if (!stale.giveBack()) {
      stale.checkHeld();
    }
    retried.increment();
    listener.retry(stale.connection.id(), cause);
    discard(stale.connection, "failed on reuse: " + cause.getMessage());
    try {
      checkOpen();
      Lease fresh = connect(acquireTimeoutNanos, false, trace);
      fresh.longLease = stale.longLease;
      return fresh;
    } catch (IOException | RuntimeException | Error e) {
      releaseLeases(stale.longLease);
      throw e;
    }
  }

  /**
   * Returns a lease: its connection goes back to the idle set if it can carry another command, and
   * is discarded otherwise (broken, told to exit, response not read to its end, or at its command
   * limit). Releasing twice, even from two threads at once, does nothing the second time.
   */
  void release(Lease lease) {
    if (!lease.giveBack()) {
      return;
    }
    PptConnection connection = lease.connection;
    boolean kept = false;
    try {
      String reason = idle.unusableReason(connection);
      if (reason == null && closed) {
        reason = "client closed";
      }
      if (reason == null) {
        idle.offer(connection);
        kept = true;
        if (closed) {
          evictAll("client closed");
        }
      } else {
        discard(connection, reason);
      }
    } finally {
      releaseLeases(lease.longLease);
      boolean wasKept = kept;
      listener.connectionReleased(connection.id(), wasKept);
    }
  }

  /**
   * Closes idle connections that have been idle for {@code maxIdle} or have become unusable.
   *
   * @param nowNanos the clock's current value
   * @return nanoseconds until the next connection would reach maxIdle, or -1 when none is idle
   */
  long cleanup(long nowNanos) {
    return idle.cleanup(nowNanos);
  }

  /**
   * Opens connections until {@code count} are open, best effort: stops at the first failure, or
   * when requests already hold every lease.
   *
   * @return the number of connections opened
   */
  int prewarm(int count) {
    int opened = 0;
    while (!closed && open.get() < Math.min(count, maxConnections)) {
      if (!leases.tryAcquire()) {
        break;
      }
      Lease lease;
      try {
        lease = connect(acquireTimeoutNanos, false, null);
      } catch (IOException | RuntimeException e) {
        leases.release();
        log.warn(
            "pre-warming BES connections to {} stopped after {} of {}: {}",
            endpoint,
            opened,
            count,
            e.toString());
        break;
      }
      opened++;
      release(lease);
    }
    return opened;
  }

  /**
   * Opens one new connection and completes its handshake, sending no BES command: tells whether the
   * BES accepts connections again. The connection joins the idle set when a lease is free (the next
   * request uses it), and is closed otherwise. Waits for nothing but the connect and the handshake,
   * each bounded by its timeout.
   *
   * @throws IOException the connect's or the handshake's failure
   * @throws IllegalStateException if the pool is closed
   */
  void probe() throws IOException {
    checkOpen();
    PptConnection connection = open(null);
    if (leases.tryAcquire()) {
      release(new Lease(connection, false));
    } else {
      discard(connection, "probe succeeded with every lease taken");
    }
  }

  /** Closes every idle connection now; connections lent out are closed when returned. */
  void evictAll(String reason) {
    idle.evictAll(reason);
  }

  /** Refuses new leases and closes idle connections; those lent out close when returned. */
  void close() {
    closed = true;
    idle.close("client closed");
  }

  BesPoolStats stats() {
    int total = open.get();
    int idleCount = idle.size();
    return new BesPoolStats(
        total,
        idleCount,
        Math.max(0, total - idleCount),
        created.sum(),
        discarded.sum(),
        retried.sum(),
        waits.sum(),
        exhausted.sum(),
        connectFailures.sum(),
        reserve.reserved(),
        reserve.longInUse(),
        reserve.refusals());
  }

  /** The connections kept for short requests. */
  int reserve() {
    return reserve.reserved();
  }

  private void releaseLeases(boolean longLease) {
    leases.release();
    if (longLease) {
      reserve.giveBack();
    }
  }

  private @Nullable Lease pollIdle() {
    PptConnection connection = idle.poll();
    return connection == null ? null : new Lease(connection, true);
  }

  private Lease connect(long waitNanos, boolean mayTakeIdle, @Nullable CallTrace trace)
      throws IOException {
    if (!tryAcquire(connects, 0) && !tryAcquire(connects, Math.max(0, waitNanos))) {
      throw exhausted(
          String.format(
              Locale.US,
              "%d connects to the BES at %s were already in flight for %d ms; raise "
                  + "maxConcurrentConnects (%d) only if the BES accepts connections quickly",
              maxConcurrentConnects,
              endpoint,
              TimeUnit.NANOSECONDS.toMillis(Math.max(0, waitNanos)),
              maxConcurrentConnects));
    }
    try {
      if (mayTakeIdle) {
        // A connection may have come back while this request waited for a connect slot.
        Lease lease = pollIdle();
        if (lease != null) {
          return lease;
        }
      }
      return new Lease(open(trace), false);
    } finally {
      connects.release();
    }
  }

  /** Opens and counts one connection; a failure is counted, heard and recorded in the trace. */
  private PptConnection open(@Nullable CallTrace trace) throws IOException {
    listener.connectStart(endpoint);
    PptConnection connection;
    try {
      connection = connector.open();
    } catch (IOException e) {
      connectFailures.increment();
      if (trace != null) {
        trace.connectFailed(e);
      }
      listener.connectFailed(endpoint, e);
      throw e;
    }
    open.incrementAndGet();
    created.increment();
    listener.connectEnd(connection.id());
    return connection;
  }

  private void discard(PptConnection connection, String reason) {
    open.decrementAndGet();
    discarded.increment();
    log.debug("closing BES connection {}: {}", connection.id(), reason);
    // close() tells a healthy BES process to exit; on a broken connection it only closes.
    connection.close();
    listener.connectionDiscarded(connection.id(), reason);
  }

  private BesPoolExhaustedException exhausted(String message) {
    exhausted.increment();
    listener.poolExhausted(message);
    return new BesPoolExhaustedException(message);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("BES client for " + endpoint + " is closed");
    }
  }

  private boolean tryAcquire(Semaphore semaphore, long nanos) throws InterruptedIOException {
    try {
      // A zero wait still queues fairly behind waiting requests (tryAcquire() would barge).
      return nanos <= 0
          ? semaphore.tryAcquire(0, TimeUnit.NANOSECONDS)
          : clock.tryAcquire(semaphore, nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for a BES connection");
    }
  }
}
