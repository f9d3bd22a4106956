package org.olfsfastpath.testing.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Logger;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

final class LogOnFailureTest {
  private static final Logger LOG = Logger.getLogger(LogOnFailureTest.class.getName());

  /**
   * Run only through the launcher below; the build's test run leaves the tag out
   * (test-support/pom.xml).
   */
  @Tag("launcher-sample")
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static final class Sample {
    @Test
    @Order(1)
    void provokesAnErrorOnPurpose() {
      LOG.warning("listener bug (provoked)");
    }

    @Test
    @Order(2)
    void fails() {
      LOG.warning("the BES refused the connection");
      throw new AssertionError("expected 200, was 502");
    }
  }

  @Test
  void aPassingTestsLog_staysOffTheConsole_aFailingTestsLogFollowsIt(@TempDir Path dir)
      throws IOException {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Path file = dir.resolve("test.log");
    LogOnFailure logs =
        new LogOnFailure(new PrintStream(console, true, StandardCharsets.UTF_8), file);
    Launcher launcher =
        LauncherFactory.create(
            LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build());
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request().selectors(selectClass(Sample.class)).build(),
        logs);

    List<String> printed = console.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(4, printed.size(), printed.toString());
    assertTrue(
        printed
            .get(0)
            .startsWith(
                "--- log of LogOnFailureTest$Sample > fails(), which"
                    + " failed (1 records; every test's log is in "
                    + file
                    + ")"),
        printed.get(0));
    assertTrue(printed.get(1).contains(LogOnFailureTest.class.getName()), printed.get(1));
    assertEquals("WARNING: the BES refused the connection", printed.get(2));
    assertEquals("--- end of the log of LogOnFailureTest$Sample > fails() ---", printed.get(3));

    List<String> logged = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertEquals(
        List.of(
            "=== LogOnFailureTest$Sample > provokesAnErrorOnPurpose()",
            "WARNING: listener bug (provoked)",
            "=== LogOnFailureTest$Sample > fails()",
            "WARNING: the BES refused the connection"),
        logged.stream().filter(l -> l.startsWith("===") || l.startsWith("WARNING")).toList());
  }
}
