/**
 * A real OpenID Connect server for the login tests: {@link
 * org.olfsfastpath.keycloak.KeycloakServer} starts the Keycloak distribution the build unpacks from
 * Maven Central, with the test realm. Not in the WAR.
 */
@NullMarked
package org.olfsfastpath.keycloak;

import org.jspecify.annotations.NullMarked;
