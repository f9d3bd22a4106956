package org.olfsfastpath.soak;

import static org.olfsfastpath.soak.ClosedLoop.sleepUntil;
import static org.olfsfastpath.soak.FaultScenarios.ASCII;
import static org.olfsfastpath.soak.FaultScenarios.BIG;
import static org.olfsfastpath.soak.FaultScenarios.FAST_FAILURE;
import static org.olfsfastpath.soak.FaultScenarios.FAST_FAILURE_UNDER_LOAD;
import static org.olfsfastpath.soak.FaultScenarios.OTHER_ASCII;
import static org.olfsfastpath.soak.FaultScenarios.SMALL;
import static org.olfsfastpath.soak.FaultScenarios.SMALL_OTHER;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The BES not there: the web application started while no BES listens, and the BES killed under
 * load and started again. Requests meet the BES out of service (503 at once, no connect tried), and
 * service comes back within the probe interval that was running.
 */
final class OutageScenarios {
  private final FaultBench bench;

  OutageScenarios(FaultBench bench) {
    this.bench = bench;
  }

  /**
   * The web application deployed while no BES listens: its start-up version fetch found the BES
   * unreachable and took it out of service, so requests answer 503 at once, with Retry-After (the
   * time to the next probe) and a DAP error naming the BES and since when, and never try a connect;
   * /status shows the group down. Then the BES starts, and service begins without a Tomcat restart
   * within the probe interval that was running: a probe (a connect and a handshake, no command)
   * brings the BES back. Must run first, on a bench from {@link FaultBench#startWithBesDown}; its
   * start is the baseline of the leak checks.
   */
  ScenarioResult besDownAtStart(int requestsWhileDown) throws Exception {
    ScenarioRun run = new ScenarioRun(bench, "BES down at start", true);
    StatusDocument before = bench.status();
    if (!before.down() || before.downSince() == null) {
      run.problem(
          "/status does not show the group down since a time while no BES listens: "
              + before.groups());
    }
    // Data requests and a first-time metadata request: each needs the BES.
    List<String> targets = List.of(ASCII, OTHER_ASCII, SMALL);
    for (int i = 0; i < requestsWhileDown; i++) {
      RawHttp.Response r = run.request(targets.get(i % targets.size()), Set.of("503"));
      run.expectDown(r, FAST_FAILURE);
      if (r.status() == 503 && !r.text().startsWith("Error {")) {
        run.problem("a 503 without a DAP2 error body: " + r.text());
      }
    }
    run.expectRefusedByTheGroup(before, bench.status(), requestsWhileDown);
    Duration probeIn = run.nextProbeSettled();
    bench.startBes();
    long back = System.nanoTime();
    long recovery = run.awaitBackInService(ASCII, back, probeIn);
    List<String> served = List.of(SMALL, SMALL_OTHER, ASCII, OTHER_ASCII);
    for (int i = 0; i < 20; i++) {
      run.request(served.get(i % served.size()), Set.of("200"));
    }
    run.expectLogged("taken out of service");
    run.expectLogged("back in service");
    return run.finish(recovery);
  }

  /**
   * Clients loop over data requests (two small ASCII ones and a 3 MB one, each a get) and a warm
   * metadata request while the BES is killed and, after {@code down}, restarted. In-flight requests
   * fail cleanly (502, 504, or an aborted body the client sees as truncated), never hang and never
   * pass a truncated body off as whole. The first connect that is refused takes the BES out of
   * service: from then on data requests get 503 at once with Retry-After, no command reaches a BES
   * connection and no connect is tried, while the warm metadata keeps answering 200 from the
   * response cache. Service resumes within the probe interval that was running when the BES came
   * back, and every request started after that succeeds.
   */
  ScenarioResult besKilledMidLoad(int clients, Duration load, Duration down) throws Exception {
    ScenarioRun run =
        new ScenarioRun(
            bench, "BES killed mid-load, restarted after " + down.toMillis() + " ms", false);
    List<String> targets = List.of(ASCII, OTHER_ASCII, BIG, SMALL);
    targets.forEach(bench::reference);
    long start = System.nanoTime();
    long end = start + load.toNanos();
    List<Timed> timings = Collections.synchronizedList(new ArrayList<>());
    long back;
    Duration probeIn;
    ClosedLoop.TargetRequest client =
        target -> {
          long began = System.nanoTime();
          // The kept metadata needs no BES: the outage must not touch it.
          Set<String> allowed =
              target.equals(SMALL)
                  ? Set.of("200")
                  : target.equals(BIG)
                      ? Set.of("200", "502", "503", "504", "truncated")
                      : Set.of("200", "502", "503", "504");
          RawHttp.Response r = run.request(target, allowed);
          if (r.status() == 503) {
            run.expectDown(r, FAST_FAILURE_UNDER_LOAD);
          }
          timings.add(new Timed(began, System.nanoTime(), target, r.outcome()));
        };
    try (ClosedLoop loop = ClosedLoop.cycling(clients, end, targets, client)) {
      sleepUntil(start + load.toNanos() / 3);
      bench.killBes();
      long killed = System.nanoTime();
      // Two looks at the group while the BES is down and the clients are refused.
      sleepUntil(killed + Math.min(down.toNanos() / 3, TimeUnit.MILLISECONDS.toNanos(500)));
      StatusDocument early = bench.status();
      sleepUntil(killed + down.toNanos());
      StatusDocument late = bench.status();
      if (!early.down() || !late.down()) {
        run.problem("the group was not down while the BES was: " + early.groups());
      } else {
        Instant since =
            Objects.requireNonNull(early.downSince(), "a group that is down shows since when");
        if (!since.equals(late.downSince())) {
          run.problem(
              "the group's downSince changed during one outage: "
                  + early.downSince()
                  + ", then "
                  + late.downSince());
        }
        if (late.besCounter("requests") != early.besCounter("requests")) {
          run.problem(
              (late.besCounter("requests") - early.besCounter("requests"))
                  + " commands went to the BES while it was out of service");
        }
        if (late.groupCounter("unavailable") <= early.groupCounter("unavailable")) {
          run.problem("no request was refused by the group while it was down");
        }
      }
      probeIn = run.nextProbeSettled();
      bench.startBes();
      back = System.nanoTime();
      loop.await(load.plus(bench.clientTimeout()).plusSeconds(10));
    }
    // Recovery: the first data request (the metadata never failed) answered 200 after the BES
    // came back.
    long firstSuccess =
        timings.stream()
            .filter(t -> t.start >= back && t.outcome.equals("200") && !t.target.equals(SMALL))
            .mapToLong(t -> t.end)
            .min()
            .orElse(-1);
    if (firstSuccess < 0) {
      run.problem("no data request succeeded after the BES came back");
      return run.finish(-1);
    }
    long recovered = firstSuccess;
    timings.stream()
        .filter(t -> t.start >= recovered && !t.outcome.equals("200"))
        .forEach(t -> run.problem("a request started after recovery got " + t.outcome));
    long failures = timings.stream().filter(t -> !t.outcome.equals("200")).count();
    long refused = timings.stream().filter(t -> t.outcome.equals("503")).count();
    if (failures == 0) {
      run.problem("the BES was killed and no request noticed: the scenario tested nothing");
    } else if (refused == 0) {
      run.problem("no request met the BES out of service (503)");
    }
    long recovery = TimeUnit.NANOSECONDS.toMillis(firstSuccess - back);
    run.expectWithinProbe(recovery, probeIn);
    return run.finish(recovery);
  }

  private record Timed(long start, long end, String target, String outcome) {}
}
