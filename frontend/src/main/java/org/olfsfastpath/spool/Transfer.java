package org.olfsfastpath.spool;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spool.SpooledBytes.Piece;
import org.olfsfastpath.spool.SpooledBytes.Place;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One answer on its way from the BES to its client. The <em>producer</em>, {@link #run()} on a
 * thread of its own, reads the answer as fast as the BES sends it and closes its source at the end,
 * which returns the BES connection to the pool; while the client keeps up it writes each buffer
 * straight to the client, and once the client falls behind it puts the bytes into the spool instead
 * ({@link SpooledBytes}: memory within the bounds, then the response's file). The <em>writer</em>
 * hands the spooled bytes to the client, in order, whenever the client can take more ({@link
 * #onWritePossible()}, on the container's thread), and ends the response once the spool is empty
 * and the source ended.
 *
 * <p>No thread waits for the client: the writer writes only what the client's output takes at once;
 * the producer waits only when the spool has no room (the response then streams straight, at the
 * client's pace). One lock guards the state; the client is written and the file read and written
 * outside it. One thread at a time holds the writer role: the producer when the client was ready
 * and nothing is spooled, the client's callback otherwise.
 *
 * <p>When the client goes away ({@link #clientGone}), the spool is freed at once (memory back to
 * the budget, file deleted) and the producer stops at its next buffer, closing the source unread:
 * the BES connection is discarded, not drained, which frees the BES soonest (its process stops at
 * its next write instead of computing the rest of an answer nobody reads).
 */
public final class Transfer implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(Transfer.class);

  /** How often a producer that found no room looks again for budget other responses freed. */
  private static final long ROOM_POLL_MILLIS = 50;

  /**
   * The writer role: nobody writes and the client took the last write at once (IDLE); a thread
   * writes (WRITING); nobody writes and the client, not ready or not asked yet, will call back.
   */
  private enum Out {
    IDLE,
    WRITING,
    AWAITING
  }

  private final Spool spool;
  private final Buffers buffers;
  private final InputStream source;
  private final ClientOutput client;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();

  // The producer's alone.
  private final byte[] buffer;
  private int initial;

  private final Piece piece = new Piece(); // The writer role's alone.

  // Guarded by lock.
  private final SpooledBytes spooled;
  private boolean tellOnUnlock;
  private Out out = Out.AWAITING;
  private boolean callback;
  private boolean sourceDone;
  private @Nullable IOException sourceFailure;
  private boolean ended;
  private boolean goneUntold;

  /** Bytes the client was given: added to by the writer role's holder alone. */
  private volatile long sent;

  Transfer(Spool spool, byte[] first, int length, InputStream source, ClientOutput client) {
    this.spool = spool;
    this.buffers = spool.buffers();
    this.spooled = new SpooledBytes(spool);
    this.buffer = first;
    this.initial = length;
    this.source = source;
    this.client = client;
  }

  /**
   * The producer: reads the answer to its end, writing or spooling each buffer, then closes the
   * source (its BES connection goes back to the pool). Run once, on a thread that may wait for the
   * BES, never for the client.
   */
  @Override
  public void run() {
    try {
      int n = initial;
      initial = 0;
      while (true) {
        try {
          if (n > 0 && !emit(n)) {
            closeSource(); // Unread: the BES connection is discarded, not drained.
            return;
          }
          n = source.read(buffer, 0, buffer.length);
        } catch (IOException e) {
          sourceEnded(e);
          return;
        }
        if (n < 0) {
          sourceEnded(null);
          return;
        }
      }
    } catch (RuntimeException | Error e) {
      log.warn("olfs-fastpath: streaming an answer failed", e);
      sourceEnded(new IOException("streaming the answer failed: " + e, e));
      throw e;
    } finally {
      buffers.give(buffer);
    }
  }

  /**
   * The client can take more: writes what is spooled while it does. Called by the client's output
   * once at the start and after each time it said not ready; returns without blocking.
   */
  public void onWritePossible() {
    lock.lock();
    try {
      if (ended) {
        return;
      }
      if (out == Out.WRITING) {
        callback = true; // The thread that writes asks the client again.
        return;
      }
      out = Out.WRITING;
    } finally {
      lock.unlock();
    }
    drain();
  }

  /**
   * The client went away (its output failed, or the container said so): the spool is freed at once,
   * nothing more is written, and the client's output is told ({@link ClientOutput#gone()}); the
   * producer stops at its next buffer. Safe to call from any thread, more than once.
   */
  public void clientGone(@Nullable Throwable cause) {
    lock.lock();
    try {
      if (ended) {
        return;
      }
      log.debug("client went away after {} bytes: {}", sent, String.valueOf(cause));
      if (spooled.hasBytes()) {
        spool.clientDisconnected();
      }
      endLocked();
      // A thread writing to the client tells it when done, so no call comes after gone().
      if (out == Out.WRITING) {
        goneUntold = true;
      } else {
        tellOnUnlock = true;
      }
    } finally {
      unlockAndTell();
    }
  }

  /**
   * The producer will never run (its thread could not be started): ends the transfer as if the
   * client had gone, and closes the source.
   */
  public void abandon(Throwable cause) {
    clientGone(cause);
    closeSource();
    buffers.give(buffer);
  }

  /** Whether the response has ended: completed, aborted or its client gone. */
  public boolean isEnded() {
    lock.lock();
    try {
      return ended;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Sends {@code buffer[0, n)} on: straight to a ready client when nothing is spooled, else into
   * the spool; with no room there, waits until the client has taken everything or room turns up.
   *
   * @return false when the response has ended and the producer should stop
   * @throws InterruptedIOException if interrupted while waiting for room
   */
  private boolean emit(int n) throws InterruptedIOException {
    while (true) {
      boolean direct = false;
      Place place = Place.NONE;
      long position = 0;
      SpoolFile file = null;
      boolean write = false;
      lock.lock();
      try {
        if (ended) {
          return false;
        }
        if (out == Out.IDLE && spooled.isEmpty()) {
          out = Out.WRITING;
          direct = true;
        } else {
          place = spooled.place(buffer, n);
          if (place == Place.NONE) {
            awaitRoomLocked();
            continue;
          }
          if (place == Place.MEMORY) {
            write = takeRoleIfIdleLocked();
          } else {
            position = spooled.appendPosition();
            file = Objects.requireNonNull(spooled.file(), "a placed append has its file");
          }
        }
      } finally {
        lock.unlock();
      }
      if (direct) {
        return writeDirect(n);
      }
      if (place == Place.MEMORY) {
        if (write) {
          drain();
        }
        return !isEnded();
      }
      if (append(Objects.requireNonNull(file), n, position)) {
        return !isEnded();
      }
      // The file failed and the bytes are still in the buffer: place them again.
    }
  }

  /** No room anywhere: waits until the client has taken everything, or room turns up. */
  private void awaitRoomLocked() throws InterruptedIOException {
    try {
      changed.await(ROOM_POLL_MILLIS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw (InterruptedIOException)
          new InterruptedIOException("interrupted while waiting for the client to read")
              .initCause(e);
    }
  }

  /** The producer writes {@code buffer[0, n)} to the client, holding the writer role. */
  private boolean writeDirect(int n) {
    try {
      client.write(buffer, 0, n);
    } catch (IOException | RuntimeException e) {
      writeFailed(e);
      return false;
    }
    sent += n;
    drain(); // Finds nothing spooled: asks the client and gives the role up.
    return !isEnded();
  }

  /** Appends {@code buffer[0, n)} to the file at {@code position}; false if the file failed. */
  private boolean append(SpoolFile file, int n, long position) {
    IOException failure = null;
    try {
      file.write(buffer, 0, n, position);
    } catch (IOException e) {
      failure = e;
    }
    boolean write;
    lock.lock();
    try {
      if (ended) {
        return true; // Freed meanwhile, this append's disk budget with it.
      }
      if (failure != null) {
        spooled.appendFailed(n, failure);
        changed.signalAll();
        return false;
      }
      spooled.appended(n);
      write = takeRoleIfIdleLocked();
    } finally {
      lock.unlock();
    }
    if (write) {
      drain();
    }
    return true;
  }

  /** Takes the writer role when nobody holds it and the client was ready. */
  private boolean takeRoleIfIdleLocked() {
    if (out == Out.IDLE) {
      out = Out.WRITING;
      return true;
    }
    return false;
  }

  /** The source ended (failure null) or failed; closes it, which releases the BES connection. */
  private void sourceEnded(@Nullable IOException failure) {
    closeSource();
    boolean write;
    lock.lock();
    try {
      sourceDone = true;
      sourceFailure = failure;
      if (ended) {
        return;
      }
      if (failure == null && spooled.hasBytes()) {
        spool.releasedEarly();
      }
      if (failure != null && out != Out.WRITING) {
        spooled.free(false); // The response will be aborted: what is spooled is of no use.
      }
      write = takeRoleIfIdleLocked();
    } finally {
      lock.unlock();
    }
    if (write) {
      drain();
    }
  }

  private void closeSource() {
    try {
      source.close();
    } catch (IOException | RuntimeException e) {
      log.debug("closing the answer's source: {}", e.toString());
    }
  }

  /**
   * The writer, for the caller that holds the role: while the client is ready, hands it the spooled
   * bytes in order; ends the response when nothing is left and the source ended (at once when it
   * failed); gives the role up (idle, or awaiting the client's call).
   */
  private void drain() {
    while (true) {
      boolean ready;
      try {
        ready = client.isReady();
      } catch (RuntimeException e) {
        writeFailed(e);
        return;
      }
      boolean end = false;
      IOException failure;
      long before;
      lock.lock();
      try {
        if (releasedBecauseEndedLocked()) {
          return;
        }
        if (!ready) {
          if (callback) {
            callback = false; // The client called back meanwhile: ask it again.
            continue;
          }
          out = Out.AWAITING;
          return;
        }
        callback = false;
        before = sent;
        failure = sourceFailure;
        if (failure == null && !spooled.next(piece)) {
          if (!sourceDone) {
            out = Out.IDLE; // Nothing spooled: the producer writes the next bytes itself.
            changed.signalAll();
            return;
          }
          end = true;
        }
        if (failure != null || end) {
          end = true;
          endLocked();
          releaseRoleLocked();
        }
      } finally {
        unlockAndTell();
      }
      if (end) {
        if (failure != null) {
          client.abort(failure, before);
        } else {
          client.complete();
        }
        return;
      }
      try {
        piece.load();
      } catch (IOException e) {
        spoolFailed(e);
        return;
      }
      try {
        client.write(piece.bytes, piece.off, piece.len);
      } catch (IOException | RuntimeException e) {
        writeFailed(e);
        return;
      }
      lock.lock();
      try {
        if (releasedBecauseEndedLocked()) {
          return;
        }
        sent += piece.len;
        spooled.consumed(piece);
        changed.signalAll();
      } finally {
        unlockAndTell();
      }
    }
  }

  /** A write to the client failed: it went away. The writer role ends with the transfer. */
  private void writeFailed(Exception e) {
    clientGone(e);
    lock.lock();
    try {
      releaseRoleLocked();
    } finally {
      unlockAndTell();
    }
  }

  /** Reading the file back failed: the answer cannot be completed, so it is aborted. */
  private void spoolFailed(IOException e) {
    long before;
    lock.lock();
    try {
      if (releasedBecauseEndedLocked()) {
        return;
      }
      log.warn(
          "olfs-fastpath: reading a spool file back failed; aborting the response: {}",
          e.toString());
      before = sent;
      endLocked();
      releaseRoleLocked();
    } finally {
      unlockAndTell();
    }
    client.abort(e, before);
  }

  /** Whether the transfer ended while the writer was unlocked; if so, gives the role up. */
  private boolean releasedBecauseEndedLocked() {
    if (ended) {
      releaseRoleLocked();
    }
    return ended;
  }

  /** Ends the transfer: nothing more is written, and the spool is freed at once. */
  private void endLocked() {
    ended = true;
    spooled.free(out == Out.WRITING);
    changed.signalAll();
  }

  /**
   * Gives the writer role up; once the transfer ended, the writer's read buffer with it. A client
   * that went away while this thread wrote is told so at {@link #unlockAndTell()}.
   */
  private void releaseRoleLocked() {
    if (out == Out.WRITING) {
      out = Out.IDLE;
    }
    if (ended) {
      spooled.releaseReadBuffer();
    }
    tellOnUnlock |= goneUntold;
    goneUntold = false;
  }

  /** Unlocks, then tells the client it is gone if this thread owes it that. */
  private void unlockAndTell() {
    boolean tell = tellOnUnlock;
    tellOnUnlock = false;
    lock.unlock();
    if (tell) {
      client.gone();
    }
  }

  @Override
  public String toString() {
    lock.lock();
    try {
      return "Transfer{sent="
          + sent
          + ", "
          + spooled
          + ", out="
          + out
          + ", sourceDone="
          + sourceDone
          + ", ended="
          + ended
          + "}";
    } finally {
      lock.unlock();
    }
  }
}
