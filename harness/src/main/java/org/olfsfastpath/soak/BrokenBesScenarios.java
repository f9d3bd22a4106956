package org.olfsfastpath.soak;

import static org.olfsfastpath.soak.FaultScenarios.ASCII;
import static org.olfsfastpath.soak.FaultScenarios.BIG;
import static org.olfsfastpath.soak.FaultScenarios.OTHER_ASCII;
import static org.olfsfastpath.soak.FaultScenarios.getOf;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.emulator.FaultRule;
import org.olfsfastpath.emulator.RecordedRequest;

/**
 * A BES that answers wrongly: a fatal error after which its process exits, garbage, bad chunks, an
 * error after data, a BES that stops writing or reading mid-message. Each request fails cleanly,
 * the broken connection is dropped, the next request succeeds, and the BES stays in service.
 */
final class BrokenBesScenarios {
  private final FaultBench bench;

  BrokenBesScenarios(FaultBench bench) {
    this.bench = bench;
  }

  /**
   * The BES answers {@code exit=true;status=error;} with a fatal error and its process exits: that
   * data request gets a 500 with a clean message, the connection is dropped, the next succeeds. A
   * BES error answer proves the BES works: it is not taken out of service.
   */
  ScenarioResult fatalError() throws Exception {
    bench.reference(ASCII); // before the run: a reference fetch is no request of the scenario
    ScenarioRun run = new ScenarioRun(bench, "BES process exits after a fatal error", false);
    StatusDocument before = bench.status();
    long discarded = before.get("pool", "discarded");
    bench.bes().enqueueFault(Fault.fatalError());
    run.request(ASCII, Set.of("500"));
    long back = System.nanoTime();
    run.request(ASCII, Set.of("200"));
    long recovery = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back);
    StatusDocument after = bench.status();
    if (after.get("pool", "discarded") <= discarded) {
      run.problem("the connection of the exited BES process was not discarded");
    }
    run.expectStillInService(before, after);
    return run.finish(recovery);
  }

  /**
   * A BES that sends garbage, an oversized chunk header, half a chunk, an error after data, or
   * stops writing or reading mid-message. Before the answer is committed the client gets a 502 (504
   * for a stall) with a DAP error; once 32 KiB of a 3 MB answer went out, the connection is aborted
   * and the client sees a truncated body, never a short 200. The next request succeeds, and the
   * broken connections are gone. The small answers are data requests (a get each time): kept
   * metadata would never reach the faulty BES. Broken commands count towards an ejection, but never
   * of a group's last BES: the BES stays in service throughout.
   */
  ScenarioResult protocolFaults() throws Exception {
    bench.reference(OTHER_ASCII);
    bench.reference(BIG);
    ScenarioRun run =
        new ScenarioRun(
            bench, "garbage, bad chunks, error after data, BES stops writing or reading", false);
    StatusDocument before = bench.status();
    Predicate<RecordedRequest> small = getOf("fnoc1.nc");
    Predicate<RecordedRequest> big =
        r ->
            r.hasCommand("get")
                && r.getType().equals("dods")
                && r.containerPath().endsWith("coads_climatology.nc");
    record Case(
        Fault fault,
        Predicate<RecordedRequest> matches,
        String target,
        String expected,
        boolean connectionKept) {}
    List<Case> cases =
        List.of(
            new Case(Fault.garbage(), small, OTHER_ASCII, "502", false),
            new Case(Fault.oversizedChunkHeader(), small, OTHER_ASCII, "502", false),
            new Case(Fault.closeConnection(), small, OTHER_ASCII, "502", false),
            new Case(Fault.truncatedChunk(), small, OTHER_ASCII, "502", false),
            // The error document ends its message cleanly: the BES process is in step and is kept.
            new Case(Fault.midStreamError(), small, OTHER_ASCII, "502", true),
            new Case(Fault.stallMidResponse(), small, OTHER_ASCII, "504", false),
            new Case(Fault.truncatedChunk(), big, BIG, "truncated", false),
            new Case(Fault.midStreamError(), big, BIG, "truncated", true),
            new Case(Fault.stallMidResponse(), big, BIG, "truncated", false));
    long worstRecovery = 0;
    for (Case c : cases) {
      long discarded = bench.status().get("pool", "discarded");
      // A rule, not a one-shot fault: the retry on a fresh connection meets the fault too.
      FaultRule rule = FaultRule.when(c.matches(), c.fault());
      bench.bes().addFaultRule(rule);
      RawHttp.Response r;
      try {
        r = run.request(c.target(), Set.of(c.expected()));
      } finally {
        bench.bes().removeFaultRule(rule);
      }
      if (c.expected().equals("truncated") && r.status() == 200 && r.body().length < 32 * 1024) {
        run.problem(
            c.fault()
                + ": the client got only "
                + r.body().length
                + " bytes before the"
                + " abort; the answer should have been committed");
      }
      long back = System.nanoTime();
      run.request(c.target(), Set.of("200"));
      worstRecovery = Math.max(worstRecovery, System.nanoTime() - back);
      boolean discardedOne = bench.status().get("pool", "discarded") > discarded;
      if (!c.connectionKept() && !discardedOne) {
        run.problem(c.fault() + ": the broken connection was not discarded");
      }
    }
    // A BES process that completes the handshake, then never reads: needs a new connection.
    bench.killBes();
    bench.startBes();
    bench.bes().enqueueFault(Fault.stopReading());
    run.request(OTHER_ASCII, Set.of("504"));
    long back = System.nanoTime();
    run.request(OTHER_ASCII, Set.of("200"));
    worstRecovery = Math.max(worstRecovery, System.nanoTime() - back);
    run.expectStillInService(before, bench.status());
    return run.finish(TimeUnit.NANOSECONDS.toMillis(worstRecovery));
  }
}
