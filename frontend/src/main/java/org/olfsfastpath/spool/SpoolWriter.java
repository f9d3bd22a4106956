package org.olfsfastpath.spool;

import java.io.IOException;
import org.olfsfastpath.spool.SpooledBytes.Piece;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client side of a {@link Transfer}, for the thread that holds its writer role: hands the
 * spooled bytes to the client in order while it is ready, ends the response once the spool is empty
 * and the source ended (aborts it, after every byte the source gave, when it failed), and gives the
 * role up, idle (the producer then writes the next bytes itself) or awaiting the client's call.
 * Never waits for the client: it writes only what the client's non-blocking output takes at once.
 */
final class SpoolWriter {
  private static final Logger log = LoggerFactory.getLogger(Transfer.class);

  private final TransferState state;
  private final Piece piece = new Piece(); // The writer role's alone.

  SpoolWriter(TransferState state) {
    this.state = state;
  }

  /** What the next step of {@link #drain} is. */
  private enum Step {
    WRITE,
    ASK_AGAIN,
    DONE
  }

  /** Writes what is spooled while the client is ready; for the writer role's holder. */
  void drain() {
    while (true) {
      boolean ready;
      try {
        ready = state.client().isReady();
      } catch (RuntimeException e) {
        writeFailed(e);
        return;
      }
      Step step = next(ready);
      if (step == Step.DONE) {
        return;
      }
      if (step == Step.WRITE && !writePiece()) {
        return;
      }
    }
  }

  /**
   * Under the lock: what comes next once the client said whether it is ready. Sets {@link #piece}
   * to the next bytes to write, gives the role up, or ends the response.
   */
  private Step next(boolean ready) {
    boolean end = false;
    IOException failure;
    long before;
    state.lock();
    try {
      if (state.releasedBecauseEndedLocked()) {
        return Step.DONE;
      }
      if (!ready) {
        return state.notReadyLocked() ? Step.ASK_AGAIN : Step.DONE;
      }
      state.readyLocked();
      before = state.sent();
      failure = null;
      if (!state.spooled.next(piece)) {
        if (!state.sourceDone()) {
          state.idleLocked();
          return Step.DONE;
        }
        // Everything the source gave went out: a failed answer is cut here, after all of it.
        failure = state.sourceFailure();
        end = true;
      }
      if (end) {
        state.endLocked();
        state.releaseRoleLocked();
      }
    } finally {
      state.unlock();
    }
    if (failure != null) {
      state.client().abort(failure, before);
      return Step.DONE;
    }
    if (end) {
      state.client().complete();
      return Step.DONE;
    }
    return Step.WRITE;
  }

  /** Reads {@link #piece} (back from the file, if there) and writes it; false if that ended it. */
  private boolean writePiece() {
    try {
      piece.load();
    } catch (IOException e) {
      spoolFailed(e);
      return false;
    }
    try {
      state.client().write(piece.bytes, piece.off, piece.len);
    } catch (IOException | RuntimeException e) {
      writeFailed(e);
      return false;
    }
    state.lock();
    try {
      if (state.releasedBecauseEndedLocked()) {
        return false;
      }
      state.addSent(piece.len);
      state.spooled.consumed(piece);
      state.consumedLocked();
    } finally {
      state.unlock();
    }
    return true;
  }

  /**
   * The producer, holding the role, writes {@code buffer[0, n)} straight to the client, then looks
   * for more (finding nothing spooled, it asks the client and gives the role up).
   *
   * @return false when the transfer has ended and the producer should stop
   */
  boolean writeDirect(byte[] buffer, int n) {
    try {
      state.client().write(buffer, 0, n);
    } catch (IOException | RuntimeException e) {
      writeFailed(e);
      return false;
    }
    state.addSent(n);
    drain();
    state.lock();
    try {
      return !state.ended();
    } finally {
      state.unlock();
    }
  }

  /** A write to the client failed: it went away. The writer role ends with the transfer. */
  private void writeFailed(Exception e) {
    state.lock();
    try {
      if (state.clientGoneLocked()) {
        log.debug("client went away after {} bytes: {}", state.sent(), e.toString());
      }
      state.releaseRoleLocked();
    } finally {
      state.unlock();
    }
  }

  /** Reading the file back failed: the answer cannot be completed, so it is aborted. */
  private void spoolFailed(IOException e) {
    long before;
    state.lock();
    try {
      if (state.releasedBecauseEndedLocked()) {
        return;
      }
      log.warn(
          "olfs-fastpath: reading a spool file back failed; aborting the response: {}",
          e.toString());
      before = state.sent();
      state.endLocked();
      state.releaseRoleLocked();
    } finally {
      state.unlock();
    }
    state.client().abort(e, before);
  }
}
