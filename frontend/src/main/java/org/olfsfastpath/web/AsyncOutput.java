package org.olfsfastpath.web;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spool.ClientOutput;
import org.olfsfastpath.spool.Transfer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A long response's body in Servlet non-blocking mode: the request's thread starts it ({@link
 * #start}), then writes the answer straight from the BES while the client takes each write at once
 * ({@link org.olfsfastpath.spool.DirectCopy}: the BES's full rate, no other thread); the first time
 * it would not, the rest goes to a {@link Transfer} whose producer reads the BES on a thread of the
 * spool's ({@link #handedOff}), the request's thread returns to the container, and the container
 * calls {@link #onWritePossible()} whenever the client can take more, when the transfer writes what
 * is spooled. No thread waits for the client, and the BES connection goes back to the pool at the
 * BES's end of message.
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
  private final ReentrantLock lock = new ReentrantLock();
  private volatile @Nullable Transfer transfer;
  private boolean ended;

  /** An abort waiting for the client to take what was written before it; under the lock. */
  private @Nullable BesStreamException pendingAbort;

  private AsyncOutput(Exchange ex, AsyncContext async, ServletOutputStream out) {
    this.ex = ex;
    this.async = async;
    this.out = out;
  }

  /**
   * Switches the response to async and non-blocking output; the status and headers are set. Call on
   * the request's thread, in the servlet's service; write only when {@link #isReady()} said so.
   *
   * @throws IOException if the response's output cannot be had
   */
  static AsyncOutput start(Exchange ex) throws IOException {
    AsyncContext async = ex.req.startAsync(ex.req, ex.resp);
    // A slow client may read for hours; a client that stops reading meets the connector's
    // write timeout instead.
    async.setTimeout(0);
    AsyncOutput output = new AsyncOutput(ex, async, ex.resp.getOutputStream());
    ex.goneAsync();
    async.addListener(output);
    output.out.setWriteListener(output);
    return output;
  }

  /**
   * The rest of the answer was handed to {@code transfer}: the container's calls go to it from now
   * on. Call on the request's thread before service returns (the container's first call comes
   * after).
   */
  void handedOff(Transfer transfer) {
    this.transfer = transfer;
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
      // Under the lock: the request's thread, the producer and the container's callbacks each
      // write in turn, and the access line reads the count after the last.
      ex.stats.bytesStreamed.add(len);
      ex.countBody(len);
    } finally {
      lock.unlock();
    }
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
      BesStreamException failure = new BesStreamException(sent, cause);
      lock.lock();
      try {
        if (!sentAll()) {
          // The container still holds bytes the client has not taken: the abort would drop them,
          // so it waits for the container's next call, when they are out.
          pendingAbort = failure;
          return;
        }
      } finally {
        lock.unlock();
      }
      dispatchAbort(failure);
    }
  }

  /**
   * Dispatches the abort that waits for the client ({@link #abort}), taking it, {@code now} or once
   * the client has taken every byte written before it. True when one waited: the container's call
   * was for it, not for the transfer.
   */
  private boolean handlePendingAbort(boolean now) {
    BesStreamException aborting;
    lock.lock();
    try {
      aborting = pendingAbort;
      if (aborting == null) {
        return false;
      }
      if (!now && !sentAll()) {
        return true; // Called again once the client took more.
      }
      pendingAbort = null;
    } finally {
      lock.unlock();
    }
    dispatchAbort(aborting);
    return true;
  }

  private void dispatchAbort(BesStreamException failure) {
    ex.req.setAttribute(FAILURE, failure);
    async.dispatch();
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

  /**
   * Sends what the container still buffers before an abort, which commits the response: the bytes
   * written may all sit in its response buffer (a write that fills it exactly is not sent until
   * more comes), and a failure thrown while the response is not committed becomes the container's
   * own 500 page instead of the cut body a client can tell from a whole one. True when nothing is
   * left to send; false when the client has yet to take some, and the container will call {@link
   * #onWritePossible()} once it has. Under the lock.
   */
  private boolean sentAll() {
    try {
      if (!out.isReady()) {
        return false;
      }
      out.flush();
      return out.isReady();
    } catch (IOException | IllegalStateException e) {
      log.debug("flushing an aborted response: {}", e.toString());
      return true; // The client is gone or the response is over: nothing more will go out.
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
    if (handlePendingAbort(false)) {
      return;
    }
    Transfer t = transfer;
    if (t != null) {
      t.onWritePossible();
    }
    // Without a transfer the request's thread wrote the whole answer, or ended it otherwise.
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
    // A client that went away while its cut answer drained: the abort it waited for ends it now.
    if (handlePendingAbort(true)) {
      return;
    }
    Transfer t = transfer;
    if (t != null) {
      t.clientGone(failure);
    } else {
      gone(); // The request's thread's next write fails, and it closes the BES answer.
    }
  }
}
