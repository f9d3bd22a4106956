package org.olfsfastpath.spool;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spool.SpooledBytes.Place;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BES side of a {@link Transfer}: reads the answer as fast as the BES sends it, on a thread of
 * the spool's, and closes its source at the end, which returns the BES connection to the pool. Each
 * buffer goes straight to the client when it is ready and nothing is spooled, else into the spool
 * (memory within the bounds, then the response's file); with no room there it waits until the
 * client has taken some (the response then streams at the client's pace). Once the transfer ended
 * (the client went away) it stops at its next buffer and closes the source unread: the BES
 * connection is discarded, not drained, which frees the BES soonest.
 */
final class Producer {
  private static final Logger log = LoggerFactory.getLogger(Transfer.class);

  private final TransferState state;
  private final SpoolWriter writer;
  private final Buffers buffers;
  private final FillGate gate;
  private final InputStream source;
  private final byte[] buffer;
  private int initial;

  /**
   * @param buffer a buffer of the spool's, holding the answer's first {@code initial} bytes
   */
  Producer(
      TransferState state,
      SpoolWriter writer,
      Buffers buffers,
      FillGate gate,
      InputStream source,
      byte[] buffer,
      int initial) {
    this.state = state;
    this.writer = writer;
    this.buffers = buffers;
    this.gate = gate;
    this.source = source;
    this.buffer = buffer;
    this.initial = initial;
  }

  /** Reads the answer to its end, sending each buffer on, then closes the source. Run once. */
  void run() {
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

  /** The producer will never run: closes the source and gives its buffer back. */
  void abandon() {
    closeSource();
    buffers.give(buffer);
  }

  /** The producer was never handed its source: gives its buffer back, leaving the source be. */
  void discard() {
    buffers.give(buffer);
  }

  /**
   * Sends {@code buffer[0, n)} on: straight to a ready client when nothing is spooled, else into
   * the spool; with no room there, waits until the client has taken some or room turns up.
   *
   * @return false when the transfer has ended and the producer should stop
   */
  private boolean emit(int n) throws InterruptedIOException {
    gate.enter();
    try {
      return place(n);
    } finally {
      gate.leave();
    }
  }

  /** {@link #emit}, holding a permit of the fill gate except while it waits for room. */
  private boolean place(int n) throws InterruptedIOException {
    while (true) {
      boolean direct = false;
      boolean noRoom = false;
      Place place = Place.NONE;
      long position = 0;
      SpoolFile file = null;
      boolean write = false;
      state.lock();
      try {
        if (state.ended()) {
          return false;
        }
        if (state.mayWriteDirectLocked()) {
          direct = state.takeRoleIfIdleLocked();
        } else {
          place = state.spooled.place(buffer, n);
          if (place == Place.NONE) {
            noRoom = true;
          } else if (place == Place.MEMORY) {
            write = state.takeRoleIfIdleLocked();
          } else {
            position = state.spooled.appendPosition();
            file = Objects.requireNonNull(state.spooled.file(), "a placed append has its file");
          }
        }
      } finally {
        state.unlock();
      }
      if (noRoom) {
        awaitRoom();
        continue;
      }
      if (direct) {
        return writer.writeDirect(buffer, n);
      }
      if (place == Place.MEMORY) {
        if (write) {
          writer.drain();
        }
        return !isEnded();
      }
      if (append(Objects.requireNonNull(file), n, position)) {
        return !isEnded();
      }
      // The file failed and the bytes are still in the buffer: place them again.
    }
  }

  /**
   * No room anywhere: waits until the client has taken some or room turns up, without the fill
   * gate's permit, which another producer with room may use meanwhile.
   */
  private void awaitRoom() throws InterruptedIOException {
    gate.leave();
    try {
      state.lock();
      try {
        if (!state.ended()) {
          state.awaitRoomLocked();
        }
      } finally {
        state.unlock();
      }
    } finally {
      gate.reenter();
    }
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
    state.lock();
    try {
      if (state.ended()) {
        return true; // Freed meanwhile, this append's disk budget with it.
      }
      if (failure != null) {
        state.spooled.appendFailed(n, failure);
        state.consumedLocked();
        return false;
      }
      state.spooled.appended(n);
      write = state.takeRoleIfIdleLocked();
    } finally {
      state.unlock();
    }
    if (write) {
      writer.drain();
    }
    return true;
  }

  /** The source ended (failure null) or failed; closes it, which releases the BES connection. */
  private void sourceEnded(@Nullable IOException failure) {
    closeSource();
    boolean write;
    state.lock();
    try {
      write = state.sourceEndedLocked(failure);
    } finally {
      state.unlock();
    }
    if (write) {
      writer.drain();
    }
  }

  private boolean isEnded() {
    state.lock();
    try {
      return state.ended();
    } finally {
      state.unlock();
    }
  }

  private void closeSource() {
    try {
      source.close();
    } catch (IOException | RuntimeException e) {
      log.debug("closing the answer's source: {}", e.toString());
    }
  }
}
