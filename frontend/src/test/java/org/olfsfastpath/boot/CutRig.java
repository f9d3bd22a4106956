package org.olfsfastpath.boot;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPInputStream;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.emulator.FaultRule;
import org.olfsfastpath.emulator.WireCut;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.web.AnswerPolicy;
import org.olfsfastpath.web.DapServlet;
import org.olfsfastpath.web.FakeAsync;
import org.olfsfastpath.web.FakeHttp;
import org.olfsfastpath.web.FrontEndStats;
import org.olfsfastpath.web.VersionService;

/**
 * The BES emulator and the real front end in front of it, three ways, for {@link
 * CutAnswerPropertyTest}: each the servlet, its response cache, its data-source cache and a real
 * pool, as Assembly builds them from an olfs.xml. Knows each target's whole answer (as the client
 * gets it when nothing fails) and its wire layout (as the BES sends it), and runs one cut case.
 */
final class CutRig implements AutoCloseable {
  /** The front end's read timeout: a stall past it is the front end's timeout, not the cut. */
  static final Duration READ_TIMEOUT = Duration.ofSeconds(1);

  /** Small enough that the larger answers come in several chunks, as a real BES sends them. */
  static final int MAX_CHUNK = 2048;

  /** What the client reads at once from an asynchronous response, and its first window. */
  private static final int ASYNC_STEP = 16 * 1024;

  /** How the front end is set up: which caches keep what, and how the body goes out. */
  enum Front {
    /** The shipped defaults: metadata and data up to 1 MiB kept whole by the response cache. */
    KEPT("<FastPath/>"),
    /** Nothing kept: every body streams from the BES, copied as the client takes it. */
    STREAMED("<FastPath><ResponseCache enabled=\"false\"/></FastPath>"),
    /**
     * Nothing kept, in a container's asynchronous mode: a body longer than the response buffer goes
     * through the spool.
     */
    SPOOLED("<FastPath><ResponseCache enabled=\"false\"/></FastPath>");

    final String fastPath;

    Front(String fastPath) {
      this.fastPath = fastPath;
    }
  }

  /**
   * One response the property cuts: a URL and which BES command of it the cut hits.
   *
   * @param command {@code get}, or {@code showNode} (the data-source cache's load)
   * @param textual whether the front end may gzip it
   */
  record Target(String url, String command, boolean textual) {
    @Override
    public String toString() {
      return url + (command.equals("get") ? "" : " (" + command + ")");
    }
  }

  /** The whole answer a client gets, and the BES's wire answer's layout. */
  record Reference(byte[] body, long wireLength, List<Long> chunkStarts) {}

  /** What one client saw. */
  record Outcome(int status, Map<String, String> headers, byte[] body, boolean aborted) {}

  private final BesEmulator bes;
  private final Path spoolDirectory;
  private final Map<Front, Built> builts = new LinkedHashMap<>();
  private final Map<Front, DapServlet> servlets = new LinkedHashMap<>();
  private final Map<Target, Reference> references = new LinkedHashMap<>();

  private CutRig(BesEmulator bes, Path spoolDirectory) {
    this.bes = bes;
    this.spoolDirectory = spoolDirectory;
  }

  /** Starts the emulator and the three front ends, and learns each target's answers. */
  static CutRig start(List<Target> targets) throws IOException {
    // Each chunk in one write, TCP_NODELAY on: the BES's two writes per chunk would cost every
    // answer Nagle's 40 ms, and the cut splits the answer at any byte either way.
    BesEmulator bes =
        BesEmulator.newBuilder().maxChunkLength(MAX_CHUNK).faithfulWrites(false).build();
    bes.start();
    CutRig rig = new CutRig(bes, Files.createTempDirectory("cut-rig-spool"));
    try {
      for (Front front : Front.values()) {
        rig.assemble(front);
      }
      for (Target target : targets) {
        rig.references.put(target, rig.learn(target));
      }
    } catch (IOException | RuntimeException e) {
      rig.close();
      throw e;
    }
    return rig;
  }

  private void assemble(Front front) throws IOException {
    Built built =
        Built.of(
            """
            <OLFSConfig>
              <BESManager>
                <BES><prefix>/</prefix><host>127.0.0.1</host><port>%d</port>
                  <timeOut>%dms</timeOut></BES>
              </BESManager>
              <AllowDirectDataSourceAccess/>
              %s
            </OLFSConfig>
            """
                .formatted(bes.port(), READ_TIMEOUT.toMillis(), front.fastPath));
    builts.put(front, built);
    Spool spool =
        front == Front.SPOOLED
            ? Spool.newBuilder().directory(spoolDirectory).disk(64L << 20).build()
            : Spool.newBuilder().disk(0).build();
    servlets.put(
        front,
        DapServlet.assemble(
            built.web(),
            built.backend(),
            new FrontEndStats(),
            "test",
            null,
            new VersionService("test", built.backend()::versions, List.of()),
            null,
            // Fixed, so that a netCDF file's history is the same in every answer.
            Clock.fixed(Instant.parse("2026-11-28T12:00:00Z"), ZoneOffset.UTC),
            DapServlet.RequestTimer.NONE,
            spool,
            AnswerPolicy.defaults(),
            org.olfsfastpath.web.AccessGate.open()));
  }

