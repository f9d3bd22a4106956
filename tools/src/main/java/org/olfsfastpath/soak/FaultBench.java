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
  /** Synthetic datasets in the emulator's catalog, for cold paths and the cache bound. */
  static final int SYNTHETIC_DATASETS = 1_000_000;

  /** The front end's settings that the scenarios depend on. */
  public record Settings(Duration readTimeout, Duration acquireTimeout, int poolMaximum, int cacheMaxEntries,
      int retryAfterSeconds, String heap) {
    /** What the fault scenarios run with (FaultsIT, and scripts/soak's fault part). */
    public static final Settings FAULTS = new Settings(Duration.ofSeconds(2), Duration.ofSeconds(1),
        8, 10_000, 2, "256m");
    /** What the load checks run with (LoadIT). */
    public static final Settings LOAD = new Settings(Duration.ofSeconds(10), Duration.ofSeconds(5),
        32, 500, 1, "256m");

    String olfsXml(int besPort) {
      return String.format(Locale.ROOT, """
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
              <ClientPool acquireTimeout="%dms" connectTimeout="2"/>
              <Limits maxUrlLength="4096" maxConstraintLength="1024"/>
              <RetryAfter seconds="%d"/>
            </FastPath>
          </OLFSConfig>
          """, besPort, readTimeout.toMillis(), poolMaximum, cacheMaxEntries,
          acquireTimeout.toMillis(), retryAfterSeconds);
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
      return new Layout(Path.of(required("tomcat.home")), Path.of(required("war.file")),
          Path.of(required("it.work.dir")));
    }

    private static String required(String name) {
      String value = System.getProperty(name);
      if (value == null || value.isBlank()) {
        throw new IllegalStateException("system property " + name + " is not set: run the fault"
            + " tests with mvn verify (failsafe sets it) or scripts/soak");
      }
      return value;
    }
  }

  /**
   * Starts the front end with no BES listening yet; {@link #startBes()} brings the BES up, so
   * the first scenario can be "BES down at start".
   */
  public static FaultBench startWithBesDown(Layout layout, Path base, Settings settings)
      throws IOException, InterruptedException {
    int besPort = TomcatServer.freePort();
    BesEmulator bes = BesEmulator.newBuilder()
        .port(besPort)
        .faithfulWrites(false)
        .acceptBacklog(128)
        .syntheticDatasets(SYNTHETIC_DATASETS)
        .build();
    TomcatServer frontEnd = TomcatServer.start(layout.tomcatHome(), layout.war(), base,
        settings.olfsXml(besPort), settings.heap());
    return new FaultBench(settings, bes, frontEnd, besPort);
  }

  /** Starts both, BES first, and fetches nothing yet. */
  public static FaultBench start(Layout layout, Path base, Settings settings)
      throws IOException, InterruptedException {
    FaultBench bench = startWithBesDown(layout, base, settings);
    bench.startBes();
    return bench;
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
    references.computeIfAbsent(target, t -> {
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
      throw new IllegalStateException("reference fetch of " + target + " answered " + r.outcome()
          + ": " + r.text());
    }
    return r.body();
  }

  public StatusDocument status() {
    return StatusDocument.fetch(port());
  }

  /** Resources of the front end at rest: every request done, every client connection closed. */
  public record Resources(ProcessProbe.Snapshot process, long poolTotal, long poolInUse,
      StatusDocument status) {}

  /**
   * Waits (at most 20 s) until no request holds a BES connection and Tomcat has closed every
   * client connection, then measures.
   */
  public Resources atRest() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      StatusDocument status = status();
      // Measured after the status request closed, so its own connection is gone too.
      Thread.sleep(50);
      ProcessProbe.Snapshot snapshot = ProcessProbe.take(frontEnd.pid(), besPort, port());
      long total = status.get("pool", "total");
      long inUse = status.get("pool", "inUse");
      boolean quiet = inUse == 0 && snapshot.httpSockets() <= 1 && snapshot.besSockets() == total;
      if (quiet || System.nanoTime() > deadline) {
        return new Resources(snapshot, total, inUse, status);
      }
      Thread.sleep(100);
    }
  }

  /** What grew between two measurements at rest. */
  public record Leaks(long connections, int threads, int fds) {
    static Leaks between(Resources before, Resources after) {
      long connections = (after.process().besSockets() - after.poolTotal()) + after.poolInUse();
      return new Leaks(connections,
          after.process().ownThreads() - before.process().ownThreads(),
          after.process().ownFds() - before.process().ownFds()
              + after.process().strayEpolls() - before.process().strayEpolls());
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
  public void close() throws InterruptedException {
    try {
      frontEnd.close();
    } finally {
      bes.close();
    }
  }
}
