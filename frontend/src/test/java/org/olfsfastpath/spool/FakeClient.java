package org.olfsfastpath.spool;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * A client as the servlet's non-blocking output presents it: it takes {@code window} more bytes
 * before it says not ready, then calls the transfer back when the test lets it take more, as the
 * container does when the socket drains. Checks each byte against {@link Pattern} as it comes.
 */
final class FakeClient implements ClientOutput {
  private long window;
  private boolean wantsCallback = true;
  private @Nullable Transfer transfer;
  private long received;
  private long firstMismatch = -1;
  private boolean failWrites;
  private int completed;
  private int aborted;
  private int gone;
  private long abortedAfter = -1;
  private int callsAfterEnd;

  FakeClient(long window) {
    this.window = window;
  }

  /** Starts the transfer's writer side as the container does: one callback at the start. */
  void attach(Transfer transfer) {
    this.transfer = transfer;
  }

  /** The container's first callback, if the client can take bytes at once. */
  void start() {
    callBackIfReady();
  }

  /** The client reads {@code bytes} more; the transfer is called back if it was waiting. */
  void allow(long bytes) {
    synchronized (this) {
      window += bytes;
    }
    callBackIfReady();
  }

  private void callBackIfReady() {
    Transfer t;
    synchronized (this) {
      if (!wantsCallback || window <= 0 || transfer == null) {
        return;
      }
      wantsCallback = false;
      t = transfer;
    }
    t.onWritePossible();
  }

  synchronized void failWrites() {
    failWrites = true;
  }

  @Override
  public synchronized boolean isReady() {
    if (ended()) {
      callsAfterEnd++;
    }
    if (window > 0) {
      return true;
    }
    wantsCallback = true;
    return false;
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    if (ended()) {
      callsAfterEnd++;
    }
    if (failWrites) {
      throw new IOException("Broken pipe");
    }
    for (int i = 0; i < len; i++) {
      if (firstMismatch < 0 && b[off + i] != Pattern.at(received + i)) {
        firstMismatch = received + i;
      }
    }
    received += len;
    window -= len;
  }

  @Override
  public synchronized void complete() {
    completed++;
    notifyAll();
  }

  @Override
  public synchronized void abort(IOException cause, long sent) {
    aborted++;
    abortedAfter = sent;
    notifyAll();
  }

  @Override
  public synchronized void gone() {
    gone++;
    notifyAll();
  }

  private boolean ended() {
    return completed + aborted + gone > 0;
  }

  /** Waits until the response ended one way or another. */
  synchronized void awaitEnd(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    while (!ended() && System.nanoTime() < deadline) {
      wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
    }
  }

  synchronized long received() {
    return received;
  }

  synchronized long firstMismatch() {
    return firstMismatch;
  }

  synchronized int completed() {
    return completed;
  }

  synchronized int aborted() {
    return aborted;
  }

  synchronized int goneCount() {
    return gone;
  }

  synchronized long abortedAfter() {
    return abortedAfter;
  }

  synchronized int callsAfterEnd() {
    return callsAfterEnd;
  }
}
