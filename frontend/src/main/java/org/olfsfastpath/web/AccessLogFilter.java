package org.olfsfastpath.web;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.olfsfastpath.bes.RequestId;
import org.olfsfastpath.log.HyraxLogs;
import org.olfsfastpath.log.RequestFields;
import org.slf4j.MDC;

/**
 * The first filter of every request: gives it its id ({@link RequestIds}), echoes the id in a
 * response header, puts it in the MDC while the request's thread runs (so a diagnostic names it),
 * and writes the request's access line when its answer has ended: at once, or when a body that
 * streamed on after the servlet returned has ended. Mapped before the bot filter, so refusals have
 * lines too. Requests for {@code /status} and {@code /metrics} get their id but no line unless the
 * settings say so. Owns no response: it only adds a header. Thread-safe.
 */
public final class AccessLogFilter implements Filter {
  private final HyraxLogs logs;
  private final RequestIds ids;
  private final String header;
  private final ClientAddresses clients;
  private final boolean logStatusRequests;

  /** Echoes the id (on Tomcat, as bytes: {@link HeaderWriter}); the servlet's says which way. */
  private final HeaderWriter writer = new HeaderWriter(false);

  /**
   * @param responseHeader the response header that echoes the id
   * @param clients tells who a request comes from, as the bot filter and the shares tell it
   * @param logStatusRequests whether {@code /status} and {@code /metrics} requests get lines
   */
  public AccessLogFilter(
      HyraxLogs logs,
      RequestIds ids,
      String responseHeader,
      ClientAddresses clients,
      boolean logStatusRequests) {
    this.logs = logs;
    this.ids = ids;
    this.header = responseHeader;
    this.clients = clients;
    this.logStatusRequests = logStatusRequests;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    HttpServletResponse resp = (HttpServletResponse) response;
    RequestId id = ids.of(req.getHeader(RequestIds.NAME), req.getQueryString(), null);
    RequestLog log = new RequestLog(req, clients.of(req), id);
    req.setAttribute(RequestLog.ATTRIBUTE, log);
    writer.set(req, resp, header, log.logId());
    MDC.put(RequestFields.ID, log.logId());
    boolean ended = true;
    try {
      chain.doFilter(request, response);
      ended = !req.isAsyncStarted();
    } finally {
      MDC.remove(RequestFields.ID);
      if (ended) {
        end(req, resp, log);
      } else {
        req.getAsyncContext().addListener(new Ending(() -> end(req, resp, log)));
      }
    }
  }

  private void end(HttpServletRequest req, HttpServletResponse resp, RequestLog log) {
    if (!logs.enabled() || !logStatusRequests && isStatus(req)) {
      return;
    }
    logs.access(log.ended(resp.getStatus()));
    String error = log.errorLine();
    if (error != null) {
      // As upstream's exception handler logs each error answer, with the request's fields.
      logs.errorAnswer(log.fields(), DapServlet.class.getName(), "sendError", error);
    }
  }

  /** {@code /status} and {@code /metrics}, which monitoring asks every few seconds. */
  private static boolean isStatus(HttpServletRequest req) {
    String path = req.getServletPath();
    return path.startsWith("/status") || path.startsWith("/metrics");
  }

  /** Writes the line of a request whose body streamed on after the servlet returned. */
  private record Ending(Runnable end) implements AsyncListener {
    @Override
    public void onComplete(AsyncEvent event) {
      end.run();
    }

    @Override
    public void onTimeout(AsyncEvent event) {}

    @Override
    public void onError(AsyncEvent event) {}

    @Override
    public void onStartAsync(AsyncEvent event) {
      // A second startAsync (the servlet's failure dispatch) keeps this listener only if re-added.
      event.getAsyncContext().addListener(this);
    }
  }
}
