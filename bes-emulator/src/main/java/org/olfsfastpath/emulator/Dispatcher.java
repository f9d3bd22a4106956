package org.olfsfastpath.emulator;

/**
 * Decides the answer to each request the emulator receives, as MockWebServer's dispatcher does. The
 * default answers like a BES from the emulator's catalog, datasets and captures; a {@link
 * QueueDispatcher} answers with replies a test enqueued; a subclass can answer as it likes.
 *
 * <p>Called on the connection's own thread, after the request was recorded and counted; it may
 * block (the connection then answers later, as a slow BES would). Queued faults and fault rules
 * apply to what it returns unless the reply carries a fault of its own.
 */
public abstract class Dispatcher {
  /**
   * Returns the answer to {@code request}.
   *
   * @throws InterruptedException if the emulator is closing while this waits
   */
  public abstract BesReply dispatch(RecordedRequest request) throws InterruptedException;

  /**
   * The emulator's entry point, with what only the emulator has: the parsed document and the
   * connection's BES state. Dispatchers outside this package see the recorded request only.
   */
  BesReply dispatch(RecordedRequest request, ParsedRequest parsed, Session session)
      throws InterruptedException {
    return dispatch(request);
  }

  /** Called once when the emulator closes, to release anything a dispatch is waiting on. */
  public void shutdown() {}
}
