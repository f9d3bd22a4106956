package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The turns without the shares around them: a short request is never kept waiting for the turns'
 * lock while downloads wait for the long limit, a connection given back is handed on even when
 * another thread holds the lock, and under many threads no connection is ever given twice or lost.
 */
@Timeout(120)
final class ConnectionTurnsTest {
  /**
   * Regression: a cold small request beside 200 downloads waited 25 ms for this lock, held by a
   * download's thread (at the lowest priority) handing its connection on; a free reserve connection
   * was there all along.
   */
  @Test
  void aShortRequestTakesAFreeReserveConnection_whileDownloadsWaitAndTheLockIsHeld()
      throws Exception {
    ConnectionTurns turns = new ConnectionTurns(4, 2, true);
    ConnectionTurns.Client downloads = new ConnectionTurns.Client();
    ConnectionTurns.Client small = new ConnectionTurns.Client();
    assertTrue(turns.tryTake(downloads, true));
    assertTrue(turns.tryTake(downloads, true));
    ConnectionTurns.Waiter third = turns.enqueue(downloads, true);
    assertNotNull(third, "the long limit is reached: the third download waits");

    try (HeldLock held = HeldLock.of(turns)) {
      assertTrue(held.isHeld());
      assertTrue(turns.tryTake(small, false), "a reserve connection, without the lock");
      assertTrue(turns.tryTake(small, false), "the other one");
      assertFalse(turns.tryTake(small, false), "none left");
      assertEquals(2, small.held.get());
      // The small requests end while the lock is still held: neither waits for it.
      turns.give(small, false);
      turns.give(small, false);
      assertEquals(2, turns.free());
    }
    assertFalse(third.served, "short connections are not the download's to take");
    turns.give(downloads, true);
    assertTrue(third.handed.tryAcquire(5, TimeUnit.SECONDS), "a long one is");
  }

  @Test
  void aConnectionGivenBackWhileTheLockIsHeld_isHandedOnWhenItsHolderUnlocks() throws Exception {
    ConnectionTurns turns = new ConnectionTurns(2, 2, true);
    ConnectionTurns.Client a = new ConnectionTurns.Client();
    ConnectionTurns.Client b = new ConnectionTurns.Client();
    assertTrue(turns.tryTake(a, false));
    assertTrue(turns.tryTake(a, false));
    ConnectionTurns.Waiter waiter = turns.enqueue(b, false);
    assertNotNull(waiter);

    // A waiter giving up holds the lock while a connection comes back: the giver does not wait,
    // and the canceller, unlocking, hands the connection on to the one still waiting.
    ConnectionTurns.Waiter other = turns.enqueue(b, false);
    assertNotNull(other);
    CountDownLatch given = new CountDownLatch(1);
    Thread giver;
    try (HeldLock held = HeldLock.of(turns)) {
      assertTrue(held.isHeld());
      giver =
          new Thread(
              () -> {
                turns.give(a, false);
                given.countDown();
              });
      giver.start();
      assertTrue(given.await(5, TimeUnit.SECONDS), "the giver never waits for the lock");
      assertFalse(waiter.served, "not yet: the lock is held");
    }
    // The raw unlock above stands for a holder's; its own hand-on runs at the next unlock.
    assertFalse(turns.cancel(other));
    assertTrue(waiter.handed.tryAcquire(5, TimeUnit.SECONDS), "handed on at the unlock");
    assertEquals(1, b.held.get());
    assertEquals(0, turns.free());
    giver.join();
  }

  @Test
  void underManyThreads_noConnectionIsGivenTwiceOrLost() throws Exception {
    int connections = 6;
    int longLimit = 3;
    ConnectionTurns turns = new ConnectionTurns(connections, longLimit, true);
    AtomicInteger inUse = new AtomicInteger();
    AtomicInteger longInUse = new AtomicInteger();
    AtomicInteger overbooked = new AtomicInteger();
    int threads = 16;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> runs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        ConnectionTurns.Client client = new ConnectionTurns.Client();
        long seed = t;
        runs.add(
            pool.submit(
                () -> {
                  SplittableRandom random = new SplittableRandom(seed);
                  for (int i = 0; i < 3_000; i++) {
                    boolean longHold = random.nextInt(3) == 0;
                    if (!turns.tryTake(client, longHold)) {
                      ConnectionTurns.Waiter waiter = turns.enqueue(client, longHold);
                      if (waiter != null && !waiter.handed.tryAcquire(30, TimeUnit.SECONDS)) {
                        throw new AssertionError("a waiter was never handed its connection");
                      }
                    }
                    if (inUse.incrementAndGet() > connections) {
                      overbooked.incrementAndGet();
                    }
                    if (longHold && longInUse.incrementAndGet() > longLimit) {
                      overbooked.incrementAndGet();
                    }
                    if (random.nextInt(4) == 0) {
                      Thread.yield();
                    }
                    if (longHold) {
                      longInUse.decrementAndGet();
                    }
                    inUse.decrementAndGet();
                    turns.give(client, longHold);
                  }
                  return null;
                }));
      }
      for (Future<?> run : runs) {
        run.get(100, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(0, overbooked.get(), "more connections, or long ones, in use than there are");
    assertEquals(connections, turns.free(), "every connection back");
    assertEquals(0, turns.longInUse());
    assertEquals(0, turns.waiting());
    assertNull(turns.enqueue(new ConnectionTurns.Client(), true), "the word is whole again");
  }

  /** The turns' lock, held by another thread until closed, as a holder preempted would. */
  private static final class HeldLock implements AutoCloseable {
    private final CountDownLatch release = new CountDownLatch(1);
    private final Thread holder;
    private final ReentrantLock lock;

    private HeldLock(ReentrantLock lock) throws InterruptedException {
      this.lock = lock;
      CountDownLatch held = new CountDownLatch(1);
      holder =
          new Thread(
              () -> {
                lock.lock();
                try {
                  held.countDown();
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                } finally {
                  lock.unlock();
                }
              });
      holder.start();
      assertTrue(held.await(5, TimeUnit.SECONDS));
    }

    boolean isHeld() {
      return lock.isLocked() && !lock.isHeldByCurrentThread();
    }

    static HeldLock of(ConnectionTurns turns) throws Exception {
      Field field = ConnectionTurns.class.getDeclaredField("lock");
      field.setAccessible(true);
      return new HeldLock((ReentrantLock) field.get(turns));
    }

    @Override
    public void close() {
      release.countDown();
      try {
        holder.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
