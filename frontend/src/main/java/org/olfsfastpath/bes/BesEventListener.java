package org.olfsfastpath.bes;

import java.io.IOException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * Hears what the connection pool, the client's commands and a {@link BesGroup} do, for metrics and
 * tracing. Every method has a no-op default, so an implementation overrides only what it needs.
 * Pool and command events come from the listener given to {@link BesClientBuilder}, group events
 * (ejection, probes, failover) from the one given to {@link BesGroupBuilder}; one listener may be
 * given to both.
 *
 * <p>Methods are called on the thread that caused the event (a request thread, the client's
 * maintenance thread for idle eviction and pre-warming, or the group's probe thread),
 * synchronously, so they must be fast and must not block. An exception thrown by a listener is
 * logged and otherwise ignored: it never fails a request.
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

  /**
   * A command is about to be sent to the BES at {@code endpoint}: {@code showNode}, {@code
   * showVersion}, {@code showStatus}, {@code showBesKey}, {@code buildSiteMap} or {@code get}.
   * Paired with exactly one {@link #commandEnd}.
   */
  default void commandStart(PptEndpoint endpoint, String command) {}

  /**
   * A command ended: answered ({@code failure} null), or failed with {@code failure} (a {@link
   * BesErrorException} when the BES answered an error, a transport or timeout exception otherwise).
   * {@code nanos} runs from {@link #commandStart} to the whole answer for the commands whose answer
   * is read at once, and to the start of the data for {@code get}, whose body then streams for as
   * long as the caller reads it.
   */
  default void commandEnd(
      PptEndpoint endpoint, String command, long nanos, @Nullable Throwable failure) {}

  /**
   * A group took the BES at {@code endpoint} out of service after {@code cause}; no request goes to
   * it until a probe succeeds, the first one after {@code backoff}.
   */
  default void ejected(PptEndpoint endpoint, IOException cause, Duration backoff) {}

  /** A probe (a new connection and its handshake, no command) of an ejected BES starts. */
  default void probeStart(PptEndpoint endpoint) {}

  /** A probe failed with {@code cause}; the next one follows after {@code backoff}. */
  default void probeFailed(PptEndpoint endpoint, IOException cause, Duration backoff) {}

  /** A probe succeeded: the BES at {@code endpoint} takes requests again, after {@code downFor}. */
  default void readmitted(PptEndpoint endpoint, Duration downFor) {}

  /**
   * A command that failed on the BES at {@code from} with {@code cause}, before anything reached
   * the caller, is sent once more to the BES at {@code to} of the same group.
   */
  default void failover(PptEndpoint from, PptEndpoint to, IOException cause) {}

  /**
   * A command that the BES at {@code endpoint} broke off with {@code cause} (its process died),
   * before anything went on from its answer, is sent once more to the same BES on a new connection,
   * since no other BES of the group could take it.
   */
  default void resent(PptEndpoint endpoint, IOException cause) {}
}
