package org.olfsfastpath.spool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The producer and a client on threads of their own, the client reading in bursts of random sizes
 * (its callbacks on its own thread, as the container's come), answers of random lengths read in
 * random pieces, and tight budgets shared by three responses at once: every answer arrives whole
 * and in order, or (for the clients that hang up) the spool is freed; and at the end nothing is
 * held. Seeded, so a failure repeats.
 */
@Timeout(300)
final class TransferConcurrencyTest {
  private static final int ROUNDS = Integer.getInteger("spool.rounds", 60);
  private static final int AT_ONCE = 3;

  /** The episodes come and go by the dozen here; their lines are tested in TransferTest. */
  private static final Episodes.Sink QUIET =
      new Episodes.Sink() {
        @Override
        public void started(String message) {}

        @Override
        public void ended(String message) {}
      };

  @TempDir Path dir;

  @Test
  void manyTransfers_everyAnswerWholeAndInOrder_nothingLeftHeld() throws Exception {
    Random random = new Random(20261125L);
    Spool spool =
        Spool.newBuilder()
            .directory(dir)
            .responseMemory(192 * 1024)
            .memory(256 * 1024)
            .disk(3L << 20)
            .episodeLog(QUIET)
            .build();
    for (int round = 0; round < ROUNDS; round++) {
      Thread[] threads = new Thread[AT_ONCE * 2];
      FakeClient[] clients = new FakeClient[AT_ONCE];
      GeneratedSource[] sources = new GeneratedSource[AT_ONCE];
      long[] lengths = new long[AT_ONCE];
      boolean[] hangsUp = new boolean[AT_ONCE];
      for (int i = 0; i < AT_ONCE; i++) {
        lengths[i] = 1 + random.nextInt(3 << 20);
        hangsUp[i] = random.nextInt(6) == 0;
        long failAt = random.nextInt(10) == 0 ? random.nextInt((int) lengths[i]) : -1;
        GeneratedSource source =
            new GeneratedSource(lengths[i], 1 + random.nextInt(96 * 1024), failAt);
        FakeClient client = new FakeClient(random.nextInt(2) * random.nextInt(256 * 1024));
        byte[] first = spool.buffer();
        int n =
            source.readFirst(
                first,
                Math.min(
                    32 * 1024, (int) Math.min(lengths[i], failAt < 0 ? Long.MAX_VALUE : failAt)));
        Transfer transfer = spool.transfer(first, n, source, client);
        client.attach(transfer);
        sources[i] = source;
        clients[i] = client;
        int burst = 1 + random.nextInt(128 * 1024);
        long seed = random.nextLong();
        boolean hangUp = hangsUp[i];
        long hangUpAfter = random.nextInt((int) lengths[i]);
        threads[2 * i] = new Thread(transfer, "producer-" + i);
        threads[2 * i + 1] =
            new Thread(
                () -> read(client, transfer, burst, seed, hangUp, hangUpAfter), "client-" + i);
      }
      for (Thread thread : threads) {
        thread.start();
      }
      for (Thread thread : threads) {
        thread.join();
      }
      for (int i = 0; i < AT_ONCE; i++) {
        FakeClient client = clients[i];
        assertEquals(-1, client.firstMismatch(), "round " + round + " response " + i);
        assertEquals(
            1,
            client.completed() + client.aborted() + client.goneCount(),
            "one end, round " + round + " response " + i);
        if (client.completed() == 1) {
          assertEquals(lengths[i], client.received(), "round " + round + " response " + i);
        }
        assertTrue(sources[i].isClosed(), "round " + round + " response " + i);
        assertEquals(0, client.callsAfterEnd(), "round " + round + " response " + i);
      }
      SpoolStats stats = spool.stats();
      assertEquals(0, stats.memoryBytes(), "round " + round + ": " + stats);
      assertEquals(0, stats.diskBytes(), "round " + round + ": " + stats);
      assertEquals(0, stats.openFiles(), "round " + round + ": " + stats);
      try (Stream<Path> files = Files.list(dir)) {
        assertEquals(0, files.count(), "round " + round);
      }
    }
    SpoolStats stats = spool.stats();
    assertTrue(stats.spooledResponses() > 0, stats.toString());
    assertTrue(stats.earlyReleases() > 0, stats.toString());
  }

  /** Reads in bursts until the response ends, or hangs up part way. */
  private static void read(
      FakeClient client,
      Transfer transfer,
      int burst,
      long seed,
      boolean hangUp,
      long hangUpAfter) {
    Random random = new Random(seed);
    client.start();
    while (client.completed() + client.aborted() + client.goneCount() == 0) {
      if (hangUp && client.received() >= hangUpAfter) {
        transfer.clientGone(new IOException("Connection reset by peer"));
        return;
      }
      client.allow(1 + random.nextInt(burst));
      if (random.nextInt(4) == 0) {
        Thread.yield();
      }
    }
  }
}
