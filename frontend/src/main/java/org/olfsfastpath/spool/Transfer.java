package org.olfsfastpath.spool;

import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rest of one answer on its way from the BES to a client that fell behind: what a {@link
 * DirectCopy} hands over when its client would not take a write at once. Three parts, each with one
 * responsibility: the {@link Producer} ({@link #run()}, on a thread of the spool's) reads the
 * answer at the BES's pace and closes its source at the end, which returns the BES connection to
 * the pool; the {@link SpoolWriter} hands the spooled bytes to the client's non-blocking output
 * whenever it can take more ({@link #onWritePossible()}, on the container's thread) and ends the
 * response; the {@link TransferState} holds what they share under one lock (the spooled bytes, who
 * holds the writer role, how the source and the transfer ended).
 *
 * <p>No thread waits for the client: the writer writes only what the client's output takes at once;
 * the producer waits only when the spool has no room (the response then streams straight, at the
 * client's pace). The client and the files are written and read outside the lock. One thread at a
 * time holds the writer role: the producer when the client was ready and nothing is spooled, the
 * client's callback otherwise. Until the client's output is attached ({@link #attach}), everything
 * is spooled.
 *
 * <p>When the client goes away ({@link #clientGone}), the spool is freed at once (memory back to
 * the budget, file deleted) and the producer stops at its next buffer, closing the source unread:
 * the BES connection is discarded, not drained, which frees the BES soonest (its process stops at
 * its next write instead of computing the rest of an answer nobody reads).
 */
public final class Transfer implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(Transfer.class);

  private final TransferState state;
  private final SpoolWriter writer;
  private final Producer producer;

  /**
   * @param first a buffer of the spool's, holding the answer's first {@code length} bytes
   * @param client the client's output, or null to {@link #attach} later
   */
  Transfer(
      Spool spool, byte[] first, int length, InputStream source, @Nullable ClientOutput client) {
    this.state = new TransferState(spool);
    this.writer = new SpoolWriter(state);
    this.producer =
        new Producer(state, writer, spool.buffers(), spool.fillGate(), source, first, length);
    if (client != null) {
      state.attach(client);
    }
  }

  /**
   * The producer: reads the answer to its end, writing or spooling each buffer, then closes the
   * source (its BES connection goes back to the pool). Run once, on a thread that may wait for the
   * BES, never for the client.
   */
  @Override
  public void run() {
    producer.run();
  }

  /**
   * The client's output, from now on: call once, before the output's first {@link
   * #onWritePossible()}.
   */
  public void attach(ClientOutput client) {
    state.attach(client);
  }

  /**
   * The client can take more: writes what is spooled while it does. Called by the client's output
   * once at the start and after each time it said not ready; returns without blocking.
   */
  public void onWritePossible() {
    boolean write;
    state.lock();
    try {
      write = state.calledBackLocked();
    } finally {
      state.unlock();
    }
    if (write) {
      writer.drain();
    }
  }

  /**
   * The client went away (its output failed, or the container said so): the spool is freed at once,
   * nothing more is written, and the client's output is told ({@link ClientOutput#gone()}); the
   * producer stops at its next buffer. Safe to call from any thread, more than once.
   */
  public void clientGone(@Nullable Throwable cause) {
    state.lock();
    try {
      if (state.clientGoneLocked()) {
        log.debug("client went away after {} bytes: {}", state.sent(), String.valueOf(cause));
      }
    } finally {
      state.unlock();
    }
  }

  /**
   * The producer will never run (its thread could not be started): ends the transfer as if the
   * client had gone, and closes the source.
   */
  public void abandon(Throwable cause) {
    clientGone(cause);
    producer.abandon();
  }

  /** A transfer never handed its source (a hand-off that lost its race): its buffer back. */
  void discard() {
    producer.discard();
  }

  /** Whether the response has ended: completed, aborted or its client gone. */
  public boolean isEnded() {
    state.lock();
    try {
      return state.ended();
    } finally {
      state.unlock();
    }
  }

  @Override
  public String toString() {
    return state.toString();
  }
}
