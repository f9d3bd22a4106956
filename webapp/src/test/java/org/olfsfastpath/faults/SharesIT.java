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
 * Shares that conserve work and downloads that are served, in a real Tomcat with the shipped
 * defaults (32 connections, a reserve of 3 for short requests, fair shares, small data answers
 * kept, the spool's disk a quarter of the space free): one client alone with 32 requests at once is
 * never refused; slow readers of a 40 MiB answer from 20 loopback addresses leave the reserve to a
 * client asking small answers nobody asked for before, every one a 200 within its bound, and no
 * download is refused while the spool has room; 48 slow readers from one address are all spooled,
 * their connections back while they read, beside 10 other clients. Each scenario ends with no BES
 * connection, thread or descriptor left behind ({@link ShareScenarios}, {@link SpoolScenarios},
 * which scripts/soak runs longer and with 200 readers).
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
    scenarios = new ShareScenarios(BENCH.bench());
    spool = new SpoolScenarios(BENCH.faults(), BENCH.bench());
  }

  private static void check(ScenarioResult result) {
    System.out.println(ScenarioResult.table(List.of(result)));
    assertTrue(result.passed(), result::toString);
  }

  /** One address with 32 requests at once for distinct small answers, for 8 s: none refused. */
  @Test
  @Order(1)
  void aClientAloneWith32Connections_isNeverRefused() throws Exception {
    check(scenarios.aClientAlone(32, Duration.ofSeconds(8)));
  }

  /**
   * 40 slow readers (20 KB/s) of big/40MiB.nc.dods from 20 addresses (127.0.0.11-30) for 20 s, and
   * 20 small answers nobody asked for before among them from 127.0.0.1: each a 200 equal to the
   * BES's, their p99 within 500 ms on a shared CI machine (scripts/soak holds 200 readers and 50
   * answers to 50 ms), no download refused while the spool has room, every download spooled.
   */
  @Test
  @Order(2)
  void slowReadersFrom20Addresses_leaveTheReserveToColdSmallAnswers_noDownloadRefused()
      throws Exception {
    check(scenarios.slowReadersBesideColdRequests(40, 20, 20_000, 20, 500, Duration.ofSeconds(20)));
  }

  /**
   * 48 slow readers of big/40MiB.nc.dods at 20 KB/s from one address beside 10 clients from another
   * for 30 s: every slow answer is read from the BES and its connection back in the pool while its
   * client still reads, the others get only 200s (their p99 alone and under the slow readers
   * printed), and each slow download, read on to its end, is byte-equal to a fast one; no spool
   * file, connection, thread or descriptor is left.
   */
  @Test
  @Order(3)
  void fortyEightSlowReadersFromOneAddress_spooled_releaseTheirConnections_othersKeepAnswering()
      throws Exception {
    check(spool.slowReadersBesideOthers(48, "127.0.0.12", 20_000, 10, Duration.ofSeconds(30)));
  }
}
