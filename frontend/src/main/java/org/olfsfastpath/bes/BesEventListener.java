package org.olfsfastpath.bes;

import java.io.IOException;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * Hears what the connection pool does, for metrics and tracing. Every method has a no-op default,
 * so an implementation overrides only what it needs.
 *
 * <p>Methods are called on the thread that caused the event (a request thread, or the client's
 * maintenance thread for idle eviction and pre-warming), synchronously, so they must be fast and
 * must not block. An exception thrown by a listener is logged and otherwise ignored: it never
 * fails a request.
 */
public interface BesEventListener {
  /** The listener that does nothing. */
  BesEventListener NONE = new BesEventListener() {};

  /** A new connection to the BES is about to be opened. */
  default void connectStart(PptEndpoint endpoint) {}

  /** A new connection is open and negotiated. */
  default void connectEnd(long connectionId) {}

  /** Opening a new connection failed; the cause is also thrown to the caller that needed it. */
  default void connectFailed(PptEndpoint endpoint, IOException cause) {}

  /** A request found every connection busy and starts waiting, at most the acquire timeout. */
  default void acquireWaitStart() {}

  /** A request waited the whole acquire timeout in vain, or could not start a connect in time. */
  default void poolExhausted(String message) {}

  /** A connection was lent to a request; {@code reused} when it came from the idle set. */
  default void connectionAcquired(long connectionId, boolean reused) {}

  /** A request returned its connection; {@code kept} when it went back to the idle set. */
  default void connectionReleased(long connectionId, boolean kept) {}

  /** The pool closed a connection, and why. */
  default void connectionDiscarded(long connectionId, String reason) {}

  /**
   * Sending on a reused connection failed before anything reached the caller, so the request is
   * sent once more on a fresh connection.
   */
  default void retry(long staleConnectionId, IOException cause) {}
}
