package org.olfsfastpath.soak;

import static org.olfsfastpath.soak.FaultScenarios.ASCII;
import static org.olfsfastpath.soak.FaultScenarios.OTHER_ASCII;
import static org.olfsfastpath.soak.FaultScenarios.abbreviate;
import static org.olfsfastpath.soak.FaultScenarios.getOf;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.emulator.FaultRule;

/**
 * A BES slower than the front end waits: commands past the read timeout (504, other requests
 * flowing meanwhile), and more concurrent requests than BES connections while gets are held (503
 * with Retry-After once the acquire timeout passed). A slow or busy BES stays in service.
 */
record SlowBesScenarios(FaultBench bench, FaultScenarios scenarios) {
  /**
   * A get and a showNode that take longer than the read timeout (the BES never answers) get a 504
   * within the timeout plus a margin, while data requests for another dataset keep flowing (each a
   * get). A slow BES is not taken out of service: both count as timeouts, none as an ejection.
   */
  ScenarioResult slowBes() throws Exception {
    Duration timeout = bench.settings().readTimeout();
    bench.reference(ASCII);
    bench.reference(OTHER_ASCII);
    ScenarioRun run =
        new ScenarioRun(
            bench,
            "slow BES (get and showNode past the " + timeout.toMillis() + " ms read timeout)",
            false);
    StatusDocument before = bench.status();
    String cold = scenarios.coldPath();
    String coldTarget = "/opendap" + cold + ".das";
    FaultRule slowGet = FaultRule.when(getOf("fnoc1.nc"), Fault.stall());
    FaultRule slowShowNode =
        FaultRule.when(r -> r.hasCommand("showNode") && r.xml().contains(cold), Fault.stall());
    bench.bes().addFaultRule(slowGet);
    bench.bes().addFaultRule(slowShowNode);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    long flowing = 0;
    try {
      Future<RawHttp.Response> get = pool.submit(() -> run.request(OTHER_ASCII, Set.of("504")));
      Future<RawHttp.Response> showNode = pool.submit(() -> run.request(coldTarget, Set.of("504")));
      while (!get.isDone() || !showNode.isDone()) {
        run.request(ASCII, Set.of("200"));
        flowing++;
      }
      for (RawHttp.Response slow : List.of(get.get(), showNode.get())) {
        if (slow.millis() < timeout.toMillis() - 50 || slow.millis() > timeout.toMillis() + 2_000) {
          run.problem(
              "a slow request answered after "
                  + slow.millis()
                  + " ms, expected about "
                  + timeout.toMillis()
                  + " ms");
        }
      }
    } finally {
      bench.bes().removeFaultRule(slowGet);
      bench.bes().removeFaultRule(slowShowNode);
      pool.shutdownNow();
    }
    if (flowing < 5) {
      run.problem("only " + flowing + " other requests completed while two waited on the slow BES");
    }
    StatusDocument after = bench.status();
    run.expectStillInService(before, after);
    long timeouts = after.besCounter("timeouts") - before.besCounter("timeouts");
    if (timeouts != 2) {
      run.problem("the BES counted " + timeouts + " timeouts, expected the 2 slow commands");
    }
    long back = System.nanoTime();
    run.request(OTHER_ASCII, Set.of("200"));
    run.request(coldTarget, Set.of("200")); // the failed showNode was not cached
    return run.finish(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back));
  }

  /**
   * More concurrent requests than BES connections, each get held by a slow BES: those that get no
   * connection within the acquire timeout are answered 503 with Retry-After, nobody waits longer
   * than the acquire timeout plus one slow get, and the pool is back to idle afterwards.
   */
  ScenarioResult poolExhaustion(int burst) throws Exception {
    FaultBench.Settings s = bench.settings();
    Duration hold = s.acquireTimeout().plusMillis(500);
    ScenarioRun run =
        new ScenarioRun(
            bench,
            "pool exhaustion: "
                + burst
                + " concurrent requests, "
                + s.poolMaximum()
                + " BES connections, gets held "
                + hold.toMillis()
                + " ms",
            false);
    String path = scenarios.coldPath();
    // A data request, so that each one of the burst sends its own get (a metadata answer would
    // be kept after the reference fetch and cost the burst no BES connection at all).
    String target = "/opendap" + path + ".ascii?lat";
    // The reference body now, while a connection is free: the burst will leave none.
    if (bench.fetchReference(target)) {
      run.count("200");
    }
    StatusDocument before = bench.status();
    long exhaustedBefore = before.get("pool", "exhausted");
    FaultRule slow =
        FaultRule.when(
            r -> r.hasCommand("get") && r.containerPath().equals(path), Fault.delay(hold));
    bench.bes().addFaultRule(slow);
    ExecutorService pool = Executors.newFixedThreadPool(burst);
    List<RawHttp.Response> responses = new ArrayList<>();
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<RawHttp.Response>> futures = new ArrayList<>();
      for (int i = 0; i < burst; i++) {
        futures.add(
            pool.submit(
                () -> {
                  go.await();
                  return run.request(target, Set.of("200", "503"));
                }));
      }
      go.countDown();
      for (Future<RawHttp.Response> f : futures) {
        responses.add(f.get(bench.clientTimeout().toMillis() + 10_000, TimeUnit.MILLISECONDS));
      }
    } finally {
      bench.bes().removeFaultRule(slow);
      pool.shutdownNow();
    }
    long bound = s.acquireTimeout().plus(hold).multipliedBy(2).plusSeconds(2).toMillis();
    long refused = 0;
    for (RawHttp.Response r : responses) {
      if (r.status() == 503) {
        refused++;
        if (!r.text().contains("every BES connection is in use")) {
          run.problem("a 503 that is not the busy one: " + abbreviate(r.text()));
        }
        if (!Integer.toString(s.retryAfterSeconds()).equals(r.header("Retry-After"))) {
          run.problem(
              "a 503 without Retry-After: "
                  + s.retryAfterSeconds()
                  + " (was "
                  + r.header("Retry-After")
                  + ")");
        }
      }
      if (r.millis() > bound) {
        run.problem("a request waited " + r.millis() + " ms, more than " + bound + " ms");
      }
    }
    if (refused == 0) {
      run.problem("no request was refused: the pool was never exhausted");
    }
    if (burst - refused < s.poolMaximum()) {
      run.problem(
          "only "
              + (burst - refused)
              + " requests were served, fewer than the "
              + s.poolMaximum()
              + " connections");
    }
    StatusDocument after = bench.status();
    long exhausted = after.get("pool", "exhausted") - exhaustedBefore;
    if (exhausted != refused) {
      run.problem(
          "the pool counted "
              + exhausted
              + " exhausted waits but clients got "
              + refused
              + " 503s");
    }
    // A busy BES is not a failed one.
    run.expectStillInService(before, after);
    long back = System.nanoTime();
    run.request(target, Set.of("200"));
    return run.finish(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back));
  }
}
