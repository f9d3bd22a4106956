package org.olfsfastpath.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.emulator.FaultRule;
import org.olfsfastpath.emulator.RecordedRequest;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * The fault and load scenarios, written once for the integration tests (short) and scripts/soak
 * (long). Each runs against a {@link FaultBench}, measures the front end at rest before and after,
 * and returns a {@link ScenarioResult} listing every expectation it broke: what each client got,
 * that 200 answers carry exactly the body a healthy BES gives, that nothing waits past its timeout,
 * that service comes back by itself, that no BES connection, thread or descriptor is left behind,
 * and that the front end's counters agree with what the clients saw.
 */
public final class FaultScenarios {
  /**
   * Metadata: once warm, answered from the response cache with no BES message, so a fault injected
   * on the BES never reaches it. The scenarios fault data requests instead, or metadata asked for
   * the first time.
   */
  public static final String SMALL = "/opendap/coads_climatology.nc.das";

  public static final String SMALL_OTHER = "/opendap/fnoc1.nc.dds";

  /** A small data request: one get each time, warm or not. */
  public static final String ASCII = "/opendap/coads_climatology.nc.ascii?COADSX";

  /** A small data request on another dataset: one get of fnoc1.nc each time. */
  public static final String OTHER_ASCII = "/opendap/fnoc1.nc.ascii?lat";

  /** About 3 MB: far past the front end's 32 KiB response buffer, so it commits while streaming. */
  public static final String BIG = "/opendap/coads_climatology.nc.dods";

  /**
   * The longest a request may take to be refused while its BES is out of service: the group answers
   * at once, with no connect, so this is an HTTP exchange on loopback (about a millisecond) with
   * room for a loaded machine, and far below the connect and handshake timeouts a connect attempt
   * could cost.
   */
  public static final Duration FAST_FAILURE = Duration.ofMillis(100);

  /**
   * The same under a scenario's own load (16 clients refused as fast as they can ask, on two
   * cores): still half the handshake timeout, so no connect attempt hides in it.
   */
  static final Duration FAST_FAILURE_UNDER_LOAD = Duration.ofMillis(500);

  /**
   * Past the probe that was due when a BES came back: the probe thread's start, the probe's own
   * connect and handshake on loopback, and this side's polling of /status, on a loaded machine.
   */
  static final Duration PROBE_MARGIN = Duration.ofMillis(1_000);

  /**
   * Threads that may appear between two measurements at rest without being a leak: a JVM thread
   * started on first need (a GC or attach helper) or a Tomcat housekeeping thread. A leak per
   * request or per fault shows as far more than this after a scenario's dozens of requests.
   */
  static final int THREAD_TOLERANCE = 2;

  /** Descriptors likewise: a jar or log file opened on first need. */
  static final int FD_TOLERANCE = 4;

  /** Error bodies must show none of these: server paths, stack traces, BES or server internals. */
  private static final List<String> FORBIDDEN_IN_ERRORS =
      List.of(
          "/usr/share/hyrax",
          "Exception",
          "\tat ",
          ".java",
          ".cc",
          "BESError",
          "<Type>",
          "org.olfsfastpath",
          "org.apache",
          "Apache Tomcat");

  private final FaultBench bench;
  private final AtomicLong coldPaths = new AtomicLong(500_000);

  public FaultScenarios(FaultBench bench) {
    this.bench = bench;
  }

  /** The catalog path of synthetic dataset {@code i} (fanout 100, a million datasets). */
  public static String synthetic(long i) {
    long dir = i / 100;
    return String.format(Locale.ROOT, "/synthetic/d%02d/d%02d/ds%06d.nc", dir / 100, dir % 100, i);
  }

  /** A synthetic dataset no scenario asked for before: its first request costs a showNode. */
  public String coldPath() {
    return synthetic(coldPaths.incrementAndGet());
  }

  /**
   * Fetches the reference bodies, and runs a GC through jcmd once, so that the threads and
   * descriptors that first use creates exist before the first measurement.
   */
  public void warmUp() {
    for (String target : List.of(SMALL, SMALL_OTHER, ASCII, OTHER_ASCII, BIG)) {
      bench.reference(target);
      bench.get(target);
    }
    bench.heapAfterGcKb();
  }

  // ------------------------------------------------------------------ the scenarios

