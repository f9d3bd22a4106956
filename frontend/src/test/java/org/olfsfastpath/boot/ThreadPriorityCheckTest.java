package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import org.junit.jupiter.api.Test;

/**
 * What the start-up log says of the OS priority of the spool's producers, and where it reads it.
 */
final class ThreadPriorityCheckTest {
  @Test
  void linuxWithoutThePolicy_namesTheOptionsThatLowerDownloads() {
    String line = ThreadPriorityCheck.line("Linux", "0", "-1");
    assertNotNull(line);
    assertTrue(line.contains("ThreadPriorityPolicy=0"), line);
    assertTrue(line.contains(ThreadPriorityCheck.OPTIONS), line);
    assertTrue(line.contains("docs/configuration.md"), line);
  }

  @Test
  void linuxWithThePolicy_saysTheNiceOfDownloads() {
    assertEquals(
        "olfs-fastpath: the spool's producers run at nice 10, below short requests"
            + " (ThreadPriorityPolicy=1)",
        ThreadPriorityCheck.line("Linux", "1", "10"));
    // HotSpot's own mapping for the lowest priority when the option is left at -1.
    assertTrue(ThreadPriorityCheck.line("Linux", "1", "-1").contains("nice 4"));
  }

  @Test
  void anotherSystemOrNoReading_isNotJudged() {
    assertNull(ThreadPriorityCheck.line("Mac OS X", "0", "-1"));
    assertNull(ThreadPriorityCheck.line("Linux", null, null));
  }

  @Test
  void readsHotSpotsOptions_andNothingForOneItDoesNotHave() {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    String policy = ThreadPriorityCheck.option(server, "ThreadPriorityPolicy");
    assertNotNull(policy, "HotSpot has the option");
    assertTrue(policy.equals("0") || policy.equals("1"), policy);
    assertNull(ThreadPriorityCheck.option(server, "NoSuchOptionAnywhere"));
  }
}
