/**
 * What every module's test run gets without asking, registered for the JUnit Platform in {@code
 * META-INF/services}: the console's skip lines and count, counted as Surefire and Failsafe count
 * ({@link org.olfsfastpath.testing.report.SkipReport}, which also writes them under {@code target/}
 * for scripts/test to compare with the reports), skips of whole containers turned into counted
 * skips ({@link org.olfsfastpath.testing.report.ContainerSkips}), and the log kept off the console
 * unless a test fails ({@link org.olfsfastpath.testing.report.LogOnFailure}). Depends on nothing of
 * ours, so that every module, the ppt module too, has it on its test class path. How a test skips
 * is said in {@code org.olfsfastpath.testing}, with the rest of the test support.
 */
@NullMarked
package org.olfsfastpath.testing.report;

import org.jspecify.annotations.NullMarked;
