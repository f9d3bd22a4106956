package org.olfsfastpath.soak;

import static org.olfsfastpath.soak.ClosedLoop.sleepUntil;
import static org.olfsfastpath.soak.FaultScenarios.ASCII;
import static org.olfsfastpath.soak.FaultScenarios.BIG;
import static org.olfsfastpath.soak.FaultScenarios.OTHER_ASCII;
import static org.olfsfastpath.soak.FaultScenarios.SMALL;
import static org.olfsfastpath.soak.FaultScenarios.SMALL_OTHER;
import static org.olfsfastpath.soak.FaultScenarios.abbreviate;
import static org.olfsfastpath.soak.FaultScenarios.percentile;
import static org.olfsfastpath.soak.FaultScenarios.synthetic;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The front end under load with a healthy BES: many connections at once, many distinct datasets
 * against the cache's bound, and a long steady soak with the heap after GC sampled.
 */
final class LoadScenarios {
  private final FaultBench bench;

  LoadScenarios(FaultBench bench) {
    this.bench = bench;
  }

  /**
   * {@code connections} connections opened at once, each sending one warm small request before any
   * answer is read: every one must get a 200 with the exact body.
   */
  ScenarioResult concurrentConnections(int connections, String target) throws Exception {
    byte[] expected = bench.reference(target);
    ScenarioRun run =
        new ScenarioRun(
            bench,
            connections
                + " concurrent connections, warm "
                + target.substring(target.lastIndexOf('/') + 1),
            false);
    List<Socket> sockets = new ArrayList<>();
    byte[] request = RawHttp.request("GET", target);
    try {
      for (int i = 0; i < connections; i++) {
        Socket socket = new Socket();
        sockets.add(socket);
        socket.connect(new InetSocketAddress("127.0.0.1", bench.port()), 10_000);
        socket.setSoTimeout(60_000);
      }
      for (Socket socket : sockets) {
        socket.getOutputStream().write(request);
      }
      // Every request is in flight before the first answer is read: the server holds them all.
      ExecutorService readers = Executors.newFixedThreadPool(16);
      try {
        List<Future<RawHttp.Response>> futures = new ArrayList<>();
        for (Socket socket : sockets) {
          futures.add(readers.submit(() -> RawHttp.readResponse(socket, request)));
        }
        for (Future<RawHttp.Response> f : futures) {
          RawHttp.Response r = f.get(120, TimeUnit.SECONDS);
          run.record(r);
          if (!r.outcome().equals("200")) {
            run.problem("a connection got " + r.outcome() + ": " + abbreviate(r.text()));
          } else if (!Arrays.equals(expected, r.body())) {
            run.problem("a 200 with a body unlike the healthy one (" + r.body().length + " bytes)");
          }
        }
      } finally {
        readers.shutdownNow();
      }
    } finally {
      for (Socket socket : sockets) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // Closing a test socket.
        }
      }
    }
    return run.finish(-1);
  }

  /**
   * {@code paths} distinct datasets requested once each (HEAD, answered from the data-source cache
   * after one showNode): the cache stays at its configured size and the heap after GC is measured
   * before and after.
   */
  ScenarioResult cacheBound(long paths, int clients) throws Exception {
    int max = bench.settings().cacheMaxEntries();
    ScenarioRun run =
        new ScenarioRun(
            bench, "cache bound: " + paths + " distinct datasets, maxEntries " + max, false);
    long heapBefore = bench.heapAfterGcKb();
    long first = 0;
    AtomicLong next = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        futures.add(
            pool.submit(
                () -> {
                  try (RawHttp.KeepAlive connection =
                      new RawHttp.KeepAlive(bench.port(), Duration.ofSeconds(30))) {
                    long i;
                    while ((i = next.getAndIncrement()) < paths) {
                      int status = connection.head("/opendap" + synthetic(first + i) + ".das");
                      run.count(Integer.toString(status));
                      if (status != 200) {
                        run.problem("HEAD of dataset " + (first + i) + " answered " + status);
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    // Caffeine evicts on its own executor: give it a moment to settle before judging the size.
    long size = -1;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      size = bench.status().get("cache", "size");
      if (size <= max) {
        break;
      }
      Thread.sleep(100);
    }
    if (size > max) {
      run.problem("the cache holds " + size + " entries, more than maxEntries " + max);
    }
    long heapAfter = bench.heapAfterGcKb();
    run.note(
        String.format(
            Locale.ROOT,
            "cache size %d of %d; heap after GC %.1f MiB before, %.1f" + " MiB after",
            size,
            max,
            heapBefore / 1024.0,
            heapAfter / 1024.0));
    return run.finish(-1);
  }

  /**
   * Steady load for {@code duration}: {@code clients} clients loop over small and ASCII requests
   * (and one 3 MB answer in twenty). Every {@code window} the throughput, the latency percentiles
   * and the heap after a full GC are printed; the heap after GC must stay flat (the last window
   * within 25% plus 8 MiB of the first) and every answer must be a whole 200.
   */
  ScenarioResult soak(Duration duration, int clients, Duration window, PrintStream progress)
      throws Exception {
    ScenarioRun run =
        new ScenarioRun(
            bench, "soak: " + duration.toSeconds() + " s, " + clients + " clients", false);
    List<String> targets = new ArrayList<>();
    for (int i = 0; i < 19; i++) {
      targets.add(List.of(SMALL, SMALL_OTHER, ASCII, OTHER_ASCII).get(i % 4));
    }
    targets.add(BIG);
    targets.forEach(bench::reference);
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
    List<Long> heaps = new ArrayList<>();
    int windowIndex = 0;
    ClosedLoop.TargetRequest client =
        target -> {
          RawHttp.Response r = run.request(target, Set.of("200"));
          latencies.add(r.millis());
        };
    try (ClosedLoop loop = ClosedLoop.cycling(clients, end, targets, client)) {
      while (System.nanoTime() < end) {
        sleepUntil(Math.min(end, start + window.toNanos() * (windowIndex + 1)));
        windowIndex++;
        List<Long> sample = new ArrayList<>();
        Long latency;
        while ((latency = latencies.poll()) != null) {
          sample.add(latency);
        }
        Collections.sort(sample);
        long heap = bench.heapAfterGcKb();
        heaps.add(heap);
        progress.printf(
            Locale.ROOT,
            "soak %4d s: %6d requests (%.0f/s), latency p50 %d ms,"
                + " p99 %d ms, max %d ms; heap after GC %.1f MiB%n",
            TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start),
            sample.size(),
            sample.size() / (double) window.toSeconds(),
            percentile(sample, 50),
            percentile(sample, 99),
            sample.isEmpty() ? 0 : sample.get(sample.size() - 1),
            heap / 1024.0);
        run.note(
            String.format(
                Locale.ROOT,
                "window %d: %d requests, p50 %d ms, p99 %d ms, heap" + " after GC %.1f MiB",
                windowIndex,
                sample.size(),
                percentile(sample, 50),
                percentile(sample, 99),
                heap / 1024.0));
      }
      loop.await(bench.clientTimeout().plusSeconds(10));
    }
    if (heaps.size() >= 2 && heaps.get(0) > 0) {
      long first = heaps.get(0);
      long last = heaps.get(heaps.size() - 1);
      if (last > first * 1.25 + 8 * 1024) {
        run.problem(
            String.format(
                Locale.ROOT,
                "heap after GC grew from %.1f to %.1f MiB",
                first / 1024.0,
                last / 1024.0));
      }
    }
    return run.finish(-1);
  }
}
