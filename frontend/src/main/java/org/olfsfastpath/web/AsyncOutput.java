package org.olfsfastpath.web;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spool.ClientOutput;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.spool.Transfer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A response whose body streams through a {@link Transfer} in Servlet non-blocking mode: the
 * request's thread starts it ({@link #start}) and returns to the container at once; the container
 * calls {@link #onWritePossible()} when the client can take bytes, the first time right after that,
 * which starts the transfer's producer on a thread of the spool's ({@link Spool#start}), never one
 * of the container's, which requests waiting for a BES connection may all hold: it reads the BES
 * and writes straight to the client while the client keeps up. No thread waits for the client, and
 * the BES connection goes back to the pool at the BES's end of message.
 *
 * <p>Ends the response once: {@link #complete()} when the whole answer went out; {@link #abort}
 * when the BES failed after part of it went out, by an async dispatch back into the servlet, which
 * throws, so the container closes the connection without the final chunk (as a synchronous
 * response's failure does); {@link #gone()} when the client went away. A write after the end is
 * refused here, so no byte can reach a response the container recycled for another request.
 */
final class AsyncOutput implements ClientOutput, WriteListener, AsyncListener {
  /** The request attribute of an aborted response's failure, for the servlet's async dispatch. */
  static final String FAILURE = AsyncOutput.class.getName() + ".failure";

  private static final Logger log = LoggerFactory.getLogger(AsyncOutput.class);

  private final Exchange ex;
  private final Spool spool;
  private final AsyncContext async;
  private final ServletOutputStream out;
  private final ReentrantLock lock = new ReentrantLock();
  private volatile @Nullable Transfer transfer;
  private boolean ended;
  private boolean producing;

  private AsyncOutput(Exchange ex, Spool spool, AsyncContext async, ServletOutputStream out) {
    this.ex = ex;
    this.spool = spool;
    this.async = async;
    this.out = out;
  }

  /**
   * Streams the rest of an answer asynchronously: {@code first[0, length)} already read, then
   * {@code source}, whose close releases the BES response. From here on the transfer owns both. The
   * status and headers are set; call on the request's thread, in the servlet's service.
   */
  static void start(Exchange ex, Spool spool, byte[] first, int length, InputStream source)
      throws IOException {
    AsyncContext async = ex.req.startAsync(ex.req, ex.resp);
    // A slow client may read for hours; a client that stops reading meets the connector's
    // write timeout instead.
    async.setTimeout(0);
    AsyncOutput output = new AsyncOutput(ex, spool, async, ex.resp.getOutputStream());
    Transfer transfer = spool.transfer(first, length, source, output);
    output.transfer = transfer;
    ex.goneAsync();
    async.addListener(output);
    // The container's first onWritePossible, right after service returns, starts the producer.
    output.out.setWriteListener(output);
  }

  // The transfer's client.

  @Override
  public boolean isReady() {
    lock.lock();
    try {
      return !ended && out.isReady();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    lock.lock();
    try {
      if (ended) {
        throw new IOException("the response has ended");
      }
      out.write(b, off, len);
    } finally {
      lock.unlock();
    }
    ex.stats.bytesStreamed.add(len);
    ex.countBody(len);
  }

  @Override
  public void complete() {
    if (end()) {
      ex.stats.dataResponses.increment();
      async.complete();
    }
  }

  @Override
  public void abort(IOException cause, long sent) {
    if (end()) {
      ex.req.setAttribute(FAILURE, new BesStreamException(sent, cause));
      async.dispatch();
    }
  }

  @Override
  public void gone() {
    if (end()) {
      ex.stats.clientAborts.increment();
      try {
        async.complete();
      } catch (IllegalStateException e) {
        // The container ended the response already (its error handling).
        log.debug("completing a response whose client went away: {}", e.toString());
      }
    }
  }

  /** Marks the response ended; true for the one call that does. */
  private boolean end() {
    lock.lock();
    try {
      if (ended) {
        return false;
      }
      ended = true;
      return true;
    } finally {
      lock.unlock();
    }
  }

  // The container's callbacks.

  @Override
  public void onWritePossible() {
    Transfer t = transfer;
    if (t == null) {
      return;
    }
    t.onWritePossible();
    if (startProducer()) {
      try {
        // The BES side on a thread of the spool's: it holds no lock of the client's, so the
        // container's callbacks go on meanwhile, and no request thread it would wait behind.
        spool.start(t);
      } catch (RuntimeException e) {
        log.warn(
            "olfs-fastpath: cannot start streaming {}: {}", ex.req.getRequestURI(), e.toString());
        t.abandon(e);
      }
    }
  }

  /** True once: when the producer is to start. */
  private boolean startProducer() {
    lock.lock();
    try {
      if (producing || ended) {
        return false;
      }
      producing = true;
      return true;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void onError(Throwable failure) {
    clientGone(failure);
  }

  @Override
  public void onComplete(AsyncEvent event) {
    ex.ended();
  }

  @Override
  public void onTimeout(AsyncEvent event) {
    clientGone(new InterruptedIOException("the response timed out"));
  }

  @Override
  public void onError(AsyncEvent event) {
    clientGone(event.getThrowable());
  }

  @Override
  public void onStartAsync(AsyncEvent event) {
    // Started once, by start().
  }

  private void clientGone(@Nullable Throwable failure) {
    Transfer t = transfer;
    if (t == null) {
      return;
    }
    boolean neverProduced;
    lock.lock();
    try {
      neverProduced = !producing;
      producing = true;
    } finally {
      lock.unlock();
    }
    if (neverProduced) {
      t.abandon(failure == null ? new IOException("the response ended first") : failure);
    } else {
      t.clientGone(failure);
    }
  }
}
