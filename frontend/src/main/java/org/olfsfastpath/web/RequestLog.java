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
   * The request attribute the login sets to the logged-in user's id (a String): {@link AccessGate}
   * for a request with a session, a bearer token or the container's user, {@link LoginServlet} for
   * a login's callback. The access log's {@code userid} shows it (Tomcat's AccessLogValve can too,
   * with {@code %{olfs.user}r}), and {@link AnswerPolicy} makes the answer private.
   */
  static final String USER_ATTRIBUTE = "olfs.user";

  /**
   * The request attribute that, when set, is the query its log lines show instead of the one it
   * came with: a login callback's, whose authorization code is no business of a log.
   */
  static final String LOGGED_QUERY_ATTRIBUTE = "olfs.loggedQuery";

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

  /** Counts the body bytes {@code req}'s servlet wrote, when the access log filter saw it. */
  static void body(ServletRequest req, long bytes) {
    RequestLog log = of(req);
    if (log != null) {
      log.body(bytes);
    }
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
    Object loggedQuery = req.getAttribute(LOGGED_QUERY_ATTRIBUTE);
    return new RequestFields(
        client,
        req.getHeader("User-Agent"),
        session == null ? null : session.getId(),
        user == null ? null : user.toString(),
        startMillis,
        logId,
        req.getMethod(),
        req.getRequestURI(),
        loggedQuery != null ? loggedQuery.toString() : req.getQueryString());
  }

  /** The access line of the request, ended with {@code status}. */
  AccessRecord ended(int status) {
    long millis = (System.nanoTime() - startNanos) / 1_000_000L;
    long size = status >= 200 && status < 300 ? bodyBytes : AccessRecord.NOT_COUNTED;
    return new AccessRecord(fields(), status, millis, size);
  }
}
