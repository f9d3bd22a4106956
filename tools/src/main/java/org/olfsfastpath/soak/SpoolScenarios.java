package org.olfsfastpath.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The spool's scenarios, on the same bench and with the same measurements at rest as the fault
 * scenarios ({@link FaultScenarios.Run}: leaked spool files, connections, threads, descriptors;
 * the front end's counts against the clients'):
 *
 * <ul>
 *   <li>{@link #slowReaders}: clients on a slow link download {@code big/40MiB.nc.dods}; their BES
 *       connections must go back to the pool while they have read only a sliver (the spool holds
 *       the rest), and each, read on to the end, must be byte-equal to a fast download;
 *   <li>{@link #largeAnswers}: a few 400 MiB answers at full speed at once; the heap after GC
 *       during and after, and the resident set before, at its peak and after, against the flat
 *       memory the front end promises (the heap after GC while they stream at most 16 MiB over
 *       its value before).
 * </ul>
 */
final class SpoolScenarios {
  static final String BIG = "/opendap/big/40MiB.nc.dods";
  static final String LARGE = "/opendap/big/400MiB.nc.dods";
  /** A slow link's receive buffer: the server meets a slow reader after KiB, not MiB. */
  private static final int SLOW_RECEIVE_BUFFER = 16 * 1024;
  private static final long TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(2);
  /** The heap's allowance for the buffers of a few large answers in flight. */
  private static final long HEAP_GROWTH_KB = 16 * 1024;

  private final FaultScenarios scenarios;
  private final FaultBench bench;

  SpoolScenarios(FaultScenarios scenarios, FaultBench bench) {
    this.scenarios = scenarios;
    this.bench = bench;
  }

  /**
   * {@code clients} readers at {@code bytesPerSecond} download {@link #BIG}; their connections
   * must be back in the pool while they read; then they read on at full speed, each answer whole
   * and equal to a fast download's, and no spool file is left.
   */
  ScenarioResult slowReaders(int clients, long bytesPerSecond) throws Exception {
    FaultScenarios.Run run = scenarios.new Run(clients + " slow readers at " + bytesPerSecond
        + " B/s, big/40MiB.nc.dods", false);
    SlowDownload.Result reference = new SlowDownload(bench.port(), BIG, 0, 1 << 20).call();
    run.count(reference.outcome());
    if (!reference.outcome().equals("200")) {
      run.problem("a fast download of " + BIG + " got " + reference.outcome() + ": "
          + reference.failure());
      return run.finish(-1);
    }
    long releasedBefore = bench.status().get("spool", "earlyReleases");
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<SlowDownload> readers = new ArrayList<>();
      List<Future<SlowDownload.Result>> results = new ArrayList<>();
      long start = System.nanoTime();
      for (int i = 0; i < clients; i++) {
        SlowDownload reader = new SlowDownload(bench.port(), BIG, bytesPerSecond,
            SLOW_RECEIVE_BUFFER);
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
        run.problem("the BES connections were not back in the pool while the clients read: pool "
            + at.sections().get("pool") + ", spool " + at.sections().get("spool"));
      } else {
        run.note(String.format(Locale.ROOT, "BES connections back in the pool %d ms after the"
                + " requests, the clients having read at most %d of %d bytes; spool then %.1f"
                + " MiB in memory, %.1f MiB on disk, %d files", releasedMillis, mostRead,
            reference.bytes(), at.get("spool", "memoryBytes") / 1048576.0,
            at.get("spool", "diskBytes") / 1048576.0, at.get("spool", "openFiles")));
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
          run.problem("a slow download of " + result.bytes() + " bytes differs from the fast"
              + " one of " + reference.bytes());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return run.finish(-1);
  }

  /**
   * {@code clients} readers download {@link #LARGE} at full speed at once; the heap after GC is
   * taken before, while they stream (once each has read a tenth) and after, and the resident set
   * sampled throughout.
   */
  ScenarioResult largeAnswers(int clients) throws Exception {
    FaultScenarios.Run run = scenarios.new Run(clients + " concurrent big/400MiB.nc.dods at"
        + " full speed", false);
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
    run.note(String.format(Locale.ROOT, "heap after GC %.1f MiB before, %.1f MiB while they"
            + " streamed, %.1f MiB after; resident set %.1f MiB before, %.1f MiB at its peak,"
            + " %.1f MiB after; %.1f MiB went through the spool (clients that fell behind a"
            + " moment)", heapBefore / 1024.0, heapDuring / 1024.0, heapAfter / 1024.0,
        rssBefore / 1024.0, rssPeak / 1024.0, rssAfter / 1024.0, spooled / 1048576.0));
    if (heapBefore > 0 && heapDuring > 0 && heapDuring - heapBefore > HEAP_GROWTH_KB) {
      run.problem(String.format(Locale.ROOT, "the heap after GC grew by %.1f MiB while %d large"
          + " answers streamed, more than %d MiB", (heapDuring - heapBefore) / 1024.0, clients,
          HEAP_GROWTH_KB / 1024));
    }
    return run.finish(-1);
  }
}
