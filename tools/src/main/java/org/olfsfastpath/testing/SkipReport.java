package org.olfsfastpath.testing;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints every skipped test with its reason on the console, one line each, and a count when the
 * run ends: a test disabled by a condition ({@code @Disabled}, {@code @EnabledIf...}) and a test
 * that stopped on an assumption ({@code Assumptions.assumeTrue}, the way the tests skip when a
 * program such as ncdump or the shared BES captures are absent). Surefire and failsafe otherwise
 * keep the reason in their XML reports only.
 *
 * <pre>
 * SKIPPED FrontEndIT &gt; ncdumpReadsTheDds(): /usr/bin/ncdump is not installed (...)
 * SKIPPED: 1 test skipped in this run, reasons above
 * </pre>
 *
 * <p>Registered for the JUnit Platform launcher in {@code META-INF/services}, so every module
 * whose tests have this module on their class path gets it. Prints to standard output; never
 * throws.
 */
public final class SkipReport implements TestExecutionListener {
  private final PrintStream out;
  private final List<String> skipped = new ArrayList<>();
  private @Nullable TestPlan plan;

  /** The instance the launcher creates: prints to {@code System.out}. */
  public SkipReport() {
    this(System.out);
  }

  SkipReport(PrintStream out) {
    this.out = out;
  }

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    this.plan = testPlan;
    skipped.clear();
  }

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    report(test, reason);
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
      report(test, result.getThrowable().map(Throwable::getMessage).orElse(null));
    }
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    if (!skipped.isEmpty()) {
      out.println("SKIPPED: " + skipped.size() + (skipped.size() == 1 ? " test" : " tests")
          + " skipped in this run, reasons above");
      out.flush();
    }
  }

  /** The lines printed so far in this run. */
  List<String> lines() {
    return List.copyOf(skipped);
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
    return reason.strip()
        .replaceFirst("^Assumption failed: ", "")
        .replaceFirst("^(?i)skipped: ", "")
        .replaceAll("\\s*\\R\\s*", " ");
  }

  /** {@code Class > method}, the class found on the way up for a parameterized or nested test. */
  private String name(TestIdentifier test) {
    Optional<TestSource> source = test.getSource();
    if (source.isPresent() && source.get() instanceof ClassSource c) {
      return simpleName(c.getClassName());
    }
    String className = source.filter(MethodSource.class::isInstance).map(s -> ((MethodSource) s).getClassName())
        .orElse(null);
    TestIdentifier up = test;
    while (className == null && plan != null) {
      Optional<TestIdentifier> parent = plan.getParent(up);
      if (parent.isEmpty()) {
        break;
      }
      up = parent.get();
      className = up.getSource().filter(ClassSource.class::isInstance)
          .map(s -> ((ClassSource) s).getClassName()).orElse(null);
    }
    return (className == null ? "" : simpleName(className) + " > ") + test.getDisplayName();
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
