/**
 * The BES command layer: request documents built with JDOM2 in the upstream OLFS's order (a DAP4
 * get's server function included, {@link org.olfsfastpath.bes.GetRequest#dap4Function()}, and the
 * probe that asks whether the BES has a module, {@link org.olfsfastpath.bes.TransmitterProbe}),
 * immutable parsed answers ({@link org.olfsfastpath.bes.BesNode},
 * {@link org.olfsfastpath.bes.BesError}), a bounded pool of warm PPT connections per BES, and the
 * groups that spread commands over several BES.
 *
 * <p>The entry point for one BES is {@link org.olfsfastpath.bes.BesClient}: build one per BES with
 * {@code BesClient.newBuilder()} and share it. Several BES of one catalog prefix form a
 * {@link org.olfsfastpath.bes.BesGroup} (balancing, ejection, probes, failover), and a
 * {@link org.olfsfastpath.bes.BesRouter} picks the group of a catalog path and strips its prefix.
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
