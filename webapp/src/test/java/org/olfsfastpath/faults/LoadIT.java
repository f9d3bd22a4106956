package org.olfsfastpath.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
 * Load the front end must take without an error: 1,024 connections at once for a warm small
 * request, and many more distinct datasets than the data-source cache may hold, which must stay at
 * its configured size. scripts/soak runs the cache bound with a million datasets and adds a
 * ten-minute soak.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class LoadIT {
  @RegisterExtension
  static final FaultBenchExtension BENCH =
      FaultBenchExtension.named("load", FaultBench.Settings.LOAD).warmedUp();

  @Test
  @Order(1)
  void concurrentConnections_1024WarmSmallRequests_zeroErrors() throws Exception {
    ScenarioResult result = BENCH.faults().concurrentConnections(1024, FaultScenarios.ASCII);
    System.out.println(ScenarioResult.table(List.of(result)));
    assertTrue(result.passed(), result::toString);
    assertEquals(1024L, result.outcomes().get("200"), result::toString);
  }

  @Test
  @Order(2)
  void cacheBound_sixTimesMoreDatasetsThanEntries_sizeStaysBounded() throws Exception {
    ScenarioResult result = BENCH.faults().cacheBound(3_000, 8);
    System.out.println(ScenarioResult.table(List.of(result)));
    assertTrue(result.passed(), result::toString);
    assertEquals(3_000L, result.outcomes().get("200"), result::toString);
  }
}
