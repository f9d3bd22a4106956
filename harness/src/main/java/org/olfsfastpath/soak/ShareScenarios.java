package org.olfsfastpath.soak;

import static org.olfsfastpath.soak.ClosedLoop.sleepUntil;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
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
 * The scenarios of clients that must not block each other, and of a client that must not be blocked
 * when it is alone, written once for the integration tests (short) and scripts/soak (long), on the
 * same {@link ScenarioRun} checks as the fault scenarios (the healthy body of every 200, no leak,
 * the front end's counts):
 *
 * <ul>
 *   <li>{@link #besKilledEvery}: every BES process killed at once ({@link
 *       org.olfsfastpath.emulator.BesEmulator#dropAllConnections()}) every few seconds under
 *       clients asking distinct answers; every request whose answer had not started streaming to
 *       its client must succeed, since the front end sends a command whose BES died before the
 *       first byte once more, and every whole answer must be the BES's.
 *   <li>{@link #aClientAlone}: one address with as many requests at once as the pool has
 *       connections, on an idle server: shares conserve work, so none is refused.
 *   <li>{@link #slowReadersBesideColdRequests}: many slow clients from a few addresses download a
 *       large answer each while another asks for small answers nobody asked for before: every one
 *       of those is answered 200 within its bound (the reserve serves it: a small slice is known
 *       short from its constraint), and no download is refused while the spool has room.
 * </ul>
 */
public final class ShareScenarios {
  /** The large download of the slow readers: about 40 MiB, generated as it is sent. */
  public static final String LARGE = "/opendap/big/40MiB.nc.dods";

  /** The first loopback address of the slow readers; the other clients come from 127.0.0.1. */
  static final int FIRST_READER_ADDRESS = 11;

  private final FaultBench bench;

  public ShareScenarios(FaultBench bench) {
    this.bench = bench;
  }

  /**
   * {@code clients} clients ask for distinct data answers (each one get: the bench keeps no data
   * answer) and kept metadata for {@code load}, while every BES connection is dropped at once every
   * {@code period}. Every answer must be a whole 200 equal to the BES's, except a large one that
   * had already started streaming when its BES died: it may be cut (its client sees a truncated
   * body). The failures among the requests that had not started streaming are counted exactly, and
   * must be 0.
   */
  public ScenarioResult besKilledEvery(Duration period, int clients, Duration load)
      throws Exception {
    int drops = (int) Math.max(1, load.toMillis() / period.toMillis() - 1);
    // The healthy bodies, fetched before the run, whose counts are its clients' requests alone.
    List<String> targets = new ArrayList<>();
    for (int month = 0; month < 12; month++) {
      targets.add(FaultScenarios.distinctSlice(month));
    }
    targets.addAll(
        List.of(
            FaultScenarios.ASCII,
            FaultScenarios.OTHER_ASCII,
            FaultScenarios.BIG,
            FaultScenarios.SMALL));
    targets.forEach(bench::reference);
    ScenarioRun run =
        new ScenarioRun(
            bench,
            "every BES connection dropped every "
                + period.toSeconds()
                + " s ("
                + drops
                + " times) under "
                + clients
                + " clients asking distinct answers",
            false);
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
        sleepUntil(start + period.toNanos() * d);
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
   * One address asks with {@code connections} requests at once (the pool's size) for distinct small
   * answers, each a BES get, for {@code load}, on a server nobody else uses: every answer must be a
   * whole 200, none refused, and the address must have held more than a quarter of the connections
   * at some look at /status (more than the per-client cap shares had before they conserved work).
   */
  public ScenarioResult aClientAlone(int connections, Duration load) throws Exception {
    ScenarioRun run =
        new ScenarioRun(
            bench, "one client with " + connections + " connections on an idle server", false);
    StatusDocument before = bench.status();
    long end = System.nanoTime() + load.toNanos();
    AtomicLong asked = new AtomicLong();
    Map<String, Long> most = new ConcurrentHashMap<>();
    try (ClosedLoop loop =
        ClosedLoop.start(
            connections,
            end,
            i -> {
              String target = FaultScenarios.distinctRow(asked.incrementAndGet());
              RawHttp.Response r = bench.get(target);
              run.record(r);
              if (!r.outcome().equals("200")) {
                run.problem(
                    target
                        + " got "
                        + r.outcome()
                        + ": "
                        + r.text().substring(0, Math.min(300, r.text().length())));
              } else if (!r.text().contains("SST")) {
                run.problem(target + " got a 200 that is no ASCII answer of SST");
              }
            })) {
      while (System.nanoTime() < end) {
        Thread.sleep(100);
        bench.status().topClients().forEach((c, held) -> most.merge(c, held, Math::max));
      }
      loop.await(bench.clientTimeout().plusSeconds(10));
    }
    StatusDocument after = bench.status();
    long refused = refusedSince(before, after);
    long held = most.values().stream().mapToLong(Long::longValue).max().orElse(0);
    run.note(
        String.format(
            Locale.ROOT,
            "%d requests, %d refused; the client held at most %d of the %d connections",
            asked.get(),
            refused,
            held,
            after.sharesCounter("connections")));
    if (refused != 0) {
      run.problem(refused + " requests of the client alone were refused");
    }
    if (held <= connections / 4) {
      run.problem(
          "the client never held more than "
              + held
              + " connections: the scenario did not reach past the old per-client cap");
    }
    return run.finish(-1);
  }

  /**
   * {@code readers} slow clients, spread over {@code addresses} loopback addresses, each read
   * {@link #LARGE} at {@code bytesPerSecond} for {@code load} (asking again a second after a 503),
   * and once they have all started, one client from 127.0.0.1 asks for {@code coldRequests} small
   * answers nobody asked for before ({@code .ascii} slices of one row, each a BES get), spread over
   * the load. Every one of those must be a whole 200 equal to the BES's, and their p99 at most
   * {@code p99BoundMillis}: the reserve serves them, since a small slice is known short from its
   * constraint. No download may be refused while the spool has room (no disk-budget fallback), and
   * every download must have gone through the spool (handed off: its connection back at the BES's
   * end).
   */
  public ScenarioResult slowReadersBesideColdRequests(
      int readers,
      int addresses,
      int bytesPerSecond,
      int coldRequests,
      long p99BoundMillis,
      Duration load)
      throws Exception {
    String name =
        OtherClients.scenarioName(
                readers,
                bytesPerSecond,
                "a 40 MiB answer from "
                    + (addresses == 1 ? "one address" : addresses + " addresses"),
                1)
            + " asking "
            + coldRequests
            + " small answers nobody asked for before";
    // Fetched before the run, whose counts are its clients' requests alone.
    List<String> cold = new ArrayList<>();
    Map<String, byte[]> references = new ConcurrentHashMap<>();
    for (int i = 0; i < coldRequests; i++) {
      long n = 1_000_000L + i;
      cold.add(FaultScenarios.distinctRow(n));
      // The same bytes under another key: the cold request stays the first of its answer.
      references.put(
          FaultScenarios.distinctRow(n), bench.reference(FaultScenarios.distinctRowAsRanges(n)));
    }
    ScenarioRun run = new ScenarioRun(bench, name, false);
    StatusDocument first = bench.status();
    long start = System.nanoTime();
    long end = start + load.toNanos();
    AtomicLong downloads = new AtomicLong();
    AtomicLong refusedDownloads = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(readers);
    List<Long> micros = Collections.synchronizedList(new ArrayList<>());
    List<String> slow = new ArrayList<>();
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < readers; i++) {
        String address = "127.0.0." + (FIRST_READER_ADDRESS + i % addresses);
        futures.add(
            pool.submit(
                () -> {
                  slowReader(run, address, bytesPerSecond, end, downloads, refusedDownloads);
                  return null;
                }));
      }
      // Once every reader has asked: the cold requests meet the downloads in full flight.
      long coldFrom = start + Math.min(load.toNanos() / 4, Duration.ofSeconds(5).toNanos());
      long coldSpan = (end - coldFrom) * 3 / 4;
      for (int i = 0; i < cold.size(); i++) {
        sleepUntil(coldFrom + coldSpan * i / cold.size());
        String target = cold.get(i);
        long began = System.nanoTime();
        java.time.Instant wall = java.time.Instant.now();
        RawHttp.Response ok = run.timedGet(target, "the cold request " + target, "", micros);
        long took = micros.get(micros.size() - 1);
        if (took > p99BoundMillis * 1_000) {
          // When, so the slow ones can be set beside the front end's GC log and the system's.
          slow.add(
              String.format(
                  Locale.ROOT,
                  "%d at +%.1f s (%s) %.1f ms",
                  i + 1,
                  (began - start) / 1e9,
                  wall,
                  took / 1000.0));
        }
        if (ok != null && !java.util.Arrays.equals(references.get(target), ok.body())) {
          run.problem("the cold request " + target + " got a 200 unlike the BES's answer");
        }
      }
      for (Future<?> future : futures) {
        future.get(
            load.toMillis() + bench.clientTimeout().toMillis() + 10_000, TimeUnit.MILLISECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    StatusDocument after = bench.status();
    double p99 = OtherClients.p99(micros);
    long fallbacks =
        after.get("spool", "fallbackDiskBudget") - first.get("spool", "fallbackDiskBudget");
    long handOffs = after.get("spool", "handOffs") - first.get("spool", "handOffs");
    run.note(
        String.format(
            Locale.ROOT,
            "cold requests: %d, p99 %.1f ms, max %.1f ms (request %d of them); downloads %d, %d"
                + " refused, %d handed to the spool, %d fell back for the disk budget (of %s);"
                + " refused by limit: %s",
            micros.size(),
            p99,
            micros.stream().mapToLong(Long::longValue).max().orElse(0) / 1000.0,
            slowest(micros) + 1,
            downloads.get(),
            refusedDownloads.get(),
            handOffs,
            fallbacks,
            after.get("spool", "diskBudget"),
            refusals(first, after)));
    if (!slow.isEmpty()) {
      run.note("cold requests past " + p99BoundMillis + " ms: " + String.join("; ", slow));
    }
    if (p99 > p99BoundMillis) {
      run.problem(
          String.format(
              Locale.ROOT, "the cold requests' p99, %.1f ms, is past %d ms", p99, p99BoundMillis));
    }
    if (fallbacks == 0 && refusedDownloads.get() != 0) {
      run.problem(
          refusedDownloads.get() + " downloads were refused while the spool had room for them");
    }
    if (handOffs == 0) {
      run.problem("no download was handed to the spool: the readers were not slow");
    }
    return run.finish(-1);
  }

  /** The index of the longest of {@code micros} (request order), so a report says which. */
  private static int slowest(List<Long> micros) {
    synchronized (micros) {
      int index = 0;
      for (int i = 1; i < micros.size(); i++) {
        if (micros.get(i) > micros.get(index)) {
          index = i;
        }
      }
      return index;
    }
  }

  /**
   * One slow client: downloads until {@code end}, asks again a second after a refusal, which must
   * name its limit and carry a Retry-After.
   */
  private void slowReader(
      ScenarioRun run,
      String address,
      int bytesPerSecond,
      long end,
      AtomicLong downloads,
      AtomicLong refused)
      throws InterruptedException {
    while (System.nanoTime() < end) {
      SlowReader.Result r =
          SlowReader.read(bench.port(), address, LARGE, bytesPerSecond, end, bench.clientTimeout());
      run.count(r.outcome());
      downloads.incrementAndGet();
      if (r.status() == 503) {
        refused.incrementAndGet();
        if (r.headers().get("retry-after") == null
            || !(r.text().contains("(clientShare)")
                || r.text().contains("(clientQueue)")
                || r.text().contains("(reserve)")
                || r.text().contains("(pool)"))) {
          run.problem("a slow reader's 503 names no limit or has no Retry-After: " + r.text());
        }
        Thread.sleep(1_000);
      } else if (!r.outcome().equals("slow 200") && !r.outcome().equals("200")) {
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

  private static long refusedSince(StatusDocument before, StatusDocument after) {
    long total = 0;
    for (String limit : List.of("clientShare", "clientQueue", "reserve")) {
      total += after.refused(limit) - before.refused(limit);
    }
    return total + after.get("pool", "exhausted") - before.get("pool", "exhausted");
  }

  private static String refusals(StatusDocument before, StatusDocument after) {
    return String.format(
        Locale.ROOT,
        "clientShare %d, clientQueue %d, reserve %d, pool %d",
        after.refused("clientShare") - before.refused("clientShare"),
        after.refused("clientQueue") - before.refused("clientQueue"),
        after.refused("reserve") - before.refused("reserve"),
        after.get("pool", "exhausted") - before.get("pool", "exhausted"));
  }
}
