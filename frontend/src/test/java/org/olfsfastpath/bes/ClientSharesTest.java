package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A group's fair shares on their own: the per-client limit, the bounded queue past it (its length
 * and its wait), other clients untouched, the front end's own commands free, and a client's share
 * gone once it holds nothing. Waits that must fail use a clock whose waits move its time instead of
 * sleeping; waits that must succeed use real threads.
 */
final class ClientSharesTest {
  private static final long WAIT = TimeUnit.SECONDS.toNanos(5);
  private final FakePoolClock clock = new FakePoolClock();
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  private ClientShares shares(int limit, int queue, PoolClock clock) {
    return new ClientShares("/", limit, 32, queue, WAIT, clock);
  }

  @Test
  void pastItsShare_aRequestWaitsTheQueueWait_thenIsRefused_namingTheShare() throws Exception {
    ClientShares shares = shares(2, 4, clock);
    ClientShares.Share first = shares.acquire(Caller.longRequest("192.0.2.7"));
    ClientShares.Share second = shares.acquire(Caller.shortRequest("192.0.2.7"));
    assertNotNull(first);
    assertNotNull(second);

    BesLimitException e =
        assertThrows(
            BesLimitException.class, () -> shares.acquire(Caller.longRequest("192.0.2.7")));
    assertEquals(BesLimitException.Limit.CLIENT_SHARE, e.limit());
    assertEquals("192.0.2.7", e.client());
    assertEquals(
        "this client (192.0.2.7) already holds its share of this server's BES"
            + " connections (2 of the 32 for /) and this request waited 5000 ms without one of them"
            + " coming free; retry when one of its requests has finished",
        e.getMessage());
    assertEquals(WAIT, clock.waited(), "it waited the whole queue wait, no more");

    BesShareStats stats = shares.stats();
    assertEquals(1, stats.clients());
    assertEquals(2, stats.inUse());
    assertEquals(0, stats.waiting());
    assertEquals(1, stats.queued());
    assertEquals(1, stats.refusedShare());
    assertEquals(List.of(new BesShareStats.ClientUse("192.0.2.7", 2, 0)), stats.top());
  }

  @Test
  void anotherClient_isServedAtOnce_whileOneHoldsItsWholeShare() throws Exception {
    ClientShares shares = shares(1, 4, clock);
    assertNotNull(shares.acquire(Caller.longRequest("192.0.2.7")));
    assertNotNull(shares.acquire(Caller.longRequest("192.0.2.8")));
    assertEquals(0, clock.waited());
    assertEquals(2, shares.stats().clients());
  }

  @Test
  void theFrontEndsOwnCommands_countAgainstNoShare() throws Exception {
    ClientShares shares = shares(1, 0, clock);
    for (int i = 0; i < 10; i++) {
      assertNull(shares.acquire(Caller.INTERNAL));
      assertNull(shares.acquire(Caller.INTERNAL_LONG));
    }
    assertEquals(0, shares.stats().clients());
    assertEquals(0, shares.stats().inUse());
  }

  @Test
  void aShareOfEveryConnection_isNoShare_nobodyCountedNorQueued() throws Exception {
    ClientShares shares = new ClientShares("/", 32, 32, 0, WAIT, clock);
    for (int i = 0; i < 100; i++) {
      assertNull(shares.acquire(Caller.longRequest("192.0.2.7")));
    }
    assertEquals(0, shares.stats().clients());
    assertEquals(0, clock.waited());
  }

  @Test
  void queueFull_refusedAtOnce_namingTheQueue() throws Exception {
    ClientShares shares = shares(1, 1, PoolClock.SYSTEM);
    ClientShares.Share held = shares.acquire(Caller.longRequest("192.0.2.7"));
    CountDownLatch waiting = new CountDownLatch(1);
    Future<ClientShares.Share> queued =
        threads.submit(
            () -> {
              waiting.countDown();
              return shares.acquire(Caller.longRequest("192.0.2.7"));
            });
    waiting.await();
    awaitWaiting(shares, 1);

    long start = System.nanoTime();
    BesLimitException e =
        assertThrows(
            BesLimitException.class, () -> shares.acquire(Caller.shortRequest("192.0.2.7")));
    assertTrue(System.nanoTime() - start < WAIT / 2, "refused without waiting");
    assertEquals(BesLimitException.Limit.CLIENT_QUEUE, e.limit());
    assertEquals(
        "this client (192.0.2.7) already holds its share of this server's BES"
            + " connections (1 of the 32 for /) and has 1 more requests waiting for them, the most it"
            + " may; retry when one of them has finished",
        e.getMessage());
    assertEquals(1, shares.stats().refusedQueue());

    // The one in the queue gets the place the first gives back.
    shares.release(held);
    ClientShares.Share next = queued.get(10, TimeUnit.SECONDS);
    assertNotNull(next);
    assertEquals(1, shares.stats().inUse());
    shares.release(next);
  }

