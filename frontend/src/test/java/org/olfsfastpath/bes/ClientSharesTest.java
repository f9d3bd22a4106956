package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A group's shares on their own: work-conserving (a client alone takes every connection, never
 * waiting or refused), a connection that comes free goes to the waiting client holding the fewest
 * (then the one waiting longest), the reserve for short requests, the bounded waits (longer for a
 * download while the spool has room), the per-client bound on waiting requests that never refuses a
 * client with fewer requests than connections, and the front end's own commands free. Waits that
 * must fail use a clock whose waits move its time instead of sleeping; waits that must succeed use
 * real threads.
 */
final class ClientSharesTest {
  private static final long WAIT = TimeUnit.SECONDS.toNanos(5);
  private static final long DOWNLOAD_WAIT = TimeUnit.SECONDS.toNanos(120);
  private final FakePoolClock clock = new FakePoolClock();
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  private static ClientShares shares(
      int connections, int longLimit, int queue, boolean spoolHasRoom, PoolClock clock) {
    return new ClientShares(
        "/",
        new ConnectionTurns(connections, longLimit, true),
        queue,
        WAIT,
        DOWNLOAD_WAIT,
        () -> spoolHasRoom,
        clock);
  }

  @Test
  void aClientAlone_takesEveryConnection_atOnce() throws Exception {
    ClientShares shares = shares(32, 29, 0, false, clock);
    List<ClientShares.Share> held = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      held.add(shares.acquire(Caller.shortRequest("192.0.2.7")));
    }
    assertEquals(0, clock.waited(), "nobody waited");
    BesShareStats stats = shares.stats();
    assertEquals(32, stats.inUse());
    assertEquals(0, stats.queued());
    assertEquals(0, stats.refused());
    assertEquals(List.of(new BesShareStats.ClientUse("192.0.2.7", 32, 0)), stats.top());
    held.forEach(share -> shares.release(share, false));
    assertEquals(0, shares.stats().clients());
  }

  @Test
  void everyConnectionBusy_aRequestWaitsTheQueueWait_thenIsRefused() throws Exception {
    ClientShares shares = shares(2, 2, 4, false, clock);
    assertNotNull(shares.acquire(Caller.shortRequest("192.0.2.7")));
    assertNotNull(shares.acquire(Caller.shortRequest("192.0.2.8")));
    BesLimitException e =
        assertThrows(
            BesLimitException.class, () -> shares.acquire(Caller.shortRequest("192.0.2.7")));
    assertEquals(BesLimitException.Limit.CLIENT_SHARE, e.limit());
    assertEquals("192.0.2.7", e.client());
    assertEquals(
        "every BES connection for / stayed busy (2, 1 of them held by this client (192.0.2.7); a"
            + " connection that comes free goes to the waiting client holding the fewest) while"
            + " this request waited its turn for 5000 ms; retry shortly",
        e.getMessage());
    assertEquals(WAIT, clock.waited(), "it waited the whole queue wait, no more");
    BesShareStats stats = shares.stats();
    assertEquals(1, stats.queued());
    assertEquals(1, stats.refusedShare());
    assertEquals(0, stats.waiting());
  }

  @Test
  void aDownload_waitsTheDownloadWait_whileTheSpoolHasRoom() throws Exception {
    ClientShares roomy = shares(1, 1, 4, true, clock);
    assertNotNull(roomy.acquire(Caller.longRequest("192.0.2.7")));
    assertThrows(BesLimitException.class, () -> roomy.acquire(Caller.longRequest("192.0.2.8")));
    assertEquals(DOWNLOAD_WAIT, clock.waited());

    FakePoolClock other = new FakePoolClock();
    ClientShares full = shares(1, 1, 4, false, other);
    assertNotNull(full.acquire(Caller.longRequest("192.0.2.7")));
    assertThrows(BesLimitException.class, () -> full.acquire(Caller.longRequest("192.0.2.8")));
    assertEquals(WAIT, other.waited(), "without room, the queue wait");

    // A short request never waits longer than the queue wait.
    FakePoolClock third = new FakePoolClock();
    ClientShares shortOnes = shares(1, 1, 4, true, third);
    assertNotNull(shortOnes.acquire(Caller.shortRequest("192.0.2.7")));
    assertThrows(
        BesLimitException.class, () -> shortOnes.acquire(Caller.shortRequest("192.0.2.8")));
    assertEquals(WAIT, third.waited());
  }

  @Test
  void aConnectionThatComesFree_goesToTheWaitingClientHoldingTheFewest() throws Exception {
    ClientShares shares = shares(4, 4, 8, false, PoolClock.SYSTEM);
    List<ClientShares.Share> greedy = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      greedy.add(shares.acquire(Caller.shortRequest("192.0.2.7")));
    }
    Future<ClientShares.Share> greedyMore =
        threads.submit(() -> shares.acquire(Caller.shortRequest("192.0.2.7")));
    awaitWaiting(shares, 1);
    Future<ClientShares.Share> modest =
        threads.submit(() -> shares.acquire(Caller.shortRequest("192.0.2.8")));
    awaitWaiting(shares, 2);

    shares.release(greedy.remove(0), false);
    ClientShares.Share served = modest.get(10, TimeUnit.SECONDS);
    assertEquals("192.0.2.8", served.client, "the client holding none, though it came later");
    assertThrows(TimeoutException.class, () -> greedyMore.get(100, TimeUnit.MILLISECONDS));

    shares.release(greedy.remove(0), false);
    assertEquals("192.0.2.7", greedyMore.get(10, TimeUnit.SECONDS).client);
    assertEquals(2, shares.stats().queued());
  }

  @Test
  void amongClientsHoldingAsMany_theLongestWaitingIsServed() throws Exception {
    ClientShares shares = shares(1, 1, 8, false, PoolClock.SYSTEM);
    ClientShares.Share first = shares.acquire(Caller.shortRequest("192.0.2.6"));
    Future<ClientShares.Share> earlier =
        threads.submit(() -> shares.acquire(Caller.shortRequest("192.0.2.7")));
    awaitWaiting(shares, 1);
    Future<ClientShares.Share> later =
        threads.submit(() -> shares.acquire(Caller.shortRequest("192.0.2.8")));
    awaitWaiting(shares, 2);
    shares.release(first, false);
    assertEquals("192.0.2.7", earlier.get(10, TimeUnit.SECONDS).client);
    assertFalse(later.isDone());
  }

  @Test
  void none_takesNoTurn_countsNobody_refusesNobody() throws Exception {
    ClientShares shares =
        new ClientShares(
            "/", new ConnectionTurns(2, 2, false), 0, WAIT, DOWNLOAD_WAIT, () -> false, clock);
    for (int i = 0; i < 10; i++) {
      assertNull(shares.acquire(Caller.longRequest("192.0.2.7")));
    }
    assertEquals(0, shares.stats().clients());
    assertEquals(0, clock.waited());
    assertFalse(shares.fair());
  }

  @Test
  void downloads_leaveTheReserve_toShortRequests_evenWhileADownloadWaits() throws Exception {
    ClientShares shares = shares(4, 3, 8, true, PoolClock.SYSTEM);
    for (int i = 0; i < 3; i++) {
      assertNotNull(shares.acquire(Caller.longRequest("192.0.2." + i)));
    }
    Future<ClientShares.Share> download =
        threads.submit(() -> shares.acquire(Caller.longRequest("192.0.2.7")));
    awaitWaiting(shares, 1);
    long start = System.nanoTime();
    ClientShares.Share metadata = shares.acquire(Caller.shortRequest("192.0.2.7"));
    assertTrue(System.nanoTime() - start < WAIT / 2, "served at once from the reserve");
    assertNotNull(metadata);
    assertEquals(3, shares.stats().longInUse());
    assertFalse(download.isDone(), "the download still waits for a long connection");
    shares.release(metadata, false);
    assertFalse(download.isDone(), "a short connection is no long one");
  }

  @Test
  void waitingRequests_areBounded_butNeverBelowTheConnections() throws Exception {
    ClientShares shares = shares(2, 2, 1, false, PoolClock.SYSTEM);
    ClientShares.Share held = shares.acquire(Caller.shortRequest("192.0.2.7"));
    shares.acquire(Caller.shortRequest("192.0.2.7"));
    Future<ClientShares.Share> queued =
        threads.submit(() -> shares.acquire(Caller.shortRequest("192.0.2.7")));
    awaitWaiting(shares, 1);
    long start = System.nanoTime();
    BesLimitException e =
        assertThrows(
            BesLimitException.class, () -> shares.acquire(Caller.shortRequest("192.0.2.7")));
    assertTrue(System.nanoTime() - start < WAIT / 2, "refused without waiting");
    assertEquals(BesLimitException.Limit.CLIENT_QUEUE, e.limit());
    assertEquals(
        "this client (192.0.2.7) already has 1 requests waiting for this server's BES connections"
            + " for / (all 2 of them busy, 2 held by this client), the most it may; retry when one"
            + " of them has finished",
        e.getMessage());
    assertEquals(1, shares.stats().refusedQueue());
    shares.release(held, false);
    assertNotNull(queued.get(10, TimeUnit.SECONDS));
  }

  @Test
  void aQueueOfNone_stillLetsAClientWait_whileItHasFewerRequestsThanConnections() throws Exception {
    ClientShares shares = shares(4, 4, 0, false, PoolClock.SYSTEM);
    ClientShares.Share other = shares.acquire(Caller.shortRequest("192.0.2.8"));
    for (int i = 0; i < 3; i++) {
      shares.acquire(Caller.shortRequest("192.0.2.7"));
    }
    Future<ClientShares.Share> fourth =
        threads.submit(() -> shares.acquire(Caller.shortRequest("192.0.2.7")));
    awaitWaiting(shares, 1);
    shares.release(other, false);
    assertNotNull(fourth.get(10, TimeUnit.SECONDS));
  }

  @Test
  void theFrontEndsOwnCommands_takeNoTurn() throws Exception {
    ClientShares shares = shares(1, 1, 0, false, clock);
    for (int i = 0; i < 10; i++) {
      assertNull(shares.acquire(Caller.INTERNAL));
      assertNull(shares.acquire(Caller.INTERNAL_LONG));
    }
    assertEquals(0, shares.stats().clients());
    assertEquals(0, shares.stats().inUse());
  }

  @Test
  void aClientsShare_goesAway_whenItsLastRequestEnds() throws Exception {
    ClientShares shares = shares(2, 2, 2, false, clock);
    ClientShares.Share a = shares.acquire(Caller.longRequest("192.0.2.7"));
    ClientShares.Share b = shares.acquire(Caller.longRequest("192.0.2.7"));
    assertThrows(BesLimitException.class, () -> shares.acquire(Caller.longRequest("192.0.2.7")));
    shares.release(a, true);
    assertEquals(1, shares.stats().clients());
    shares.release(b, true);
    assertEquals(0, shares.stats().clients());
    assertNotNull(shares.acquire(Caller.longRequest("192.0.2.7")));
    assertNotNull(shares.acquire(Caller.longRequest("192.0.2.7")));
  }

  @Test
  void topClients_mostHeldFirst_atMostTen() throws Exception {
    ClientShares shares = shares(64, 64, 0, false, clock);
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
   * Many threads of a few clients, short and long requests mixed, take and give back connections as
   * fast as they can: never more than the connections are held, never more long ones than the long
   * limit, nobody is refused (the wait is long), and every connection comes back.
   */
  @Test
  void underContention_theConnectionsAndTheReserveHold_andEveryOneComesBack() throws Exception {
    int connections = 4;
    int longLimit = 3;
    ClientShares shares =
        new ClientShares(
            "/",
            new ConnectionTurns(connections, longLimit, true),
            64,
            TimeUnit.SECONDS.toNanos(30),
            TimeUnit.SECONDS.toNanos(30),
            () -> false,
            PoolClock.SYSTEM);
    AtomicInteger holding = new AtomicInteger();
    AtomicInteger longHolding = new AtomicInteger();
    AtomicBoolean over = new AtomicBoolean();
    List<Future<?>> runs = new ArrayList<>();
    for (int t = 0; t < 16; t++) {
      String client = "192.0.2." + (t % 5);
      runs.add(
          threads.submit(
              () -> {
                for (int i = 0; i < 2_000; i++) {
                  boolean longHold = ThreadLocalRandom.current().nextBoolean();
                  ClientShares.Share share = shares.acquire(new Caller(client, longHold));
                  if (holding.incrementAndGet() > connections) {
                    over.set(true);
                  }
                  if (longHold && longHolding.incrementAndGet() > longLimit) {
                    over.set(true);
                  }
                  if (longHold) {
                    longHolding.decrementAndGet();
                  }
                  holding.decrementAndGet();
                  shares.release(share, longHold);
                }
                return null;
              }));
    }
    for (Future<?> run : runs) {
      run.get(60, TimeUnit.SECONDS);
    }
    assertFalse(over.get(), "more were held than the connections or the long limit");
    BesShareStats stats = shares.stats();
    assertEquals(0, stats.clients());
    assertEquals(0, stats.refused());
    assertEquals(0, stats.inUse());
    assertEquals(0, stats.longInUse());
    assertEquals(0, stats.waiting());
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
