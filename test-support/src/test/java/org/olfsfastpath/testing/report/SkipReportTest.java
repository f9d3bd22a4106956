package org.olfsfastpath.testing.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The console's skip lines and count, against the samples below run in a launcher of the test's own
 * with the build's configuration ({@link ContainerSkips} auto-detected). The counts expected are
 * Surefire 3.5's for the same classes (a disabled class: one per direct child; a disabled or
 * skipping method: one; a container stopped on an assumption: none).
 */
final class SkipReportTest {

  /**
   * Run only through the launcher below; the build's test run leaves the tag out
   * (test-support/pom.xml).
   */
  @Tag("launcher-sample")
  static final class Sample {
    static List<String> skippingSource() {
      Assumptions.assumeTrue(false, "the source cannot list its cases");
      return List.of();
    }

    @Test
    void runs() {}

    @Test
    @Disabled("waiting for issue 7")
    void disabled() {}

    @Test
    void assumed() {
      Assumptions.assumeTrue(
          false, "/usr/bin/ncdump is not installed\n(Debian package netcdf-bin)");
    }

    @ParameterizedTest
    @ValueSource(strings = "x")
    void parameterized(String value) {
      Assumptions.assumeTrue(false, "the captures are absent");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "b"})
    @Disabled("a disabled parameterized method counts once")
    void disabledParameterized(String value) {}

    @TestFactory
    Stream<DynamicTest> factory() {
      Assumptions.assumeTrue(false, "skipped: no captures to name the cases");
      return Stream.of(DynamicTest.dynamicTest("never", () -> {}));
    }

    @ParameterizedTest
    @MethodSource("skippingSource")
    void sourceSkips(String value) {}
  }

  @Tag("launcher-sample")
  @Disabled("the whole class waits")
  static final class DisabledSample {
    @Test
    void one() {}

    @Test
    void two() {}

    @ParameterizedTest
    @ValueSource(strings = {"a", "b", "c"})
    void three(String value) {}
  }

  @Tag("launcher-sample")
  static final class BeforeAllSample {
    static int afterAll;

    @BeforeAll
    static void needsAProgram() {
      Assumptions.assumeTrue(false, "/usr/bin/chromium is not installed");
    }

    @AfterAll
    static void tidy() {
      afterAll++;
    }

    @Test
    void one() {}

    @Nested
    final class Inner {
      @Test
      void two() {}

      @Test
      void three() {}
    }
  }

  private static List<String> run(Class<?> sample) {
    return run(sample, null);
  }

  private static List<String> run(Class<?> sample, @Nullable Path file) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SkipReport report = new SkipReport(new PrintStream(bytes, true, StandardCharsets.UTF_8), file);
    Launcher launcher =
        LauncherFactory.create(
            LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build());
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(sample))
            .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
            .configurationParameter(
                "junit.jupiter.extensions.autodetection.include", "org.olfsfastpath.testing.*")
            .build(),
        report);
    return bytes.toString(StandardCharsets.UTF_8).lines().sorted().toList();
  }

  /** What scripts/test holds against the reports: the start, the count, and the same lines. */
  @Test
  void theFile_holdsTheStartTheCountAndTheLines(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("target/skip-report-surefire.txt");
    long before = System.currentTimeMillis();
    List<String> console = run(DisabledSample.class, file);
    List<String> written = Files.readAllLines(file, StandardCharsets.UTF_8);
    long started = Long.parseLong(written.get(0).substring("started ".length()));
    assertTrue(started >= before && started <= System.currentTimeMillis(), written.get(0));
    assertEquals("skipped 3", written.get(1));
    assertEquals(
        console.stream().filter(line -> line.startsWith("SKIPPED ")).toList(),
        written.subList(2, written.size()).stream().sorted().toList());
  }

  @Test
  void everySkippedTest_isOneLineWithItsReasonAndMethod_thenACount() {
    assertEquals(
        List.of(
            "NOT COUNTED SkipReportTest$Sample > sourceSkips(String): the source cannot list its cases"
                + " [stopped before its tests existed, so no report counts them: skip inside the tests"
                + " or with a condition instead (org.olfsfastpath.testing)]",
            "NOT COUNTED: 1 container stopped on an assumption before their tests existed, above",
            "SKIPPED SkipReportTest$Sample > assumed(): /usr/bin/ncdump is not installed (Debian package netcdf-bin)",
            "SKIPPED SkipReportTest$Sample > disabled(): waiting for issue 7",
            "SKIPPED SkipReportTest$Sample > disabledParameterized(String): a disabled parameterized"
                + " method counts once",
            "SKIPPED SkipReportTest$Sample > factory() > (all cases): no captures to name the cases",
            "SKIPPED SkipReportTest$Sample > parameterized(String) > [1] x: the captures are absent",
            "SKIPPED: 5 tests skipped in this run, reasons above"),
        run(Sample.class));
  }

  @Test
  void aDisabledClass_countsEachOfItsChildren() {
    assertEquals(
        List.of(
            "SKIPPED SkipReportTest$DisabledSample > one(): the whole class waits",
            "SKIPPED SkipReportTest$DisabledSample > three(String): the whole class waits",
            "SKIPPED SkipReportTest$DisabledSample > two(): the whole class waits",
            "SKIPPED: 3 tests skipped in this run, reasons above"),
        run(DisabledSample.class));
  }

  @Test
  void aBeforeAllThatSkips_skipsEachTestBelowIt_andAfterAllStillRuns() {
    BeforeAllSample.afterAll = 0;
    assertEquals(
        List.of(
            "SKIPPED SkipReportTest$BeforeAllSample > one(): /usr/bin/chromium is not installed",
            "SKIPPED SkipReportTest$BeforeAllSample$Inner > three(): /usr/bin/chromium is not installed",
            "SKIPPED SkipReportTest$BeforeAllSample$Inner > two(): /usr/bin/chromium is not installed",
            "SKIPPED: 3 tests skipped in this run, reasons above"),
        run(BeforeAllSample.class));
    assertEquals(1, BeforeAllSample.afterAll);
  }
}
