package org.olfsfastpath.web;

import java.util.concurrent.atomic.LongAdder;

/**
 * Request counters of the front end, for the status endpoint and JMX, read as one {@link Snapshot}.
 * Thread-safe, lock-free.
 */
public final class FrontEndStats {
  final LongAdder requests = new LongAdder();
  final LongAdder dataResponses = new LongAdder();
  final LongAdder notModified = new LongAdder();
  final LongAdder headRequests = new LongAdder();
  final LongAdder listings = new LongAdder();
  final LongAdder rejected = new LongAdder();
  final LongAdder besErrors = new LongAdder();
  final LongAdder besUnavailable = new LongAdder();
  final LongAdder poolExhausted = new LongAdder();
  final LongAdder limitRefusals = new LongAdder();
  final LongAdder midStreamFailures = new LongAdder();
  final LongAdder clientAborts = new LongAdder();
  final LongAdder bytesStreamed = new LongAdder();
  final LongAdder gzipResponses = new LongAdder();
  final LongAdder pages = new LongAdder();
  final LongAdder redirects = new LongAdder();
  final LongAdder posts = new LongAdder();

  /** A snapshot of the counters: the front end's statistics value. */
  public Snapshot snapshot() {
    return new Snapshot(
        requests.sum(),
        dataResponses.sum(),
        notModified.sum(),
        headRequests.sum(),
        listings.sum(),
        rejected.sum(),
        besErrors.sum(),
        besUnavailable.sum(),
        poolExhausted.sum(),
        limitRefusals.sum(),
        midStreamFailures.sum(),
        clientAborts.sum(),
        bytesStreamed.sum(),
        gzipResponses.sum(),
        pages.sum(),
        redirects.sum(),
        posts.sum());
  }

  /**
   * The counters at one moment, each counted since the web application started; the status
   * document's {@code frontEnd} section, under these names and in this order. {@code
   * limitRefusals}: 503s because a client's share, its queue or a pool's reserve refused a request
   * (the BES groups count them by limit).
   */
  public record Snapshot(
      long requests,
      long dataResponses,
      long notModified,
      long headRequests,
      long listings,
      long rejected,
      long besErrors,
      long besUnavailable,
      long poolExhausted,
      long limitRefusals,
      long midStreamFailures,
      long clientAborts,
      long bytesStreamed,
      long gzipResponses,
      long pages,
      long redirects,
      long posts) {}
}
