/**
 * Test support shared by the modules' tests: JUnit extensions that start a BES emulator ({@link
 * org.olfsfastpath.testing.EmulatorExtension}) or the WAR in a real Tomcat in front of one ({@link
 * org.olfsfastpath.testing.FrontEndExtension}), the recorded BES captures ({@link
 * org.olfsfastpath.testing.Captures}), a ticker tests advance by hand, and the listener that prints
 * every skipped test with its reason.
 *
 * <p>A test that guards a fixed bug carries {@link org.olfsfastpath.testing.Regression}, naming the
 * bug and its fix, under a name that says what it guards.
 */
@NullMarked
package org.olfsfastpath.testing;

import org.jspecify.annotations.NullMarked;
