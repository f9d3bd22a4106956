package org.olfsfastpath.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.soak.FaultBench;
import org.olfsfastpath.soak.FaultScenarios;
import org.olfsfastpath.soak.ScenarioResult;

/**
 * The front end in a real Tomcat survives what production does to its BES: down at start, killed
 * under load, a process exiting on a fatal error, slow answers, protocol garbage and broken
 * messages, a BES wedged in its handshake, pool exhaustion. Each scenario checks what the clients
 * got, that service comes back by itself, and that no BES connection, thread or descriptor is left
 * behind (see {@link FaultScenarios}); scripts/soak runs the same scenarios longer.
 *
 * <p>A BES that cannot be reached is out of service (its group is down): requests get 503 with
 * Retry-After at once, without a connect, until a probe brings it back; a BES that answers garbage,
 * breaks a message off or is slow stays in service (502, a truncated body, 504). Warm metadata is
 * answered from the response cache without a BES message, so the faults meet data requests, or
 * metadata asked for the first time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class FaultsIT {

  @RegisterExtension
  static final FaultBenchExtension BENCH =
      FaultBenchExtension.named("faults", FaultBench.Settings.FAULTS).besDown();

  private FaultScenarios scenarios;
  private final List<ScenarioResult> results = new ArrayList<>();

  @BeforeAll
  void start() {
    scenarios = BENCH.faults();
  }

  @AfterAll
  void writeResults() throws Exception {
    if (scenarios != null) {
      Files.writeString(
          BENCH.bench().frontEnd().base().resolve("scenarios.md"), ScenarioResult.table(results));
      System.out.println(ScenarioResult.table(results));
    }
  }

  private ScenarioResult check(ScenarioResult result) {
    results.add(result);
    assertTrue(result.passed(), result::toString);
    return result;
  }

  @Test
  @Order(1)
  void besDownAtStart_503AtOnceThenServesWithinAProbeInterval() throws Exception {
    ScenarioResult result = check(scenarios.besDownAtStart(6));
    // 503, not 502 as before BES groups: the start-up version fetch found no BES and took it out
    // of service, so requests are refused without a connect (the scenario checks each was fast,
    // had Retry-After and named the BES) until a probe finds it listening.
    assertEquals(6, result.outcomes().get("503"), result::toString);
    // 20 requests and the first after the probe, and the reference fetch of each of the four
    // targets' healthy bodies.
    assertEquals(21 + 4, result.outcomes().get("200"), result::toString);
    // Within the probe interval then running (checked by the scenario): at most ejectionMax.
    assertTrue(
        result.recoveryMillis() >= 0
            && result.recoveryMillis()
                < FaultBench.Settings.FAULTS.ejectionMax().toMillis() + 1_000,
        result::toString);
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
  void
      wedgedBes_firstWaitsTheHandshakeTimeout_next100FailFast_cacheAndStatusAnswer_probeBringsItBack()
          throws Exception {
    ScenarioResult result = check(scenarios.wedgedBes(100, Duration.ZERO));
    // The first request after the wedge (the handshake timeout) and the 100 after it (at once).
    assertEquals(101, result.outcomes().get("503"), result::toString);
    // If-None-Match and If-Modified-Since on the kept .das while the BES was out.
    assertEquals(2, result.outcomes().get("304"), result::toString);
    // The handshake answered, the command never: the read timeout, not an ejection.
    assertEquals(1, result.outcomes().get("504"), result::toString);
    assertTrue(
        result.recoveryMillis() >= 0
            && result.recoveryMillis()
                < FaultBench.Settings.FAULTS.ejectionMax().toMillis() + 1_000,
        result::toString);
  }

  @Test
  @Order(6)
  void poolExhaustion_503WithRetryAfter_boundedWait() throws Exception {
    ScenarioResult result = check(scenarios.poolExhaustion(24));
    assertTrue(result.outcomes().getOrDefault("503", 0L) > 0, result::toString);
  }

  @Test
  @Order(7)
  void besKilledMidLoad_failsCleanly_503WhileOut_recoversWithinAProbeInterval() throws Exception {
    ScenarioResult result =
        check(scenarios.besKilledMidLoad(8, Duration.ofSeconds(6), Duration.ofSeconds(1)));
    // The scenario checks the recovery against the probe interval running at the restart;
    // that interval is at most ejectionMax.
    assertTrue(
        result.recoveryMillis() >= 0
            && result.recoveryMillis()
                < FaultBench.Settings.FAULTS.ejectionMax().toMillis() + 1_000,
        result::toString);
    assertTrue(result.outcomes().getOrDefault("503", 0L) > 0, result::toString);
  }
}
