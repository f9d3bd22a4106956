package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesUnavailableException;
import org.olfsfastpath.dap.BesMessages;
import org.olfsfastpath.dap.ConstraintErrors;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.ErrorBody;
import org.olfsfastpath.dap.PercentEncoding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DAP servlet's failed answers: a BES failure, error or outage, or a refusal, each as the right
 * status with a DAP error body in the form the client reads, server paths removed, and the policy's
 * error headers; after part of a body went out, the abortion the container must see. Immutable.
 */
final class ErrorAnswers {
  // The servlet's logger, so that an operator's logging settings for it still cover these lines.
  private static final Logger log = LoggerFactory.getLogger(DapServlet.class);

  private final Responders responders;
  private final FrontEndSettings settings;
  private final @Nullable String catalogRoot;

  ErrorAnswers(Responders responders, FrontEndSettings settings, @Nullable String catalogRoot) {
    this.responders = Objects.requireNonNull(responders, "responders == null");
    this.settings = Objects.requireNonNull(settings, "settings == null");
    this.catalogRoot = catalogRoot;
  }

  /** Logs a BES failure after part of a body went out; returns what to throw. */
  static IOException abortion(HttpServletRequest req, BesStreamException e) {
    IOException cause = e.getCause() instanceof IOException inner ? inner : e;
    log.warn(
        "BES failed after {} bytes of {} had been sent; aborting the client connection: {}",
        e.sent,
        req.getRequestURI(),
        cause.toString());
    return new IOException(
        "BES response failed after part of it was sent to the client;"
            + " aborting the connection so the client sees the failure",
        cause);
  }

  /**
   * A failure on the BES side: before anything was sent it becomes a 502 (or 504 for a timeout);
   * after, the response cannot be fixed, so the exception goes to the container to abort the
   * connection.
   */
  void besFailure(Exchange ex, IOException e) throws IOException {
    IOException cause =
        e instanceof BesStreamException && e.getCause() instanceof IOException inner ? inner : e;
    if (e instanceof BesStreamException) {
      ex.stats.midStreamFailures.increment();
    } else {
      ex.stats.besUnavailable.increment();
    }
    if (ex.resp.isCommitted()) {
      throw abortion(
          ex.req,
          e instanceof BesStreamException stream ? stream : new BesStreamException(-1, cause));
    }
    if (cause instanceof BesErrorException besError) {
      besError(ex, besError.error());
      return;
    }
    if (cause instanceof BesUnavailableException unavailable) {
      unavailable(ex, unavailable);
      return;
    }
    if (cause instanceof InterruptedIOException) {
      log.warn("BES timed out for {}: {}", ex.req.getRequestURI(), cause.toString());
      send(ex, HttpServletResponse.SC_GATEWAY_TIMEOUT, "the BES did not answer in time");
    } else {
      log.warn("BES failed for {}: {}", ex.req.getRequestURI(), cause.toString());
      send(
          ex,
          HttpServletResponse.SC_BAD_GATEWAY,
          "the BES could not be reached or sent an unreadable answer");
    }
  }

  /**
   * Every BES that serves the path is out of service: a 503 at once, naming the BES, why and since
   * when, with the time to the next probe as Retry-After.
   */
  void unavailable(Exchange ex, BesUnavailableException e) throws IOException {
    ex.stats.besUnavailable.increment();
    log.debug("BES down for {}: {}", ex.req.getRequestURI(), e.getMessage());
    IOException cause = e.ejectionCause();
    send(
        ex,
        HttpServletResponse.SC_SERVICE_UNAVAILABLE,
        "the BES "
            + e.endpoint()
            + " is out of service since "
            + e.downSince()
            + " ("
            + BesMessages.scrub(String.valueOf(cause.getMessage()), null, catalogRoot)
            + "); the next check is in "
            + e.retryAfterSeconds()
            + " s",
        List.of("Retry-After", Long.toString(e.retryAfterSeconds())));
  }

  /** Answers a BES error with its HTTP status and its message, server paths removed. */
  void besError(Exchange ex, BesError error) throws IOException {
    ex.stats.besErrors.increment();
    log.debug(
        "BES error type {} for {}: {}", error.type(), ex.req.getRequestURI(), error.message());
    int status = BesErrorStatus.of(error);
    String message = BesMessages.scrub(error.message(), pathOf(ex.answering()), catalogRoot);
    if (status == HttpServletResponse.SC_BAD_REQUEST
        && ex.answering() instanceof DapRequest.Dataset dataset) {
      // libdap says that a name or an index subset is wrong, not which: the constraint may tell.
      message = ConstraintErrors.explain(message, dataset);
    }
    if (status == HttpServletResponse.SC_NOT_IMPLEMENTED) {
      message =
          "this server's BES cannot make this response (a module it needs is not loaded): "
              + message;
    }
    send(ex, status, message);
  }

  /**
   * Where a browser that sent a constraint the dataset cannot answer (a 400 about a dataset request
   * with a constraint or a server function) finds the dataset's request form, the one
   * DataRequestForm names, relative to the request's URL; null for any other error.
   */
  private @Nullable String requestForm(@Nullable DapRequest request, int status) {
    if (status != HttpServletResponse.SC_BAD_REQUEST
        || !(request instanceof DapRequest.Dataset dataset)
        || (dataset.constraint().isBlank() && dataset.dap4Function().isBlank())) {
      return null;
    }
    String name = dataset.path().substring(dataset.path().lastIndexOf('/') + 1);
    return name.isEmpty()
        ? null
        : PercentEncoding.segment(name) + settings.dataRequestForm().suffix();
  }

  private static @Nullable String pathOf(@Nullable DapRequest request) {
    if (request instanceof DapRequest.Dataset dataset) {
      return dataset.path();
    }
    if (request instanceof DapRequest.Directory directory) {
      return directory.path();
    }
    return request instanceof DapRequest.Node node ? node.path() : null;
  }

  void send(Exchange ex, int status, String message) throws IOException {
    send(ex, status, message, List.of());
  }

  /**
   * Replaces whatever the response holds with an error. Only called before the response is
   * committed; {@code extraHeaders} are name, value pairs.
   */
  void send(Exchange ex, int status, String message, List<String> extraHeaders) throws IOException {
    ErrorBody body =
        ErrorBody.render(
            ErrorBody.chooseForm(ex.answering(), ex.accept()),
            status,
            message,
            requestForm(ex.answering(), status));
    // Drops the headers and bytes of a response begun for success (Content-Encoding included).
    ex.resp.reset();
    ex.resp.setStatus(status);
    responders.policy().error(ex, status, message);
    responders
        .headers()
        .set(
            ex,
            ex.answering() instanceof DapRequest.Dataset dataset
                ? dataset.type().dapVersion()
                : "3.2");
    for (int i = 0; i + 1 < extraHeaders.size(); i += 2) {
      ex.header(extraHeaders.get(i), extraHeaders.get(i + 1));
    }
    ex.resp.setContentType(body.contentType());
    ex.header("Content-Description", body.contentDescription());
    ex.resp.setContentLength(body.length());
    if (!ex.head) {
      body.writeTo(ex.resp.getOutputStream());
    }
  }
}
