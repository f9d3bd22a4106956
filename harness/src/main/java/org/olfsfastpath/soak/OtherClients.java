package org.olfsfastpath.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The other clients of a scenario, the users a misbehaving one must not hurt: from 127.0.0.1 until
 * a deadline, each asks in turn for kept metadata and a kept small slice ({@link
 * FaultScenarios#ASCII}, {@link FaultScenarios#SMALL}) and, when given cold paths, every third
 * request the metadata of a dataset nobody asked for before (a showNode and a get: a short request,
 * which a pool's reserve serves). Each answer must be a whole 200 equal to its healthy body (a cold
 * one, a DAS); anything else is a problem of the run. Their times give the p99 the scenarios print,
 * alone and under load.
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
   * The name of a scenario of {@code readers} slow readers of {@code what} at {@code
   * bytesPerSecond} each, beside {@code others} of these clients.
   */
  static String scenarioName(int readers, long bytesPerSecond, String what, int others) {
    return readers
        + " slow readers ("
        + bytesPerSecond / 1000
        + " KB/s) of "
        + what
        + ", "
        + others
        + " other clients";
  }

  /**
   * Runs {@code clients} of them alone, before a load of {@code load} begins: for a quarter of it,
   * at most 5 s.
   *
   * @return each request's time, in microseconds
   */
  List<Long> alone(ScenarioRun run, int clients, Duration load) throws Exception {
    long quarter = Math.min(load.toNanos() / 4, Duration.ofSeconds(5).toNanos());
    return run(run, clients, System.nanoTime() + quarter, "alone");
  }

  /**
   * Runs {@code clients} of them until {@code end} ({@link System#nanoTime()}); {@code beside}
   * names the load they meet, for the problems.
   *
   * @return each request's time, in microseconds
   */
  List<Long> run(ScenarioRun run, int clients, long end, String beside) throws Exception {
    List<Long> micros = Collections.synchronizedList(new ArrayList<>());
    try (ClosedLoop loop =
        ClosedLoop.start(
            clients,
            end,
            i -> {
              String coldTarget = coldTarget(i);
              boolean cold = coldTarget != null;
              String target = coldTarget != null ? coldTarget : KEPT.get(i % 2);
              RawHttp.Response ok = run.timedGet(target, target, " " + beside, micros);
              if (ok != null
                  && (cold
                      ? !ok.text().startsWith("Attributes {")
                      : !Arrays.equals(bench.reference(target), ok.body()))) {
                run.problem(target + " got a 200 unlike its healthy body");
              }
            })) {
      loop.await(bench.clientTimeout().plusSeconds(10));
    }
    return micros;
  }

  /** The metadata of a dataset nobody asked for, every third request; null for a kept one. */
  private @Nullable String coldTarget(int request) {
    Supplier<String> paths = coldPaths;
    return paths != null && request % 3 == 2 ? "/opendap" + paths.get() + ".das" : null;
  }

  /**
   * How much slower the other clients may be under a misbehaving load than alone: a few times their
   * p99 alone, plus a margin for a shared 2-core machine. A pool taken away from them would cost
   * each request the acquire timeout (5 s) and a 503, far past it.
   */
  static final double P99_FACTOR = 5;

  static final double P99_MARGIN_MS = 250;

  /**
   * Prints the other clients' p99 alone and under the load, and makes it a problem of the run when
   * the one under the load passes {@link #P99_FACTOR} times the one alone plus {@link
   * #P99_MARGIN_MS}.
   */
  static void checkP99(ScenarioRun run, List<Long> alone, List<Long> underLoad, String load) {
    double idle = p99(alone);
    double busy = p99(underLoad);
    run.note(
        String.format(
            Locale.ROOT, "other clients' p99 %.1f ms alone, %.1f ms %s", idle, busy, load));
    double bound = P99_FACTOR * idle + P99_MARGIN_MS;
    if (idle < 0 || busy < 0) {
      run.problem("the other clients made no request " + (idle < 0 ? "alone" : load));
    } else if (busy > bound) {
      run.problem(
          String.format(
              Locale.ROOT,
              "the other clients' p99 %s, %.1f ms, is"
                  + " past %.0f times their p99 alone (%.1f ms) plus %.0f ms",
              load,
              busy,
              P99_FACTOR,
              idle,
              P99_MARGIN_MS));
    }
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
