/**
 * The fault, load and soak scenarios, run by the fault integration tests (short) and by {@code
 * scripts/soak} (long): {@link org.olfsfastpath.soak.FaultBench} is the front end in a real Tomcat
 * in front of the BES emulator, {@link org.olfsfastpath.soak.FaultScenarios} the scenarios, each
 * returning a {@link org.olfsfastpath.soak.ScenarioResult}, and {@link
 * org.olfsfastpath.soak.SoakMain} the command line. A plain raw-socket HTTP client, the {@code
 * /status} document and a {@code /proc} probe of the Tomcat process serve them. This package is a
 * tool and is left out of the web application.
 */
@NullMarked
package org.olfsfastpath.soak;

import org.jspecify.annotations.NullMarked;
