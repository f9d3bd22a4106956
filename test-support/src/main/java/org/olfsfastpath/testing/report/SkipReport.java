package org.olfsfastpath.testing.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints every skipped test with its reason on the console, one line each, and a count when the run
 * ends, counting as Surefire and Failsafe count in their reports: a test disabled by a condition
 * ({@code @Disabled}, {@code @EnabledIf...}, an {@code ExecutionCondition}) and a test that stopped
 * on an assumption ({@code Assumptions.assumeTrue}, the way the tests skip when a program such as
 * ncdump or the shared BES captures are absent). Surefire and failsafe otherwise keep the reason in
 * their XML reports only.
 *
 * <pre>
 * SKIPPED FrontEndIT &gt; ncdumpReadsTheDds(): /usr/bin/ncdump is not installed (...)
 * SKIPPED PptCapturesTest &gt; decoder_recoversThePayloadAndExtensions(String) &gt; (all cases): ...
 * SKIPPED: 2 tests skipped in this run, reasons above
 * </pre>
 *
 * <p>Surefire's count, which this one follows: a disabled class counts each of its direct children
 * (test methods, parameterized methods, nested classes) once; a disabled method counts once,
 * parameterized or not; a test that stopped on an assumption counts once. A container that stopped
 * on an assumption before its tests existed (a {@code @MethodSource} that skips, an extension's
 * {@code beforeAll} that skips) counts nowhere in Surefire: it is printed as {@code NOT COUNTED} so
 * that it does not vanish, and should be rewritten to skip inside its tests. {@link ContainerSkips}
 * already turns a skipping {@code @TestFactory} or {@code @BeforeAll} into skipped tests.
 *
 * <p>Registered for the JUnit Platform launcher in {@code META-INF/services}, so every module whose
 * tests have this module on their class path gets it. Prints to standard output, and writes the
 * same to the file the system property {@value #FILE_PROPERTY} names (the build names one per
 * module and plugin under {@code target/}), which scripts/test holds against Surefire's and
 * Failsafe's reports; never throws.
 */
public final class SkipReport implements TestExecutionListener {
  /**
   * The system property naming the file the run's skips are written to as well (the build sets it
   * per module and plugin), which scripts/test compares with the reports' counts.
   */
  public static final String FILE_PROPERTY = "skip.report.file";

  private final PrintStream out;
  private final @Nullable Path file;
  private final List<String> skipped = new ArrayList<>();
  private final List<String> uncounted = new ArrayList<>();
  private @Nullable TestPlan plan;
  private long startedMillis;

  /**
   * The instance the launcher creates: prints to {@code System.out}, writes the property's file.
   */
  public SkipReport() {
    this(System.out, fileFromProperty());
  }

  SkipReport(PrintStream out) {
    this(out, null);
  }

  SkipReport(PrintStream out, @Nullable Path file) {
    this.out = out;
    this.file = file;
  }

  private static @Nullable Path fileFromProperty() {
    String name = System.getProperty(FILE_PROPERTY);
    return name == null || name.isBlank() ? null : Path.of(name);
  }

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    this.plan = testPlan;
    this.startedMillis = System.currentTimeMillis();
    skipped.clear();
    uncounted.clear();
  }

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    if (isClass(test)) {
      // Surefire reports each direct child of a skipped class as one skipped test.
      Set<TestIdentifier> children = plan == null ? Set.of() : plan.getChildren(test);
      for (TestIdentifier child : children) {
        report(child, reason);
      }
      return;
    }
    report(test, reason);
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (result.getStatus() != TestExecutionResult.Status.ABORTED) {
      return;
    }
    String reason = result.getThrowable().map(Throwable::getMessage).orElse(null);
    if (test.isTest()) {
      report(test, reason);
      return;
    }
    String line =
        "NOT COUNTED "
            + name(test)
            + ": "
            + describe(reason)
            + " [stopped before its tests existed, so no report counts them: skip inside the tests"
            + " or with a condition instead (org.olfsfastpath.testing)]";
    uncounted.add(line);
    out.println(line);
    out.flush();
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    if (!skipped.isEmpty()) {
      out.println(
          "SKIPPED: "
              + skipped.size()
              + (skipped.size() == 1 ? " test" : " tests")
              + " skipped in this run, reasons above");
    }
    if (!uncounted.isEmpty()) {
      out.println(
          "NOT COUNTED: "
              + uncounted.size()
              + (uncounted.size() == 1 ? " container" : " containers")
              + " stopped on an assumption before their tests existed, above");
    }
    out.flush();
    write();
  }

  /**
   * The file of {@link #FILE_PROPERTY}: when the run started (reports older than that belong to an
   * earlier run), the count, then each line printed. A file that cannot be written is said on the
   * console; the comparison then fails for want of it.
   */
  private void write() {
    if (file == null) {
      return;
    }
    List<String> text = new ArrayList<>();
    text.add("started " + startedMillis);
    text.add("skipped " + skipped.size());
    text.addAll(lines());
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.write(file, text, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      out.println("SkipReport: cannot write " + file + ": " + e);
      out.flush();
    }
  }

  /** The lines printed so far in this run. */
  List<String> lines() {
    List<String> all = new ArrayList<>(skipped);
    all.addAll(uncounted);
    return List.copyOf(all);
  }

  private void report(TestIdentifier test, @Nullable String reason) {
    String line = "SKIPPED " + name(test) + ": " + describe(reason);
    skipped.add(line);
    out.println(line);
    out.flush();
  }

  /** The reason on one line, without JUnit's "Assumption failed: " and a repeated "skipped: ". */
  static String describe(@Nullable String reason) {
    if (reason == null || reason.isBlank()) {
      return "(no reason given)";
    }
    return reason
        .strip()
        .replaceFirst("^Assumption failed: ", "")
        .replaceFirst("^(?i)skipped: ", "")
        .replaceAll("\\s*\\R\\s*", " ");
  }

  /**
   * {@code Class > method() > case}: the nearest class's simple name, then every display name below
   * it down to the test, so that an invocation of a parameterized method or a dynamic test names
   * its method too.
   */
  private String name(TestIdentifier test) {
    List<String> below = new ArrayList<>();
    TestIdentifier at = test;
    while (!isClass(at)) {
      below.add(0, at.getDisplayName());
      Optional<TestIdentifier> parent = plan == null ? Optional.empty() : plan.getParent(at);
      if (parent.isEmpty()) {
        return String.join(" > ", below);
      }
      at = parent.get();
    }
    String className = ((ClassSource) at.getSource().orElseThrow()).getClassName();
    below.add(0, className.substring(className.lastIndexOf('.') + 1));
    return String.join(" > ", below);
  }

  private static boolean isClass(TestIdentifier test) {
    return test.isContainer() && test.getSource().filter(ClassSource.class::isInstance).isPresent();
  }
}
