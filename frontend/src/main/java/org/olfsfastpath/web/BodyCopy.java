package org.olfsfastpath.web;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.cache.CachedResponse;
import org.olfsfastpath.http.ByteRanges;
import org.olfsfastpath.spool.DirectCopy;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.spool.Transfer;

/**
 * Sends a BES body to the client, never holding it whole, gzip-compressed when the body is text and
 * the client accepts it. An answer that ends within the response buffer is read whole, its BES
 * connection released, and written at once; a longer one is copied by the request's thread straight
 * from the BES while the client keeps up (the BES's full rate), and once the client falls behind
 * its rest goes through the {@link Spool} ({@link DirectCopy}, {@link AsyncOutput}), so its BES
 * connection goes back to the pool when the BES has finished, not when the client has; with the
 * spool off (or outside a container) it is copied through a fixed buffer as the client reads. Tells
 * a failure of the BES side ({@link BesStreamException}, with the bytes already sent) from the
 * client going away ({@link ClientGoneException}): the first must abort the response if it was
 * committed, the second needs no answer at all.
 */
final class BodyCopy {
  // Allocated per request on the copying path: a small answer should not pay for 64 KiB it never
  // fills; large bodies are read from the PPT connection's own 64 KiB buffer, so a smaller copy
  // costs only memcpy calls.
  private static final int COPY_BUFFER = 16 * 1024;

  /** The servlet's response buffer; an answer that fits is written at once, synchronously. */
  static final int RESPONSE_BUFFER = 32 * 1024;

  private final boolean gzip;
  private final Spool spool;

  BodyCopy(boolean gzip, Spool spool) {
    this.gzip = gzip;
    this.spool = spool;
  }

  /**
   * Whether this response will be compressed; sets Vary for a textual one, since the same URL is
   * then answered two ways. Call before the headers are final (also for HEAD).
   */
  boolean negotiateGzip(Exchange ex, boolean textual) {
    if (!gzip || !textual) {
      return false;
    }
    ex.header("Vary", ex.varyWithEncoding());
    // A range is always of the uncompressed answer, so offsets and If-Range stay the same.
    boolean compress =
        acceptsGzip(ex.req.getHeader("Accept-Encoding")) && ex.req.getHeader("Range") == null;
    if (compress) {
      ex.header("Content-Encoding", "gzip");
    }
    return compress;
  }

  /**
   * Sends {@code bes}'s body and closes {@code bes} (which releases its BES connection): at once
   * when the answer fits the response buffer or streams without the spool, else when it was read to
   * its end, by this thread or a transfer of the spool's (or failed, or its client went away). The
   * status and headers are already set. If the BES breaks the body off while nothing has reached
   * the client yet, the BES layer may send the get once more ({@link BesResponse#restart}) and the
   * new answer is sent from its start.
   *
   * @throws BesStreamException if the BES failed before the answer was handed to the spool, with
   *     the bytes sent before (none, unless the spool is off)
   */
  void stream(Exchange ex, BesResponse bes, boolean compress)
      throws BesStreamException, ClientGoneException {
    if (!spooling(ex)) {
      try {
        send(ex, bes, compress);
      } finally {
        bes.close();
      }
      return;
    }
    stream(ex, bes.body(), bes, bes, compress);
  }

  /**
   * Sends {@code body}, the body of {@code owner} (an answer the response cache did not keep), and
   * closes {@code owner}, as {@link #stream(Exchange, BesResponse, boolean)} does, without a second
   * try.
   */
  void stream(Exchange ex, InputStream body, Closeable owner, boolean compress)
      throws BesStreamException, ClientGoneException {
    if (!spooling(ex)) {
      try {
        send(ex, body, compress);
      } finally {
        closeQuietly(owner);
      }
      return;
    }
    stream(ex, body, owner, null, compress);
  }

  /** Whether a long body goes through the spool: it is on, and the container runs async. */
  private boolean spooling(Exchange ex) {
    return spool.isEnabled() && ex.req.isAsyncSupported();
  }