  /**
   * The web application deployed while no BES listens: its start-up version fetch found the BES
   * unreachable and took it out of service, so requests answer 503 at once, with Retry-After (the
   * time to the next probe) and a DAP error naming the BES and since when, and never try a connect;
   * /status shows the group down. Then the BES starts, and service begins without a Tomcat restart
   * within the probe interval that was running: a probe (a connect and a handshake, no command)
   * brings the BES back. Must run first, on a bench from {@link FaultBench#startWithBesDown}; its
   * start is the baseline of the leak checks.
   */
  public ScenarioResult besDownAtStart(int requestsWhileDown) throws Exception {
    Run run = new Run("BES down at start", true);
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
  public ScenarioResult besKilledMidLoad(int clients, Duration load, Duration down)
      throws Exception {
    Run run = new Run("BES killed mid-load, restarted after " + down.toMillis() + " ms", false);
    List<String> targets = List.of(ASCII, OTHER_ASCII, BIG, SMALL);
    targets.forEach(bench::reference);
    long start = System.nanoTime();
    long end = start + load.toNanos();
    List<Timed> timings = Collections.synchronizedList(new ArrayList<>());
    long back;
    Duration probeIn;
    try (ClosedLoop loop =
        ClosedLoop.start(
            clients,
            end,
            i -> {
              String target = targets.get(i % targets.size());
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
            })) {
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

  /**
   * The BES answers {@code exit=true;status=error;} with a fatal error and its process exits: that
   * data request gets a 500 with a clean message, the connection is dropped, the next succeeds. A
   * BES error answer proves the BES works: it is not taken out of service.
   */
  public ScenarioResult fatalError() throws Exception {
    bench.reference(ASCII); // before the run: a reference fetch is no request of the scenario
    Run run = new Run("BES process exits after a fatal error", false);
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
   * A get and a showNode that take longer than the read timeout (the BES never answers) get a 504
   * within the timeout plus a margin, while data requests for another dataset keep flowing (each a
   * get). A slow BES is not taken out of service: both count as timeouts, none as an ejection.
   */
  public ScenarioResult slowBes() throws Exception {
    Duration timeout = bench.settings().readTimeout();
    bench.reference(ASCII);
    bench.reference(OTHER_ASCII);
    Run run =
        new Run(
            "slow BES (get and showNode past the " + timeout.toMillis() + " ms read timeout)",
            false);
    StatusDocument before = bench.status();
    String cold = coldPath();
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
   * A BES that sends garbage, an oversized chunk header, half a chunk, an error after data, or
   * stops writing or reading mid-message. Before the answer is committed the client gets a 502 (504
   * for a stall) with a DAP error; once 32 KiB of a 3 MB answer went out, the connection is aborted
   * and the client sees a truncated body, never a short 200. The next request succeeds, and the
   * broken connections are gone. The small answers are data requests (a get each time): kept
   * metadata would never reach the faulty BES. Broken commands count towards an ejection, but never
   * of a group's last BES: the BES stays in service throughout.
   */
  public ScenarioResult protocolFaults() throws Exception {
    bench.reference(OTHER_ASCII);
    bench.reference(BIG);
    Run run = new Run("garbage, bad chunks, error after data, BES stops writing or reading", false);
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
  public ScenarioResult wedgedBes(int fastRequests, Duration hold) throws Exception {
    FaultBench.Settings s = bench.settings();
    Duration handshake = s.handshakeTimeout();
    bench.reference(ASCII);
    bench.reference(OTHER_ASCII);
    bench.reference(BIG);
    Run run =
        new Run(
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
      String target = i % 4 == 3 ? "/opendap" + coldPath() + ".das" : targets.get(i % 4);
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

  /**
   * More concurrent requests than BES connections, each get held by a slow BES: those that get no
   * connection within the acquire timeout are answered 503 with Retry-After, nobody waits longer
   * than the acquire timeout plus one slow get, and the pool is back to idle afterwards.
   */
  public ScenarioResult poolExhaustion(int burst) throws Exception {
    FaultBench.Settings s = bench.settings();
    Duration hold = s.acquireTimeout().plusMillis(500);
    Run run =
        new Run(
            "pool exhaustion: "
                + burst
                + " concurrent requests, "
                + s.poolMaximum()
                + " BES connections, gets held "
                + hold.toMillis()
                + " ms",
            false);
    String path = coldPath();
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

  /**
   * {@code connections} connections opened at once, each sending one warm small request before any
   * answer is read: every one must get a 200 with the exact body.
   */
  public ScenarioResult concurrentConnections(int connections, String target) throws Exception {
    byte[] expected = bench.reference(target);
    Run run =
        new Run(
            connections
                + " concurrent connections, warm "
                + target.substring(target.lastIndexOf('/') + 1),
            false);
    List<Socket> sockets = new ArrayList<>();
    byte[] request = RawHttp.request("GET", target);
    try {
      for (int i = 0; i < connections; i++) {
        Socket socket = new Socket();
        sockets.add(socket);
        socket.connect(new InetSocketAddress("127.0.0.1", bench.port()), 10_000);
        socket.setSoTimeout(60_000);
      }
      for (Socket socket : sockets) {
        socket.getOutputStream().write(request);
      }
      // Every request is in flight before the first answer is read: the server holds them all.
      ExecutorService readers = Executors.newFixedThreadPool(16);
      try {
        List<Future<RawHttp.Response>> futures = new ArrayList<>();
        for (Socket socket : sockets) {
          futures.add(readers.submit(() -> RawHttp.readResponse(socket, request)));
        }
        for (Future<RawHttp.Response> f : futures) {
          RawHttp.Response r = f.get(120, TimeUnit.SECONDS);
          run.record(r);
          if (!r.outcome().equals("200")) {
            run.problem("a connection got " + r.outcome() + ": " + abbreviate(r.text()));
          } else if (!Arrays.equals(expected, r.body())) {
            run.problem("a 200 with a body unlike the healthy one (" + r.body().length + " bytes)");
          }
        }
      } finally {
        readers.shutdownNow();
      }
    } finally {
      for (Socket socket : sockets) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // Closing a test socket.
        }
      }
    }
    return run.finish(-1);
  }

  /**
   * {@code paths} distinct datasets requested once each (HEAD, answered from the data-source cache
   * after one showNode): the cache stays at its configured size and the heap after GC is measured
   * before and after.
   */
  public ScenarioResult cacheBound(long paths, int clients) throws Exception {
    int max = bench.settings().cacheMaxEntries();
    Run run = new Run("cache bound: " + paths + " distinct datasets, maxEntries " + max, false);
    long heapBefore = bench.heapAfterGcKb();
    long first = 0;
    AtomicLong next = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        futures.add(
            pool.submit(
                () -> {
                  try (RawHttp.KeepAlive connection =
                      new RawHttp.KeepAlive(bench.port(), Duration.ofSeconds(30))) {
                    long i;
                    while ((i = next.getAndIncrement()) < paths) {
                      int status = connection.head("/opendap" + synthetic(first + i) + ".das");
                      run.count(Integer.toString(status));
                      if (status != 200) {
                        run.problem("HEAD of dataset " + (first + i) + " answered " + status);
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    // Caffeine evicts on its own executor: give it a moment to settle before judging the size.
    long size = -1;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      size = bench.status().get("cache", "size");
      if (size <= max) {
        break;
      }
      Thread.sleep(100);
    }
    if (size > max) {
      run.problem("the cache holds " + size + " entries, more than maxEntries " + max);
    }
    long heapAfter = bench.heapAfterGcKb();
    run.note(
        String.format(
            Locale.ROOT,
            "cache size %d of %d; heap after GC %.1f MiB before, %.1f" + " MiB after",
            size,
            max,
            heapBefore / 1024.0,
            heapAfter / 1024.0));
    return run.finish(-1);
  }

  /**
   * Steady load for {@code duration}: {@code clients} clients loop over small and ASCII requests
   * (and one 3 MB answer in twenty). Every {@code window} the throughput, the latency percentiles
   * and the heap after a full GC are printed; the heap after GC must stay flat (the last window
   * within 25% plus 8 MiB of the first) and every answer must be a whole 200.
   */
  ScenarioResult soak(Duration duration, int clients, Duration window, PrintStream progress)
      throws Exception {
    Run run = new Run("soak: " + duration.toSeconds() + " s, " + clients + " clients", false);
    List<String> targets = new ArrayList<>();
    for (int i = 0; i < 19; i++) {
      targets.add(List.of(SMALL, SMALL_OTHER, ASCII, OTHER_ASCII).get(i % 4));
    }
    targets.add(BIG);
    targets.forEach(bench::reference);
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
    List<Long> heaps = new ArrayList<>();
    int windowIndex = 0;
    try (ClosedLoop loop =
        ClosedLoop.start(
            clients,
            end,
            i -> {
              RawHttp.Response r = run.request(targets.get(i % targets.size()), Set.of("200"));
              latencies.add(r.millis());
            })) {
      while (System.nanoTime() < end) {
        sleepUntil(Math.min(end, start + window.toNanos() * (windowIndex + 1)));
        windowIndex++;
        List<Long> sample = new ArrayList<>();
        Long latency;
        while ((latency = latencies.poll()) != null) {
          sample.add(latency);
        }
        Collections.sort(sample);
        long heap = bench.heapAfterGcKb();
        heaps.add(heap);
        progress.printf(
            Locale.ROOT,
            "soak %4d s: %6d requests (%.0f/s), latency p50 %d ms,"
                + " p99 %d ms, max %d ms; heap after GC %.1f MiB%n",
            TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start),
            sample.size(),
            sample.size() / (double) window.toSeconds(),
            percentile(sample, 50),
            percentile(sample, 99),
            sample.isEmpty() ? 0 : sample.get(sample.size() - 1),
            heap / 1024.0);
        run.note(
            String.format(
                Locale.ROOT,
                "window %d: %d requests, p50 %d ms, p99 %d ms, heap" + " after GC %.1f MiB",
                windowIndex,
                sample.size(),
                percentile(sample, 50),
                percentile(sample, 99),
                heap / 1024.0));
      }
      loop.await(bench.clientTimeout().plusSeconds(10));
    }
    if (heaps.size() >= 2 && heaps.get(0) > 0) {
      long first = heaps.get(0);
      long last = heaps.get(heaps.size() - 1);
      if (last > first * 1.25 + 8 * 1024) {
        run.problem(
            String.format(
                Locale.ROOT,
                "heap after GC grew from %.1f to %.1f MiB",
                first / 1024.0,
                last / 1024.0));
      }
    }
    return run.finish(-1);
  }

  private static long percentile(List<Long> sorted, int p) {
    if (sorted.isEmpty()) {
      return 0;
    }
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
  }

  // ------------------------------------------------------------------ shared machinery

  private static Predicate<RecordedRequest> getOf(String fileName) {
    return r -> r.hasCommand("get") && r.containerPath().endsWith(fileName);
  }

  private record Timed(long start, long end, String target, String outcome) {}

  private static void sleepUntil(long nanoTime) throws InterruptedException {
    long left = nanoTime - System.nanoTime();
    if (left > 0) {
      TimeUnit.NANOSECONDS.sleep(left);
    }
  }

  /** Which server paths, stack-trace marks or internals an error body shows; empty when none. */
  public static List<String> internalsShown(String body) {
    return FORBIDDEN_IN_ERRORS.stream().filter(body::contains).toList();
  }

  public static String abbreviate(String text) {
    String flat = text.replaceAll("\\s+", " ");
    return flat.length() > 160 ? flat.substring(0, 160) + "..." : flat;
  }

  /** One scenario in progress: its tally of outcomes and problems, and its measurements. */
  final class Run {
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

    Run(String name, boolean baseline) throws IOException, InterruptedException {
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
     * A 503 of a BES out of service: answered within {@code bound}, its body naming the BES and
     * since when (the DAP error's message), Retry-After checked by {@link #request}.
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
        problem(
            "/status shows no next probe for the BES out of service: " + bench.status().groups());
        return bench.settings().ejectionMax();
      }
      return next;
    }

    /**
     * Waits until /status shows the group back in service, then sends one request for {@code
     * target}, which must succeed; returns the time from {@code since} to its answer in ms. The
     * requests refused meanwhile are not sent: {@link #request} counts exactly what was asked.
     */
    long awaitBackInService(String target, long since, Duration probeIn)
        throws InterruptedException {
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
        problem(
            leaks.fds() + " more file descriptors than before (tolerance " + FD_TOLERANCE + ")");
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
}
