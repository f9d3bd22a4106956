package org.olfsfastpath.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.soak.FaultBench;
import org.olfsfastpath.soak.ScenarioResult;
import org.olfsfastpath.soak.ShareScenarios;
import org.olfsfastpath.soak.SpoolScenarios;

/**
 * Slow and greedy clients do not take the BES away from the others, in a real Tomcat with the
 * shipped defaults (32 connections, a reserve of 3 for short requests, a share of 8 per client with
 * a queue of 8 for 5 s, small data answers kept): slow readers of a 400 MiB answer, from loopback
 * addresses of their own, never hold more than their share (read from /status while they run) and
 * never the reserve, and the other clients get only whole 200s. Each scenario ends with no BES
 * connection, thread or descriptor left behind ({@link ShareScenarios#slowReadersKeepTheirShare},
 * which scripts/soak runs longer).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class SharesIT {
  @RegisterExtension
  static final FaultBenchExtension BENCH =
      FaultBenchExtension.named("shares", FaultBench.Settings.SHARES).warmedUp();

  private ShareScenarios scenarios;
  private SpoolScenarios spool;

  @BeforeAll
  void start() {
    scenarios = new ShareScenarios(BENCH.bench(), BENCH.faults());
    spool = new SpoolScenarios(BENCH.faults(), BENCH.bench());
  }

  private static void check(ScenarioResult result) {
    System.out.println(ScenarioResult.table(List.of(result)));
    assertTrue(result.passed(), result::toString);
  }

  /** 200 slow readers from 20 addresses (127.0.0.11-30) and 10 other clients, for 20 s. */
  @Test
  @Order(1)
  void twoHundredSlowReadersFrom20Addresses_eachKeepsItsShare_othersGetOnly200() throws Exception {
    check(scenarios.slowReadersKeepTheirShare(200, 20, 20_000, 10, Duration.ofSeconds(20)));
  }

  /**
   * The combined case for fair shares alone (without a spool, a slow download holds its BES
   * connection while its client reads): 48 slow readers of big/400MiB.nc.dods at 20 KB/s from one
   * address hold at most its share, while 10 clients from another address ask for metadata and a
   * small slice for 30 s and get only 200s; their p99 is printed alone and under the slow readers.
   */
  @Test
  @Order(2)
  void fortyEightSlowReadersFromOneAddress_holdTheirShare_othersKeepAnswering() throws Exception {
    check(scenarios.slowReadersKeepTheirShare(48, 1, 20_000, 10, Duration.ofSeconds(30)));
  }

  /**
   * The combined case with the spool: 48 slow readers of big/40MiB.nc.dods at 20 KB/s from
   * one address beside 10 clients from another for 30 s: every slow answer is read from the BES and
   * its connection back in the pool while its client still reads (so the address's share serves all
   * 48 within seconds), the others get only 200s (their p99 alone and under the slow readers
   * printed), and each slow download, read on to its end, is byte-equal to a fast one; no spool
   * file, connection, thread or descriptor is left. 40 MiB answers: 48 of them fit the shipped
   * spool (2 GiB of files), 48 of 400 MiB would not, and their overflow would stream straight as
   * the scenario above shows.
   */
  @Test
  @Order(3)
  void fortyEightSlowReadersFromOneAddress_spooled_releaseTheirConnections_othersKeepAnswering()
      throws Exception {
    check(spool.slowReadersBesideOthers(48, "127.0.0.12", 20_000, 10, Duration.ofSeconds(30)));
  }
}
