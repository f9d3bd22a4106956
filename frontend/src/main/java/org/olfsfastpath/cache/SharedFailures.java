package org.olfsfastpath.cache;

import java.io.IOException;

/** A load's failure handed to every request that shared the load. */
final class SharedFailures {
  private SharedFailures() {}

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
