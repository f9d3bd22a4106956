package org.olfsfastpath.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.cache.CachedResponse;

/**
 * Copies a BES body to the client through a fixed buffer, never holding it whole, gzip-compressed
 * when the body is text and the client accepts it. Tells a failure of the BES side
 * ({@link BesStreamException}, with the bytes already sent) from the client going away
 * ({@link ClientGoneException}): the first must abort the response if it was committed, the second
 * needs no answer at all.
 */
final class BodyCopy {
  // Allocated per request: a small answer should not pay for 64 KiB it never fills; large bodies
  // are read from the PPT connection's own 64 KiB buffer, so a smaller copy costs only memcpy calls.
  private static final int COPY_BUFFER = 16 * 1024;
  static final int RESPONSE_BUFFER = 32 * 1024;

  private final FrontEndStats stats;
  private final boolean gzip;

  BodyCopy(FrontEndStats stats, boolean gzip) {
    this.stats = stats;
    this.gzip = gzip;
  }

  /**
   * Whether this response will be compressed; sets Vary for a textual one, since the same URL is
   * then answered two ways. Call before the headers are final (also for HEAD).
   */
  boolean negotiateGzip(Exchange ex, boolean textual) {
    if (!gzip || !textual) {
      return false;
    }
    ex.resp.setHeader("Vary", "Accept-Encoding");
    boolean compress = acceptsGzip(ex.req.getHeader("Accept-Encoding"));
    if (compress) {
      ex.resp.setHeader("Content-Encoding", "gzip");
    }
    return compress;
  }

  /**
   * Streams {@code bes}'s body; the status and headers are already set. If the BES breaks the body
   * off while nothing has reached the client yet (what was read still sits in the uncommitted
   * response buffer), the BES layer may send the get once more ({@link BesResponse#restart}): the
   * buffer is dropped and the new answer streamed from its start.
   */
  void send(Exchange ex, BesResponse bes, boolean compress)
      throws BesStreamException, ClientGoneException {
    try {
      send(ex, bes.body(), compress);
    } catch (BesStreamException e) {
      if (ex.resp.isCommitted() || !(e.getCause() instanceof IOException failure)
          || !restart(bes, failure, e)) {
        throw e;
      }
      ex.resp.resetBuffer();
      send(ex, bes.body(), compress);
    }
  }

  /** Whether {@code bes} was sent again; its own failure to be sent again ends the response. */
  private static boolean restart(BesResponse bes, IOException failure, BesStreamException e)
      throws BesStreamException {
    try {
      return bes.restart(failure);
    } catch (IOException again) {
      again.addSuppressed(failure);
      throw new BesStreamException(e.sent, again);
    }
  }

  /** Streams {@code in} (a BES body); the status and headers are already set. */
  void send(Exchange ex, InputStream in, boolean compress)
      throws BesStreamException, ClientGoneException {
    ex.resp.setBufferSize(RESPONSE_BUFFER);
    OutputStream out;
    GZIPOutputStream gzipOut = null;
    try {
      out = ex.resp.getOutputStream();
      if (compress) {
        stats.gzipResponses.increment();
        out = gzipOut = new GZIPOutputStream(out, COPY_BUFFER / 4);
      }
    } catch (IOException e) {
      throw new ClientGoneException(e);
    }
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

  /**
   * Answers with a kept answer: its strong ETag, its length, its gzip form when the client takes
   * it; a 304 when If-None-Match names it. No BES message.
   */
  void sendCached(Exchange ex, CachedResponse cached, boolean textual)
      throws ClientGoneException {
    boolean compress = false;
    if (gzip && textual) {
      ex.resp.setHeader("Vary", "Accept-Encoding");
      compress = cached.hasGzip() && acceptsGzip(ex.req.getHeader("Accept-Encoding"));
    }
    String etag = cached.etag(compress);
    ex.resp.setHeader("ETag", etag);
    if (Conditional.noneMatch(ex, etag, cached.etag(false))) {
      stats.notModified.increment();
      ex.resp.setStatus(304);
      return;
    }
    if (compress) {
      ex.resp.setHeader("Content-Encoding", "gzip");
      stats.gzipResponses.increment();
    }
    int length = cached.length(compress);
    ex.resp.setContentLength(length);
    if (ex.head) {
      return;
    }
    try {
      cached.writeTo(ex.resp.getOutputStream(), compress);
    } catch (IOException e) {
      throw new ClientGoneException(e);
    }
    stats.bytesStreamed.add(length);
    stats.dataResponses.increment();
  }

  /** Writes a body built here (a page, a document); its length is known. */
  static void write(Exchange ex, byte[] body) throws ClientGoneException {
    ex.resp.setContentLength(body.length);
    if (ex.head) {
      return;
    }
    try {
      ex.resp.getOutputStream().write(body);
    } catch (IOException e) {
      throw new ClientGoneException(e);
    }
  }

  /** Whether Accept-Encoding names gzip without refusing it (q=0). */
  static boolean acceptsGzip(@Nullable String acceptEncoding) {
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
}
