package org.olfsfastpath.spool;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An answer copied by the request's own thread straight from the BES to its client while the client
 * keeps up: no spool, no other thread, one buffer, the BES's full rate. The client's output is
 * non-blocking, and before each write the thread asks whether it would take the bytes at once
 * ({@link ClientOutput#isReady()}); the first time it would not, the client has fallen behind, and
 * the thread hands the rest of the answer, the bytes it holds first, to a {@link Transfer} whose
 * producer reads on at the BES's pace into the spool on a thread of the spool's, so the BES
 * connection goes back at the BES's end of message, and returns: the client is fed from the spool
 * whenever it can take more, and no thread waits for it.
 *
 * <p>Why not blocking writes with a watchdog that hands over a write blocked too long: a blocking
 * write to a stalled client stays blocked until the kernel's send buffer has drained by a third
 * (megabytes, which a client reading at 20 KB/s takes minutes to read), holding the thread all that
 * time, and the container then times it out ({@code connectionTimeout}) and closes the connection
 * without the end of the answer. A non-blocking write never blocks, so the hand-off is the request
 * thread's own decision: one thread reads the source until it hands it over, and the bytes it held
 * are the producer's first, so nothing is lost, doubled or reordered.
 */
public final class DirectCopy {
  private static final Logger log = LoggerFactory.getLogger(Transfer.class);

  private final Spool spool;
  private final InputStream source;

  DirectCopy(Spool spool, InputStream source) {
    this.spool = spool;
    this.source = source;
  }

  /**
   * Writes {@code buffer[0, length)}, then copies the rest of the source to {@code client} while it
   * takes each write at once, through {@code buffer}, until the source ends (then closes it, which
   * releases the BES connection) or the client falls behind: then the rest goes to a transfer,
   * which owns the source and {@code buffer} from then on, and writes to {@code client} on its
   * callbacks ({@link Transfer#onWritePossible()}, which the client's output must pass on).
   *
   * @param buffer a buffer of {@link Spool#buffer()}
   * @return the transfer the rest was handed to, or null when the whole answer went to the client
   *     (the caller then ends the response, and gives {@code buffer} back)
   * @throws SourceFailedException if the source failed (it is closed: the connection discarded)
   * @throws IOException if a write to the client failed: it went away (the source is closed unread)
   */
  public @org.jspecify.annotations.Nullable Transfer copyTo(
      ClientOutput client, byte[] buffer, int length) throws IOException {
    long sent = 0;
    int n = length;
    while (true) {
      if (n > 0) {
        boolean ready;
        try {
          // A turn of the spool's fill gate, as the producers take: many downloads starting at
          // once copy straight from their BES here first, and would keep short requests from a
          // processor just as many producers would.
          FillGate gate = spool.fillGate();
          gate.enter();
          try {
            ready = client.isReady();
            if (ready) {
              client.write(buffer, 0, n);
            }
          } finally {
            gate.leave();
          }
        } catch (IOException | RuntimeException e) {
          closeSource();
          throw e instanceof IOException io ? io : new IOException(e);
        }
        if (!ready) {
          return handOff(client, buffer, n);
        }
        sent += n;
      }
      try {
        n = source.read(buffer, 0, buffer.length);
      } catch (IOException e) {
        closeSource();
        throw new SourceFailedException(sent, e);
      }
      if (n < 0) {
        closeSource();
        return null;
      }
    }
  }

  /** The client fell behind: the rest, from {@code buffer[0, n)} on, goes through the spool. */
  private Transfer handOff(ClientOutput client, byte[] buffer, int n) {
    Transfer transfer = new Transfer(spool, buffer, n, source, client);
    spool.handedOff();
    try {
      spool.start(transfer);
    } catch (RejectedExecutionException e) {
      log.warn("olfs-fastpath: cannot hand an answer to the spool: {}", e.toString());
      transfer.abandon(e);
    }
    return transfer;
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
