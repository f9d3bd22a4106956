/**
 * Test support shared by every module's tests: the recorded BES captures ({@link
 * org.olfsfastpath.testing.Captures}), a ticker tests advance by hand ({@link
 * org.olfsfastpath.testing.FakeTicker}), {@link org.olfsfastpath.testing.Regression}, {@link
 * org.olfsfastpath.testing.ThreadAllocation}, a strict JSON reader for the pages' and records'
 * JSON-LD ({@link org.olfsfastpath.testing.JsonCheck}) and the Python environments the harvester
 * checks run in ({@link org.olfsfastpath.testing.PythonVenv}). What every test run gets without
 * asking (the console's skip lines and count, skips of whole containers turned into counted skips,
 * the log kept off the console unless a test fails) is in {@code org.olfsfastpath.testing.report}.
 * The JUnit extensions that start a BES emulator ({@code EmulatorExtension}) or the WAR in a real
 * Tomcat in front of one ({@code FrontEndExtension}) are in the bes-emulator and harness modules.
 *
 * <p>How a test skips, so that the console and Surefire's and Failsafe's reports count it alike,
 * once per case, with its reason: with an assumption inside the test, {@code @BeforeEach} or
 * {@code @BeforeAll} ({@code assumeTrue(Files.isExecutable(NCDUMP), "/usr/bin/ncdump is not
 * installed (Debian package netcdf-bin, which scripts/setup installs)")}), or with an {@code
 * ExecutionCondition} on the class; the reason names what is missing and where it comes from. A
 * {@code @TestFactory} may skip before it returns. A {@code @MethodSource} must not skip (no report
 * counts a method whose cases could not be listed; the console prints it as {@code NOT COUNTED}):
 * it returns a placeholder case that skips, as {@link org.olfsfastpath.testing.Captures#names}
 * does. The shared captures are found only through {@link org.olfsfastpath.testing.Captures}, so
 * that the README's list of the tests that need them is written from the sources (ReadmeListsTest).
 *
 * <p>A test that guards a fixed bug carries {@link org.olfsfastpath.testing.Regression}, naming the
 * bug and its fix, under a name that says what it guards.
 */
@NullMarked
package org.olfsfastpath.testing;

import org.jspecify.annotations.NullMarked;
