package org.olfsfastpath.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The spool's scenarios, on the same bench and with the same measurements at rest as the fault
 * scenarios ({@link ScenarioRun}: leaked spool files, connections, threads, descriptors; the front
 * end's counts against the clients'):
 *
 * <ul>
 *   <li>{@link #slowReaders}: clients on a slow link download {@code big/40MiB.nc.dods}; their BES
 *       connections must go back to the pool while they have read only a sliver (the spool holds
 *       the rest), and each, read on to the end, must be byte-equal to a fast download;
 *   <li>{@link #slowReadersBesideOthers}: the combined case, at the shipped pool, share and
 *       reserve defaults: slow readers from one address beside other clients from another; the slow
 *       readers' connections go back at the BES's end (so their share of the pool serves them all
 *       within seconds), the others get only 200s, every slow answer is whole;
 *   <li>{@link #largeAnswers}: a few 400 MiB answers at full speed at once; the heap after GC
 *       during and after, and the resident set before, at its peak and after, against the flat
 *       memory the front end promises (the heap after GC while they stream at most 16 MiB over its
 *       value before).
 * </ul>
 */
public final class SpoolScenarios {
  public static final String BIG = "/opendap/big/40MiB.nc.dods";
  public static final String LARGE = "/opendap/big/400MiB.nc.dods";

  /** A slow link's receive buffer: the server meets a slow reader after KiB, not MiB. */
  private static final int SLOW_RECEIVE_BUFFER = 16 * 1024;

  private static final long TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(2);

  /** The heap's allowance for the buffers of a few large answers in flight. */
  private static final long HEAP_GROWTH_KB = 16 * 1024;

  private final FaultScenarios scenarios;
  private final FaultBench bench;

  public SpoolScenarios(FaultScenarios scenarios, FaultBench bench) {
    this.scenarios = scenarios;
    this.bench = bench;
  }

  /**
   * {@code clients} readers at {@code bytesPerSecond} download {@link #BIG}; their connections must
   * be back in the pool while they read; then they read on at full speed, each answer whole and
   * equal to a fast download's, and no spool file is left.
   */
  public ScenarioResult slowReaders(int clients, long bytesPerSecond) throws Exception {
    ScenarioRun run =
        new ScenarioRun(
            bench,
            clients + " slow readers at " + bytesPerSecond + " B/s, big/40MiB.nc.dods",
            false);
    SlowDownload.Result reference = new SlowDownload(bench.port(), BIG, 0, 1 << 20).call();
    run.count(reference.outcome());
    if (!reference.outcome().equals("200")) {
      run.problem(
          "a fast download of " + BIG + " got " + reference.outcome() + ": " + reference.failure());
      return run.finish(-1);
    }
    long releasedBefore = bench.status().get("spool", "earlyReleases");
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<SlowDownload> readers = new ArrayList<>();
      List<Future<SlowDownload.Result>> results = new ArrayList<>();
      long start = System.nanoTime();
      for (int i = 0; i < clients; i++) {
        SlowDownload reader =
            new SlowDownload(bench.port(), BIG, bytesPerSecond, SLOW_RECEIVE_BUFFER);
        readers.add(reader);
        results.add(pool.submit(reader));
      }
      boolean released = false;
      while (System.nanoTime() - start < TIMEOUT_NANOS) {
        StatusDocument s = bench.status();
        if (s.get("spool", "earlyReleases") - releasedBefore >= clients
            && s.get("pool", "inUse") == 0) {
          released = true;
          break;
        }
        Thread.sleep(50);
      }
      long releasedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      long mostRead = readers.stream().mapToLong(SlowDownload::received).max().orElse(0);
      StatusDocument at = bench.status();
      if (!released) {
        run.problem(
            "the BES connections were not back in the pool while the clients read: pool "
                + at.sections().get("pool")
                + ", spool "
                + at.sections().get("spool"));
      } else {
        run.note(
            String.format(
                Locale.ROOT,
                "BES connections back in the pool %d ms after the"
                    + " requests, the clients having read at most %d of %d bytes; spool then %.1f"
                    + " MiB in memory, %.1f MiB on disk, %d files",
                releasedMillis,
                mostRead,
                reference.bytes(),
                at.get("spool", "memoryBytes") / 1048576.0,
                at.get("spool", "diskBytes") / 1048576.0,
                at.get("spool", "openFiles")));
        if (mostRead >= reference.bytes()) {
          run.problem("a client had read the whole answer before the connections were back");
        }
      }
      readers.forEach(SlowDownload::readAtFullSpeed);
      for (Future<SlowDownload.Result> future : results) {
        SlowDownload.Result result = future.get(TIMEOUT_NANOS, TimeUnit.NANOSECONDS);
        run.count(result.outcome());
        if (!result.outcome().equals("200")) {
          run.problem("a slow download got " + result.outcome() + ": " + result.failure());
        } else if (!result.sha256().equals(reference.sha256())
            || result.bytes() != reference.bytes()) {
          run.problem(
              "a slow download of "
                  + result.bytes()
                  + " bytes differs from the fast"
                  + " one of "
                  + reference.bytes());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return run.finish(-1);
  }

  /**
   * The combined case: {@code readers} slow readers of {@link #BIG} from {@code address}
   * (each asks again a second after a 503 of its share or queue, until it gets its answer) beside
   * {@code normalClients} other clients from 127.0.0.1 asking for kept metadata, a kept small slice
   * and the metadata of datasets nobody asked for before (which need BES connections) for {@code
   * load}. Every slow answer must be read from the BES and its connection be back in the pool while
   * its client still reads (every answer released early, the connections in use no more than the
   * other clients hold), every other request a whole 200 with a p99 under the slow readers within a
   * few times their p99 alone ({@link OtherClients#checkP99}), and each slow download, read on to
   * its end at full speed once the load is over, byte-equal to a fast one. With the shipped spool,
   * 48 answers of 40 MiB fit its budgets (32 MiB of memory, then 2 GiB of files); 400 MiB answers
   * would need 19 GiB.
   */
  public ScenarioResult slowReadersBesideOthers(
      int readers, String address, long bytesPerSecond, int normalClients, Duration load)
      throws Exception {
    // Cold metadata too: short requests that need BES connections, which the slow readers must
    // not have taken.
    OtherClients others = OtherClients.keptAndCold(bench, scenarios::coldPath);
    String name =
        OtherClients.scenarioName(
            readers, bytesPerSecond, "big/40MiB.nc.dods from one address, spooled", normalClients);
    ScenarioRun run = new ScenarioRun(bench, name, false);
    SlowDownload.Result reference = new SlowDownload(bench.port(), BIG, 0, 1 << 20).call();
    run.count(reference.outcome());
    if (!reference.outcome().equals("200")) {
      run.problem("a fast download of " + BIG + " got " + reference.outcome());
      return run.finish(-1);
    }
    List<Long> idle = others.alone(run, normalClients, load);
    long releasedBefore = bench.status().get("spool", "earlyReleases");
    long start = System.nanoTime();
    long end = start + load.toNanos();
    ExecutorService pool = Executors.newFixedThreadPool(readers + 1);
    List<Long> busy;
    try {
      List<Reader> slow = new ArrayList<>();
      List<Future<SlowDownload.Result>> results = new ArrayList<>();
      for (int i = 0; i < readers; i++) {
        Reader reader = new Reader(run, address, bytesPerSecond, end + TIMEOUT_NANOS);
        slow.add(reader);
        results.add(pool.submit(reader));
      }
      Future<List<Long>> normal =
          pool.submit(() -> others.run(run, normalClients, end, "beside the slow readers"));
      long releasedAt = -1;
      long mostRead = 0;
      while (System.nanoTime() - start < load.toNanos() + TIMEOUT_NANOS) {
        StatusDocument s = bench.status();
        // The other clients hold at most one connection each, for a moment.
        if (s.get("spool", "earlyReleases") - releasedBefore >= readers
            && s.get("pool", "inUse") <= normalClients) {
          releasedAt = System.nanoTime();
          mostRead = slow.stream().mapToLong(Reader::received).max().orElse(0);
          break;
        }
        Thread.sleep(100);
      }
      if (releasedAt < 0) {
        run.problem(
            "not every slow answer was spooled and its connection back in the pool: "
                + bench.status().sections().get("pool")
                + " "
                + bench.status().sections().get("spool"));
      } else {
        run.note(
            String.format(
                Locale.ROOT,
                "all %d slow answers read from the BES and their"
                    + " connections back in the pool %d ms after the first request, the slow clients"
                    + " having read at most %d of %d bytes",
                readers,
                TimeUnit.NANOSECONDS.toMillis(releasedAt - start),
                mostRead,
                reference.bytes()));
        if (mostRead >= reference.bytes()) {
          run.problem("a slow client had read the whole answer before the connections were back");
        }
      }
      busy =
          normal.get(
              load.toMillis() + TimeUnit.NANOSECONDS.toMillis(TIMEOUT_NANOS),
              TimeUnit.MILLISECONDS);
      slow.forEach(Reader::fullSpeed);
      for (Future<SlowDownload.Result> future : results) {
        SlowDownload.Result result = future.get(TIMEOUT_NANOS, TimeUnit.NANOSECONDS);
        if (!result.outcome().equals("200")) {
          run.problem(
              "a slow reader got "
                  + result.outcome()
                  + " after "
                  + result.bytes()
                  + " of "
                  + reference.bytes()
                  + " bytes: "
                  + result.failure());
        } else if (!result.sha256().equals(reference.sha256())
            || result.bytes() != reference.bytes()) {
          run.problem("a slow download of " + result.bytes() + " bytes differs from the fast one");
        }
      }
    } finally {
      pool.shutdownNow();
    }
    OtherClients.checkP99(run, idle, busy, "under the slow readers");
    return run.finish(-1);
  }

  /** One slow reader: asks again a second after a 503, until it gets its answer. */
  private final class Reader implements java.util.concurrent.Callable<SlowDownload.Result> {
    private final ScenarioRun run;
    private final String address;
    private final long bytesPerSecond;
    private final long deadline;
    private volatile boolean full;
    private volatile SlowDownload current;

    Reader(ScenarioRun run, String address, long bytesPerSecond, long deadline) {
      this.run = run;
      this.address = address;
      this.bytesPerSecond = bytesPerSecond;
      this.deadline = deadline;
      this.current =
          new SlowDownload(bench.port(), address, BIG, bytesPerSecond, SLOW_RECEIVE_BUFFER);
    }

    @Override
    public SlowDownload.Result call() throws InterruptedException {
      while (true) {
        SlowDownload.Result result = current.call();
        run.count(result.outcome());
        if (result.status() != 503 || System.nanoTime() > deadline) {
          return result;
        }
        Thread.sleep(1_000);
        SlowDownload next =
            new SlowDownload(
                bench.port(), address, BIG, full ? 0 : bytesPerSecond, SLOW_RECEIVE_BUFFER);
        current = next;
        if (full) {
          next.readAtFullSpeed();
        }
      }
    }

    long received() {
      return current.received();
    }

    void fullSpeed() {
      full = true;
      current.readAtFullSpeed();
    }
  }

  /**
   * {@code clients} readers download {@link #LARGE} at full speed at once; the heap after GC is
   * taken before, while they stream (once each has read a tenth) and after, and the resident set
   * sampled throughout.
   */
  public ScenarioResult largeAnswers(int clients) throws Exception {
    ScenarioRun run =
        new ScenarioRun(
            bench, clients + " concurrent big/400MiB.nc.dods at" + " full speed", false);
    long pid = bench.frontEnd().pid();
    long spooledBefore = bench.status().get("spool", "spooledBytes");
    long heapBefore = bench.heapAfterGcKb();
    long rssBefore = ProcessProbe.rssKb(pid);
    long rssPeak = rssBefore;
    long heapDuring = -1;
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    List<SlowDownload.Result> done = new ArrayList<>();
    try {
      List<SlowDownload> readers = new ArrayList<>();
      List<Future<SlowDownload.Result>> results = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        SlowDownload reader = new SlowDownload(bench.port(), LARGE, 0, 1 << 20);
        readers.add(reader);
        results.add(pool.submit(reader));
      }
      long start = System.nanoTime();
      while (!results.stream().allMatch(Future::isDone)
          && System.nanoTime() - start < 4 * TIMEOUT_NANOS) {
        rssPeak = Math.max(rssPeak, ProcessProbe.rssKb(pid));
        if (heapDuring < 0 && readers.stream().allMatch(r -> r.received() > 40L << 20)) {
          heapDuring = bench.heapAfterGcKb();
        }
        Thread.sleep(250);
      }
      for (Future<SlowDownload.Result> future : results) {
        done.add(future.get(TIMEOUT_NANOS, TimeUnit.NANOSECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
    long heapAfter = bench.heapAfterGcKb();
    long rssAfter = ProcessProbe.rssKb(pid);
    long spooled = bench.status().get("spool", "spooledBytes") - spooledBefore;
    String sha = done.isEmpty() ? "" : done.get(0).sha256();
    for (SlowDownload.Result result : done) {
      run.count(result.outcome());
      if (!result.outcome().equals("200")) {
        run.problem("a 400 MiB download got " + result.outcome() + ": " + result.failure());
      } else if (!result.sha256().equals(sha) || result.bytes() < 400L << 20) {
        run.problem("the 400 MiB downloads differ: " + result.bytes() + " bytes");
      }
    }
    run.note(
        String.format(
            Locale.ROOT,
            "heap after GC %.1f MiB before, %.1f MiB while they"
                + " streamed, %.1f MiB after; resident set %.1f MiB before, %.1f MiB at its peak,"
                + " %.1f MiB after; %.1f MiB went through the spool (clients that fell behind a"
                + " moment)",
            heapBefore / 1024.0,
            heapDuring / 1024.0,
            heapAfter / 1024.0,
            rssBefore / 1024.0,
            rssPeak / 1024.0,
            rssAfter / 1024.0,
            spooled / 1048576.0));
    if (heapBefore <= 0 || heapDuring <= 0) {
      // The bound is the scenario's point: not measured is not passed.
      run.problem(
          "the heap after GC could not be read (jcmd GC.heap_info) before or while the"
              + " large answers streamed, so its growth is unknown");
    } else if (heapDuring - heapBefore > HEAP_GROWTH_KB) {
      run.problem(
          String.format(
              Locale.ROOT,
              "the heap after GC grew by %.1f MiB while %d large"
                  + " answers streamed, more than %d MiB",
              (heapDuring - heapBefore) / 1024.0,
              clients,
              HEAP_GROWTH_KB / 1024));
    }
    return run.finish(-1);
  }
}
