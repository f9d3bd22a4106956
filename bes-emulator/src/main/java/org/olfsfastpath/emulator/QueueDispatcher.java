package org.olfsfastpath.emulator;

import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Answers requests with the replies a test enqueued, in order: script, run, verify. With nothing
 * enqueued it fails fast by default, answering a BES error (type 1) that says so, so a test that
 * sends more than it scripted fails at once instead of hanging; {@link #setFailFast(boolean)
 * setFailFast(false)} makes a request wait for its reply instead. Thread-safe.
 */
public final class QueueDispatcher extends Dispatcher {
  /** The message of the error a fail-fast dispatcher answers when nothing is enqueued. */
  public static final String NOTHING_ENQUEUED = "nothing was enqueued for this request";

  private final BlockingQueue<BesReply> replies = new LinkedBlockingQueue<>();
  private volatile boolean failFast = true;
  private volatile boolean shutdown;

  /** Appends replies to the queue. */
  public QueueDispatcher enqueue(BesReply... more) {
    for (BesReply reply : more) {
      replies.add(Objects.requireNonNull(reply, "reply == null"));
    }
    return this;
  }

  /** Whether a request with nothing enqueued gets an error at once (true, the default). */
  public QueueDispatcher setFailFast(boolean failFast) {
    this.failFast = failFast;
    return this;
  }

  /** The replies not taken yet. */
  public int remaining() {
    return replies.size();
  }

  @Override
  public BesReply dispatch(RecordedRequest request) throws InterruptedException {
    BesReply reply = replies.poll();
    if (reply != null) {
      return reply;
    }
    if (failFast || shutdown) {
      return BesReply.error(BesFailure.INTERNAL_ERROR, NOTHING_ENQUEUED);
    }
    return replies.take();
  }

  @Override
  public void shutdown() {
    shutdown = true;
    // Wakes a request waiting for a reply: it answers the error.
    replies.add(BesReply.error(BesFailure.INTERNAL_ERROR, NOTHING_ENQUEUED));
  }

  @Override
  public String toString() {
    return "QueueDispatcher{remaining=" + replies.size() + ", failFast=" + failFast + "}";
  }
}
