package org.olfsfastpath.spool;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An answer copied by the request's own thread straight from the BES to its client in blocking
 * mode, while the client keeps up: no spool, no other thread, one buffer, the BES's full rate (what
 * upstream does). The spool's {@link Watchdog} looks at it every few milliseconds; when one write
 * to the client has been blocked longer than the hand-off time ({@code FastPath/Spool@handOff}),
 * the client has fallen behind, and the watchdog hands the rest of the answer to a {@link Transfer}
 * whose producer reads it at the BES's pace into the spool, so the BES connection goes back at the
 * BES's end of message. The request thread, once its blocked write returns, learns it ({@link
 * #copyTo} returns false) and goes on from the transfer in non-blocking mode, holding no thread
 * while the client reads.
 *
 * <p>The hand-off is one compare-and-set on one word, which says who may read the source: the
 * request thread while it reads ({@code READING}) or writes (the time its write began), the
 * producer once handed ({@code HANDED}), nobody once done. The watchdog may take it only from a
 * write (never while the request thread reads the source), and the request thread reads again only
 * after its compare-and-set from that same write back to {@code READING} succeeded: so one thread
 * at a time reads the source, the bytes being written are the last the request thread sends, and
 * the producer's first byte is the next one. Nothing is lost, doubled or reordered.
 */
public final class DirectCopy {
  private static final Logger log = LoggerFactory.getLogger(Transfer.class);

  private static final long READING = Long.MIN_VALUE;
  private static final long HANDED = Long.MIN_VALUE + 1;
  private static final long DONE = Long.MIN_VALUE + 2;

  private final Spool spool;
  private final InputStream source;
  private final AtomicLong state = new AtomicLong(READING);

  /** Set by the watchdog before it hands over; read by the request thread only after. */
  private volatile @Nullable Transfer transfer;

  DirectCopy(Spool spool, InputStream source) {
    this.spool = spool;
    this.source = source;
  }

  /**
   * Writes {@code buffer[0, length)}, then copies the rest of the source to {@code out} in blocking
   * mode, through {@code buffer}, until the source ends (then closes it, which releases the BES
   * connection) or the watchdog hands the rest to the spool.
   *
   * @param written told of each write, its byte count, once it returned
   * @return true when the whole answer went to {@code out}; false when the rest was handed to the
   *     spool: attach the client's non-blocking output to {@link #transfer()}
   * @throws SourceFailedException if the source failed (it is closed: the connection is discarded)
   * @throws IOException if a write to {@code out} failed: the client went away (the source is
   *     closed unread, or the transfer it was handed to ended)
   */
  public boolean copyTo(OutputStream out, byte[] buffer, int length, LongConsumer written)
      throws IOException {
    long sent = 0;
    int n = length;
    while (true) {
      if (n > 0) {
        if (!write(out, buffer, n)) {
          written.accept(n);
          return false;
        }
        written.accept(n);
        sent += n;
      }
      try {
        n = source.read(buffer, 0, buffer.length);
      } catch (IOException e) {
        end();
        throw new SourceFailedException(sent, e);
      }
      if (n < 0) {
        end();
        return true;
      }
    }
  }

  /**
   * One blocking write, watched: the watchdog may hand the source over while it blocks.
   *
   * @return false if it did (the write itself went out)
   */
  private boolean write(OutputStream out, byte[] buffer, int n) throws IOException {
    long since = System.nanoTime();
    if (since <= DONE) {
      since = DONE + 1; // Never a marker.
    }
    state.set(since);
    try {
      out.write(buffer, 0, n);
    } catch (IOException | RuntimeException e) {
      clientGone(e);
      throw e;
    }
    return state.compareAndSet(since, READING);
  }

  /** The transfer the rest was handed to; after {@link #copyTo} returned false. */
  public Transfer transfer() {
    Transfer t = transfer;
    if (t == null) {
      throw new IllegalStateException("not handed to the spool");
    }
    return t;
  }

  /**
   * The client went away, or the response is given up: closes the source unread (the BES connection
   * is discarded), or ends the transfer it was handed to. Safe to call more than once.
   */
  public void clientGone(Throwable cause) {
    while (true) {
      long s = state.get();
      if (s == DONE) {
        return;
      }
      if (s == HANDED) {
        transfer().clientGone(cause);
        return;
      }
      if (state.compareAndSet(s, DONE)) {
        spool.watchdog().unregister(this);
        closeSource();
        return;
      }
    }
  }

  /** The source ended or failed on the request thread: closes it, no longer watched. */
  private void end() {
    state.set(DONE);
    spool.watchdog().unregister(this);
    closeSource();
  }

  /**
   * The watchdog's look: if a write has been blocked for {@code handOffNanos}, hands the rest of
   * the source to a new transfer and starts its producer.
   *
   * @return whether it handed it over
   */
  boolean handOffIfStalled(long now, long handOffNanos) {
    long s = state.get();
    if (s <= DONE || now - s < handOffNanos) {
      return false;
    }
    Transfer t = new Transfer(spool, spool.buffer(), 0, source, null);
    transfer = t;
    if (!state.compareAndSet(s, HANDED)) {
      transfer = null;
      t.discard();
      return false;
    }
    spool.handedOff();
    try {
      spool.start(t);
    } catch (RejectedExecutionException e) {
      log.warn("olfs-fastpath: cannot hand an answer to the spool: {}", e.toString());
      t.abandon(e);
    }
    return true;
  }

  private void closeSource() {
    try {
      source.close();
    } catch (IOException | RuntimeException e) {
      log.debug("closing the answer's source: {}", e.toString());
    }
  }

  /** The source failed while the request thread copied it; nothing was handed over. */
  public static final class SourceFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long sent;

    SourceFailedException(long sent, IOException cause) {
      super(cause.getMessage(), cause);
      this.sent = sent;
    }

    /** The bytes written to the client before the failure. */
    public long sent() {
      return sent;
    }
  }
}
