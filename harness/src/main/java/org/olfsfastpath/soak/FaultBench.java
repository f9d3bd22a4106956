package org.olfsfastpath.soak;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * The system under test for the fault scenarios: the WAR in a real Tomcat in front of the BES
 * emulator on a fixed loopback port, which the scenarios take down ({@link BesEmulator#pause()},
 * what the front end sees of a killed BES: every connection closed, connects refused) and bring
 * back ({@link BesEmulator#resume()}), and script faults into. Also takes the measurements the
 * scenarios compare: pool counters, threads and descriptors of the Tomcat JVM, heap after GC.
 */
public final class FaultBench implements AutoCloseable {
  /** A data request (one get each time), whose 200 says the front end serves. */
  static final String SERVING_CHECK = "/opendap/coads_climatology.nc.ascii?COADSX";

  /** Synthetic datasets in the emulator's catalog, for cold paths and the cache bound. */
  static final int SYNTHETIC_DATASETS = 1_000_000;

  /**
   * The front end's settings that the scenarios depend on.
   *
   * @param handshakeTimeout how long a connected BES may take to answer the PPT handshake ({@code
   *     FastPath/ClientPool@handshakeTimeout})
   * @param ejectionBase the wait before the first probe of a BES taken out of service ({@code
   *     FastPath/BesGroups@ejectionBase})
   * @param ejectionMax the longest wait between two probes ({@code FastPath/BesGroups@ejectionMax})
   * @param shares whether the groups' fair shares and the pools' reserve are on at their defaults;
   *     off ({@code clientShare="100%"}, {@code reserve="0"}) for the scenarios whose clients all
   *     come from one loopback address and that measure the pool itself
   * @param keepData whether data answers are kept by the response cache, as by default; off ({@code
   *     dataTypes=""}) for the scenarios that need every data request to reach the BES
   */
  public record Settings(
      Duration readTimeout,
      Duration acquireTimeout,
      int poolMaximum,
      int cacheMaxEntries,
      int retryAfterSeconds,
      String heap,
      Duration handshakeTimeout,
      Duration ejectionBase,
      Duration ejectionMax,
      boolean shares,
      boolean keepData) {
    /**
     * What the fault scenarios run with (FaultsIT, and scripts/soak's fault part): a handshake
     * timeout of 1 s, half the read timeout, so that a wedged BES (its handshake never answered) is
     * told apart from a slow one by the time alone; the shipped ejectionBase (1 s) and an
     * ejectionMax of 4 s instead of 10 s, so that a BES that comes back after a long outage is
     * probed within seconds and the suite stays short. Every client is 127.0.0.1 and every data
     * request must meet the faults: no shares, no data answer kept.
     */
    public static final Settings FAULTS =
        new Settings(
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            8,
            10_000,
            2,
            "256m",
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            Duration.ofSeconds(4),
            false,
            false);

    /** What the load checks run with (LoadIT): one client address, every data request a get. */
    public static final Settings LOAD =
        new Settings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(5),
            32,
            500,
            1,
            "256m",
            Duration.ofSeconds(5),
            Duration.ofSeconds(1),
            Duration.ofSeconds(10),
            false,
            false);

    /**
     * What the drop scenario runs with (DropAllConnectionsIT): a pool for 10 clients and room to
     * spare, every data request a get (so the drops meet requests in flight), one client address.
     */
    public static final Settings DROPS =
        new Settings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(5),
            16,
            10_000,
            1,
            "256m",
            Duration.ofSeconds(5),
            Duration.ofSeconds(1),
            Duration.ofSeconds(4),
            false,
            false);

    /**
     * What the fair-share scenario runs with (SharesIT): the shipped defaults of the pool (32
     * connections, 10% reserve), the shares (25%, a queue of 8 for 5 s) and the response cache.
     */
    public static final Settings SHARES =
        new Settings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(5),
            32,
            10_000,
            1,
            "384m",
            Duration.ofSeconds(5),
            Duration.ofSeconds(1),
            Duration.ofSeconds(4),
            true,
            true);

    /** The same settings with another pool size, node cache size and heap. */
    public Settings withSizes(int poolMaximum, int cacheMaxEntries, String heap) {
      return new Settings(
          readTimeout,
          acquireTimeout,
          poolMaximum,
          cacheMaxEntries,
          retryAfterSeconds,
          heap,
          handshakeTimeout,
          ejectionBase,
          ejectionMax,
          shares,
          keepData);
    }

    String olfsXml(int besPort) {
      return String.format(
          Locale.ROOT,
          """
          <?xml version="1.0" encoding="UTF-8"?>
          <OLFSConfig>
            <BESManager>
              <BES>
                <prefix>/</prefix>
                <host>127.0.0.1</host>
                <port>%d</port>
                <timeOut>%dms</timeOut>
                <ClientPool maximum="%d"/>
              </BES>
              <NodeCache maxEntries="%d"/>
            </BESManager>
            <FastPath>
              <catalogRoot>/usr/share/hyrax</catalogRoot>
              <Cache enabled="true" negativeTtl="0"/>
              <ClientPool acquireTimeout="%dms" connectTimeout="2" handshakeTimeout="%dms"%s/>
              <BesGroups ejectionBase="%dms" ejectionMax="%dms"%s/>
              <Limits maxUrlLength="4096" maxConstraintLength="1024"/>
              <RetryAfter seconds="%d"/>%s
            </FastPath>
          </OLFSConfig>
          """,
          besPort,
          readTimeout.toMillis(),
          poolMaximum,
          cacheMaxEntries,
          acquireTimeout.toMillis(),
          handshakeTimeout.toMillis(),
          shares ? "" : " reserve=\"0\"",
          ejectionBase.toMillis(),
          ejectionMax.toMillis(),
          shares ? "" : " clientShare=\"100%\"",
          retryAfterSeconds,
          keepData ? "" : "\n    <ResponseCache dataTypes=\"\"/>");
    }
  }

  private final Settings settings;
  private final BesEmulator bes;
  private final TomcatServer frontEnd;
  private final int besPort;
  private final Map<String, byte[]> references = new ConcurrentHashMap<>();
  private boolean besStarted;

  private FaultBench(Settings settings, BesEmulator bes, TomcatServer frontEnd, int besPort) {
    this.settings = settings;
    this.bes = bes;
    this.frontEnd = frontEnd;
    this.besPort = besPort;
  }

  /** Where Tomcat, the WAR and the work directory are, from the failsafe system properties. */
  public record Layout(Path tomcatHome, Path war, Path workDir) {
    public static Layout fromSystemProperties() {
      return new Layout(
          Path.of(required("tomcat.home")),
          Path.of(required("war.file")),
          Path.of(required("it.work.dir")));
    }

    private static String required(String name) {
      String value = System.getProperty(name);
      if (value == null || value.isBlank()) {
        throw new IllegalStateException(
            "system property "
                + name
                + " is not set: run the fault"
                + " tests with mvn verify (failsafe sets it) or scripts/soak");
      }
      return value;
    }
  }

  /**
   * Starts the front end with no BES listening yet; {@link #startBes()} brings the BES up, so the
   * first scenario can be "BES down at start". The web application's start-up version fetch finds
   * no BES, so the BES is out of service from the start: requests answer 503 until a probe after
   * {@link #startBes()} brings it back.
   */
  public static FaultBench startWithBesDown(Layout layout, Path base, Settings settings)
      throws IOException, InterruptedException {
    int besPort = TomcatServer.freePort();
    BesEmulator bes = newEmulator(besPort);
    TomcatServer frontEnd =
        TomcatServer.start(
            layout.tomcatHome(), layout.war(), base, settings.olfsXml(besPort), settings.heap());
    return new FaultBench(settings, bes, frontEnd, besPort);
  }

  /**
   * Starts both, the BES first (so the web application's start-up version fetch and warm-up find
   * it), and returns once the front end serves a data request ({@link #awaitServing}).
   */
  public static FaultBench start(Layout layout, Path base, Settings settings)
      throws IOException, InterruptedException {
    int besPort = TomcatServer.freePort();
    BesEmulator bes = newEmulator(besPort);
    bes.start();
    TomcatServer frontEnd;
    try {
      frontEnd =
          TomcatServer.start(
              layout.tomcatHome(), layout.war(), base, settings.olfsXml(besPort), settings.heap());
    } catch (IOException | InterruptedException | RuntimeException e) {
      bes.close();
      throw e;
    }
    FaultBench bench = new FaultBench(settings, bes, frontEnd, besPort);
    bench.besStarted = true;
    try {
      bench.awaitServing();
    } catch (RuntimeException | InterruptedException e) {
      bench.close();
      throw e;
    }
    return bench;
  }

  private static BesEmulator newEmulator(int besPort) {
    return BesEmulator.newBuilder()
        .port(besPort)
        .faithfulWrites(false)
        .acceptBacklog(128)
        .syntheticDatasets(SYNTHETIC_DATASETS)
        .build();
  }

  /**
   * The longest {@link #awaitServing()} waits: a probe that is due (at most ejectionMax away), the
   * probe itself (at most the handshake timeout) and the request, with ten seconds to spare on a
   * loaded machine.
   */
  public Duration servingLimit() {
    return settings
        .ejectionMax()
        .plus(settings.handshakeTimeout())
        .plus(settings.readTimeout())
        .plusSeconds(10);
  }

  /**
   * Waits until the front end serves a data request ({@link #SERVING_CHECK}, one get each time)
   * with a 200: a BES that was down is back in service only after a probe, up to ejectionMax after
   * it listens again. Fails after {@link #servingLimit()}, naming the last answer and the BES
   * group's state.
   *
   * @return how long it waited
   * @throws IllegalStateException if the front end did not serve in time
   */
  public Duration awaitServing() throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + servingLimit().toNanos();
    RawHttp.Response last;
    do {
      last = get(SERVING_CHECK);
      if (last.status() == 200 && last.complete()) {
        return Duration.ofNanos(System.nanoTime() - start);
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    String groups;
    try {
      groups = status().groups().toString();
    } catch (RuntimeException e) {
      groups = "(no status: " + e.getMessage() + ")";
    }
    throw new IllegalStateException(
        "the front end did not serve "
            + SERVING_CHECK
            + " within "
            + servingLimit().toMillis()
            + " ms of the BES listening: the last answer was "
            + last.outcome()
            + ": "
            + last.text()
            + "; BES groups: "
            + groups);
  }

  public synchronized void startBes() throws IOException {
    if (!besStarted) {
      bes.start();
      besStarted = true;
    } else {
      bes.resume();
    }
  }

  /** What the front end sees of a killed BES: every connection closed, connects refused. */
  public synchronized void killBes() {
    bes.pause();
  }

  public BesEmulator bes() {
    return bes;
  }

  public TomcatServer frontEnd() {
    return frontEnd;
  }

  public Settings settings() {
    return settings;
  }

  public int port() {
    return frontEnd.port();
  }

  public int besPort() {
    return besPort;
  }

  public RawHttp.Response get(String target) {
    return RawHttp.get(port(), target, clientTimeout());
  }

  /** The longest a client waits for one answer: well past every timeout of the front end. */
  public Duration clientTimeout() {
    return settings.readTimeout().multipliedBy(2).plus(settings.acquireTimeout()).plusSeconds(20);
  }

  /** Fetches the reference body unless it is known; true when this call fetched it. */
  public boolean fetchReference(String target) {
    boolean[] fetched = new boolean[1];
    references.computeIfAbsent(
        target,
        t -> {
          fetched[0] = true;
          return fetch(t);
        });
    return fetched[0];
  }

  /** The body of {@code target} as a healthy BES makes it, fetched once and kept. */
  public byte[] reference(String target) {
    return references.computeIfAbsent(target, this::fetch);
  }

  private byte[] fetch(String target) {
    RawHttp.Response r = get(target);
    if (r.status() != 200 || !r.complete()) {
      throw new IllegalStateException(
          "reference fetch of " + target + " answered " + r.outcome() + ": " + r.text());
    }
    return r.body();
  }

  public StatusDocument status() {
    return StatusDocument.fetch(port());
  }

  /** Resources of the front end at rest: every request done, every client connection closed. */
  public record Resources(
      ProcessProbe.Snapshot process,
      long poolTotal,
      long poolInUse,
      StatusDocument status,
      long spoolFiles) {}

  /**
   * Waits (at most 20 s) until no request holds a BES connection, Tomcat has closed every client
   * connection and the process's descriptors are the same in two measurements in a row, then
   * measures.
   */
  public Resources atRest() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    int previousFds = -1;
    while (true) {
      StatusDocument status = status();
      // Measured after the status request closed, so its own connection is gone too.
      Thread.sleep(50);
      ProcessProbe.Snapshot snapshot = ProcessProbe.take(frontEnd.pid(), besPort, port());
      long total = status.get("pool", "total");
      long inUse = status.get("pool", "inUse");
      boolean quiet = inUse == 0 && snapshot.httpSockets() <= 1 && snapshot.besSockets() == total;
      // And the descriptors settled: a connection Tomcat or the pool has just closed leaves the
      // TCP tables before its descriptor is released, and would count as the front end's own.
      quiet &= snapshot.fds() == previousFds;
      previousFds = snapshot.fds();
      long openFiles =
          status
              .sections()
              .getOrDefault("spool", Map.of())
              .getOrDefault("openFiles", 0.0)
              .longValue();
      long spoolFiles = Math.max(openFiles, spoolFilesOnDisk());
      quiet &= spoolFiles == 0;
      if (quiet || System.nanoTime() > deadline) {
        return new Resources(snapshot, total, inUse, status, spoolFiles);
      }
      Thread.sleep(100);
    }
  }

  /**
   * What grew between two measurements at rest.
   *
   * @param spoolFiles spool files left at rest: files named {@code olfs-spool-*.tmp} anywhere under
   *     Tomcat's base (the servlet container's temporary directory is the spool's default), or the
   *     files the spool's statistics count open, whichever is more
   */
  public record Leaks(long spoolFiles, long connections, int threads, int fds) {
    static Leaks between(Resources before, Resources after) {
      long connections = (after.process().besSockets() - after.poolTotal()) + after.poolInUse();
      return new Leaks(
          after.spoolFiles(),
          connections,
          after.process().ownThreads() - before.process().ownThreads(),
          after.process().ownFds()
              - before.process().ownFds()
              + after.process().strayEpolls()
              - before.process().strayEpolls());
    }
  }

  /** Spool files under Tomcat's base now: the spool's own directory is its temporary one. */
  long spoolFilesOnDisk() {
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(frontEnd.base())) {
      return files
          .filter(
              f -> {
                String name = f.getFileName().toString();
                return name.startsWith("olfs-spool-") && name.endsWith(".tmp");
              })
          .count();
    } catch (IOException | java.io.UncheckedIOException e) {
      return -1;
    }
  }

  public long heapAfterGcKb() {
    return ProcessProbe.heapAfterGcKb(frontEnd.pid());
  }

  /** Counters of one section, for comparing before and after. */
  public static Map<String, Long> counters(StatusDocument status, String section) {
    Map<String, Long> out = new HashMap<>();
    status.sections().getOrDefault(section, Map.of()).forEach((k, v) -> out.put(k, v.longValue()));
    return out;
  }

  @Override
  public void close() {
    try {
      frontEnd.close();
    } finally {
      bes.close();
    }
  }
}
