package org.olfsfastpath.web;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Request counters of the front end, for the status endpoint and JMX. Thread-safe, lock-free. */
final class FrontEndStats {
  final LongAdder requests = new LongAdder();
  final LongAdder dataResponses = new LongAdder();
  final LongAdder notModified = new LongAdder();
  final LongAdder headRequests = new LongAdder();
  final LongAdder listings = new LongAdder();
  final LongAdder rejected = new LongAdder();
  final LongAdder besErrors = new LongAdder();
  final LongAdder besUnavailable = new LongAdder();
  final LongAdder poolExhausted = new LongAdder();
  final LongAdder midStreamFailures = new LongAdder();
  final LongAdder clientAborts = new LongAdder();
  final LongAdder bytesStreamed = new LongAdder();
  final LongAdder gzipResponses = new LongAdder();
  final LongAdder pages = new LongAdder();
  final LongAdder redirects = new LongAdder();
  final LongAdder posts = new LongAdder();

  /** The counters by name, in a stable order. */
  Map<String, Object> snapshot() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("requests", requests.sum());
    m.put("dataResponses", dataResponses.sum());
    m.put("notModified", notModified.sum());
    m.put("headRequests", headRequests.sum());
    m.put("listings", listings.sum());
    m.put("rejected", rejected.sum());
    m.put("besErrors", besErrors.sum());
    m.put("besUnavailable", besUnavailable.sum());
    m.put("poolExhausted", poolExhausted.sum());
    m.put("midStreamFailures", midStreamFailures.sum());
    m.put("clientAborts", clientAborts.sum());
    m.put("bytesStreamed", bytesStreamed.sum());
    m.put("gzipResponses", gzipResponses.sum());
    m.put("pages", pages.sum());
    m.put("redirects", redirects.sum());
    m.put("posts", posts.sum());
    return m;
  }
}
