package org.olfsfastpath.soak;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.olfsfastpath.testing.Regression;

/** Which threads the probe counts as pools that bound themselves, never as a leak. */
final class ProcessProbeTest {
  /** What /proc shows of a Java thread's name: its first 15 characters. */
  private static String comm(String threadName) {
    return threadName.substring(0, Math.min(15, threadName.length()));
  }

  /**
   * The spool's producer threads grow with the long answers streaming and end 30 s after them:
   * counted with the other self-bounded pools.
   */
  @Test
  @Regression(
      "5e7309a: the soak's first BES-kill cycle failed on '8 more threads than before':"
          + " the spool's producer threads, still idle after the load, counted as leaked")
  void spoolProducerThreads_countAsPooled_notAsTheFrontEndsOwn() {
    assertTrue(ProcessProbe.isSelfBoundedPool(comm("olfs-fastpath-spool-producer-7")));
  }

  @Test
  void compilerForkJoinAndRefreshThreads_arePooled_othersAreNot() {
    assertTrue(ProcessProbe.isSelfBoundedPool(comm("C2 CompilerThread1")));
    assertTrue(ProcessProbe.isSelfBoundedPool(comm("ForkJoinPool.commonPool-worker-1")));
    assertTrue(ProcessProbe.isSelfBoundedPool(comm("DataSourceCache-refresh-1")));
    assertFalse(ProcessProbe.isSelfBoundedPool(comm("olfs-fastpath-background")));
    assertFalse(ProcessProbe.isSelfBoundedPool(comm("olfs-fastpath BES pool 127.0.0.1:10022")));
    assertFalse(ProcessProbe.isSelfBoundedPool(comm("http-nio-127.0.0.1-8080-exec-1")));
  }
}
