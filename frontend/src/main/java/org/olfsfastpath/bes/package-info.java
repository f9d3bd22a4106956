/**
 * The BES command layer: request documents built with JDOM2 in the upstream OLFS's order,
 * immutable parsed answers ({@link org.olfsfastpath.bes.BesNode},
 * {@link org.olfsfastpath.bes.BesError}), a bounded pool of warm PPT connections per BES, and the
 * groups that spread commands over several BES.
 *
 * <p>The entry point for one BES is {@link org.olfsfastpath.bes.BesClient}: build one per BES with
 * {@code BesClient.newBuilder()} and share it. Several BES of one catalog prefix form a
 * {@link org.olfsfastpath.bes.BesGroup} (balancing, ejection, probes, failover). The entry point
 * for the layers above is the {@link org.olfsfastpath.bes.BesRouter}: it takes whole catalog paths
 * ({@code showNode}, {@code get}, {@code buildSiteMap}), routes each to the group of its longest
 * prefix and strips the prefix, so routing lives here and nowhere above.
 * Every failure is an {@link java.io.IOException} subtype:
 * {@link org.olfsfastpath.bes.BesErrorException} (the BES answered an error),
 * {@link org.olfsfastpath.bes.BesPoolExhaustedException} (no connection within the acquire
 * timeout), {@link org.olfsfastpath.bes.BesUnavailableException} (every BES of the group is out of
 * service), {@link org.olfsfastpath.bes.BesProtocolException} (an answer that cannot be read), or
 * a {@code ppt} transport exception. State is read with
 * {@link org.olfsfastpath.bes.BesClient#poolStats()} and
 * {@link org.olfsfastpath.bes.BesGroup#stats()}, and heard with a
 * {@link org.olfsfastpath.bes.BesEventListener}. It depends only on the {@code ppt} layer.
 */
@NullMarked
package org.olfsfastpath.bes;

import org.jspecify.annotations.NullMarked;
