/**
 * The BES command layer: request documents built with JDOM2 in the upstream OLFS's order (a DAP4
 * get's server function included, {@link org.olfsfastpath.bes.GetRequest#dap4Function()}, and the
 * probe that asks whether the BES has a module, {@link org.olfsfastpath.bes.TransmitterProbe}),
 * immutable parsed answers ({@link org.olfsfastpath.bes.BesNode}, {@link
 * org.olfsfastpath.bes.BesError}), a bounded pool of warm PPT connections per BES, and the groups
 * that spread commands over several BES.
 *
 * <p>A command is one value, a {@link org.olfsfastpath.bes.BesCommand} (its request document, how
 * its answer is read, how it routes, whether it may be sent again), sent one way through the
 * router, the group and the client ({@code send}) for a {@link org.olfsfastpath.bes.Caller}: who
 * asks (the client, for the shares; whether the answer may be long, for the reserve) and what the
 * BES hears of the request (its {@link org.olfsfastpath.bes.RequestId}, its {@link
 * org.olfsfastpath.bes.BesUser}, further contexts). The entry point for the layers above is the
 * {@link org.olfsfastpath.bes.BesRouter}: it takes whole catalog paths, routes each command to the
 * group of its longest prefix and strips the prefix, so routing lives here and nowhere above; the
 * caches are given {@code router::showNode} and {@code router::get} as their loaders. Several BES
 * of one catalog prefix form a {@link org.olfsfastpath.bes.BesGroup}: its command pipeline chooses
 * a BES and sends a command that failed before its first byte once more (another BES, or the same
 * on a new connection; a get's response does it too, {@code GroupResponse}), its package-private
 * {@code GroupHealth} counts each failure by its {@code FailureKind}, takes a BES out of service,
 * probes it and brings it back, and its {@code ClientShares} gives each client ({@link
 * org.olfsfastpath.bes.Caller}) its turn at the group's connections ({@code ConnectionTurns}: work-
 * conserving, a connection that comes free goes to the waiting client holding the fewest, and the
 * reserve for short requests across the group); each pool keeps its reserve too. One BES is a
 * {@link org.olfsfastpath.bes.BesClient} over a package-private {@code BesConnectionPool}. Clients
 * and groups are built by {@link org.olfsfastpath.bes.BesClientBuilder} and {@link
 * org.olfsfastpath.bes.BesGroupBuilder} ({@code newBuilder()}, or {@code from(spec)} whose keys are
 * the builder's method names).
 *
 * <p>Every failure is an {@link java.io.IOException} subtype: {@link
 * org.olfsfastpath.bes.BesErrorException} (the BES answered an error), {@link
 * org.olfsfastpath.bes.BesPoolExhaustedException} (no connection within the acquire timeout),
 * {@link org.olfsfastpath.bes.BesUnavailableException} (every BES of the group is out of service),
 * {@link org.olfsfastpath.bes.BesLimitException} (its turn did not come within its wait, its client
 * had its most requests waiting, or only the reserve was left), {@link
 * org.olfsfastpath.bes.BesProtocolException} (an answer that cannot be read), or a {@code ppt}
 * transport exception. State is one immutable value per component, {@link
 * org.olfsfastpath.bes.BesPoolStats} (a pool; pools add up with {@code plus}) and {@link
 * org.olfsfastpath.bes.BesGroupStats} with a {@link org.olfsfastpath.bes.BesMemberStats} per BES
 * and its {@link org.olfsfastpath.bes.BesShareStats}, and events are heard with a {@link
 * org.olfsfastpath.bes.BesEventListener}. It depends only on the {@code ppt} layer and the {@code
 * spec} grammar.
 */
@NullMarked
package org.olfsfastpath.bes;

import org.jspecify.annotations.NullMarked;
