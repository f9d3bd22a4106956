package org.olfsfastpath.spool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spool's producers fill it at the lowest thread priority, so that a burst of downloads leaves
 * a processor to short requests; the request's own thread, which copied the answer straight until
 * its client fell behind, keeps its priority (an unprivileged process could not raise it again, and
 * the container's thread goes on to serve short requests).
 */
@Timeout(60)
final class ProducerPriorityTest {
  private static final int MIB = 1024 * 1024;
  private static final int REQUEST_THREADS = Thread.NORM_PRIORITY;

  @TempDir Path dir;

  @Test
  void producersReadAtTheLowestPriority_theRequestThreadKeepsItsOwn() throws Exception {
    Thread request = Thread.currentThread();
    assertEquals(REQUEST_THREADS, request.getPriority(), "the test's thread as a container's");
    try (Spool spool = Spool.newBuilder().directory(dir).responseMemory(MIB).build()) {
      GeneratedSource generated = GeneratedSource.of(6L * MIB);
      PriorityOfReads source = new PriorityOfReads(generated);
      FakeClient client = new FakeClient(256 * 1024); // Falls behind after 256 KiB.
      byte[] buffer = spool.buffer();

      Transfer transfer = spool.direct(source).copyTo(client, buffer, 0);
      assertNotNull(transfer, "handed to the spool once the client fell behind");
      client.attach(transfer);
      while (client.completed() == 0) {
        client.allow(MIB);
        Thread.sleep(1);
      }

      assertEquals(6L * MIB, client.received());
      assertEquals(-1, client.firstMismatch());
      assertEquals(
          Set.of(REQUEST_THREADS), source.priorities(request, false), "before the hand-off");
      assertTrue(
          source.otherThreads(request) > 0, "a producer of the spool's read the rest: " + source);
      assertEquals(
          Set.of(Thread.MIN_PRIORITY), source.priorities(request, true), "the producer's reads");
      assertEquals(REQUEST_THREADS, request.getPriority());
    }
  }

  /** Records, for each thread that reads it, the priorities it read at. */
  private static final class PriorityOfReads extends InputStream {
    private final Map<Thread, Set<Integer>> byThread = new ConcurrentHashMap<>();
    private final InputStream in;

    PriorityOfReads(InputStream in) {
      this.in = in;
    }

    /** The priorities {@code thread} read at, or with {@code others}, every other thread. */
    Set<Integer> priorities(Thread thread, boolean others) {
      Set<Integer> all = ConcurrentHashMap.newKeySet();
      byThread.forEach(
          (reader, seen) -> {
            if ((reader == thread) != others) {
              all.addAll(seen);
            }
          });
      return all;
    }

    long otherThreads(Thread thread) {
      return byThread.keySet().stream().filter(reader -> reader != thread).count();
    }

    private void record() {
      Thread reader = Thread.currentThread();
      byThread
          .computeIfAbsent(reader, r -> ConcurrentHashMap.newKeySet())
          .add(reader.getPriority());
    }

    @Override
    public int read() throws IOException {
      record();
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      record();
      return in.read(b, off, len);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }

    @Override
    public String toString() {
      return byThread.toString();
    }
  }
}
