package org.olfsfastpath.faults;

import org.olfsfastpath.soak.FaultBench;
import org.olfsfastpath.soak.FaultScenarios;
import org.olfsfastpath.soak.ProcessProbe;
import org.olfsfastpath.soak.RawHttp;
import org.olfsfastpath.soak.ScenarioResult;
import org.olfsfastpath.soak.StatusDocument;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The front end in a real Tomcat survives what production does to its BES: down at start,
 * killed under load, a process exiting on a fatal error, slow answers, protocol garbage and
 * broken messages, pool exhaustion. Each scenario checks what the clients got, that service comes
 * back by itself, and that no BES connection, thread or descriptor is left behind (see {@link
 * FaultScenarios}); scripts/soak runs the same scenarios longer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class FaultsIT {

  private FaultBench bench;
  private FaultScenarios scenarios;
  private final List<ScenarioResult> results = new ArrayList<>();

  @BeforeAll
  void start() throws Exception {
    Assumptions.assumeTrue(ProcessProbe.supported(), "counting threads and descriptors needs /proc");
    FaultBench.Layout layout = FaultBench.Layout.fromSystemProperties();
    bench = FaultBench.startWithBesDown(layout, layout.workDir().resolve("faults"), FaultBench.Settings.FAULTS);
    scenarios = new FaultScenarios(bench);
  }

  @AfterAll
  void stop() throws Exception {
    if (bench != null) {
      Files.writeString(bench.frontEnd().base().resolve("scenarios.md"), ScenarioResult.table(results));
      System.out.println(ScenarioResult.table(results));
      bench.close();
    }
  }

  private ScenarioResult check(ScenarioResult result) {
    results.add(result);
    assertTrue(result.passed(), result::toString);
    return result;
  }

  @Test
  @Order(1)
  void besDownAtStart_502ThenServesOnceTheBesIsUp() throws Exception {
    ScenarioResult result = check(scenarios.besDownAtStart(6));
    assertEquals(6, result.outcomes().get("502"));
    assertTrue(result.recoveryMillis() >= 0 && result.recoveryMillis() < 5_000, result::toString);
    scenarios.warmUp();
  }

  @Test
  @Order(2)
  void fatalError_500ThenTheNextSucceeds() throws Exception {
    ScenarioResult result = check(scenarios.fatalError());
    assertEquals(1, result.outcomes().get("500"));
  }

  @Test
  @Order(3)
  void slowBes_504WithinTheTimeout_otherDatasetsFlow() throws Exception {
    ScenarioResult result = check(scenarios.slowBes());
    assertEquals(2, result.outcomes().get("504"));
  }

  @Test
  @Order(4)
  void protocolFaults_clearFailures_brokenConnectionsDiscarded() throws Exception {
    ScenarioResult result = check(scenarios.protocolFaults());
    assertEquals(3, result.outcomes().get("truncated"), result::toString);
  }

  @Test
  @Order(5)
  void poolExhaustion_503WithRetryAfter_boundedWait() throws Exception {
    ScenarioResult result = check(scenarios.poolExhaustion(24));
    assertTrue(result.outcomes().getOrDefault("503", 0L) > 0, result::toString);
  }

  @Test
  @Order(6)
  void besKilledMidLoad_failsCleanly_recoversWithinSeconds() throws Exception {
    ScenarioResult result = check(scenarios.besKilledMidLoad(8, Duration.ofSeconds(6),
        Duration.ofSeconds(1)));
    assertTrue(result.recoveryMillis() < 5_000, result::toString);
  }
}
