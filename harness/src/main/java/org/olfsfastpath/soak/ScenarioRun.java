package org.olfsfastpath.soak;

import static org.olfsfastpath.soak.FaultScenarios.FD_TOLERANCE;
import static org.olfsfastpath.soak.FaultScenarios.PROBE_MARGIN;
import static org.olfsfastpath.soak.FaultScenarios.THREAD_TOLERANCE;
import static org.olfsfastpath.soak.FaultScenarios.abbreviate;
import static org.olfsfastpath.soak.FaultScenarios.internalsShown;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.tomcat.TomcatServer;

/** One scenario in progress: its tally of outcomes and problems, and its measurements. */
final class ScenarioRun {
  private final FaultBench bench;
  private final String name;
  private final boolean baseline;
  private final FaultBench.Resources before;
  private final Map<String, Long> frontEndBefore;
  private final Map<String, Long> cacheBefore;
  private final SortedMap<String, Long> outcomes = new TreeMap<>();
  private final List<String> problems = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final int consoleFrom;
  private long requests;

  ScenarioRun(FaultBench bench, String name, boolean baseline)
      throws IOException, InterruptedException {
    this.bench = bench;
    this.name = name;
    this.baseline = baseline;
    // The baseline's log starts with the web application's start.
    this.consoleFrom = baseline ? 0 : bench.frontEnd().console().length();
    this.before = bench.atRest();
    this.frontEndBefore = FaultBench.counters(before.status(), "frontEnd");
    this.cacheBefore = FaultBench.counters(before.status(), "cache");
  }

  /**
   * Sends one GET and checks it: its outcome is one of {@code allowed}, a 200 carries exactly the
   * healthy body, an error body shows nothing internal, and it took no longer than a client would
   * wait.
   */
  RawHttp.Response request(String target, Set<String> allowed, String... headerLines) {
    RawHttp.Response r =
        headerLines.length == 0
            ? bench.get(target)
            : RawHttp.exchange(
                bench.port(), RawHttp.request("GET", target, headerLines), bench.clientTimeout());
    record(r);
    String outcome = r.outcome();
    if (!allowed.contains(outcome)) {
      problem(target + " got " + outcome + ", expected " + allowed + ": " + abbreviate(r.text()));
    }
    if (outcome.equals("200")) {
      if (bench.fetchReference(target)) {
        count("200"); // fetched through the front end like any request: counted like one
      }
      byte[] reference = bench.reference(target);
      if (!Arrays.equals(reference, r.body())) {
        problem(
            target
                + " got a 200 with "
                + r.body().length
                + " bytes unlike the healthy "
                + reference.length
                + "-byte body: a truncated or wrong answer passed as whole");
      }
    } else if (r.status() >= 400 && r.complete()) {
      checkErrorBody(target, r);
    }
    if (r.status() == 503) {
      checkRetryAfter(target, r);
    }
    return r;
  }

  /**
   * Every 503 says when to come back: the busy pool's configured Retry-After, or the time to the
   * next probe of a BES out of service (whole seconds, at least one, at most ejectionMax).
   */
  private void checkRetryAfter(String target, RawHttp.Response r) {
    FaultBench.Settings s = bench.settings();
    long most = Math.max(s.retryAfterSeconds(), (s.ejectionMax().toMillis() + 999) / 1000);
    String header = r.header("Retry-After");
    long seconds;
    try {
      seconds = header == null ? -1 : Long.parseLong(header.trim());
    } catch (NumberFormatException e) {
      seconds = -1;
    }
    if (seconds < 1 || seconds > most) {
      problem(target + ": a 503 with Retry-After " + header + ", expected 1-" + most + " s");
    }
  }

  /**
   * A 503 of a BES out of service: answered within {@code bound}, its body naming the BES and since
   * when (the DAP error's message), Retry-After checked by {@link #request}.
   */
  void expectDown(RawHttp.Response r, Duration bound) {
    if (r.status() != 503) {
      return; // the outcome was already checked against what was allowed
    }
    String bes = "127.0.0.1:" + bench.besPort();
    if (!r.text().contains("the BES " + bes + " is out of service since ")) {
      problem(
          "a 503 that does not name the BES out of service and since when: "
              + abbreviate(r.text()));
    }
    if (r.millis() > bound.toMillis()) {
      problem(
          "a 503 of the BES out of service took "
              + r.millis()
              + " ms, more than "
              + bound.toMillis()
              + " ms");
    }
  }

