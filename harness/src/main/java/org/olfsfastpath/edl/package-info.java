/**
 * A stand-in for NASA Earthdata Login ({@link org.olfsfastpath.edl.EdlStandIn}), for the login
 * tests and {@code scripts/serve --login-demo}: EDL's authorize, token, token check, revoke,
 * profile and JWKS endpoints with EDL's token shape ({@link org.olfsfastpath.edl.EdlTokens}), on
 * {@code localhost}. Not in the WAR.
 */
@NullMarked
package org.olfsfastpath.edl;

import org.jspecify.annotations.NullMarked;
