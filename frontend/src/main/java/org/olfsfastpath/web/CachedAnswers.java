package org.olfsfastpath.web;

import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.CachedResponse;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.LoadedResponse;
import org.olfsfastpath.cache.ResponseKey;

/**
 * The response cache as the responders use it: the key of exactly what a get sends, in the group
 * that serves its path; a hit with no BES message; on a miss one get for all the requests that want
 * the same answer at once.
 */
final class CachedAnswers {
  private final DapBackend backend;

  CachedAnswers(DapBackend backend) {
    this.backend = backend;
  }

  ResponseKey key(GetRequest get) {
    return backend.responses().keyOf(get);
  }

  /** The kept answer for {@code get}, valid for {@code source}, or null: no BES message. */
  @Nullable CachedResponse lookup(GetRequest get, DataSource source) {
    return backend.responses().lookup(key(get), source);
  }

  /**
   * The length of the answer kept for {@code get}, from whichever version of its data source; -1
   * when none is. An answer kept once is most likely as short the next time.
   */
  int knownLength(GetRequest get) {
    return backend.responses().knownLength(key(get));
  }

  /**
   * The answer for {@code get}: kept when it is at most {@code maxBytes} (then a {@link
   * CachedResponse}), else streamed ({@link org.olfsfastpath.cache.StreamedResponse}, which the
   * caller closes).
   *
   * @param gzip whether to keep a gzip form beside it
   * @param caller who asks, for the BES's shares and reserve
   */
  LoadedResponse load(GetRequest get, DataSource source, long maxBytes, boolean gzip, Caller caller)
      throws IOException {
    return backend.responses().load(get, caller, source, maxBytes, gzip);
  }

  /** Reads an answer whole (a form's DMR or DDX), kept or not, up to {@code max} bytes. */
  static byte[] readAll(LoadedResponse answer, int max) throws IOException {
    if (answer instanceof CachedResponse cached) {
      try (InputStream in = cached.newInputStream(false)) {
        return in.readAllBytes();
      }
    }
    try (org.olfsfastpath.cache.StreamedResponse streamed =
        (org.olfsfastpath.cache.StreamedResponse) answer) {
      InputStream in = streamed.body();
      byte[] bytes = in.readNBytes(max + 1);
      if (bytes.length > max) {
        throw new org.olfsfastpath.bes.BesProtocolException(
            "the dataset's description is larger"
                + " than "
                + max
                + " bytes; no form is made from it");
      }
      return bytes;
    }
  }
}