  private void stream(
      Exchange ex,
      InputStream answer,
      Closeable owner,
      @Nullable BesResponse restartable,
      boolean compress)
      throws BesStreamException, ClientGoneException {
    InputStream body =
        new FilterInputStream(answer) {
          @Override
          public void close() throws IOException {
            owner.close();
          }
        };
    byte[] first = spool.buffer();
    boolean handedOver = false;
    try {
      int n = readFirst(body, first, restartable);
      ex.resp.setBufferSize(RESPONSE_BUFFER);
      if (n >= 0) {
        closeQuietly(body); // The BES connection goes back before the client is written to.
        writeWhole(ex, first, n, compress);
        return;
      }
      handedOver = true;
      if (compress) {
        ex.stats.gzipResponses.increment();
        InputStream rest =
            new SequenceInputStream(
                new ByteArrayInputStream(Arrays.copyOf(first, RESPONSE_BUFFER)), body);
        copyDirect(ex, new GzipInput(rest), first, 0);
      } else {
        copyDirect(ex, body, first, RESPONSE_BUFFER);
      }
    } finally {
      if (!handedOver) {
        spool.recycle(first);
        closeQuietly(body);
      }
    }
  }

  /**
   * Copies the rest of an answer on the request's thread straight from the BES (the BES's full rate
   * while the client keeps up), through {@code buffer}, which holds its first {@code length} bytes,
   * in non-blocking mode; the first time the client would not take a write at once, the rest goes
   * through the spool and the response on after service returns ({@link DirectCopy}, {@link
   * AsyncOutput}). Ends the response itself: complete, aborted or its client gone.
   */
  private void copyDirect(Exchange ex, InputStream source, byte[] buffer, int length)
      throws ClientGoneException {
    DirectCopy copy = spool.direct(source);
    AsyncOutput output;
    try {
      output = AsyncOutput.start(ex);
    } catch (IOException | RuntimeException e) {
      spool.recycle(buffer);
      closeQuietly(source);
      throw new ClientGoneException(e instanceof IOException io ? io : new IOException(e));
    }
    Transfer transfer;
    try {
      transfer = copy.copyTo(output, buffer, length);
    } catch (DirectCopy.SourceFailedException e) {
      spool.recycle(buffer);
      output.abort((IOException) Objects.requireNonNull(e.getCause()), e.sent());
      return;
    } catch (IOException e) {
      spool.recycle(buffer);
      output.gone();
      return;
    }
    if (transfer == null) {
      spool.recycle(buffer);
      output.complete();
    } else {
      output.handedOff(transfer); // The transfer owns the buffer now.
    }
  }

  /**
   * Reads the answer into {@code first} up to the response buffer, on the request's thread, before
   * anything reaches the client: so an answer broken off now may be sent again once.
   *
   * @return the answer's length when it ended within the buffer, or -1 when the buffer is full and
   *     more follows
   */
  private static int readFirst(InputStream body, byte[] first, @Nullable BesResponse restartable)
      throws BesStreamException {
    boolean restarted = false;
    int n = 0;
    while (n < RESPONSE_BUFFER) {
      int read;
      try {
        read = body.read(first, n, RESPONSE_BUFFER - n);
      } catch (IOException e) {
        if (restartable == null
            || restarted
            || !restart(restartable, e, new BesStreamException(0, e))) {
          throw new BesStreamException(0, e);
        }
        restarted = true;
        n = 0; // The new answer, from its first byte.
        continue;
      }
      if (read < 0) {
        return n;
      }
      n += read;
    }
    return -1;
  }

  /** Writes an answer read whole, at most the response buffer: the container sends it. */
  private void writeWhole(Exchange ex, byte[] bytes, int length, boolean compress)
      throws ClientGoneException {
    try {
      OutputStream out = ex.resp.getOutputStream();
      if (compress) {
        ex.stats.gzipResponses.increment();
        GZIPOutputStream gzipOut = new GZIPOutputStream(out, COPY_BUFFER / 4);
        gzipOut.write(bytes, 0, length);
        gzipOut.finish();
      } else {
        out.write(bytes, 0, length);
      }
    } catch (IOException e) {
      throw new ClientGoneException(e);
    }
    ex.stats.bytesStreamed.add(length);
    ex.countBody(length);
    ex.stats.dataResponses.increment();
  }

  private static void closeQuietly(Closeable closeable) {
    try {
      closeable.close();
    } catch (IOException e) {
      // Closing a BES body releases its connection and does not fail.
    }
  }

