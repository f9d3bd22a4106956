package org.olfsfastpath.soak;

import static org.olfsfastpath.soak.ClosedLoop.sleepUntil;
import static org.olfsfastpath.soak.FaultScenarios.ASCII;
import static org.olfsfastpath.soak.FaultScenarios.BIG;
import static org.olfsfastpath.soak.FaultScenarios.FAST_FAILURE;
import static org.olfsfastpath.soak.FaultScenarios.OTHER_ASCII;
import static org.olfsfastpath.soak.FaultScenarios.SMALL;
import static org.olfsfastpath.soak.FaultScenarios.abbreviate;
import static org.olfsfastpath.soak.FaultScenarios.percentile;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.emulator.Fault;

/**
 * The BES wedged: it accepts connections but never answers the handshake. The front end takes it
 * out of service after one handshake timeout, refuses at once meanwhile while what needs no BES
 * still answers, and serves again within a probe interval of the BES's recovery.
 */
record WedgedBesScenario(FaultBench bench, FaultScenarios scenarios) {
  /**
   * The BES wedged: it accepts connections but never answers the PPT handshake (old BES processes
   * holding the listening socket after a restart), and the front end's connections to the old
   * processes are gone. The first data request waits the handshake timeout, not the read timeout,
   * and gets 503 with Retry-After: that failed connect took the BES out of service. Then {@code
   * fastRequests} requests (data, 3 MB data, first-time metadata) each get 503 at once, with no
   * command sent and no connect tried beyond the probes'. Meanwhile what needs no BES still
   * answers: a conditional request on a kept metadata answer (304, by If-None-Match and by
   * If-Modified-Since), the kept answer itself, and /status, which shows the group down, since
   * when, and why. The wedge lasts at least {@code hold}; the emulator recovers right after a probe
   * failed, and the front end serves again within the one probe interval then running. Last, the
   * contrast: a BES that answers the handshake and then never a command is only slow; that request
   * waits the read timeout (504), and the BES stays in service.
   */
  ScenarioResult wedgedBes(int fastRequests, Duration hold) throws Exception {
    FaultBench.Settings s = bench.settings();
    Duration handshake = s.handshakeTimeout();
    bench.reference(ASCII);
    bench.reference(OTHER_ASCII);
    bench.reference(BIG);
    ScenarioRun run =
        new ScenarioRun(
            bench,
            "BES wedged (accepts, never answers the handshake; handshake timeout "
                + handshake.toMillis()
                + " ms), "
                + fastRequests
                + " requests while out",
            false);
    // A kept metadata answer and its validators, for the requests that need no BES.
    RawHttp.Response kept = run.request(SMALL, Set.of("200"));
    String etag = kept.header("ETag");
    String lastModified = kept.header("Last-Modified");
    if (etag == null || lastModified == null) {
      run.problem("the kept " + SMALL + " has no ETag or Last-Modified: " + kept.headers());
    }

    bench.bes().setConnectionFault(Fault.silentHandshake());
    bench.killBes(); // the old processes' connections close; new ones meet the wedge
    bench.startBes();
    long wedged = System.nanoTime();
    Instant wedgedAt = Instant.now();
    RawHttp.Response first = run.request(ASCII, Set.of("503"));
    // The handshake timeout and a loaded machine's margin: less than the 2 s read timeout, so a
    // read timeout would show here even if its 504 did not.
    run.expectDown(first, handshake.plusMillis(900));
    if (first.millis() < handshake.toMillis() - 50) {
      run.problem(
          "the first request failed after "
              + first.millis()
              + " ms, before the "
              + handshake.toMillis()
              + " ms handshake timeout");
    }
    if (!first.text().contains("handshake")) {
      run.problem(
          "the first 503 does not say the handshake timed out: " + abbreviate(first.text()));
    }
    run.note(
        "first request: 503 after "
            + first.millis()
            + " ms (handshake timeout "
            + handshake.toMillis()
            + " ms)");

    StatusDocument down = bench.status();
    int connectsBefore = bench.bes().connectionCount();
    List<String> targets = List.of(ASCII, OTHER_ASCII, BIG);
    List<Long> millis = new ArrayList<>();
    for (int i = 0; i < fastRequests; i++) {
      // Every fourth a first-time metadata request: its showNode is refused the same way.
      String target = i % 4 == 3 ? "/opendap" + scenarios.coldPath() + ".das" : targets.get(i % 4);
      RawHttp.Response r = run.request(target, Set.of("503"));
      run.expectDown(r, FAST_FAILURE);
      millis.add(r.millis());
    }
    StatusDocument stillDown = bench.status();
    run.expectRefusedByTheGroup(down, stillDown, fastRequests);
    long connects = bench.bes().connectionCount() - connectsBefore;
    long probes = stillDown.besCounter("probes") - down.besCounter("probes");
    if (connects > probes + 1) {
      run.problem(
          connects
              + " connections reached the wedged BES during the "
              + fastRequests
              + " refused requests, but only "
              + probes
              + " probes ran");
    }
    Collections.sort(millis);
    run.note(
        String.format(
            Locale.ROOT,
            "%d requests while out: 503 in p50 %d ms, max %d ms;"
                + " meanwhile %d connections reached the BES and %d probes ran",
            fastRequests,
            percentile(millis, 50),
            millis.isEmpty() ? 0 : millis.get(millis.size() - 1),
            connects,
            probes));

    // What needs no BES still answers.
    run.request(SMALL, Set.of("304"), "If-None-Match: " + etag);
    run.request(SMALL, Set.of("304"), "If-Modified-Since: " + lastModified);
    run.request(SMALL, Set.of("200"));
    StatusDocument shown = bench.status(); // answered while down, too
    Instant since = shown.downSince();
    if (!shown.down() || since == null) {
      run.problem("/status does not show the group down: " + shown.groups());
    } else if (since.isBefore(wedgedAt.minusSeconds(1)) || since.isAfter(Instant.now())) {
      run.problem("/status says down since " + since + ", but the wedge began at " + wedgedAt);
    }
    Object cause = shown.firstBes().get("ejectionCause");
    if (!Boolean.TRUE.equals(shown.firstBes().get("ejected"))
        || !String.valueOf(cause).contains("handshake")
        || shown.nextProbe() == null) {
      run.problem(
          "/status does not show the BES ejected for its handshake, with its next probe: "
              + shown.firstBes());
    }
    run.expectLogged("taken out of service");
    run.note("/status while out: " + shown.rootGroup());

    // Recover just after a probe failed: the next one is then a whole back-off away.
    sleepUntil(wedged + hold.toNanos());
    long failedProbes = bench.status().besCounter("probeFailures");
    long probeDeadline =
        System.nanoTime() + s.ejectionMax().plus(handshake).plusSeconds(10).toNanos();
    while (bench.status().besCounter("probeFailures") <= failedProbes) {
      if (System.nanoTime() > probeDeadline) {
        run.problem(
            "no probe of the wedged BES failed within "
                + s.ejectionMax().plus(handshake).toMillis()
                + " ms");
        break;
      }
      Thread.sleep(20);
    }
    bench.bes().setConnectionFault(null);
    long back = System.nanoTime();
    Duration probeIn = run.nextProbeSettled();
    long recovery = run.awaitBackInService(ASCII, back, probeIn);
    StatusDocument recovered = bench.status();
    run.note(
        "out of service for "
            + TimeUnit.NANOSECONDS.toMillis(back - wedged)
            + " ms, "
            + recovered.besCounter("probeFailures")
            + " failed probes in all; served again "
            + recovery
            + " ms after the BES answered handshakes again (next probe was in "
            + probeIn.toMillis()
            + " ms)");
    run.expectLogged("back in service");

    // The contrast: the handshake answered, the command never (a new connection, as the first
    // command after a restart would have).
    bench.killBes();
    bench.startBes();
    bench.bes().enqueueFault(Fault.stopReading());
    Duration timeout = s.readTimeout();
    RawHttp.Response slow = run.request(ASCII, Set.of("504"));
    if (slow.millis() < timeout.toMillis() - 50 || slow.millis() > timeout.toMillis() + 2_000) {
      run.problem(
          "a command never answered got its 504 after "
              + slow.millis()
              + " ms, expected"
              + " the "
              + timeout.toMillis()
              + " ms read timeout");
    }
    StatusDocument afterSlow = bench.status();
    run.expectStillInService(recovered, afterSlow);
    if (afterSlow.besCounter("timeouts") - recovered.besCounter("timeouts") != 1) {
      run.problem(
          "the command never answered did not count as one timeout: " + afterSlow.firstBes());
    }
    run.request(ASCII, Set.of("200"));
    return run.finish(recovery);
  }
}
