package org.olfsfastpath.cache;

import java.util.concurrent.atomic.LongAdder;

/** The response cache's counters, in one place; see {@link ResponseCacheStats} for each. */
final class ResponseCounters {
  final LongAdder hits = new LongAdder();
  final LongAdder misses = new LongAdder();
  final LongAdder loadSuccesses = new LongAdder();
  final LongAdder loadFailures = new LongAdder();
  final LongAdder tooLarge = new LongAdder();
  final LongAdder staleMisses = new LongAdder();
  final LongAdder totalLoadNanos = new LongAdder();
}
