/**
 * Test support: the WAR in a real Tomcat distribution (the one Maven unpacks from Central), started
 * as a process of its own, shared by the integration tests ({@code it}) and the fault, load and
 * hostile-input tests ({@code faults}).
 */
@NullMarked
package org.olfsfastpath.tomcat;

import org.jspecify.annotations.NullMarked;
