package org.olfsfastpath.testing.report;

import java.lang.reflect.Method;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.TestAbortedException;

/**
 * Turns a skip that would stop a whole container into skipped tests, so that the reports count it:
 * Surefire and Failsafe count a skipped test or a disabled method, but nothing at all for a
 * {@code @TestFactory} or a class whose {@code @BeforeAll} stopped on an assumption (its tests
 * never existed), and the console's {@link SkipReport} counts as they do.
 *
 * <ul>
 *   <li>A {@code @TestFactory} that stops on an assumption (say, because the shared BES captures
 *       that name its cases are absent) returns one dynamic test, {@value #ALL_CASES}, that skips
 *       with the same reason.
 *   <li>A {@code @BeforeAll} that stops on an assumption (say, a program the whole class needs is
 *       missing) lets the class go on without its other {@code @BeforeAll} methods, and every test
 *       and nested class in it is disabled with that reason; {@code @AfterAll} runs, as it would
 *       have.
 * </ul>
 *
 * <p>Registered for every Jupiter test of the build by extension auto-detection ({@code
 * META-INF/services}; the parent pom turns auto-detection on for Surefire and Failsafe, for this
 * package only), so a test needs nothing to get it.
 */
public final class ContainerSkips implements InvocationInterceptor, ExecutionCondition {
  /** The name of the one dynamic test a skipping factory returns. */
  public static final String ALL_CASES = "(all cases)";

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(ContainerSkips.class);
  private static final String BEFORE_ALL_SKIPPED = "beforeAllSkipped";

  @Override
  public <T> T interceptTestFactoryMethod(
      Invocation<T> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext extensionContext)
      throws Throwable {
    try {
      return invocation.proceed();
    } catch (TestAbortedException e) {
      // Jupiter accepts a Stream from any factory, whatever its declared return type.
      @SuppressWarnings("unchecked")
      T one =
          (T)
              Stream.of(
                  DynamicTest.dynamicTest(
                      ALL_CASES,
                      () -> {
                        throw e;
                      }));
      return one;
    }
  }

  @Override
  public void interceptBeforeAllMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext extensionContext)
      throws Throwable {
    ExtensionContext.Store store = extensionContext.getStore(NAMESPACE);
    if (store.get(BEFORE_ALL_SKIPPED, String.class) != null) {
      invocation.skip();
      return;
    }
    try {
      invocation.proceed();
    } catch (TestAbortedException e) {
      String reason = e.getMessage();
      store.put(
          BEFORE_ALL_SKIPPED, reason == null || reason.isBlank() ? "(no reason given)" : reason);
    }
  }

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    // A store sees its ancestors' values: set on the class whose @BeforeAll skipped.
    String reason = context.getStore(NAMESPACE).get(BEFORE_ALL_SKIPPED, String.class);
    return reason == null
        ? ConditionEvaluationResult.enabled("no @BeforeAll above skipped")
        : ConditionEvaluationResult.disabled(reason);
  }
}