  /**
   * Between two looks at /status, {@code refused} requests were refused by the group itself: its
   * count of commands refused while down grew by exactly that, and the BES got no command, so no
   * connection was lent or opened for them.
   */
  void expectRefusedByTheGroup(StatusDocument before, StatusDocument after, long refused) {
    long unavailable = after.groupCounter("unavailable") - before.groupCounter("unavailable");
    if (unavailable != refused) {
      problem(
          "the group refused "
              + unavailable
              + " commands while down, the clients got "
              + refused
              + " 503s");
    }
    long sent = after.besCounter("requests") - before.besCounter("requests");
    if (sent != 0) {
      problem(sent + " commands went to the BES while it was out of service");
    }
  }

  /** A failure that is not a failed connect leaves the BES in service. */
  void expectStillInService(StatusDocument before, StatusDocument after) {
    if (after.down() || after.besCounter("ejections") != before.besCounter("ejections")) {
      problem("the BES was taken out of service: " + after.firstBes());
    }
  }

  /**
   * The time to the next probe of the BES out of service, read when no probe is about to run or
   * running (a probe that meets the BES still down doubles the wait): past that probe when it is
   * less than 200 ms away.
   */
  Duration nextProbeSettled() throws InterruptedException {
    Duration next = bench.status().nextProbe();
    if (next != null && next.toMillis() < 200) {
      Thread.sleep(next.toMillis() + 300);
      next = bench.status().nextProbe();
    }
    if (next == null) {
      problem("/status shows no next probe for the BES out of service: " + bench.status().groups());
      return bench.settings().ejectionMax();
    }
    return next;
  }

  /**
   * Waits until /status shows the group back in service, then sends one request for {@code target},
   * which must succeed; returns the time from {@code since} to its answer in ms. The requests
   * refused meanwhile are not sent: {@link #request} counts exactly what was asked.
   */
  long awaitBackInService(String target, long since, Duration probeIn) throws InterruptedException {
    long deadline = since + bench.servingLimit().toNanos();
    while (bench.status().down()) {
      if (System.nanoTime() > deadline) {
        problem(
            "the group was still down "
                + bench.servingLimit().toMillis()
                + " ms after the"
                + " BES came back: "
                + bench.status().groups());
        return -1;
      }
      Thread.sleep(10);
    }
    RawHttp.Response r = request(target, Set.of("200"));
    long recovery = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
    if (r.status() == 200) {
      expectWithinProbe(recovery, probeIn);
    }
    return recovery;
  }

  /** The front end served again within the probe interval that ran when the BES came back. */
  void expectWithinProbe(long recoveryMillis, Duration probeIn) {
    long bound = probeIn.plus(PROBE_MARGIN).toMillis();
    if (recoveryMillis > bound) {
      problem(
          "served again "
              + recoveryMillis
              + " ms after the BES came back, more than the"
              + " next probe's "
              + probeIn.toMillis()
              + " ms plus "
              + PROBE_MARGIN.toMillis()
              + " ms");
    }
  }

  /** The front end's log since this scenario began shows {@code text} (BesEvents' lines). */
  void expectLogged(String text) {
    String log = bench.frontEnd().console();
    String tail = log.length() >= consoleFrom ? log.substring(consoleFrom) : log;
    String bes = "127.0.0.1:" + bench.besPort();
    // The group's line: "BES host:port of group /prefix taken out of service after ...".
    String said = "BES " + bes + " of group ";
    boolean found = tail.lines().anyMatch(line -> line.contains(said) && line.contains(text));
    if (!found) {
      problem("the log does not say \"" + said + "... " + text + "\"");
    }
  }

  /**
   * Sends one GET for {@code target}, adds its time in microseconds to {@code micros} and counts
   * its answer: the answer when a 200, whose body the caller checks; null otherwise, a problem
   * naming {@code asked}, what it got, {@code beside} and the start of the body.
   */
  RawHttp.@Nullable Response timedGet(
      String target, String asked, String beside, List<Long> micros) {
    long began = System.nanoTime();
    RawHttp.Response r = bench.get(target);
    micros.add((System.nanoTime() - began) / 1_000);
    record(r);
    if (r.outcome().equals("200")) {
      return r;
    }
    problem(
        asked
            + " got "
            + r.outcome()
            + beside
            + ": "
            + r.text().substring(0, Math.min(300, r.text().length())));
    return null;
  }

