package org.olfsfastpath.cache;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * One load under way in the {@link ResponseCache}: the data source it loads from, and its outcome
 * once it has one, for the requests that wait for it instead of sending their own get.
 */
final class Flight {
  final DataSource source;
  final CompletableFuture<Outcome> done = new CompletableFuture<>();

  /** Cleared by an invalidation: the answer still goes to the waiters but is not kept. */
  volatile boolean keep = true;

  Flight(DataSource source) {
    this.source = source;
  }

  /**
   * Waits for the outcome, at most {@code timeoutNanos}; returns a finished one at once.
   *
   * @param key what is loaded, for the messages
   * @throws java.io.InterruptedIOException if interrupted, or waiting the whole timeout
   */
  Outcome await(long timeoutNanos, ResponseKey key) throws IOException {
    Outcome outcome = done.getNow(null);
    if (outcome != null) {
      return outcome;
    }
    String load = key.type() + " of " + key.path();
    return SharedLoads.await(
        done,
        timeoutNanos,
        "interrupted waiting for another request's load" + " of " + load,
        "load of " + load,
        load);
  }

  /** How a load ended: an answer kept, an answer too large to keep, or a failure. */
  record Outcome(@Nullable CachedResponse response, @Nullable Throwable failure) {
    static final Outcome TOO_LARGE = new Outcome(null, null);

    static Outcome of(CachedResponse response) {
      return new Outcome(response, null);
    }

    static Outcome failed(Throwable failure) {
      return new Outcome(null, failure);
    }
  }
}
