package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.testing.ThreadAllocation;

/**
 * Taking a turn at a group's connections and giving it back allocates nothing for a client already
 * present (one with a request under way) while a connection is free and nobody waits: a map read, a
 * compare-and-set on its count and one on the group's free connections. Measured with the JVM's
 * per-thread allocation counter.
 */
final class ClientSharesAllocationTest {
  private static final int ROUNDS = 50_000;

  /** Generous: a counter cell may allocate a little once; a per-command object would not pass. */
  private static final double MAX_BYTES_PER_COMMAND = 4.0;

  @Test
  void aPresentClientsPlace_allocatesNothing() throws IOException {
    ThreadAllocation threads = ThreadAllocation.orSkip();

    ClientShares shares =
        new ClientShares(
            "/",
            new ConnectionTurns(32, 29, true),
            8,
            TimeUnit.SECONDS.toNanos(5),
            TimeUnit.SECONDS.toNanos(120),
            () -> false,
            PoolClock.SYSTEM);
    Caller caller = Caller.longRequest("192.0.2.7");
    ClientShares.Share download = shares.acquire(caller); // keeps the client present
    assertNotNull(download);
    for (int i = 0; i < ROUNDS; i++) { // warm up
      shares.release(shares.acquire(caller), true);
    }
    long thread = Thread.currentThread().getId();
    long before = threads.allocatedBy(thread);
    for (int i = 0; i < ROUNDS; i++) {
      shares.release(shares.acquire(caller), true);
    }
    long allocated = threads.allocatedBy(thread) - before;
    double perCommand = (double) allocated / ROUNDS;
    assertTrue(
        perCommand < MAX_BYTES_PER_COMMAND,
        "a place allocated " + perCommand + " bytes on average (" + allocated + " in all)");
    shares.release(download, true);
  }
}
