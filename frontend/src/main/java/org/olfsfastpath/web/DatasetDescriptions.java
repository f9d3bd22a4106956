package org.olfsfastpath.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.CachedResponse;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.ResponseCache;

/**
 * A dataset's DMR or DDX, whole, for the pages and records built from it (the request forms, the
 * discovery records): from the response cache when it keeps answers, where it sits beside the
 * {@code .dmr}'s and {@code .ddx}'s own answers, else straight from the BES.
 */
final class DatasetDescriptions {
  /** A DMR or DDX larger than this is not made into a page or record. */
  static final int MAX_DESCRIPTION = 16 * 1024 * 1024;

  private final DapBackend backend;
  private final CachedAnswers answers;

  DatasetDescriptions(DapBackend backend, CachedAnswers answers) {
    this.backend = backend;
    this.answers = answers;
  }

  /**
   * The answer to {@code get}, a dmr or ddx without a constraint.
   *
   * @throws BesProtocolException if it is larger than {@link #MAX_DESCRIPTION}
   */
  byte[] read(GetRequest get, DataSource source, Caller caller) throws IOException {
    ResponseCache responses = backend.responses();
    if (responses.isEnabled()) {
      CachedResponse hit = answers.lookup(get, source);
      return CachedAnswers.readAll(
          hit != null ? hit : answers.load(get, source, responses.maxEntryBytes(), true, caller),
          MAX_DESCRIPTION);
    }
    try (BesResponse bes = backend.get(get, caller)) {
      return readAll(bes.body());
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
    byte[] buffer = new byte[16 * 1024];
    int n;
    while ((n = in.read(buffer)) >= 0) {
      out.write(buffer, 0, n);
      if (out.size() > MAX_DESCRIPTION) {
        throw new BesProtocolException(
            "the dataset's description is larger than "
                + MAX_DESCRIPTION
                + " bytes; no page or record is made from it");
      }
    }
    return out.toByteArray();
  }
}
