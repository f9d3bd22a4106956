package org.olfsfastpath.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.soak.FaultBench;
import org.olfsfastpath.soak.ScenarioResult;
import org.olfsfastpath.soak.ShareScenarios;

/**
 * Every BES process killed at once every 3 s under a 10-client load, in a real Tomcat: the emulator
 * drops all its connections ({@code dropAllConnections}) while the clients ask for distinct small
 * data answers (a get each), a 3 MB answer and kept metadata. Not one request fails unless its
 * answer had already started streaming to its client: the front end sends a command whose BES died
 * before the first byte once more, on a new connection; and every whole answer is the BES's ({@link
 * ShareScenarios#besKilledEvery}, which scripts/soak runs every 5 s for a minute).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class DropAllConnectionsIT {
  @RegisterExtension
  static final FaultBenchExtension BENCH =
      FaultBenchExtension.named("drops", FaultBench.Settings.DROPS).warmedUp();

  private ShareScenarios scenarios;

  @BeforeAll
  void start() {
    scenarios = new ShareScenarios(BENCH.bench());
  }

  @Test
  void dropsEvery3sUnder10Clients_noRequestFails_thatHadNotStartedStreaming() throws Exception {
    ScenarioResult result =
        scenarios.besKilledEvery(Duration.ofSeconds(3), 10, Duration.ofSeconds(12));
    System.out.println(ScenarioResult.table(List.of(result)));
    assertTrue(result.passed(), result::toString);
    // Only whole answers and large ones cut while streaming: no 502, 503 or 504.
    assertEquals(
        List.of(),
        result.outcomes().keySet().stream()
            .filter(outcome -> !outcome.equals("200") && !outcome.equals("truncated"))
            .toList(),
        result::toString);
    assertFalse(result.outcomes().getOrDefault("200", 0L) == 0, result::toString);
    assertEquals(3, BENCH.bench().bes().dropCount());
  }
}
