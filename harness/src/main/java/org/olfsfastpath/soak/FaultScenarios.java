package org.olfsfastpath.soak;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.olfsfastpath.emulator.RecordedRequest;

/**
 * The fault and load scenarios, written once for the integration tests (short) and scripts/soak
 * (long). Each runs against a {@link FaultBench}, measures the front end at rest before and after,
 * and returns a {@link ScenarioResult} listing every expectation it broke: what each client got,
 * that 200 answers carry exactly the body a healthy BES gives, that nothing waits past its timeout,
 * that service comes back by itself, that no BES connection, thread or descriptor is left behind,
 * and that the front end's counters agree with what the clients saw.
 *
 * <p>This class is their entry point and holds what they share (the requests, the bounds, the check
 * of an error body); each family is a class of its own, every scenario checked by a {@link
 * ScenarioRun}: the BES not there ({@link OutageScenarios}), answering wrongly ({@link
 * BrokenBesScenarios}), too slow or too busy ({@link SlowBesScenarios}), wedged ({@link
 * WedgedBesScenario}), and load with a healthy BES ({@link LoadScenarios}). Every BES process
 * killed at once and the fair shares are {@link ShareScenarios}, the spool's {@link
 * SpoolScenarios}.
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

  private final OutageScenarios outages;
  private final BrokenBesScenarios broken;
  private final SlowBesScenarios slow;
  private final WedgedBesScenario wedged;
  private final LoadScenarios load;

  public FaultScenarios(FaultBench bench) {
    this.bench = bench;
    this.outages = new OutageScenarios(bench);
    this.broken = new BrokenBesScenarios(bench);
    this.slow = new SlowBesScenarios(bench, this);
    this.wedged = new WedgedBesScenario(bench, this);
    this.load = new LoadScenarios(bench);
  }

  /** The catalog path of synthetic dataset {@code i} (fanout 100, a million datasets). */
  public static String synthetic(long i) {
    long dir = i / 100;
    return String.format(Locale.ROOT, "/synthetic/d%02d/d%02d/ds%06d.nc", dir / 100, dir % 100, i);
  }

  /**
   * A small ASCII answer of its own for each {@code month} (0-11): ten rows of SST, within the
   * response buffer, so whole before its first byte goes out.
   */
  public static String distinctSlice(int month) {
    return String.format(
        Locale.ROOT,
        "/opendap/coads_climatology.nc.ascii?SST%%5B%d:1:%d%%5D%%5B40:1:49%%5D%%5B0:1:179%%5D",
        month,
        month);
  }

  /**
   * A small ASCII answer of its own for each {@code n}: one row of SST (or, past the 1,080 rows, a
   * shorter row), so a request for it is the first for that answer and reaches the BES.
   */
  public static String distinctRow(long n) {
    return "/opendap/coads_climatology.nc.ascii?" + row(n, false);
  }

  /**
   * The same answer as {@link #distinctRow}, asked with the single indexes written as ranges: the
   * BES sends the same bytes, the caches know it as another answer. For a reference body fetched
   * without warming the caches for the other form.
   */
  public static String distinctRowAsRanges(long n) {
    return "/opendap/coads_climatology.nc.ascii?" + row(n, true);
  }

  private static String row(long n, boolean ranges) {
    long month = n % 12;
    long lat = (n / 12) % 90;
    long last = 179 - (n / 1080) % 170;
    // Brackets percent-encoded, as a browser sends them: Tomcat refuses them raw unless its
    // connector allows them (relaxedQueryChars).
    String constraint =
        ranges
            ? String.format(
                Locale.ROOT, "SST[%d:1:%d][%d:1:%d][0:1:%d]", month, month, lat, lat, last)
            : String.format(Locale.ROOT, "SST[%d][%d][0:%d]", month, lat, last);
    return constraint.replace("[", "%5B").replace("]", "%5D");
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

  // ------------------------------------------------------------------ the scenarios, by family

  /**
   * The web application deployed while no BES listens, then the BES started: see {@link
   * OutageScenarios#besDownAtStart}. Must run first, on a bench from {@link
   * FaultBench#startWithBesDown}.
   */
  public ScenarioResult besDownAtStart(int requestsWhileDown) throws Exception {
    return outages.besDownAtStart(requestsWhileDown);
  }

  /** The BES killed under load and restarted after {@code down}: {@link OutageScenarios}. */
  public ScenarioResult besKilledMidLoad(int clients, Duration load, Duration down)
      throws Exception {
    return outages.besKilledMidLoad(clients, load, down);
  }

  /** A fatal error after which the BES process exits: {@link BrokenBesScenarios}. */
  public ScenarioResult fatalError() throws Exception {
    return broken.fatalError();
  }

  /** Garbage, bad chunks, an error after data, a BES that stops: {@link BrokenBesScenarios}. */
  public ScenarioResult protocolFaults() throws Exception {
    return broken.protocolFaults();
  }

  /** A get and a showNode past the read timeout: {@link SlowBesScenarios}. */
  public ScenarioResult slowBes() throws Exception {
    return slow.slowBes();
  }

  /** {@code burst} concurrent requests for fewer BES connections: {@link SlowBesScenarios}. */
  public ScenarioResult poolExhaustion(int burst) throws Exception {
    return slow.poolExhaustion(burst);
  }

  /** The BES accepts but never answers the handshake: {@link WedgedBesScenario}. */
  public ScenarioResult wedgedBes(int fastRequests, Duration hold) throws Exception {
    return wedged.wedgedBes(fastRequests, hold);
  }

  /** {@code connections} connections each asking at once: {@link LoadScenarios}. */
  public ScenarioResult concurrentConnections(int connections, String target) throws Exception {
    return load.concurrentConnections(connections, target);
  }

  /** {@code paths} distinct datasets against the cache's bound: {@link LoadScenarios}. */
  public ScenarioResult cacheBound(long paths, int clients) throws Exception {
    return load.cacheBound(paths, clients);
  }

  /** Steady load for {@code duration}, the heap after GC sampled: {@link LoadScenarios}. */
  ScenarioResult soak(Duration duration, int clients, Duration window, PrintStream progress)
      throws Exception {
    return load.soak(duration, clients, window, progress);
  }

  // ------------------------------------------------------------------ shared machinery

  /** The p-th percentile of {@code sorted}; 0 when it is empty. */
  static long percentile(List<Long> sorted, int p) {
    if (sorted.isEmpty()) {
      return 0;
    }
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
  }

  /** A get of the dataset whose file name ends with {@code fileName}. */
  static Predicate<RecordedRequest> getOf(String fileName) {
    return r -> r.hasCommand("get") && r.containerPath().endsWith(fileName);
  }

  /** Which server paths, stack-trace marks or internals an error body shows; empty when none. */
  public static List<String> internalsShown(String body) {
    return FORBIDDEN_IN_ERRORS.stream().filter(body::contains).toList();
  }

  public static String abbreviate(String text) {
    String flat = text.replaceAll("\\s+", " ");
    return flat.length() > 160 ? flat.substring(0, 160) + "..." : flat;
  }
}
