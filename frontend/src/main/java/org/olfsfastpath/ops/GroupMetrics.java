package org.olfsfastpath.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.Supplier;
import org.olfsfastpath.bes.BesGroupStats;
import org.olfsfastpath.bes.BesLimitException;
import org.olfsfastpath.bes.BesShareStats;

/**
 * The metrics of one BES group, for {@link FrontEndMetrics}: its resends ({@code
 * olfs_bes_group_retries_total}, {@code olfs_bes_group_failovers_total}), the refusals of its fair
 * shares by limit ({@code olfs_bes_group_refused_total{limit="clientShare|clientQueue|reserve"}})
 * and the clients now ({@code olfs_bes_group_clients}, {@code _client_in_use}, {@code
 * _client_long_in_use}, {@code _client_waiting}, {@code _connections}, {@code _long_limit}), each
 * read from the group's statistics value at each scrape. No metric is labelled with a client: the
 * top clients are in the status document.
 */
final class GroupMetrics {
  private GroupMetrics() {}

  /** Registers the group's meters; the caller keeps {@code stats} reachable. */
  static void bind(MeterRegistry registry, String group, Supplier<BesGroupStats> stats) {
    StatsMeters<BesGroupStats> meters = new StatsMeters<>(registry, stats, "group", group);
    meters.counter(
        "olfs.bes.group.retries",
        "Commands sent once more after their BES failed"
            + " before a byte went on (to the same BES or another)",
        null,
        BesGroupStats::retries);
    meters.counter(
        "olfs.bes.group.failovers",
        "Commands sent once more to another BES",
        null,
        BesGroupStats::failovers);
    for (BesLimitException.Limit limit : BesLimitException.Limit.values()) {
      FunctionCounter.builder(
              "olfs.bes.group.refused", stats, s -> refused(s.get().shares(), limit))
          .description(
              "Requests refused by a limit: a turn not come within its wait, a client's queue, the"
                  + " reserve")
          .tags("group", group, "limit", limit.key())
          .register(registry);
    }
    meters.gauge(
        "olfs.bes.group.clients",
        "Clients holding or waiting for a connection",
        null,
        s -> s.shares().clients());
    meters.gauge(
        "olfs.bes.group.client.in.use",
        "Connections client requests hold",
        null,
        s -> s.shares().inUse());
    meters.gauge(
        "olfs.bes.group.client.long.in.use",
        "Connections held by requests whose answer may be long",
        null,
        s -> s.shares().longInUse());
    meters.gauge(
        "olfs.bes.group.client.waiting",
        "Requests waiting for their turn",
        null,
        s -> s.shares().waiting());
    meters.gauge(
        "olfs.bes.group.connections",
        "Connections the group's clients share",
        null,
        s -> s.shares().connections());
    meters.gauge(
        "olfs.bes.group.long.limit",
        "Connections requests whose answer may be long may hold at once",
        null,
        s -> s.shares().longLimit());
  }

  private static double refused(BesShareStats shares, BesLimitException.Limit limit) {
    return switch (limit) {
      case CLIENT_SHARE -> shares.refusedShare();
      case CLIENT_QUEUE -> shares.refusedQueue();
      case RESERVE -> shares.refusedReserve();
    };
  }
}
