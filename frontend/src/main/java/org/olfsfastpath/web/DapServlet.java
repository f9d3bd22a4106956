package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesPoolExhaustedException;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.BesMessages;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.dap.DapRequestRejectedException;
import org.olfsfastpath.dap.DirectoryListing;
import org.olfsfastpath.dap.ErrorBody;
import org.olfsfastpath.dap.ResponseType;
import org.olfsfastpath.dap.VersionDocument;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the DAP URL space: dataset responses, directory listings and the version document, for
 * GET and HEAD. Owns every response it is given (mapped to {@code /}).
 *
 * <p>A request runs through these stages in order, in {@link #service}: parse and validate the URL
 * (refusals cost no BES message); look the path up in the data-source cache (a showNode only on a
 * miss); check it is the kind of node the URL asks for; answer a conditional GET from the cache
 * alone; answer HEAD from the cache alone; send the BES get; stream the body with the DAP headers.
 * A warm GET therefore costs exactly one BES command, and a 304 or a HEAD none.
 *
 * <p>Bodies stream from the BES to the client through a fixed buffer and are never held whole. If
 * the BES fails after part of the body was sent, the connection is aborted (the exception reaches
 * the container, which closes the connection without the final chunk) so the client cannot mistake
 * a truncated body for a complete one.
 */
final class DapServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final Logger log = LoggerFactory.getLogger(DapServlet.class);
  // Allocated per request: a small answer should not pay for 64 KiB it never fills; large bodies
  // are read from the PPT connection's own 64 KiB buffer, so a smaller copy costs only memcpy calls.
  private static final int COPY_BUFFER = 16 * 1024;
  private static final int RESPONSE_BUFFER = 32 * 1024;

  private final transient DapRequestParser parser;
  private final transient DapBackend backend;
  private final transient FrontEndStats stats;
  /** The XOPeNDAP-Server header value. */
  private final String serverHeader;
  /** The version document, the same for every request: rendered once. */
  private final byte[] versionBody;
  private final @Nullable String catalogRoot;
  private final boolean gzip;
  private final int retryAfterSeconds;

  /**
   * @param catalogRoot the catalog root as the BES names it in messages, removed from them; null
   *     when unknown
   */
  DapServlet(DapRequestParser parser, DapBackend backend, FrontEndStats stats,
      String serverVersion, FrontEndSettings settings, @Nullable String catalogRoot) {
    this.parser = Objects.requireNonNull(parser, "parser == null");
    this.backend = Objects.requireNonNull(backend, "backend == null");
    this.stats = Objects.requireNonNull(stats, "stats == null");
    Objects.requireNonNull(serverVersion, "serverVersion == null");
    this.serverHeader = "olfs-fastpath/" + serverVersion;
    this.versionBody = VersionDocument.render(serverVersion);
    this.catalogRoot = catalogRoot;
    this.gzip = settings.gzip();
    this.retryAfterSeconds = settings.retryAfterSeconds();
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    stats.requests.increment();
    String method = req.getMethod();
    boolean head = method.equals("HEAD");
    if (!head && !method.equals("GET")) {
      sendError(req, resp, null, HttpServletResponse.SC_METHOD_NOT_ALLOWED,
          "method " + method + " is not supported here: use GET or HEAD", "Allow", "GET, HEAD");
      return;
    }
    DapRequest request = null;
    try {
      // 1. Parse and validate: anything refused here costs no BES message.
      request = parse(req);
      if (request instanceof DapRequest.Version) {
        sendVersion(resp, head);
        return;
      }
      // 2. Cache lookup: a showNode only on a miss.
      DataSource source = backend.lookup(catalogPath(request));
      // 3. The node must be the kind the URL asks for.
      checkKind(request, source);
      setDapHeaders(resp, request, source);
      // 4. Conditional GET, from the cache alone.
      if (notModified(req, source)) {
        stats.notModified.increment();
        resp.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
        return;
      }
      if (request instanceof DapRequest.Directory directory) {
        sendListing(resp, directory, source, head);
        return;
      }
      DapRequest.Dataset dataset = (DapRequest.Dataset) request;
      // 5. HEAD, from the cache alone.
      if (head) {
        stats.headRequests.increment();
        resp.setStatus(HttpServletResponse.SC_OK);
        resp.setContentType(dataset.type().contentType());
        resp.setHeader("Content-Description", dataset.type().contentDescription());
        return;
      }
      // 6. The BES get; 7. stream the body.
      try (BesResponse bes = backend.get(getRequest(req, dataset))) {
        stream(req, resp, dataset, bes);
      }
    } catch (DapRequestRejectedException e) {
      stats.rejected.increment();
      sendError(req, resp, request, e.httpStatus(), e.getMessage());
    } catch (NotServableException e) {
      stats.rejected.increment();
      sendError(req, resp, request, HttpServletResponse.SC_NOT_FOUND, e.getMessage());
    } catch (BesErrorException e) {
      sendBesError(req, resp, request, e.error());
    } catch (BesPoolExhaustedException e) {
      stats.poolExhausted.increment();
      log.warn("every BES connection is busy; answering 503 to {}", req.getRequestURI());
      sendError(req, resp, request, HttpServletResponse.SC_SERVICE_UNAVAILABLE,
          "the server is busy: every BES connection is in use; retry shortly",
          "Retry-After", Integer.toString(retryAfterSeconds));
    } catch (ClientGoneException e) {
      // The client closed its connection; the unread BES response was discarded on close.
      stats.clientAborts.increment();
      log.debug("client went away during {}: {}", req.getRequestURI(), e.getCause().toString());
    } catch (IOException e) {
      handleBesFailure(req, resp, request, e);
    }
  }

  private DapRequest parse(HttpServletRequest req) throws DapRequestRejectedException {
    String uri = req.getRequestURI();
    String context = req.getContextPath();
    if (!uri.startsWith(context)) {
      // The client spelled the context path with escapes; the container decoded it, we cannot.
      throw new DapRequestRejectedException(400, "expected the URL to start with " + context);
    }
    return parser.parse(uri.substring(context.length()), req.getQueryString());
  }

  private static String catalogPath(DapRequest request) {
    return request instanceof DapRequest.Dataset dataset ? dataset.path()
        : ((DapRequest.Directory) request).path();
  }

  private static String pathOrNull(DapRequest request) {
    return request instanceof DapRequest.Dataset || request instanceof DapRequest.Directory
        ? catalogPath(request) : null;
  }

  private static void checkKind(DapRequest request, DataSource source) throws NotServableException {
    if (request instanceof DapRequest.Directory) {
      if (!source.isDirectory()) {
        throw new NotServableException("'" + source.path() + "' is a file, not a directory");
      }
    } else if (source.isDirectory()) {
      throw new NotServableException("'" + source.path() + "' is a directory, not a dataset");
    } else if (!source.isData()) {
      throw new NotServableException("'" + source.path() + "' is not a dataset the BES can serve");
    }
  }

  private void setDapHeaders(HttpServletResponse resp, DapRequest request, DataSource source) {
    resp.setHeader("XDODS-Server", "dods/3.2");
    resp.setHeader("XOPeNDAP-Server", serverHeader);
    resp.setHeader("XDAP", request instanceof DapRequest.Dataset dataset
        ? dataset.type().dapVersion() : "3.2");
    if (source != null) {
      resp.setDateHeader("Last-Modified", source.lastModified().toEpochMilli() / 1000 * 1000);
    }
  }

  /** Whether If-Modified-Since is at or after the node's modification time (HTTP has seconds). */
  private static boolean notModified(HttpServletRequest req, DataSource source) {
    long since;
    try {
      since = req.getDateHeader("If-Modified-Since");
    } catch (IllegalArgumentException unparseable) {
      return false;
    }
    return since >= 0 && source.lastModified().getEpochSecond() * 1000 <= since;
  }

  private void sendVersion(HttpServletResponse resp, boolean head) throws IOException {
    setDapHeaders(resp, new DapRequest.Version(), null);
    resp.setContentType(VersionDocument.CONTENT_TYPE);
    resp.setHeader("Content-Description", VersionDocument.CONTENT_DESCRIPTION);
    resp.setContentLength(versionBody.length);
    if (!head) {
      resp.getOutputStream().write(versionBody);
    }
  }

  private void sendListing(HttpServletResponse resp, DapRequest.Directory directory,
      DataSource source, boolean head) throws IOException {
    stats.listings.increment();
    byte[] body = directory.json() ? DirectoryListing.json(source) : DirectoryListing.html(source);
    resp.setContentType(directory.json() ? DirectoryListing.JSON_TYPE : DirectoryListing.HTML_TYPE);
    resp.setHeader("Content-Description", DirectoryListing.CONTENT_DESCRIPTION);
    resp.setContentLength(body.length);
    if (!head) {
      resp.getOutputStream().write(body);
    }
  }

  private static GetRequest getRequest(HttpServletRequest req, DapRequest.Dataset dataset) {
    String xmlBase = "";
    if (dataset.type().isDap4()) {
      // DAP4 responses name the dataset URL (the request URL without its suffix) as xml:base.
      String url = req.getRequestURL().toString();
      String suffix = dataset.type().suffixes().stream().filter(url::endsWith).findFirst().orElse("");
      xmlBase = url.substring(0, url.length() - suffix.length());
    }
    return new GetRequest(dataset.path(), dataset.type().besType(), dataset.constraint(), xmlBase,
        dataset.dap4Checksums());
  }

  private void stream(HttpServletRequest req, HttpServletResponse resp, DapRequest.Dataset dataset,
      BesResponse bes) throws IOException, ClientGoneException {
    ResponseType type = dataset.type();
    resp.setStatus(HttpServletResponse.SC_OK);
    resp.setContentType(type.contentType());
    resp.setHeader("Content-Description", type.contentDescription());
    resp.setBufferSize(RESPONSE_BUFFER);
    boolean compress = false;
    if (gzip && type.isTextual()) {
      resp.setHeader("Vary", "Accept-Encoding");
      compress = acceptsGzip(req.getHeader("Accept-Encoding"));
    }
    OutputStream out = resp.getOutputStream();
    GZIPOutputStream gzipOut = null;
    if (compress) {
      resp.setHeader("Content-Encoding", "gzip");
      stats.gzipResponses.increment();
      try {
        out = gzipOut = new GZIPOutputStream(out, COPY_BUFFER / 4);
      } catch (IOException e) {
        throw new ClientGoneException(e);
      }
    }
    InputStream in = bes.body();
    byte[] buffer = new byte[COPY_BUFFER];
    long sent = 0;
    while (true) {
      int n;
      try {
        n = in.read(buffer);
      } catch (IOException e) {
        throw new BesStreamException(sent, e);
      }
      if (n < 0) {
        break;
      }
      try {
        out.write(buffer, 0, n);
      } catch (IOException e) {
        throw new ClientGoneException(e);
      }
      sent += n;
      stats.bytesStreamed.add(n);
    }
    try {
      if (gzipOut != null) {
        gzipOut.finish();
      }
    } catch (IOException e) {
      throw new ClientGoneException(e);
    }
    stats.dataResponses.increment();
  }

  /** Whether Accept-Encoding names gzip without refusing it (q=0). */
  static boolean acceptsGzip(String acceptEncoding) {
    if (acceptEncoding == null) {
      return false;
    }
    for (String part : acceptEncoding.toLowerCase(Locale.ROOT).split(",")) {
      String[] pieces = part.split(";");
      String coding = pieces[0].strip();
      if (coding.equals("gzip") || coding.equals("x-gzip")) {
        for (int i = 1; i < pieces.length; i++) {
          String param = pieces[i].strip().replace(" ", "");
          if (param.startsWith("q=")) {
            try {
              return Double.parseDouble(param.substring(2)) > 0;
            } catch (NumberFormatException e) {
              return false;
            }
          }
        }
        return true;
      }
    }
    return false;
  }

  /**
   * A failure on the BES side: before anything was sent it becomes a 502 (or 504 for a timeout);
   * after, the response cannot be fixed, so the exception goes to the container to abort the
   * connection.
   */
  private void handleBesFailure(HttpServletRequest req, HttpServletResponse resp,
      DapRequest request, IOException e) throws IOException {
    IOException cause = e instanceof BesStreamException ? (IOException) e.getCause() : e;
    if (e instanceof BesStreamException) {
      stats.midStreamFailures.increment();
    } else {
      stats.besUnavailable.increment();
    }
    if (resp.isCommitted()) {
      long sent = e instanceof BesStreamException stream ? stream.sent : -1;
      log.warn("BES failed after {} bytes of {} had been sent; aborting the client connection: {}",
          sent, req.getRequestURI(), cause.toString());
      throw new IOException("BES response failed after part of it was sent to the client;"
          + " aborting the connection so the client sees the failure", cause);
    }
    if (cause instanceof BesErrorException besError) {
      sendBesError(req, resp, request, besError.error());
      return;
    }
    if (cause instanceof InterruptedIOException) {
      log.warn("BES timed out for {}: {}", req.getRequestURI(), cause.toString());
      sendError(req, resp, request, HttpServletResponse.SC_GATEWAY_TIMEOUT,
          "the BES did not answer in time");
    } else {
      log.warn("BES failed for {}: {}", req.getRequestURI(), cause.toString());
      sendError(req, resp, request, HttpServletResponse.SC_BAD_GATEWAY,
          "the BES could not be reached or sent an unreadable answer");
    }
  }

  /** Answers a BES error with its HTTP status and its message, server paths removed. */
  private void sendBesError(HttpServletRequest req, HttpServletResponse resp, DapRequest request,
      BesError error) throws IOException {
    stats.besErrors.increment();
    log.debug("BES error type {} for {}: {}", error.type(), req.getRequestURI(), error.message());
    sendError(req, resp, request, BesErrorStatus.of(error),
        BesMessages.scrub(error.message(), pathOrNull(request), catalogRoot));
  }

  /**
   * Replaces whatever the response holds with an error. Only called before the response is
   * committed; {@code extraHeaders} are name, value pairs.
   */
  private void sendError(HttpServletRequest req, HttpServletResponse resp, DapRequest request,
      int status, String message, String... extraHeaders) throws IOException {
    ErrorBody body = ErrorBody.render(ErrorBody.chooseForm(request, req.getHeader("Accept")),
        status, message);
    // Drops the headers and bytes of a response begun for success (Content-Encoding included).
    resp.reset();
    resp.setStatus(status);
    setDapHeaders(resp, request == null ? new DapRequest.Version() : request, null);
    for (int i = 0; i + 1 < extraHeaders.length; i += 2) {
      resp.setHeader(extraHeaders[i], extraHeaders[i + 1]);
    }
    resp.setContentType(body.contentType());
    resp.setHeader("Content-Description", body.contentDescription());
    resp.setContentLength(body.length());
    if (!req.getMethod().equals("HEAD")) {
      body.writeTo(resp.getOutputStream());
    }
  }

  /** The node exists but is not what the URL asks for. */
  private static final class NotServableException extends Exception {
    private static final long serialVersionUID = 1L;

    NotServableException(String message) {
      super(message);
    }
  }

  /** Reading the BES body failed after {@code sent} bytes went to the client. */
  private static final class BesStreamException extends IOException {
    private static final long serialVersionUID = 1L;
    final long sent;

    BesStreamException(long sent, IOException cause) {
      super(cause);
      this.sent = sent;
    }
  }

  /** Writing to the client failed: it went away. */
  private static final class ClientGoneException extends Exception {
    private static final long serialVersionUID = 1L;

    ClientGoneException(IOException cause) {
      super(cause);
    }
  }
}