  synchronized void record(RawHttp.Response r) {
    requests++;
    outcomes.merge(r.outcome(), 1L, Long::sum);
  }

  synchronized void count(String outcome) {
    requests++;
    outcomes.merge(outcome, 1L, Long::sum);
  }

  private void checkErrorBody(String target, RawHttp.Response r) {
    for (String shown : internalsShown(r.text())) {
      problem(
          target
              + ": the "
              + r.status()
              + " body shows \""
              + shown
              + "\": "
              + abbreviate(r.text()));
    }
  }

  synchronized void problem(String problem) {
    if (problems.size() < 20) {
      problems.add(problem);
    }
  }

  synchronized void note(String note) {
    notes.add(note);
  }

  /** A counter the front end's /status always shows. */
  private static long counter(Map<String, Long> counters, String name) {
    return Objects.requireNonNull(counters.get(name), () -> "/status shows no counter " + name);
  }

  private static boolean exceedsTolerance(FaultBench.Leaks leaks) {
    return leaks.threads() > THREAD_TOLERANCE || leaks.fds() > FD_TOLERANCE;
  }

  /** Measures at rest, compares with the start, and checks the counters against the tally. */
  ScenarioResult finish(long recoveryMillis) throws IOException, InterruptedException {
    FaultBench.Resources after = bench.atRest();
    FaultBench.Leaks leaks = FaultBench.Leaks.between(before, after);
    // A descriptor or thread the JVM is still closing right after a kill cycle (a refused
    // connect, a worker ending) is not a leak: a leak is still there when looked at again.
    for (int look = 0; look < 3 && !baseline && exceedsTolerance(leaks); look++) {
      Thread.sleep(2_000);
      after = bench.atRest();
      leaks = FaultBench.Leaks.between(before, after);
    }
    if (leaks.spoolFiles() != 0) {
      problem(leaks.spoolFiles() + " spool files left at rest");
    }
    if (leaks.connections() != 0) {
      problem(
          leaks.connections()
              + " BES connections outside the pool (sockets "
              + after.process().besSockets()
              + ", pool total "
              + after.poolTotal()
              + ", in use "
              + after.poolInUse()
              + ")");
    }
    if (after.poolTotal() > bench.settings().poolMaximum()) {
      problem("the pool holds " + after.poolTotal() + " connections, more than its maximum");
    }
    if (!baseline && leaks.threads() > THREAD_TOLERANCE) {
      problem(leaks.threads() + " more threads than before (tolerance " + THREAD_TOLERANCE + ")");
    }
    if (!baseline && leaks.fds() > FD_TOLERANCE) {
      problem(leaks.fds() + " more file descriptors than before (tolerance " + FD_TOLERANCE + ")");
    }
    if (after.process().workerThreads() > TomcatServer.MAX_THREADS) {
      problem(after.process().workerThreads() + " Tomcat workers, more than maxThreads");
    }
    Map<String, Long> frontEnd = FaultBench.counters(after.status(), "frontEnd");
    Map<String, Long> cache = FaultBench.counters(after.status(), "cache");
    long served = counter(frontEnd, "requests") - counter(frontEndBefore, "requests");
    long lookups =
        counter(cache, "hitCount")
            + counter(cache, "missCount")
            - counter(cacheBefore, "hitCount")
            - counter(cacheBefore, "missCount");
    long sent;
    synchronized (this) {
      sent = requests;
    }
    if (served != sent) {
      problem("the front end counted " + served + " requests, the clients sent " + sent);
    }
    if (lookups != sent) {
      problem("the cache counted " + lookups + " lookups for " + sent + " dataset requests");
    }
    long heap = bench.heapAfterGcKb();
    List<String> all;
    synchronized (this) {
      all = new ArrayList<>(problems);
    }
    ScenarioResult result =
        new ScenarioResult(
            name, sent, outcomes, recoveryMillis, baseline ? null : leaks, heap, all);
    notes.forEach(note -> System.out.println(name + ": " + note));
    return result;
  }
}
