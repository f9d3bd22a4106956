package org.olfsfastpath.spool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.testing.ThreadAllocation;

/**
 * A large answer goes from the BES socket to a client that keeps up through reused buffers, with
 * nothing allocated per chunk: {@code /big/40MiB.nc.dods} from the in-process emulator (written as
 * the BES writes), through the BES client's pooled connection and a transfer, to a client that
 * takes every byte at once. The thread that does all of it (as the producer does) allocates a few
 * objects per answer, far under 1 KiB per MiB. Counted with the JVM's per-thread counter; the rate
 * is printed, not asserted.
 */
final class StreamingAllocationTest {
  private static final long MIB = 1 << 20;

  /** The target of the whole front end (issue 20): at most 1 KiB allocated per MiB streamed. */
  private static final double MAX_BYTES_PER_MIB = 1024;

  @Test
  void aLargeAnswer_allocatesNothingPerChunk() throws Exception {
    ThreadAllocation threads = ThreadAllocation.orSkip();

    try (BesEmulator bes = BesEmulator.newBuilder().build()) {
      bes.start();
      Spool spool = Spool.newBuilder().disk(0).build();
      try (BesClient client = BesClient.newBuilder().endpoint(bes.endpoint()).build()) {
        // Warm: the connection, its buffers, the spool's buffers, the code.
        for (int i = 0; i < 3; i++) {
          stream(client, spool);
        }
        long thread = Thread.currentThread().getId();
        long before = threads.allocatedBy(thread);
        long started = System.nanoTime();
        long bytes = stream(client, spool);
        double seconds = (System.nanoTime() - started) / 1e9;
        long allocated = threads.allocatedBy(thread) - before;
        double perMiB = allocated / ((double) bytes / MIB);
        System.out.printf(
            Locale.ROOT,
            "StreamingAllocationTest: %d bytes at %.0f MiB/s, %d bytes"
                + " allocated: %.1f per MiB%n",
            bytes,
            bytes / seconds / MIB,
            allocated,
            perMiB);
        assertTrue(bytes > 40 * MIB, "the whole answer: " + bytes);
        assertTrue(
            perMiB < MAX_BYTES_PER_MIB,
            "allocated " + allocated + " bytes for " + bytes + " streamed: " + perMiB + " per MiB");
      }
      assertEquals(0, spool.stats().spooledBytes(), "a client that keeps up spools nothing");
    }
  }

  /** One answer through a transfer to a client that takes all at once; its length. */
  private static long stream(BesClient client, Spool spool) throws IOException {
    BesResponse response = client.get(new GetRequest("/big/40MiB.nc", BesGetType.DODS, "", ""));
    Counting counting = new Counting();
    Transfer transfer = spool.transfer(spool.buffer(), 0, response.body(), counting);
    transfer.onWritePossible();
    transfer.run();
    if (counting.completed != 1) {
      throw new AssertionError("the transfer did not complete: " + transfer);
    }
    return counting.bytes;
  }

  /** A client that takes every byte at once and counts them. */
  private static final class Counting implements ClientOutput {
    long bytes;
    int completed;

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
    }

    @Override
    public void complete() {
      completed++;
    }

    @Override
    public void abort(IOException cause, long sent) {
      throw new AssertionError("aborted after " + sent, cause);
    }

    @Override
    public void gone() {
      throw new AssertionError("gone");
    }
  }
}
