package org.olfsfastpath.web;

import java.time.Duration;
import java.util.Objects;
import org.olfsfastpath.bes.RequestId;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.ResponseType;
import org.olfsfastpath.http.CacheHeaders;
import org.olfsfastpath.http.HttpCacheSettings;
import org.olfsfastpath.log.RequestFields;
import org.slf4j.MDC;

/**
 * What every answer of the DAP servlet says beside its body: how long and by whom it may be kept
 * ({@link CacheHeaders}), whether its URL negotiates ({@code Vary: Accept}), the request's id in a
 * response header, set again when an error replaces a response begun for success, and, for the
 * logs, the error it answered. Decided once per answer, from values made at start; immutable.
 *
 * @param cache the Cache-Control of each kind of answer
 * @param ids how a request's id is taken (for a POST's form body, read by the servlet)
 * @param idHeader the response header that echoes the request's id
 * @param combinedLog whether each data get carries the {@code olfsLog} context (olfs.xml's {@code
 *     EnableCombinedLog})
 */
public record AnswerPolicy(
    CacheHeaders cache, RequestIds ids, String idHeader, boolean combinedLog) {
  /**
   * A request made with credentials, or one the login marked: its answer is private. The login sets
   * {@link RequestLog#USER_ATTRIBUTE} for a logged-in user; a restricted answer may also be marked
   * with this attribute (any value).
   */
  public static final String PRIVATE_ATTRIBUTE = "olfs.private";

  public AnswerPolicy {
    Objects.requireNonNull(cache, "cache == null");
    Objects.requireNonNull(ids, "ids == null");
    Objects.requireNonNull(idHeader, "idHeader == null");
  }

  /** The defaults, for a servlet built without olfs.xml (tests, benchmarks). */
  public static AnswerPolicy defaults() {
    return new AnswerPolicy(
        CacheHeaders.of(HttpCacheSettings.defaults(), Duration.ofSeconds(1), false),
        new RequestIds(RequestIds.DEFAULT_MAX_LENGTH),
        RequestIds.DEFAULT_RESPONSE_HEADER,
        false);
  }

  /**
   * Sets the answer's Cache-Control, and notes whether its URL negotiates, once the request is
   * understood and before any responder writes a header.
   */
  void begin(Exchange ex, DapRequest request) {
    CacheHeaders.Kind kind;
    if (ex.post) {
      kind = CacheHeaders.Kind.NO_STORE;
    } else if (ex.resp.containsHeader("Set-Cookie")) {
      // The access gate cleared a session cookie it refused: no cache may keep or share that.
      kind = CacheHeaders.Kind.PRIVATE_NO_STORE;
    } else if (isPrivate(ex)) {
      kind = CacheHeaders.Kind.PRIVATE;
    } else {
      kind =
          request instanceof DapRequest.Node node && isData(node)
              ? CacheHeaders.Kind.DATA
              : CacheHeaders.Kind.METADATA;
    }
    String control = cache.cacheControl(kind);
    if (control != null) {
      ex.header("Cache-Control", control);
    }
    if (request instanceof DapRequest.Node node && negotiates(node)) {
      ex.negotiates();
      ex.header("Vary", "Accept");
    }
  }

  /** Whether the answer must not be shared: credentials, a logged-in user, a restricted dataset. */
  static boolean isPrivate(Exchange ex) {
    return ex.req.getHeader("Authorization") != null
        || ex.req.getAttribute(RequestLog.USER_ATTRIBUTE) != null
        || ex.req.getAttribute(PRIVATE_ATTRIBUTE) != null;
  }

  private static boolean isData(DapRequest.Node node) {
    for (DapRequest.Dataset reading : node.readings()) {
      ResponseType type = reading.type();
      if (type == ResponseType.FILE
          || type.source() == ResponseType.Source.BES && !type.isMetadata()) {
        return true;
      }
    }
    return false;
  }

  private static boolean negotiates(DapRequest.Node node) {
    for (DapRequest.Dataset reading : node.readings()) {
      if (!reading.type().alternatives().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /**
   * After the servlet reset a response begun for success to write an error: the error is never
   * stored, the request's id is said again, and the logs learn what the client was told.
   */
  void error(Exchange ex, int status, String message) {
    ex.header("Cache-Control", cache.cacheControl(CacheHeaders.Kind.NO_STORE));
    RequestLog log = RequestLog.of(ex.req);
    if (log != null) {
      ex.header(idHeader, log.logId());
      log.error(status, message);
    }
  }

  /**
   * A POST's form body may name the client's id, which upstream takes too (its getParameter reads
   * bodies); a header or the query string named one first.
   */
  void postBody(Exchange ex, String body) {
    RequestLog log = RequestLog.of(ex.req);
    if (log == null
        || ex.req.getHeader(RequestIds.NAME) != null
        || RequestIds.parameter(ex.req.getQueryString()) != null
        || RequestIds.parameter(body) == null) {
      return;
    }
    RequestId fromBody = ids.of(null, null, body);
    log.replaceId(fromBody);
    ex.header(idHeader, fromBody.logId());
    MDC.put(RequestFields.ID, fromBody.logId());
  }
}
