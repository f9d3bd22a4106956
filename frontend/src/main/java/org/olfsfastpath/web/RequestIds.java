package org.olfsfastpath.web;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.RequestId;
import org.olfsfastpath.log.Scrub;

/**
 * Takes a request's id as upstream takes it (its {@code ReqInfo.getRequestId}): the client's own,
 * from the {@code a-api-request-uuid} header (NGAP and CloudFront send it), else from that
 * parameter of the query string, else of a form-encoded POST body, made safe by the simple-string
 * rule ({@link Scrub#simpleString}, so hyphens survive) and cut to a length (upstream has no cap);
 * with none, {@code <thread name>_<thread id>} as upstream makes it. Either way with a fresh UUID.
 * Thread-safe.
 */
public final class RequestIds {
  /** The header and parameter that carry a client's id. */
  static final String NAME = "a-api-request-uuid";

  /** Default longest client id kept; longer ones are cut. */
  public static final int DEFAULT_MAX_LENGTH = 128;

  /** Default response header that echoes the request's id. */
  public static final String DEFAULT_RESPONSE_HEADER = "X-Request-Id";

  private final int maxLength;

  /**
   * @param maxLength the longest client id kept, at least 1
   */
  public RequestIds(int maxLength) {
    if (maxLength < 1) {
      throw new IllegalArgumentException("maxLength was " + maxLength + ", must be >= 1");
    }
    this.maxLength = maxLength;
  }

  /**
   * The request's id.
   *
   * @param header the {@code a-api-request-uuid} header, or null
   * @param query the raw query string, or null
   * @param formBody a POST's form-encoded body, or null
   */
  RequestId of(@Nullable String header, @Nullable String query, @Nullable String formBody) {
    String client = header;
    if (client == null) {
      client = parameter(query);
    }
    if (client == null) {
      client = parameter(formBody);
    }
    if (client != null) {
      String safe = Scrub.simpleString(client.strip());
      if (safe.length() > maxLength) {
        safe = safe.substring(0, maxLength);
      }
      if (!safe.isEmpty()) {
        return RequestId.withFreshUuid(safe);
      }
    }
    Thread thread = Thread.currentThread();
    return RequestId.withFreshUuid(thread.getName() + "_" + thread.getId());
  }

  /** The first value of the id parameter in a form-encoded string, decoded; null if none. */
  static @Nullable String parameter(@Nullable String form) {
    if (form == null || !form.contains(NAME)) {
      return null;
    }
    for (String pair : form.split("&")) {
      if (pair.startsWith(NAME + "=")) {
        try {
          return URLDecoder.decode(pair.substring(NAME.length() + 1), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
          // A malformed escape: the raw value, which the simple-string rule makes safe.
          return pair.substring(NAME.length() + 1);
        }
      }
    }
    return null;
  }
}
