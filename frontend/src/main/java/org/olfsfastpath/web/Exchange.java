package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesUser;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.log.CombinedLog;

/**
 * One request in flight: the servlet request and response, the method, the counters it counts into,
 * and what the request has been understood to ask for so far (which decides the form of an error
 * body). Confined to the request's thread, until a body streaming asynchronously ({@link
 * AsyncOutput}) ends it on another ({@link #ended()}).
 */
final class Exchange {
  final HttpServletRequest req;
  final HttpServletResponse resp;
  final boolean head;
  final boolean post;

  /** The counters this request counts into: the front end's, or none for a warm-up request. */
  final FrontEndStats stats;

  private final ClientAddresses clients;
  private final HeaderWriter writer;
  private HeaderWriter.@Nullable Target headers;
  private @Nullable DapRequest answering;
  private @Nullable String client;
  private @Nullable Caller caller;
  private BesUser user = BesUser.ANONYMOUS;
  private @Nullable Runnable whenEnded;
  private DapServlet.@Nullable RequestTimer timer;
  private long startNanos;
  private boolean conditionsRead;
  private @Nullable String ifNoneMatch;
  private @Nullable String ifModifiedSince;
  private boolean async;
  private boolean negotiated;

  /** The request's log, when the access log filter saw it (not for a warm-up request). */
  private final @Nullable RequestLog log;

  /**
   * Whether each data get sends the BES the {@code olfsLog} context ({@code EnableCombinedLog}).
   */
  private final boolean combinedLog;

  /**
   * @param clients tells who the request comes from, for the BES groups' shares
   * @param stats the counters the request counts into
   * @param combinedLog whether each data get sends the BES the {@code olfsLog} context
   * @param writer sets the response's headers ({@link #header})
   */
  Exchange(
      HttpServletRequest req,
      HttpServletResponse resp,
      ClientAddresses clients,
      FrontEndStats stats,
      boolean combinedLog,
      HeaderWriter writer) {
    this.req = req;
    this.resp = resp;
    this.head = req.getMethod().equals("HEAD");
    this.post = req.getMethod().equals("POST");
    this.clients = clients;
    this.stats = stats;
    this.log = RequestLog.of(req);
    this.combinedLog = combinedLog;
    this.writer = writer;
  }

  /**
   * Sets a response header, as {@link HttpServletResponse#setHeader} does ({@link HeaderWriter}: on
   * Tomcat, as bytes); a null value removes it. Not for Content-Type or Content-Length, which have
   * setters of their own.
   */
  void header(String name, @Nullable String value) {
    HeaderWriter.Target target = headers;
    if (target == null) {
      target = writer.target(req, resp);
      headers = target;
    }
    target.set(name, value);
  }

  /** The request's log, or null when the access log filter did not see the request. */
  @Nullable RequestLog log() {
    return log;
  }

  /** Counts body bytes written, for the access log's size. */
  void countBody(long bytes) {
    RequestLog requestLog = log;
    if (requestLog != null) {
      requestLog.body(bytes);
    }
  }

  /** The answer's URL negotiates on Accept: its Vary says so. */
  void negotiates() {
    negotiated = true;
  }

  /** The answer's Vary: {@code Accept-Encoding}, and {@code Accept} when its URL negotiates. */
  String varyWithEncoding() {
    return negotiated ? "Accept-Encoding, Accept" : "Accept-Encoding";
  }

  /** Who the request comes from ({@link ClientAddresses}), resolved when first asked. */
  String client() {
    String known = client;
    if (known == null) {
      // The access log filter resolved it already for the request's log line.
      RequestLog requestLog = log;
      known = requestLog != null ? requestLog.client() : clients.of(req);
      client = known;
    }
    return known;
  }

  /**
   * Who asks the BES for this request ({@link Caller}): its client, for the groups' shares; its
   * answer short, which a responder that expects a long one changes ({@link
   * Caller#withLongHold(boolean)}).
   */
  Caller caller() {
    Caller known = caller;
    if (known == null) {
      RequestLog requestLog = log;
      // Every BES document of the request carries its id, so the BES logs its lines under it, and
      // the user the access gate found (uid, an EDL token).
      known =
          Caller.shortRequest(client())
              .forRequest(requestLog == null ? null : requestLog.id(), user);
      if (requestLog != null && combinedLog) {
        known =
            known.withContexts(
                List.of(
                    new GetRequest.Context(
                        CombinedLog.CONTEXT, CombinedLog.of(requestLog.fields()))));
      }
      caller = known;
    }
    return known;
  }

  /** The user the BES is told about ({@code uid}, the EDL token), as the access gate found. */
  void user(BesUser user) {
    this.user = user;
    this.caller = null;
  }

  /** What the response answers, once known: an error to it takes the form its client reads. */
  void answering(@Nullable DapRequest request) {
    this.answering = request;
  }

  @Nullable DapRequest answering() {
    return answering;
  }

  /**
   * When the response has ended, {@code timer} hears the request's type, status and time since
   * {@code startNanos} ({@link System#nanoTime()}).
   */
  void timed(DapServlet.RequestTimer timer, long startNanos) {
    this.timer = timer;
    this.startNanos = startNanos;
  }

  /** The body streams on after the servlet returns; {@link #ended()} comes when it is over. */
  void goneAsync() {
    this.async = true;
  }

  boolean isAsync() {
    return async;
  }

  /** The response has ended: on the request's thread, or on the one that ended its stream. */
  void ended() {
    DapServlet.RequestTimer ending = timer;
    timer = null;
    if (ending != null) {
      ending.record(TypeNames.of(answering), resp.getStatus(), System.nanoTime() - startNanos);
    }
  }

  /** The If-None-Match header, or null; read once, however many responders ask. */
  @Nullable String ifNoneMatch() {
    readConditions();
    return ifNoneMatch;
  }

  /** The If-Modified-Since header as sent, or null; read once. */
  @Nullable String ifModifiedSince() {
    readConditions();
    return ifModifiedSince;
  }

  private void readConditions() {
    if (!conditionsRead) {
      ifNoneMatch = req.getHeader("If-None-Match");
      ifModifiedSince = req.getHeader("If-Modified-Since");
      conditionsRead = true;
    }
  }

  /** The Accept header, or null. */
  @Nullable String accept() {
    return req.getHeader("Accept");
  }

  /** The raw query string, or the empty string. */
  String query() {
    String query = req.getQueryString();
    return query == null ? "" : query;
  }

  /** The request URL as the client wrote it (scheme, host, port, path), without the query. */
  String requestUrl() {
    return req.getRequestURL().toString();
  }

  /**
   * The absolute URL of the catalog root as this client reaches it, e.g. {@code
   * http://localhost:8080/opendap}: scheme, host and port as the container sees them (behind a
   * proxy, its RemoteIpValve sets them from X-Forwarded-*).
   */
  String serviceUrl() {
    return serviceUrl(req);
  }

  /** {@link #serviceUrl()} of {@code req}. */
  static String serviceUrl(HttpServletRequest req) {
    StringBuilder url =
        new StringBuilder(64)
            .append(req.getScheme())
            .append("://")
            .append(hostForUrl(req.getServerName()));
    int port = req.getServerPort();
    boolean usual =
        (req.getScheme().equals("http") && port == 80)
            || (req.getScheme().equals("https") && port == 443);
    if (!usual && port > 0) {
      url.append(':').append(port);
    }
    return url.append(req.getContextPath()).toString();
  }

  /** An IPv6 literal needs brackets in a URL. */
  private static String hostForUrl(String host) {
    return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
  }
}
