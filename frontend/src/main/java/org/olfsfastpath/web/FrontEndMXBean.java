package org.olfsfastpath.web;

/**
 * The front end's request counters and cache invalidation over JMX, registered as
 * {@code org.olfsfastpath:type=FrontEnd,context=<context path>}. Each cache's statistics value has
 * its own bean next to it ({@link StatsBean}).
 */
public interface FrontEndMXBean {
  long getRequests();

  long getDataResponses();

  long getNotModified();

  long getRejected();

  long getBesErrors();

  long getBesUnavailable();

  long getPoolExhausted();

  long getMidStreamFailures();

  long getClientAborts();

  long getBytesStreamed();

  /** The BES connection pool's gauges and counters (total, idle, inUse, created, exhausted, ...). */
  java.util.Map<String, Long> getPoolStatistics();

  /** The whole status document, as served at {@code /status}. */
  String getStatusJson();

  /** Drops what is cached for one catalog path, e.g. {@code /data/sst.nc}. */
  void invalidate(String path);

  /** Drops everything cached. */
  void invalidateAll();
}
