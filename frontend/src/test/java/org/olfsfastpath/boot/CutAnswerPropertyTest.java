package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import org.olfsfastpath.boot.CutCases.CutCase;
import org.olfsfastpath.boot.CutRig.Outcome;
import org.olfsfastpath.boot.CutRig.Target;
import org.olfsfastpath.emulator.WireCut;

/**
 * Issue 27: only complete answers are sent as 200 or kept. The BES emulator cuts its answer to one
 * command (a close, a reset or a half-close, at any byte offset of the wire answer, chunk headers
 * included, after a stall or not) for each response type the front end asks for, through the real
 * servlet, its response cache, its data-source cache and a real pool, kept, streamed or spooled
 * ({@link CutRig.Front}). Whatever the cut, the client never gets a 200 whose body differs from the
 * whole answer: before the first byte it gets the answer sent again or a 502 or 504 with an error
 * body, after it an aborted response, never a clean end; and no cache keeps what the cut left: the
 * next request for the same URL gets exactly the whole answer. No BES connection stays lent.
 *
 * <p>A short run samples the cases (every target and front end alike, the offsets where something
 * changes as often as any other); {@code -Dcut.exhaustive=true} runs every case of {@link
 * CutCases#every} once (275,292 of them: hours at the short run's pace, about 0.1 s a case on a
 * busy 2-core machine); {@code -Dcut.tries=N} samples N cases: {@code mvn -pl frontend -am test
 * -Dtest=CutAnswerPropertyTest -Dsurefire.failIfNoSpecifiedTests=false -Dcut.exhaustive=true}.
 */
final class CutAnswerPropertyTest {
  /** The system property that asks for every case. */
  static final String EXHAUSTIVE = "cut.exhaustive";

  /** The system property that sets the number of sampled cases. */
  static final String TRIES = "cut.tries";

  /** Each response type the front end asks the BES for, as a client asks for it. */
  static final List<Target> TARGETS =
      List.of(
          new Target("/coads_climatology.nc.das", "get", true),
          new Target("/coads_climatology.nc.dds", "get", true),
          new Target("/fnoc1.nc.dmr", "get", true),
          new Target("/fnoc1.nc.ddx", "get", true),
          new Target("/fnoc1.nc.info", "get", true),
          new Target("/coads_climatology.nc.dods?COADSX", "get", false),
          // Longer than the response buffer: streamed (or spooled) after its first bytes went out.
          new Target("/fnoc1.nc.dods", "get", false),
          new Target("/coads_climatology.nc.dap?dap4.ce=/COADSX", "get", false),
          new Target("/coads_climatology.nc.ascii?COADSX", "get", true),
          new Target("/coads_climatology.nc.dap.csv?dap4.ce=/COADSX", "get", true),
          new Target("/coads_climatology.nc.json?COADSX", "get", true),
          new Target("/coads_climatology.nc.dap.xml?dap4.ce=/COADSX", "get", true),
          new Target("/coads_climatology.nc.nc?COADSX", "get", false),
          new Target("/fnoc1.nc.file", "get", false),
          // The data-source cache's load: a cut showNode must not leave a wrong catalog entry.
          new Target("/coads_climatology.nc.das", "showNode", true));

  private static CutRig rig;

  @BeforeContainer
  static void start() throws IOException {
    rig = CutRig.start(TARGETS);
  }

  @AfterContainer
  static void stop() {
    if (rig != null) {
      rig.close();
    }
  }

  static boolean exhaustive() {
    return Boolean.getBoolean(EXHAUSTIVE);
  }

  // The edges are the offsets' own (CutCases.edges); jqwik's would favour the first target and
  // the long stall. A failing case is reproduced by its seed, not shrunk: each try costs requests.
  @Property(tries = 300, shrinking = ShrinkingMode.OFF, edgeCases = EdgeCasesMode.NONE)
  @AddLifecycleHook(EveryCaseWhenAsked.class)
  void aCutAnswer_isNeverA200WithAnotherBody_andNoCacheKeepsIt(@ForAll("cuts") CutCase cut)
      throws IOException, InterruptedException {
    check(cut);
  }

  private static void check(CutCase cut) throws IOException, InterruptedException {
    Target target = cut.target();
    byte[] whole = rig.reference(target).body();
    rig.forget(cut.front());
    rig.bes().clearFaults();
    rig.bes().resetCounts();
    rig.bes().addFaultRule(CutRig.once(target, cut.fault()));

    Outcome first = rig.request(cut.front(), target.url(), cut.gzip());
    List<WireCut> cuts = rig.awaitCuts(1);
    rig.bes().clearFaults();
    assertEquals(
        1,
        cuts.size(),
        "the cut met the "
            + target.command()
            + ": "
            + cuts
            + "; "
            + first.status()
            + " "
            + rig.bes().commandCounts());
    if (!first.aborted()) {
      if (first.status() == 200) {
        assertArrayEquals(whole, CutRig.decoded(first), "a 200 is the whole answer: " + cut);
        String length = first.headers().get("Content-Length");
        if (length != null) {
          assertEquals(first.body().length, Long.parseLong(length), "Content-Length: " + cut);
        }
      } else {
        assertTrue(
            first.status() == 502 || first.status() == 504,
            "before the first byte, a 502 or a 504: " + first.status() + " for " + cut);
        assertTrue(first.body().length > 0, "with an error body: " + cut);
      }
    }

    if (cuts.get(0).whole() && !cut.stall().isZero()) {
      // The whole answer went out and its connection back to the pool, while the BES process
      // stalls before it dies: the next command on it would meet the stall, a fault of its own.
      Thread.sleep(cut.stall().toMillis() + 50);
    }
    Outcome next = rig.request(cut.front(), target.url(), cut.gzip());
    assertFalse(next.aborted(), "the next request is answered whole: " + cut);
    assertEquals(200, next.status(), "the next request: " + cut);
    assertArrayEquals(whole, CutRig.decoded(next), "nothing partial was kept: " + cut);
    awaitNoneLent(cut);
  }

  /** Every lent connection comes back (an asynchronous answer's producer may still be closing). */
  private static void awaitNoneLent(CutCase cut) throws InterruptedException {
    long deadline = System.nanoTime() + 2_000_000_000L;
    while (rig.inUse() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    assertEquals(0, rig.inUse(), "BES connections still lent after " + cut);
  }

  @Provide
  Arbitrary<CutCase> cuts() {
    return exhaustive() ? Arbitraries.of(CutCases.every(rig)) : CutCases.sampled(rig);
  }

  /**
   * With {@code -Dcut.exhaustive=true}, each case of {@link CutCases#every} once, in order; with
   * {@code -Dcut.tries=N}, N sampled cases instead of the short run's.
   */
  static final class EveryCaseWhenAsked implements AroundPropertyHook {
    @Override
    public PropertyExecutionResult aroundProperty(
        PropertyLifecycleContext context, PropertyExecutor property) {
      if (exhaustive()) {
        context.attributes().setGeneration(GenerationMode.EXHAUSTIVE);
        context.attributes().setTries(Integer.MAX_VALUE);
      } else if (Integer.getInteger(TRIES) != null) {
        context.attributes().setTries(Integer.getInteger(TRIES));
      }
      return property.execute();
    }
  }
}
