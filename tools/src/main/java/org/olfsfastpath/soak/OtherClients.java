package org.olfsfastpath.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The other clients of a scenario, the users a misbehaving one must not hurt: from 127.0.0.1
 * until a deadline, each asks in turn for kept metadata and a kept small slice ({@link
 * FaultScenarios#ASCII}, {@link FaultScenarios#SMALL}) and, when given cold paths, every third
 * request the metadata of a dataset nobody asked for before (a showNode and a get: a short
 * request, which a pool's reserve serves). Each answer must be a whole 200 equal to its healthy
 * body (a cold one, a DAS); anything else is a problem of the run. Their times give the p99 the
 * scenarios print, alone and under load.
 */
final class OtherClients {
  private static final List<String> KEPT = List.of(FaultScenarios.SMALL, FaultScenarios.ASCII);

  private final FaultBench bench;
  /** The next dataset nobody asked for, or null for kept requests only. */
  private final @Nullable Supplier<String> coldPaths;

  private OtherClients(FaultBench bench, @Nullable Supplier<String> coldPaths) {
    this.bench = bench;
    this.coldPaths = coldPaths;
  }

  /** Clients asking for kept answers only; their reference bodies are fetched now. */
  static OtherClients kept(FaultBench bench) {
    KEPT.forEach(bench::reference);
    return new OtherClients(bench, null);
  }

  /** Clients that also ask, every third request, for the metadata of {@code coldPaths.get()}. */
  static OtherClients keptAndCold(FaultBench bench, Supplier<String> coldPaths) {
    KEPT.forEach(bench::reference);
    return new OtherClients(bench, coldPaths);
  }

  /**
   * Runs {@code clients} of them until {@code end} ({@link System#nanoTime()}); {@code beside}
   * names the load they meet, for the problems.
   *
   * @return each request's time, in microseconds
   */
  List<Long> run(FaultScenarios.Run run, int clients, long end, String beside) throws Exception {
    List<Long> micros = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        int client = c;
        futures.add(pool.submit(() -> {
          for (int i = client; System.nanoTime() < end; i++) {
            String coldTarget = coldTarget(i);
            boolean cold = coldTarget != null;
            String target = coldTarget != null ? coldTarget : KEPT.get(i % 2);
            long began = System.nanoTime();
            RawHttp.Response r = bench.get(target);
            micros.add((System.nanoTime() - began) / 1_000);
            run.record(r);
            if (!r.outcome().equals("200")) {
              run.problem(target + " got " + r.outcome() + " " + beside + ": "
                  + r.text().substring(0, Math.min(300, r.text().length())));
            } else if (cold ? !r.text().startsWith("Attributes {")
                : !Arrays.equals(bench.reference(target), r.body())) {
              run.problem(target + " got a 200 unlike its healthy body");
            }
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        // Each request is bounded by the client's timeout: a client still asking at the end
        // finishes within it.
        future.get(Duration.ofNanos(Math.max(0, end - System.nanoTime())).toMillis()
            + bench.clientTimeout().toMillis() + 10_000, TimeUnit.MILLISECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    return micros;
  }

  /** The metadata of a dataset nobody asked for, every third request; null for a kept one. */
  private @Nullable String coldTarget(int request) {
    Supplier<String> paths = coldPaths;
    return paths != null && request % 3 == 2 ? "/opendap" + paths.get() + ".das" : null;
  }

  /** The 99th percentile of {@code micros}, in milliseconds; -1 when there is none. */
  static double p99(List<Long> micros) {
    if (micros.isEmpty()) {
      return -1;
    }
    List<Long> sorted = new ArrayList<>(micros);
    Collections.sort(sorted);
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * 0.99) - 1))
        / 1000.0;
  }
}
