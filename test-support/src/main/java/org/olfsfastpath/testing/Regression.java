package org.olfsfastpath.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a test that guards a bug once fixed, so it is never fixed twice: the convention every fix
 * follows. The test's name says what it guards, as any test name states its case ({@code
 * lookupJoiningALoad_countsAHit_notAMiss}); the annotation's value names the bug as it was, in one
 * sentence, with the commit that fixed it. It also tags the test {@code regression}, so {@code mvn
 * test -Dgroups=regression} runs the guards alone. A bug fixed without a test that would have
 * failed before the fix is not fixed yet.
 *
 * <pre>{@code
 * @Test
 * @Regression("0f9cb54: a lookup that joined a load claimed after it found no entry counted a miss")
 * void racingColdLookupsCountOneMissPerLoadAndEveryOtherLookupAsAHit() { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@Tag("regression")
public @interface Regression {
  /** The bug as it was, and the commit that fixed it. */
  String value();
}