  /**
   * Copies {@code bes}'s body as the client takes it (the path without the spool); the status and
   * headers are already set; the caller closes {@code bes}. If the BES breaks the body off while
   * nothing has reached the client yet (what was read still sits in the uncommitted response
   * buffer), the BES layer may send the get once more ({@link BesResponse#restart}): the buffer is
   * dropped and the new answer streamed from its start.
   */
  void send(Exchange ex, BesResponse bes, boolean compress)
      throws BesStreamException, ClientGoneException {
    try {
      send(ex, bes.body(), compress);
    } catch (BesStreamException e) {
      if (ex.resp.isCommitted()
          || !(e.getCause() instanceof IOException failure)
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

  /**
   * Copies {@code in} (a BES body) through a fixed buffer as the client takes it, holding the BES
   * connection until the client has read it all: the path without the spool. The status and headers
   * are already set; the caller closes {@code in}.
   */
  void send(Exchange ex, InputStream in, boolean compress)
      throws BesStreamException, ClientGoneException {
    ex.resp.setBufferSize(RESPONSE_BUFFER);
    OutputStream out;
    GZIPOutputStream gzipOut = null;
    try {
      out = ex.resp.getOutputStream();
      if (compress) {
        ex.stats.gzipResponses.increment();
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
      ex.stats.bytesStreamed.add(n);
      ex.countBody(n);
    }
    try {
      if (gzipOut != null) {
        gzipOut.finish();
      }
    } catch (IOException e) {
      throw new ClientGoneException(e);
    }
    ex.stats.dataResponses.increment();
  }

  /**
   * Answers with a kept answer: its strong ETag, its length, its gzip form when the client takes
   * it; a 304 when If-None-Match names it. No BES message.
   */
  void sendCached(Exchange ex, CachedResponse cached, boolean textual) throws ClientGoneException {
    int form = cachedForm(ex, cached, textual);
    if (form != NOT_MODIFIED) {
      writeCached(ex, cached, form == GZIP);
    }
  }

  /** {@link #cachedForm}: a 304 was answered; the kept answer as it is; its gzip form. */
  static final int NOT_MODIFIED = 0;

  static final int IDENTITY = 1;
  static final int GZIP = 2;

  /**
   * The first half of {@link #sendCached}: sets the answer's Vary and ETag and answers a 304 when
   * If-None-Match names it, before the caller sets what only a whole answer carries.
   *
   * @return {@link #NOT_MODIFIED} (the response is complete), {@link #IDENTITY} or {@link #GZIP}:
   *     the form {@link #writeCached} is to send
   */
  int cachedForm(Exchange ex, CachedResponse cached, boolean textual) {
    boolean compress = false;
    if (gzip && textual) {
      ex.header("Vary", ex.varyWithEncoding());
      // A range is always of the uncompressed answer, so offsets and If-Range stay the same.
      compress =
          cached.hasGzip()
              && acceptsGzip(ex.req.getHeader("Accept-Encoding"))
              && ex.req.getHeader("Range") == null;
    }
    String etag = cached.etag(compress);
    ex.header("ETag", etag);
    if (Conditional.notModified(ex, null, etag, cached.etag(false))) {
      return NOT_MODIFIED;
    }
    return compress ? GZIP : IDENTITY;
  }

  /** The second half of {@link #sendCached}: the kept answer's body, whole or a range. */
  void writeCached(Exchange ex, CachedResponse cached, boolean compress)
      throws ClientGoneException {
    String etag = cached.etag(compress);
    if (compress) {
      ex.header("Content-Encoding", "gzip");
      ex.stats.gzipResponses.increment();
    }
    int length = cached.length(compress);
    ByteRanges.Decision range =
        compress
            ? ByteRanges.WHOLE
            : Ranges.apply(ex, length, etag, cached.source().lastModified().toEpochMilli());
    if (range instanceof ByteRanges.Unsatisfiable) {
      return;
    }
    if (!(range instanceof ByteRanges.Part)) {
      ex.resp.setContentLength(length);
    }
    if (ex.head) {
      return;
    }
    try {
      if (range instanceof ByteRanges.Part part) {
        try (InputStream in =
            Ranges.slice(cached.newInputStream(false), part.first(), part.count())) {
          in.transferTo(ex.resp.getOutputStream());
        }
        length = (int) part.count();
      } else {
        cached.writeTo(ex.resp.getOutputStream(), compress);
      }
    } catch (IOException e) {
      throw new ClientGoneException(e);
    }
    ex.stats.bytesStreamed.add(length);
    ex.countBody(compress ? cached.length(false) : length);
    ex.stats.dataResponses.increment();
  }

  /** Writes a body built here (a page, a document); its length is known. */
  static void write(Exchange ex, byte[] body) throws ClientGoneException {
    ex.resp.setContentLength(body.length);
    if (ex.head) {
      return;
    }
    ex.countBody(body.length);
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
