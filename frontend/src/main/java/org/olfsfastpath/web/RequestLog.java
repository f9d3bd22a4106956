package org.olfsfastpath.web;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.RequestId;
import org.olfsfastpath.log.AccessRecord;
import org.olfsfastpath.log.RequestFields;

/**
 * What the logs say of one request, from its start in {@link AccessLogFilter} to its end: its id,
 * when it started, who asked, and the body bytes the front end wrote for it. A request attribute
 * ({@link #ATTRIBUTE}), so the DAP servlet counts its body and builds its BES commands under the
 * same id. Confined to the request's thread, until a body streaming asynchronously ends it on
 * another.
 */
final class RequestLog {
  /** The request attribute that holds it. */
  static final String ATTRIBUTE = RequestLog.class.getName();

  /**
   * The request attribute the login sets to the logged-in user's id (a String), which the access
   * log's {@code userid} shows.
   */
  static final String USER_ATTRIBUTE = "olfs.user";

  private final HttpServletRequest req;
  private final String client;
  private final long startMillis;
  private final long startNanos;
  private RequestId id;

  /** {@link RequestId#logId()} of {@link #id}, joined once for the header, the MDC and the line. */
  private String logId;

  private long bodyBytes;
  private int errorStatus;
  private @Nullable String errorMessage;

  RequestLog(HttpServletRequest req, String client, RequestId id) {
    this.req = req;
    this.client = Objects.requireNonNull(client, "client == null");
    this.id = Objects.requireNonNull(id, "id == null");
    this.logId = id.logId();
    this.startMillis = System.currentTimeMillis();
    this.startNanos = System.nanoTime();
  }

  /** The request's log, or null for a request the filter did not see (warm-up, tests). */
  static @Nullable RequestLog of(ServletRequest req) {
    return req.getAttribute(ATTRIBUTE) instanceof RequestLog log ? log : null;
  }

  /** Who the request comes from, as {@link ClientAddresses} resolved it once. */
  String client() {
    return client;
  }

  /** The request's id. */
  RequestId id() {
    return id;
  }

  /** The request's id as its log lines, its header and the BES's lines write it. */
  String logId() {
    return logId;
  }

  /** The id a POST's form body named, which upstream takes too (its getParameter reads bodies). */
  void replaceId(RequestId fromBody) {
    this.id = Objects.requireNonNull(fromBody, "fromBody == null");
    this.logId = fromBody.logId();
  }

  /** Counts body bytes written (before compression). */
  void body(long bytes) {
    bodyBytes += bytes;
  }

  /** The error the request was answered with, for the error logs. */
  void error(int status, String message) {
    this.errorStatus = status;
    this.errorMessage = message;
  }

  /** The error event's message, or null when the answer was no error. */
  @Nullable String errorLine() {
    String message = errorMessage;
    return message == null ? null : errorStatus + ": " + message;
  }

  /** The request's fields, as its log lines and the BES's combined log give them. */
  RequestFields fields() {
    HttpSession session = req.getSession(false);
    Object user = req.getAttribute(USER_ATTRIBUTE);
    return new RequestFields(
        client,
        req.getHeader("User-Agent"),
        session == null ? null : session.getId(),
        user == null ? null : user.toString(),
        startMillis,
        logId,
        req.getMethod(),
        req.getRequestURI(),
        req.getQueryString());
  }

  /** The access line of the request, ended with {@code status}. */
  AccessRecord ended(int status) {
    long millis = (System.nanoTime() - startNanos) / 1_000_000L;
    long size = status >= 200 && status < 300 ? bodyBytes : AccessRecord.NOT_COUNTED;
    return new AccessRecord(fields(), status, millis, size);
  }
}
