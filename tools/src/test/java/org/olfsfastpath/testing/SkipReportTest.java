package org.olfsfastpath.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

final class SkipReportTest {

  /** Run only through the launcher below; the build's test run leaves the tag out (tools/pom.xml). */
  @Tag("launcher-sample")
  static final class Sample {
    @Test
    void runs() {}

    @Test
    @Disabled("waiting for issue 7")
    void disabled() {}

    @Test
    void assumed() {
      Assumptions.assumeTrue(false, "/usr/bin/ncdump is not installed\n(Debian package netcdf-bin)");
    }

    @ParameterizedTest
    @ValueSource(strings = "x")
    void parameterized(String value) {
      Assumptions.assumeTrue(false, "the captures are absent");
    }
  }

  @Test
  void everySkip_isOneLineWithItsReason_thenACount() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SkipReport report = new SkipReport(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
        .enableTestExecutionListenerAutoRegistration(false)
        .build());
    launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(Sample.class)).build(), report);
    assertEquals(List.of(
        "SKIPPED SkipReportTest$Sample > [1] x: the captures are absent",
        "SKIPPED SkipReportTest$Sample > assumed(): /usr/bin/ncdump is not installed (Debian package netcdf-bin)",
        "SKIPPED SkipReportTest$Sample > disabled(): waiting for issue 7",
        "SKIPPED: 3 tests skipped in this run, reasons above"),
        bytes.toString(StandardCharsets.UTF_8).lines().sorted().toList());
  }
}