  @Test
  void noQueue_pastTheShare_refusedAtOnce() throws Exception {
    ClientShares shares = shares(1, 0, clock);
    shares.acquire(Caller.longRequest("192.0.2.7"));
    BesLimitException e =
        assertThrows(
            BesLimitException.class, () -> shares.acquire(Caller.longRequest("192.0.2.7")));
    assertEquals(BesLimitException.Limit.CLIENT_SHARE, e.limit());
    assertEquals(0, clock.waited());
    assertEquals(
        "this client (192.0.2.7) already holds its share of this server's BES"
            + " connections (1 of the 32 for /); retry when one of its requests has finished",
        e.getMessage());
  }

  @Test
  void aClientsShare_goesAway_whenItsLastRequestEnds() throws Exception {
    ClientShares shares = shares(2, 2, clock);
    ClientShares.Share a = shares.acquire(Caller.longRequest("192.0.2.7"));
    ClientShares.Share b = shares.acquire(Caller.longRequest("192.0.2.7"));
    assertThrows(BesLimitException.class, () -> shares.acquire(Caller.longRequest("192.0.2.7")));
    shares.release(a);
    assertEquals(1, shares.stats().clients());
    shares.release(b);
    assertEquals(0, shares.stats().clients());
    // A new episode starts with the whole share again.
    assertNotNull(shares.acquire(Caller.longRequest("192.0.2.7")));
    assertNotNull(shares.acquire(Caller.longRequest("192.0.2.7")));
  }

  @Test
  void topClients_mostHeldFirst_atMostTen() throws Exception {
    ClientShares shares = shares(3, 0, clock);
    for (int client = 1; client <= 12; client++) {
      for (int i = 0; i < 1 + client % 3; i++) {
        shares.acquire(Caller.longRequest("192.0.2." + client));
      }
    }
    BesShareStats stats = shares.stats();
    assertEquals(12, stats.clients());
    assertEquals(BesShareStats.TOP, stats.top().size());
    assertEquals(new BesShareStats.ClientUse("192.0.2.11", 3, 0), stats.top().get(0));
    for (int i = 1; i < stats.top().size(); i++) {
      assertTrue(stats.top().get(i - 1).inUse() >= stats.top().get(i).inUse(), stats.toString());
    }
  }

  /**
   * Many threads of a few clients take and give back places as fast as they can: no client ever
   * holds more than its share, and every place is given back.
   */
  @Test
  void underContention_noClientEverHoldsMoreThanItsShare() throws Exception {
    int limit = 3;
    ClientShares shares =
        new ClientShares("/", limit, 32, 64, TimeUnit.SECONDS.toNanos(30), PoolClock.SYSTEM);
    ConcurrentHashMap<String, AtomicInteger> holding = new ConcurrentHashMap<>();
    AtomicInteger worst = new AtomicInteger();
    List<Future<?>> runs = new ArrayList<>();
    for (int t = 0; t < 16; t++) {
      String client = "192.0.2." + (t % 4);
      runs.add(
          threads.submit(
              () -> {
                for (int i = 0; i < 2_000; i++) {
                  ClientShares.Share share = shares.acquire(Caller.longRequest(client));
                  AtomicInteger held = holding.computeIfAbsent(client, c -> new AtomicInteger());
                  worst.accumulateAndGet(held.incrementAndGet(), Math::max);
                  held.decrementAndGet();
                  shares.release(share);
                }
                return null;
              }));
    }
    for (Future<?> run : runs) {
      run.get(60, TimeUnit.SECONDS);
    }
    assertTrue(worst.get() <= limit, "a client held " + worst.get());
    assertEquals(0, shares.stats().clients());
    assertEquals(0, shares.stats().refused());
  }

  private static void awaitWaiting(ClientShares shares, int count) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (shares.stats().waiting() < count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("nobody waits: " + shares.stats());
      }
      Thread.sleep(5);
    }
  }
}
