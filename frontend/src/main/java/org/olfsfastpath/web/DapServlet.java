package org.olfsfastpath.web;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesLimitException;
import org.olfsfastpath.bes.BesPoolExhaustedException;
import org.olfsfastpath.bes.BesUnavailableException;
import org.olfsfastpath.bes.BesUser;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.dap.DapRequestRejectedException;
import org.olfsfastpath.dap.ErrorBody;
import org.olfsfastpath.spool.Spool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the DAP URL space (mapped to {@code /}): dataset responses, request forms, directory
 * listings and catalogs, the site map and the version document, for GET and HEAD, and POST on
 * dataset URLs.
 *
 * <p>A request runs through these stages, in {@link #service}: read a POST body (bounded); parse
 * and validate the URL (refusals cost no BES message); hand the request to its responder, which
 * looks the path up in the data-source cache (a showNode only on a miss), answers a conditional GET
 * or a HEAD from the cache alone, and otherwise sends one BES get and streams its body. A warm GET
 * therefore costs exactly one BES command, and a 304 or a HEAD none.
 *
 * <p>Every failure is answered here, in the form the client reads ({@link ErrorBody}). If the BES
 * fails after part of a body was sent, the connection is aborted (the exception reaches the
 * container, which closes the connection without the final chunk) so the client cannot mistake a
 * truncated body for a complete one; for a body that streams on after service has returned ({@link
 * AsyncOutput}), the same happens in the async dispatch that the failure brings back here. The
 * request's time and status are recorded when its response has ended. The start-up warm-up's
 * requests ({@link InternalRequests.Uncounted}) run the same path and are counted apart, so the
 * statistics and metrics count only clients.
 */
public final class DapServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final Logger log = LoggerFactory.getLogger(DapServlet.class);

  /** The least time between two warnings of a busy pool. */
  private static final long EXHAUSTED_WARNING_EVERY = TimeUnit.SECONDS.toNanos(10);

  private final transient DapRequestParser parser;
  private final transient Responders responders;
  private final transient FrontEndStats stats;

  /** The warm-up's counters ({@link InternalRequests.Uncounted}): clients' never see them. */
  private final transient FrontEndStats uncounted = new FrontEndStats();

  private final transient FrontEndSettings settings;
  private final transient ErrorAnswers errors;
  private final transient RequestTimer timer;

  /** Login and access rules, asked before anything else is done for a request. */
  private final transient AccessGate gate;

  /** The web application's context path, once {@link #init()} ran; null before (tests). */
  private transient volatile @Nullable String contextPath;

  /** When a busy pool was last warned of, and the 503s since. */
  private final transient AtomicLong lastExhaustedWarning =
      new AtomicLong(System.nanoTime() - EXHAUSTED_WARNING_EVERY);

  private final transient AtomicLong exhaustedSinceWarning = new AtomicLong();

  /** Receives each request's response type, status and time (the metrics). */
  @FunctionalInterface
  public interface RequestTimer {
    RequestTimer NONE = (type, status, nanos) -> {};

    void record(String type, int status, long nanos);
  }

  /**
   * The servlet with its responders from {@link Responders#create}, as the web application, the
   * tests and the benchmarks build it.
   *
   * @param catalogRoot the catalog root as the BES names it in messages, removed from them; null
   *     when unknown
   * @param context the container, for its table of file types; null outside one
   * @param spool where the answers of clients that fall behind wait
   * @param policy what every answer says beside its body (Cache-Control, Vary, the request's id);
   *     {@link AnswerPolicy#defaults()} outside olfs.xml
   * @param gate login and access rules, deciding each request before anything else is done for it;
   *     {@link AccessGate#open()} where every request is let through
   */
  public static DapServlet assemble(
      FrontEndSettings settings,
      DapBackend backend,
      FrontEndStats stats,
      String serverVersion,
      @Nullable String catalogRoot,
      VersionService versions,
      jakarta.servlet.@Nullable ServletContext context,
      java.time.Clock clock,
      RequestTimer timer,
      Spool spool,
      AnswerPolicy policy,
      AccessGate gate) {
    return new DapServlet(
        new DapRequestParser(settings.maxUrlLength(), settings.maxConstraintLength()),
        Responders.create(
            settings, backend, serverVersion, versions, context, clock, spool, policy),
        stats,
        settings,
        catalogRoot,
        timer,
        gate);
  }

  /**
   * @param parser reads the URL; its limits refuse what is too long before any BES message
   * @param responders answer what the parser found
   * @param catalogRoot the catalog root as the BES names it in messages, removed from them; null
   *     when unknown
   * @param timer hears each request's type, status and time
   * @param gate login and access rules, asked before anything else is done for a request; {@link
   *     AccessGate#open()} for none
   */
  DapServlet(
      DapRequestParser parser,
      Responders responders,
      FrontEndStats stats,
      FrontEndSettings settings,
      @Nullable String catalogRoot,
      RequestTimer timer,
      AccessGate gate) {
    this.parser = parser;
    this.responders = responders;
    this.stats = stats;
    this.settings = settings;
    this.errors = new ErrorAnswers(responders, settings, catalogRoot);
    this.timer = timer;
    this.gate = gate;
  }

  /** How many times the site map was built, for the status document. */
  public long siteMapBuilds() {
    return responders.siteMaps().builds();
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    if (req.getDispatcherType() == DispatcherType.ASYNC) {
      abortStream(req);
      return;
    }
    long start = System.nanoTime();
    boolean counted = !(req instanceof InternalRequests.Uncounted);
    FrontEndStats counts = counted ? stats : uncounted;
    counts.requests.increment();
    Exchange ex =
        new Exchange(
            req,
            resp,
            responders.clients(),
            counts,
            responders.policy().combinedLog(),
            responders.writer());
    if (counted) {
      ex.timed(timer, start);
    }
    try {
      answer(ex);
    } finally {
      if (!ex.isAsync()) {
        ex.ended();
      }
    }
  }

  /**
   * The async dispatch of a body that streamed through the spool ({@link AsyncOutput}) and whose
   * BES failed after part of it went out: throws, as a synchronous response does, so the container
   * aborts the connection and the client cannot take the truncated body for a whole one.
   */
  private void abortStream(HttpServletRequest req) throws IOException {
    Object failure = req.getAttribute(AsyncOutput.FAILURE);
    if (failure instanceof BesStreamException e) {
      req.removeAttribute(AsyncOutput.FAILURE);
      stats.midStreamFailures.increment();
      throw ErrorAnswers.abortion(req, e);
    }
  }

  private void answer(Exchange ex) throws IOException {
    HttpServletRequest req = ex.req;
    try {
      String body = null;
      switch (req.getMethod()) {
        case "GET", "HEAD" -> {}
        case "POST" -> {
          if (!settings.httpPost()) {
            throw new Refusal(
                405,
                "POST is not enabled on this server (olfs.xml HttpPost); use" + " GET",
                "Allow",
                "GET, HEAD");
          }
          ex.stats.posts.increment();
          body = PostBody.read(req, settings.httpPostMax());
          responders.policy().postBody(ex, body);
        }
        default ->
            throw new Refusal(
                405,
                "method " + req.getMethod() + " is not supported here",
                "Allow",
                settings.httpPost() ? "GET, HEAD, POST" : "GET, HEAD");
      }
      // Parse and validate: anything refused here costs no BES message.
      DapRequest request = parse(req, body);
      ex.answering(request);
      // Before a 304, a cache or a BES command: the rules see the canonical path. The gate marks
      // a logged-in or restricted request, so the answer's Cache-Control is private.
      BesUser user = gate.check(req, ex.resp, parser);
      if (user == null) {
        return; // sent to log in
      }
      ex.user(user);
      responders.policy().begin(ex, request);
      if (ex.post && !(request instanceof DapRequest.Node)) {
        throw new Refusal(405, "POST is for dataset responses; use GET", "Allow", "GET, HEAD");
      }
      if (request instanceof DapRequest.Node node) {
        responders.nodes().send(ex, node);
      } else if (request instanceof DapRequest.Directory directory) {
        responders.catalogs().send(ex, directory);
      } else if (request instanceof DapRequest.SiteMap siteMap) {
        responders.siteMaps().send(ex, siteMap);
      } else if (request instanceof DapRequest.Version) {
        sendVersion(ex);
      } else {
        throw new IllegalStateException("the parser names datasets as nodes: " + request);
      }
    } catch (DapRequestRejectedException e) {
      ex.stats.rejected.increment();
      errors.send(ex, e.httpStatus(), String.valueOf(e.getMessage()));
    } catch (Refusal e) {
      ex.stats.rejected.increment();
      errors.send(ex, e.status(), String.valueOf(e.getMessage()), e.headers());
    } catch (BesErrorException e) {
      errors.besError(ex, e.error());
    } catch (BesUnavailableException e) {
      errors.unavailable(ex, e);
    } catch (BesLimitException e) {
      // The group logs the first refusal of each episode of a client; one line per refusal would
      // flood the log exactly when a client misbehaves.
      ex.stats.limitRefusals.increment();
      log.debug(
          "{} refused for {} by {}: {}",
          req.getRequestURI(),
          e.client(),
          e.limit().key(),
          e.getMessage());
      errors.send(
          ex,
          HttpServletResponse.SC_SERVICE_UNAVAILABLE,
          "the server is busy (" + e.limit().key() + "): " + e.getMessage(),
          List.of("Retry-After", Integer.toString(settings.retryAfterSeconds())));
    } catch (BesPoolExhaustedException e) {
      ex.stats.poolExhausted.increment();
      warnExhausted(req.getRequestURI());
      errors.send(
          ex,
          HttpServletResponse.SC_SERVICE_UNAVAILABLE,
          "the server is busy (pool): every BES connection is in use; retry shortly",
          List.of("Retry-After", Integer.toString(settings.retryAfterSeconds())));
    } catch (ClientGoneException e) {
      // The client closed its connection; the unread BES response was discarded on close.
      ex.stats.clientAborts.increment();
      log.debug(
          "client went away during {}: {}", req.getRequestURI(), String.valueOf(e.getCause()));
    } catch (IOException e) {
      errors.besFailure(ex, e);
    }
  }

  /**
   * Warns of a busy pool at most once per {@link #EXHAUSTED_WARNING_EVERY}, with the number of 503s
   * since the last warning: one line per refused request would flood the log exactly when the
   * server is overloaded.
   */
  private void warnExhausted(String uri) {
    long now = System.nanoTime();
    long last = lastExhaustedWarning.get();
    long since = exhaustedSinceWarning.incrementAndGet();
    if (now - last >= EXHAUSTED_WARNING_EVERY && lastExhaustedWarning.compareAndSet(last, now)) {
      exhaustedSinceWarning.addAndGet(-since);
      log.warn(
          "every BES connection is busy; answering 503 to {} ({} such answers since the last"
              + " warning)",
          uri,
          since);
    }
  }

  private DapRequest parse(HttpServletRequest req, @Nullable String body)
      throws DapRequestRejectedException {
    String uri = req.getRequestURI();
    String context = contextPath(req, uri);
    if (!uri.startsWith(context)) {
      // The client spelled the context path with escapes; the container decoded it, we cannot.
      throw new DapRequestRejectedException(400, "expected the URL to start with " + context);
    }
    return parser.parse(uri.substring(context.length()), req.getQueryString(), body);
  }

  /**
   * The request's context path: the web application's own when the URI starts with it and a slash
   * follows, which is what the container would answer (Tomcat compares the URI's first segments,
   * decoded and normalised, with it), without the container decoding it again for every request;
   * else the container's answer.
   */
  private String contextPath(HttpServletRequest req, String uri) {
    String known = contextPath;
    if (known != null
        && uri.startsWith(known)
        && (uri.length() == known.length() || uri.charAt(known.length()) == '/')) {
      return known;
    }
    return req.getContextPath();
  }

  @Override
  public void init() {
    contextPath = getServletContext().getContextPath();
  }

  private void sendVersion(Exchange ex) throws ClientGoneException {
    responders.headers().set(ex, "3.2");
    ex.resp.setContentType(org.olfsfastpath.dap.VersionDocument.CONTENT_TYPE);
    ex.header("Content-Description", org.olfsfastpath.dap.VersionDocument.CONTENT_DESCRIPTION);
    BodyCopy.write(ex, responders.versions().document());
  }
}
