/**
 * A BES emulator that speaks real PPT, so the front end, its tests and its benchmarks run with no
 * BES installed.
 *
 * <p>The entry point is {@link org.olfsfastpath.emulator.BesEmulator}: build one, {@code start()}
 * it on an ephemeral loopback port (and optionally a Unix socket), point a client at its {@code
 * endpoint()}, then verify what it received with {@code commandCount(...)} and {@code
 * takeRequest()}. It answers the BES XML commands from a data directory, from the built-in datasets
 * of {@code emulator.dap}, from large datasets generated as they are written ({@code
 * /big/<N>MiB.nc}, {@code /dars/}), from an arithmetic synthetic catalog, or by replaying captured
 * exchanges, and it writes like the real BES (chunk header and payload in separate writes, no
 * TCP_NODELAY) unless told otherwise. {@link org.olfsfastpath.emulator.Fault} scripts the ways a
 * BES fails; {@code dropAllConnections()} kills every BES process at once. {@link
 * org.olfsfastpath.emulator.BesEmulatorMain} runs it from the command line ({@code
 * scripts/bes-emulator}), where a loopback {@code ControlPort} lets a script do the same.
 */
@NullMarked
package org.olfsfastpath.emulator;

import org.jspecify.annotations.NullMarked;
