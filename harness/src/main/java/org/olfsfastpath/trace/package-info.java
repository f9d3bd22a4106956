/**
 * A PPT trace proxy: it sits between a PPT client (our front end, or the upstream OLFS) and a BES
 * (real or emulated), forwards every byte both ways at once, and decodes both directions to report
 * one {@link org.olfsfastpath.trace.TraceRecord} per message: the command, bytes each way, the
 * error status and the round-trip time seen at the proxy.
 *
 * <p>The entry point is {@link org.olfsfastpath.trace.PptTrace}, usable in-process by tests and the
 * benchmark harness; {@link org.olfsfastpath.trace.PptTraceMain} is the command line ({@code
 * scripts/ppt-trace}), which writes the records as JSON lines. Decoding never stops forwarding: a
 * decode failure becomes a record and the bytes keep flowing. This package is a tool and is left
 * out of the web application.
 */
@NullMarked
package org.olfsfastpath.trace;

import org.jspecify.annotations.NullMarked;
