package org.olfsfastpath.web;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.locks.ReentrantLock;
import org.olfsfastpath.spool.ClientOutput;
import org.olfsfastpath.spool.Transfer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rest of a response whose client fell behind, fed from the spool in Servlet non-blocking mode:
 * the request's thread wrote the answer straight from the BES in blocking mode until a write
 * stalled, the spool's watchdog handed the rest to a {@link Transfer} whose producer reads the BES
 * on a thread of the spool's, and the request's thread, once its write returned, switches the
 * response to async and non-blocking output ({@link #resume}) and returns to the container. The
 * container calls {@link #onWritePossible()} whenever the client can take bytes, and the transfer
 * writes what is spooled. No thread waits for the client, and the BES connection goes back to the
 * pool at the BES's end of message.
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
  private final AsyncContext async;
  private final ServletOutputStream out;
  private final Transfer transfer;
  private final ReentrantLock lock = new ReentrantLock();
  private boolean ended;

  private AsyncOutput(Exchange ex, AsyncContext async, ServletOutputStream out, Transfer transfer) {
    this.ex = ex;
    this.async = async;
    this.out = out;
    this.transfer = transfer;
  }

  /**
   * Goes on with {@code transfer} asynchronously, after blocking writes: the response switches to
   * async and non-blocking output, and the transfer writes whenever the client can take more. Call
   * on the request's thread, in the servlet's service; if the switch fails, the transfer ends as if
   * the client had gone.
   *
   * @throws IOException if the response's output cannot be had
   */
  static void resume(Exchange ex, Transfer transfer) throws IOException {
    try {
      AsyncContext async = ex.req.startAsync(ex.req, ex.resp);
      // A slow client may read for hours; a client that stops reading meets the connector's
      // write timeout instead.
      async.setTimeout(0);
      AsyncOutput output = new AsyncOutput(ex, async, ex.resp.getOutputStream(), transfer);
      transfer.attach(output);
      ex.goneAsync();
      async.addListener(output);
      // The container calls onWritePossible once service returns, and the writer goes on.
      output.out.setWriteListener(output);
    } catch (IOException | RuntimeException e) {
      transfer.clientGone(e);
      throw e;
    }
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
    transfer.onWritePossible();
  }

  @Override
  public void onError(Throwable failure) {
    transfer.clientGone(failure);
  }

  @Override
  public void onComplete(AsyncEvent event) {
    ex.ended();
  }

  @Override
  public void onTimeout(AsyncEvent event) {
    transfer.clientGone(new InterruptedIOException("the response timed out"));
  }

  @Override
  public void onError(AsyncEvent event) {
    transfer.clientGone(event.getThrowable());
  }

  @Override
  public void onStartAsync(AsyncEvent event) {
    // Started once, by resume().
  }
}
