package org.olfsfastpath.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.testing.Regression;

/**
 * Which threads the probe counts as pools that bound themselves, and which descriptors as the
 * container's archives, never as a leak.
 */
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

  /**
   * A JAR file the class loaders hold open is the container's cache, not the front end's leak; any
   * other file still is.
   */
  @Test
  @SuppressWarnings("try") // the open files are the point; nothing is read from them
  @Regression(
      "6a14853: FaultsIT's BES kill failed on '39 more file descriptors than before': the"
          + " web application's JARs, opened by Tomcat's class loader on an error path and closed"
          + " by its background process seconds later")
  void openJarFiles_countAsArchives_otherFilesAsTheProcesssOwn(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fd")), "needs Linux's /proc to count descriptors");
    Path jar = dir.resolve("a.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new ZipEntry("a.txt"));
    }
    Path plain = Files.writeString(dir.resolve("a.txt"), "a");
    long pid = ProcessHandle.current().pid();
    ProcessProbe.Snapshot before = ProcessProbe.take(pid, 1, 2);
    try (JarFile open = new JarFile(jar.toFile());
        InputStream other = Files.newInputStream(plain)) {
      ProcessProbe.Snapshot after = ProcessProbe.take(pid, 1, 2);
      assertEquals(before.archives() + 1, after.archives());
      assertEquals(before.ownFds() + 1, after.ownFds());
    }
  }
}
