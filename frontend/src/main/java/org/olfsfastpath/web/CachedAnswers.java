package org.olfsfastpath.web;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.CachedResponse;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.LoadedResponse;
import org.olfsfastpath.cache.ResponseKey;
import org.olfsfastpath.cache.ResponseLoader;

/**
 * The response cache as the responders use it: the key of exactly what a get sends, in the group
 * that serves its path; a hit with no BES message; on a miss one get for all the requests that
 * want the same answer at once.
 */
final class CachedAnswers {
  private final DapBackend backend;

  CachedAnswers(DapBackend backend) {
    this.backend = backend;
  }

  ResponseKey key(GetRequest get) {
    return ResponseKey.forGet(backend.groupOf(get.path()), get);
  }

  /** The kept answer for {@code get}, valid for {@code source}, or null: no BES message. */
  @Nullable CachedResponse lookup(GetRequest get, DataSource source) {
    return backend.responses().lookup(key(get), source);
  }

  /**
   * The answer for {@code get}: kept when it is at most {@code maxBytes} (then a
   * {@link CachedResponse}), else streamed ({@link org.olfsfastpath.cache.StreamedResponse},
   * which the caller closes).
   *
   * @param gzip whether to keep a gzip form beside it
   */
  LoadedResponse load(GetRequest get, DataSource source, long maxBytes, boolean gzip)
      throws IOException {
    return backend.responses().load(key(get), source, maxBytes, gzip, opener(get));
  }

  /** Opens the get; closing the stream closes the BES response (returning its connection). */
  private ResponseLoader opener(GetRequest get) {
    return () -> {
      BesResponse response = backend.get(get);
      return new FilterInputStream(response.body()) {
        @Override
        public void close() throws IOException {
          response.close();
        }
      };
    };
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
        throw new org.olfsfastpath.bes.BesProtocolException("the dataset's description is larger"
            + " than " + max + " bytes; no form is made from it");
      }
      return bytes;
    }
  }
}
