/**
 * Operations: what an operator reads and does while the front end runs. The status document and
 * cache invalidation ({@code StatusServlet}, its sections written by {@code StatusSections}), the
 * Prometheus metrics ({@code FrontEndMetrics}, served by {@code MetricsServlet}), the JMX beans
 * ({@code JmxBeans}, one generic {@code StatsBean} per statistics value), who may use the operator
 * endpoints ({@code OperatorAccess}), the BES layer's events turned into metrics and log lines
 * ({@code BesEvents}), and the start-up warm-up ({@code WarmUp}), which sends a few internal
 * requests through the DAP servlet clients reach.
 *
 * <p>Every component's statistics value (the front end's {@code FrontEndStats.Snapshot}, each
 * cache's, the BES pools' added up, each BES group's, the bot filter's {@code BotFilterStats}, the
 * spool's) is an immutable snapshot that each exporter here renders as it is: the status document
 * (or the value's own fields through {@link org.olfsfastpath.json.Json#fields}), one JMX bean per
 * value (the front end's carries the status document and the two invalidate operations beside its
 * counters), and the metrics, which also time requests and BES commands on their own. This package
 * reads the request path ({@code web}) and the layers below; it builds none of them ({@code boot}
 * does).
 */
@NullMarked
package org.olfsfastpath.ops;

import org.jspecify.annotations.NullMarked;
