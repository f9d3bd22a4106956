package org.olfsfastpath.boot;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.ops.MetricsServlet;
import org.olfsfastpath.ops.StatusServlet;
import org.olfsfastpath.web.AccessLogFilter;
import org.olfsfastpath.web.BotFilter;
import org.olfsfastpath.web.CorsFilter;
import org.olfsfastpath.web.DapServlet;
import org.olfsfastpath.web.FrontEndStats;
import org.olfsfastpath.web.LoginServlet;

/**
 * The front end as {@link Assembly#frontEnd} wires it from olfs.xml: what {@link FrontEndListener}
 * registers with the container, and what it stops when the application stops. The background work
 * (the BES version fetch, then the warm-up) is started and the JMX beans are registered already.
 *
 * @param dap the DAP servlet, for {@code /}; a long answer streams on asynchronously
 * @param status the status servlet, for {@code /status} and {@code /status/*}
 * @param metrics the metrics servlet, for {@code /metrics} and {@code /metrics/*}
 * @param bots the bot filter, in front of every path when it has rules
 * @param accessLog the first filter of every request: its id and its access line
 * @param cors the CORS filter, in front of every path, or null when no origin is allowed
 * @param stats the counters of the requests clients sent
 * @param version this front end's version
 * @param description the BES, the settings and the spool, for the log
 * @param stops what to stop when the application stops, in that order: the last started first
 * @param access login and access rules, or null when login is off
 * @param login the login and logout servlet, or null when login is off
 */
record FrontEnd(
    DapServlet dap,
    StatusServlet status,
    MetricsServlet metrics,
    BotFilter bots,
    AccessLogFilter accessLog,
    @Nullable CorsFilter cors,
    FrontEndStats stats,
    String version,
    String description,
    List<Runnable> stops,
    @Nullable Access access,
    @Nullable LoginServlet login) {
  FrontEnd {
    stops = List.copyOf(stops);
  }

  /** Stops everything that was started, the last started first. */
  void stop() {
    for (Runnable stop : stops) {
      stop.run();
    }
  }
}
