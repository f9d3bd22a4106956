package org.olfsfastpath.cache;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waiting for a load another request runs, as both caches' single-flight waiters do: bounded by the
 * load timeout, and handed the load's failure as the thread that ran it saw it.
 */
final class SharedLoads {
  private SharedLoads() {}

  /**
   * Waits for a load under way, at most {@code timeoutNanos}; returns a finished one at once. The
   * load's future completes normally, failures included (they are part of its value). Callers on a
   * hit path look at {@code future.getNow(null)} first, so they build no message.
   *
   * @param interrupted the message if this thread is interrupted while it waits
   * @param load what is loaded, for the timeout's message: "another request's " comes before it
   * @param subject what is loaded, for the message of a broken invariant: "load of " comes before
   * @throws InterruptedIOException if this thread was interrupted, or waited the whole timeout
   */
  static <T> T await(
      CompletableFuture<T> future,
      long timeoutNanos,
      String interrupted,
      String load,
      String subject)
      throws IOException {
    T outcome = future.getNow(null);
    if (outcome != null) {
      return outcome;
    }
    try {
      return future.get(timeoutNanos, TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException thrown = new InterruptedIOException(interrupted);
      thrown.initCause(e);
      throw thrown;
    } catch (TimeoutException e) {
      InterruptedIOException timeout =
          new InterruptedIOException(
              String.format(
                  Locale.US,
                  "timeout: waited %d ms for another request's %s",
                  TimeUnit.NANOSECONDS.toMillis(timeoutNanos),
                  load));
      timeout.initCause(e);
      throw timeout;
    } catch (ExecutionException e) {
      // Loads complete normally, failures included; this is a broken invariant.
      throw new IOException("load of " + subject + " failed unexpectedly", e.getCause());
    }
  }

  /**
   * Rethrows a shared failure as it was thrown to the thread that ran the load, so callers map it
   * by its type (a BES error, a timeout, an exhausted pool) exactly as if they had loaded it
   * themselves.
   */
  static IOException rethrow(Throwable failure) throws IOException {
    if (failure instanceof IOException io) {
      throw io;
    }
    if (failure instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    // Unreachable: loads catch only IOException and unchecked throwables.
    throw new IOException("load failed: " + failure, failure);
  }
}
