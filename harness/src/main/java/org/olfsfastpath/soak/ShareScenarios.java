package org.olfsfastpath.soak;

import static org.olfsfastpath.soak.ClosedLoop.sleepUntil;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The scenarios of clients that must not block each other, written once for the integration tests
 * (short) and scripts/soak (long), on the same {@link ScenarioRun} checks as the fault scenarios
 * (the healthy body of every 200, no leak, the front end's counts):
 *
 * <ul>
 *   <li>{@link #dropAllUnderLoad}: every BES process killed at once ({@link
 *       org.olfsfastpath.emulator.BesEmulator#dropAllConnections()}), several times under load;
 *       every request whose answer had not started streaming to its client must succeed, since the
 *       front end sends a command whose BES died before the first byte once more.
 *   <li>{@link #slowReadersKeepTheirShare}: many slow clients from a few addresses download a 400
 *       MiB answer each; no address ever holds more than its share of the BES connections (read
 *       from /status while they run), the long downloads leave the pool's reserve alone, and other
 *       clients are answered 200 throughout.
 * </ul>
 */
public final class ShareScenarios {
  /** The large download of the slow readers: about 400 MiB, generated as it is sent. */
  public static final String LARGE = "/opendap/big/400MiB.nc.dods";

  /** The first loopback address of the slow readers; the other clients come from 127.0.0.1. */
  static final int FIRST_READER_ADDRESS = 11;

  private final FaultBench bench;
  private final FaultScenarios faults;

  public ShareScenarios(FaultBench bench, FaultScenarios faults) {
    this.bench = bench;
    this.faults = faults;
  }

  /**
   * {@code clients} clients ask for data (each one get: the bench keeps no data answer) and kept
   * metadata for {@code load}, while every BES connection is dropped at once {@code drops} times,
   * evenly spread. Every answer must be a whole 200, except a large one that had already started
   * streaming when its BES died: it may be cut (its client sees a truncated body). The failures
   * among the requests that had not started streaming are counted exactly, and must be 0.
   */
  public ScenarioResult dropAllUnderLoad(int clients, int drops, Duration load) throws Exception {
    ScenarioRun run =
        new ScenarioRun(
            bench,
            "every BES connection dropped " + drops + " times" + " under " + clients + " clients",
            false);
    List<String> targets =
        List.of(
            FaultScenarios.ASCII,
            FaultScenarios.OTHER_ASCII,
            FaultScenarios.BIG,
            FaultScenarios.SMALL,
            FaultScenarios.ASCII);
    targets.forEach(bench::reference);
    StatusDocument before = bench.status();
    AtomicLong started = new AtomicLong();
    AtomicLong notStarted = new AtomicLong();
    AtomicLong failedNotStarted = new AtomicLong();
    long start = System.nanoTime();
    long end = start + load.toNanos();
    int dropped = 0;
    ClosedLoop.TargetRequest client =
        target -> {
          // Only a large answer can have reached its client in part; a small one is whole
          // in the response buffer before anything is sent.
          Set<String> allowed =
              target.equals(FaultScenarios.BIG) ? Set.of("200", "truncated") : Set.of("200");
          RawHttp.Response r = run.request(target, allowed);
          if (r.outcome().equals("truncated")) {
            started.incrementAndGet();
          } else {
            notStarted.incrementAndGet();
            if (!r.outcome().equals("200")) {
              failedNotStarted.incrementAndGet();
            }
          }
        };
    try (ClosedLoop loop = ClosedLoop.cycling(clients, end, targets, client)) {
      for (int d = 1; d <= drops; d++) {
        sleepUntil(start + load.toNanos() * d / (drops + 1));
        dropped += bench.bes().dropAllConnections();
      }
      loop.await(load.plus(bench.clientTimeout()).plusSeconds(10));
    }
    StatusDocument after = bench.status();
    long retries = after.groupCounter("retries") - before.groupCounter("retries");
    long staleRetries = after.get("pool", "retried") - before.get("pool", "retried");
    run.note(
        String.format(
            Locale.ROOT,
            "%d connections dropped in %d drops; %d requests had not"
                + " started streaming, %d of them failed; %d had started and were cut; the group sent"
                + " %d commands again, the pool %d on a fresh connection",
            dropped,
            drops,
            notStarted.get(),
            failedNotStarted.get(),
            started.get(),
            retries,
            staleRetries));
    if (failedNotStarted.get() != 0) {
      run.problem(
          failedNotStarted.get()
              + " of the "
              + notStarted.get()
              + " requests that had"
              + " not started streaming failed");
    }
    if (dropped == 0) {
      run.problem("the drops found no open connection: the scenario tested nothing");
    }
    if (retries + staleRetries == 0) {
      run.problem("no command was sent again: the drops met no request in flight");
    }
    return run.finish(-1);
  }

  /**
   * {@code readers} slow clients, spread over {@code addresses} loopback addresses, each read
   * {@link #LARGE} at {@code bytesPerSecond} for {@code load} (asking again a second after a 503),
   * while {@code normalClients} clients from 127.0.0.1 ask for kept metadata, a kept small slice
   * and the metadata of a dataset nobody asked for before (a showNode and a get each: short
   * requests, which the reserve serves). Every few hundred milliseconds /status must show no
   * address holding more than its share and the long downloads outside the reserve; every other
   * client's answer must be a whole 200, and their p99 under the slow readers within a few times
   * their p99 alone ({@link OtherClients#checkP99}, which prints both).
   */
  public ScenarioResult slowReadersKeepTheirShare(
      int readers, int addresses, int bytesPerSecond, int normalClients, Duration load)
      throws Exception {
    String name =
        OtherClients.scenarioName(
            readers,
            bytesPerSecond,
            "a 400 MiB answer from " + (addresses == 1 ? "one address" : addresses + " addresses"),
            normalClients);
    ScenarioRun run = new ScenarioRun(bench, name, false);
    OtherClients others = OtherClients.keptAndCold(bench, faults::coldPath);
    List<Long> idle = others.alone(run, normalClients, load);

    StatusDocument first = bench.status();
    long share = first.sharesCounter("limit");
    Map<String, Long> most = new ConcurrentHashMap<>();
    long start = System.nanoTime();
    long end = start + load.toNanos();
    ExecutorService pool = Executors.newFixedThreadPool(readers + normalClients);
    List<Long> busy;
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < readers; i++) {
        String address = "127.0.0." + (FIRST_READER_ADDRESS + i % addresses);
        futures.add(
            pool.submit(
                () -> {
                  slowReader(run, address, bytesPerSecond, end);
                  return null;
                }));
      }
      Future<List<Long>> normal =
          pool.submit(() -> others.run(run, normalClients, end, "while the slow readers ran"));
      int looks = 0;
      while (System.nanoTime() < end) {
        Thread.sleep(250);
        lookAtShares(run, share, most);
        looks++;
      }
      busy = normal.get(bench.clientTimeout().toMillis() + 10_000, TimeUnit.MILLISECONDS);
      for (Future<?> future : futures) {
        future.get(bench.clientTimeout().toMillis() + 10_000, TimeUnit.MILLISECONDS);
      }
      run.note(
          looks
              + " looks at /status while the slow readers ran; the most each address"
              + " held: "
              + most);
    } finally {
      pool.shutdownNow();
    }
    StatusDocument after = bench.status();
    if (most.values().stream().noneMatch(held -> held == share)) {
      run.problem(
          "no address ever held its whole share of "
              + share
              + ": the scenario tested"
              + " nothing ("
              + most
              + ")");
    }
    long refused =
        after.refused("clientShare")
            + after.refused("clientQueue")
            + after.refused("reserve")
            - first.refused("clientShare")
            - first.refused("clientQueue")
            - first.refused("reserve");
    run.note(
        String.format(
            Locale.ROOT,
            "refused: %d by clientShare, %d by clientQueue, %d by" + " the reserve",
            after.refused("clientShare") - first.refused("clientShare"),
            after.refused("clientQueue") - first.refused("clientQueue"),
            after.refused("reserve") - first.refused("reserve")));
    OtherClients.checkP99(run, idle, busy, "under the slow readers");
    if (refused == 0) {
      run.problem("no slow reader was refused: the shares were never reached");
    }
    return run.finish(-1);
  }

  /**
   * One slow client: downloads until {@code end}, asks again a second after a refusal, which must
   * name its limit: the client's share or queue, the reserve, or (a long download that got past the
   * reserve but met short requests holding the other connections) the pool.
   */
  private void slowReader(ScenarioRun run, String address, int bytesPerSecond, long end)
      throws InterruptedException {
    while (System.nanoTime() < end) {
      SlowReader.Result r =
          SlowReader.read(bench.port(), address, LARGE, bytesPerSecond, end, bench.clientTimeout());
      run.count(r.outcome());
      if (r.status() == 503) {
        if (r.headers().get("retry-after") == null
            || !(r.text().contains("(clientShare)")
                || r.text().contains("(clientQueue)")
                || r.text().contains("(reserve)")
                || r.text().contains("(pool)"))) {
          run.problem("a slow reader's 503 names no limit or has no Retry-After: " + r.text());
        }
        Thread.sleep(1_000);
      } else if (!r.outcome().equals("slow 200")) {
        run.problem(
            "a slow reader from "
                + address
                + " got "
                + r.outcome()
                + " ("
                + r.failure()
                + "): "
                + r.text());
        Thread.sleep(1_000);
      }
    }
  }

  /** One look at /status: no address over its share, the long downloads outside the reserve. */
  private void lookAtShares(ScenarioRun run, long share, Map<String, Long> most) {
    StatusDocument status = bench.status();
    status
        .topClients()
        .forEach(
            (client, inUse) -> {
              most.merge(client, inUse, Math::max);
              if (inUse > share) {
                run.problem(
                    "client "
                        + client
                        + " held "
                        + inUse
                        + " BES connections, more than its"
                        + " share of "
                        + share);
              }
            });
    long longInUse = status.besCounter("poolLongInUse");
    long reserved = status.besCounter("poolReserved");
    if (longInUse > bench.settings().poolMaximum() - reserved) {
      run.problem(
          longInUse
              + " long downloads held BES connections, more than the "
              + (bench.settings().poolMaximum() - reserved)
              + " outside the reserve of "
              + reserved);
    }
  }
}
