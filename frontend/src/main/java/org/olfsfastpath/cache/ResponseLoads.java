package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.Ticker;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.function.Predicate;

/**
 * How the {@link ResponseCache} loads an answer it does not hold: single-flight per key (the
 * requests that arrive during a load wait for it and share its answer, or its failure), the lengths
 * of the answers loaded remembered apart ({@link KnownLengths}), an answer over its cap streamed
 * on. A load runs on the requesting thread and holds no lock; it keeps what fits in the cache's
 * entries, the map it is given.
 */
final class ResponseLoads {
  private final ConcurrentMap<ResponseKey, CachedResponse> entries;
  private final CacheCounters counters;
  private final long loadTimeoutNanos;

  /** Reads each answer from its loader, counted. */
  private final AnswerReader reader;

  /** The lengths of answers loaded, kept or not: a hint for the web layer and for large ones. */
  private final KnownLengths lengths;

  /** The loads under way, by key. */
  private final ConcurrentMap<ResponseKey, Flight> flights = new ConcurrentHashMap<>();

  /**
   * @param entries the cache's entries, read and written here
   * @param headBytes the size of a head buffer: the largest cap plus one byte
   */
  ResponseLoads(
      ConcurrentMap<ResponseKey, CachedResponse> entries,
      CacheCounters counters,
      Ticker ticker,
      int headBytes,
      long loadTimeoutNanos,
      Executor executor) {
    this.entries = entries;
    this.counters = counters;
    this.loadTimeoutNanos = loadTimeoutNanos;
    this.reader =
        new AnswerReader(
            counters, ticker, new HeadBuffers(headBytes, AnswerReader.KEPT_HEAD_BUFFERS));
    this.lengths = new KnownLengths(executor);
  }

  /** Streams {@code loader}'s answer to its caller, neither shared nor kept: a miss. */
  LoadedResponse streamAlone(ResponseLoader loader) throws IOException {
    counters.misses.increment();
    return reader.streamAlone(loader);
  }

  /**
   * Returns the answer for {@code key}: from the entries if one made from {@code current} is there,
   * else from the load under way for the same key, else by loading it on this thread (see {@link
   * ResponseCache#load(ResponseKey, DataSource, long, boolean, ResponseLoader)}).
   */
  LoadedResponse load(
      ResponseKey key, DataSource current, int cap, boolean gzip, ResponseLoader loader)
      throws IOException {
    CachedResponse entry = entries.get(key);
    if (entry != null && entry.source() == current) {
      counters.hits.increment();
      return entry;
    }
    if (lengths.isOver(key, current, cap)) {
      // Over the cap last time, from this very data source: stream it, read nothing ahead.
      counters.tooLarge.increment();
      return streamAlone(loader);
    }
    Flight mine = new Flight(current);
    Flight flight = flights.putIfAbsent(key, mine);
    if (flight != null) {
      return join(key, flight, current, cap, gzip, loader);
    }
    // Claimed. A load that ended between the read above and the claim has kept its entry first
    // and dropped its claim after, so this second read sees it: one get per answer that fits.
    entry = entries.get(key);
    if (entry != null && entry.source() == current) {
      flights.remove(key, mine);
      mine.done.complete(Flight.Outcome.of(entry));
      counters.hits.increment();
      return entry;
    }
    counters.misses.increment();
    if (entry != null) {
      counters.staleMisses.increment();
    }
    return lead(key, mine, cap, gzip, loader);
  }

  /** Waits for another request's load of the same key and shares its outcome. */
  private LoadedResponse join(
      ResponseKey key,
      Flight flight,
      DataSource current,
      int cap,
      boolean gzip,
      ResponseLoader loader)
      throws IOException {
    if (flight.source != current) {
      // A load from another version of the data source (one request saw the data-source cache
      // just before a reload, the other just after): its answer may differ, so load alone.
      counters.misses.increment();
      return loadAlone(key, current, cap, gzip, loader);
    }
    Flight.Outcome outcome = flight.await(loadTimeoutNanos, key);
    CachedResponse shared = outcome.response();
    if (shared != null) {
      counters.hits.increment();
      return shared;
    }
    Throwable failure = outcome.failure();
    if (failure != null) {
      counters.misses.increment();
      throw SharedLoads.rethrow(failure);
    }
    // Too large to keep: this request needs a stream of its own, and need not buffer it.
    counters.tooLarge.increment();
    return streamAlone(loader);
  }

  /**
   * Runs the load this thread claimed: keeps an answer that fits before dropping the claim (so a
   * request arriving in between finds one or the other), then wakes the waiters.
   */
  private LoadedResponse lead(
      ResponseKey key, Flight flight, int cap, boolean gzip, ResponseLoader loader)
      throws IOException {
    LoadedResponse answer;
    try {
      answer = reader.read(flight.source, cap, gzip, loader);
    } catch (IOException | RuntimeException | Error e) {
      flights.remove(key, flight);
      flight.done.complete(Flight.Outcome.failed(e));
      throw e;
    }
    remember(key, flight.source, cap, answer);
    if (!(answer instanceof CachedResponse response)) {
      flights.remove(key, flight);
      flight.done.complete(Flight.Outcome.TOO_LARGE);
      return answer;
    }
    if (flight.keep) {
      entries.put(key, response);
      // An invalidation that ran since the check above may have missed the new entry.
      if (!flight.keep) {
        entries.remove(key, response);
      }
    }
    flights.remove(key, flight);
    flight.done.complete(Flight.Outcome.of(response));
    return response;
  }

  /** Loads without sharing and without keeping the answer (a load from another data source). */
  private LoadedResponse loadAlone(
      ResponseKey key, DataSource current, int cap, boolean gzip, ResponseLoader loader)
      throws IOException {
    LoadedResponse answer = reader.read(current, cap, gzip, loader);
    remember(key, current, cap, answer);
    return answer;
  }

  private void remember(ResponseKey key, DataSource source, int cap, LoadedResponse answer) {
    if (answer instanceof CachedResponse kept) {
      lengths.fits(key, source, kept.length(false));
    } else {
      lengths.over(key, source, cap);
    }
  }

  /**
   * Marks the matching loads under way as not to be kept; the cache drops the matching entries
   * after, so that a load that kept its entry before seeing the mark has it dropped.
   */
  void dropMatching(Predicate<ResponseKey> matches) {
    flights.forEach(
        (key, flight) -> {
          if (matches.test(key)) {
            flight.keep = false;
            flights.remove(key, flight);
          }
        });
  }

  /**
   * The length of {@code key}'s answer as last seen: the entry's, else the one remembered of its
   * last load, {@link Integer#MAX_VALUE} for one over its cap, -1 when unknown.
   */
  int knownLength(ResponseKey key) {
    CachedResponse entry = entries.get(key);
    return entry != null ? entry.length(false) : lengths.length(key);
  }

  /** The most bytes the head buffers kept for reuse hold. */
  long maxHeadBufferBytes() {
    return reader.maxKeptBytes();
  }

  /** Forgets every length remembered. */
  void clear() {
    lengths.clear();
  }
}
