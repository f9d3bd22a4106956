/**
 * The BES command layer: request documents built with JDOM2 in the upstream OLFS's order,
 * immutable parsed answers ({@link org.olfsfastpath.bes.BesNode},
 * {@link org.olfsfastpath.bes.BesError}) and a bounded pool of warm PPT connections.
 *
 * <p>The entry point is {@link org.olfsfastpath.bes.BesClient}: build one per web application
 * with {@code BesClient.newBuilder()} and share it. Every failure is an {@link java.io.IOException}
 * subtype: {@link org.olfsfastpath.bes.BesErrorException} (the BES answered an error),
 * {@link org.olfsfastpath.bes.BesPoolExhaustedException} (no connection within the acquire
 * timeout), {@link org.olfsfastpath.bes.BesProtocolException} (an answer that cannot be read),
 * or a {@code ppt} transport exception. Pool state is read with
 * {@link org.olfsfastpath.bes.BesClient#poolStats()} and heard with a
 * {@link org.olfsfastpath.bes.BesEventListener}. It depends only on the {@code ppt} layer.
 */
package org.olfsfastpath.bes;
