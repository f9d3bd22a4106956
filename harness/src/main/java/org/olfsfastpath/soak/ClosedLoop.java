package org.olfsfastpath.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The closed-loop load of the soak's scenarios: each of a number of clients, on a thread of its
 * own, sends its next request as soon as it has the answer to the last, until a deadline. The
 * scenario does its part (drops, kills, looks at /status) while they run, then waits for them.
 */
final class ClosedLoop implements AutoCloseable {
  /** One request of a client; {@code request} counts from the client's index, one a request. */
  interface Request {
    void send(int request) throws Exception;
  }

  private final ExecutorService pool;
  private final List<Future<?>> clients = new ArrayList<>();
  private final long end;

  private ClosedLoop(int clients, long end) {
    this.pool = Executors.newFixedThreadPool(clients);
    this.end = end;
  }

  /** Starts {@code clients} clients sending {@code request} until {@code end} (nanoTime). */
  static ClosedLoop start(int clients, long end, Request request) {
    ClosedLoop loop = new ClosedLoop(clients, end);
    for (int c = 0; c < clients; c++) {
      int client = c;
      loop.clients.add(
          loop.pool.submit(
              () -> {
                for (int i = client; System.nanoTime() < end; i++) {
                  request.send(i);
                }
                return null;
              }));
    }
    return loop;
  }

  /** One request of a client for {@code target}. */
  interface TargetRequest {
    void send(String target) throws Exception;
  }

  /**
   * Starts {@code clients} clients sending {@code request} until {@code end} (nanoTime), each for
   * the next of {@code targets} in turn, client c starting at the c-th.
   */
  static ClosedLoop cycling(int clients, long end, List<String> targets, TargetRequest request) {
    return start(clients, end, i -> request.send(targets.get(i % targets.size())));
  }

  /**
   * Waits for every client to end, each at most until the deadline plus {@code grace} (a client
   * still asking at the deadline ends within its request's timeout); rethrows a client's failure.
   */
  void await(Duration grace) throws Exception {
    for (Future<?> client : clients) {
      client.get(
          Duration.ofNanos(Math.max(0, end - System.nanoTime())).toMillis() + grace.toMillis(),
          TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Sleeps until {@code nanoTime} ({@link System#nanoTime()}); returns at once if it has passed.
   */
  static void sleepUntil(long nanoTime) throws InterruptedException {
    long left = nanoTime - System.nanoTime();
    if (left > 0) {
      TimeUnit.NANOSECONDS.sleep(left);
    }
  }

  /** Stops every client still running. */
  @Override
  public void close() {
    pool.shutdownNow();
  }
}