  /** The whole answer, then its wire layout from a cut past its end. */
  private Reference learn(Target target) throws IOException {
    forget(Front.KEPT);
    Outcome whole = request(Front.KEPT, target.url(), false);
    for (int tries = 1; tries < 3 && whole.status() == 504; tries++) {
      // The emulator's first answer of a dataset computes its values: not always within 1 s on a
      // busy machine.
      forget(Front.KEPT);
      whole = request(Front.KEPT, target.url(), false);
    }
    if (whole.status() != 200 || whole.aborted() || whole.body().length == 0) {
      throw new IllegalStateException(target + " answered " + whole.status() + " without a fault");
    }
    forget(Front.KEPT);
    FaultRule rule = once(target, Fault.cut(Long.MAX_VALUE, Fault.Cut.CLOSE));
    bes.addFaultRule(rule);
    try {
      Outcome again = request(Front.KEPT, target.url(), false);
      if (again.status() != 200 || !java.util.Arrays.equals(whole.body(), again.body())) {
        throw new IllegalStateException(target + " answered differently the second time");
      }
    } finally {
      bes.removeFaultRule(rule);
    }
    List<WireCut> cuts = awaitCuts(1);
    if (cuts.size() != 1 || !cuts.get(0).whole()) {
      throw new IllegalStateException(target + ": expected one cut past the answer, was " + cuts);
    }
    WireCut layout = cuts.get(0);
    bes.clearFaults();
    return new Reference(whole.body(), layout.wireLength(), layout.chunkStarts());
  }

  /**
   * The cuts so far, once there are {@code count} or 2 s have passed: the emulator reports a cut
   * after its last write, which the front end may have read before the report.
   */
  List<WireCut> awaitCuts(int count) {
    long deadline = System.nanoTime() + 2_000_000_000L;
    List<WireCut> cuts = bes.cuts();
    while (cuts.size() < count && System.nanoTime() < deadline) {
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      cuts = bes.cuts();
    }
    return cuts;
  }

  Reference reference(Target target) {
    Reference reference = references.get(target);
    if (reference == null) {
      throw new IllegalArgumentException("no reference for " + target);
    }
    return reference;
  }

  /** A rule that applies {@code fault} to the first request of the target's command only. */
  static FaultRule once(Target target, Fault fault) {
    AtomicBoolean fired = new AtomicBoolean();
    return FaultRule.when(
        request ->
            request.responseCommand().equals(target.command()) && fired.compareAndSet(false, true),
        fault);
  }

  BesEmulator bes() {
    return bes;
  }

  Built built(Front front) {
    return builts.get(front);
  }

  /** Empties the front end's caches: the next request sends showNode and get. */
  void forget(Front front) {
    Built built = builts.get(front);
    built.responses().invalidateAll();
    built.cache().invalidateAll();
  }

  /** One GET as a client sends it, gzip accepted or not; what the client saw. */
  Outcome request(Front front, String url, boolean gzip) throws IOException {
    FakeHttp.Request request = FakeHttp.Request.get(url);
    if (gzip) {
      request.header("Accept-Encoding", "gzip");
    }
    DapServlet servlet = servlets.get(front);
    if (front == Front.SPOOLED) {
      FakeAsync exchange = new FakeAsync(servlet, request, ASYNC_STEP);
      try {
        exchange.serve();
      } catch (IOException e) {
        FakeHttp.Response response = exchange.response();
        return new Outcome(
            response.status, Map.copyOf(response.headers), exchange.body(), /* aborted= */ true);
      }
      if (exchange.started()) {
        try {
          exchange.readToTheEnd(ASYNC_STEP);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while reading " + url, e);
        }
      }
      FakeHttp.Response response = exchange.response();
      return new Outcome(
          response.status,
          Map.copyOf(response.headers),
          exchange.body(),
          exchange.aborted() != null);
    }
    FakeHttp.Response response = new FakeHttp.Response();
    boolean aborted = false;
    try {
      servlet.service(request.build(), response.build());
    } catch (IOException | jakarta.servlet.ServletException e) {
      aborted = true;
      if (!response.committed) {
        // Not an abort the client sees: the container would send its own 500 page.
        throw new AssertionError(
            "the servlet failed before anything was sent (the container's 500, not a DAP"
                + " error): "
                + e,
            e);
      }
    }
    return new Outcome(response.status, Map.copyOf(response.headers), response.body(), aborted);
  }

  /** The body as the client reads it: gunzipped when it came gzip-encoded. */
  static byte[] decoded(Outcome outcome) throws IOException {
    String encoding = outcome.headers().get("Content-Encoding");
    if (encoding == null || !encoding.equals("gzip")) {
      return outcome.body();
    }
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(outcome.body()))) {
      return in.readAllBytes();
    }
  }

  /** The pool connections lent and not given back, over every front end. */
  int inUse() {
    int inUse = 0;
    for (Built built : builts.values()) {
      inUse += built.client().poolStats().inUse();
    }
    return inUse;
  }

  List<Target> targets() {
    return new ArrayList<>(references.keySet());
  }

  @Override
  public void close() {
    for (Built built : builts.values()) {
      built.close();
    }
    bes.close();
    try (var files = Files.list(spoolDirectory)) {
      for (Path file : files.toList()) {
        Files.deleteIfExists(file);
      }
      Files.deleteIfExists(spoolDirectory);
    } catch (IOException e) {
      // A temporary directory left behind costs nothing.
    }
  }
}
