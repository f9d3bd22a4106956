package org.olfsfastpath.bes;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link BesEventListener} whose exceptions are logged, never propagated, as Caffeine's {@code
 * GuardedStatsCounter} wraps a stats counter: the builders wrap the listener they are given once,
 * so the pool, the client and the group call it directly and a failing listener never fails a
 * request.
 */
final class GuardedListener implements BesEventListener {
  private static final Logger log = LoggerFactory.getLogger(GuardedListener.class);

  private final BesEventListener delegate;

  private GuardedListener(BesEventListener delegate) {
    this.delegate = delegate;
  }

  /** {@code listener}, guarded; {@link BesEventListener#NONE} and a guarded one as they are. */
  static BesEventListener guard(BesEventListener listener) {
    Objects.requireNonNull(listener, "listener == null");
    return listener == NONE || listener instanceof GuardedListener
        ? listener
        : new GuardedListener(listener);
  }

  private static void failed(String event, RuntimeException e) {
    log.warn("BES event listener failed on {}", event, e);
  }

  @Override
  public void connectStart(PptEndpoint endpoint) {
    try {
      delegate.connectStart(endpoint);
    } catch (RuntimeException e) {
      failed("connectStart", e);
    }
  }

  @Override
  public void connectEnd(long connectionId) {
    try {
      delegate.connectEnd(connectionId);
    } catch (RuntimeException e) {
      failed("connectEnd", e);
    }
  }

  @Override
  public void connectFailed(PptEndpoint endpoint, IOException cause) {
    try {
      delegate.connectFailed(endpoint, cause);
    } catch (RuntimeException e) {
      failed("connectFailed", e);
    }
  }

  @Override
  public void acquireWaitStart() {
    try {
      delegate.acquireWaitStart();
    } catch (RuntimeException e) {
      failed("acquireWaitStart", e);
    }
  }

  @Override
  public void poolExhausted(String message) {
    try {
      delegate.poolExhausted(message);
    } catch (RuntimeException e) {
      failed("poolExhausted", e);
    }
  }

  @Override
  public void connectionAcquired(long connectionId, boolean reused) {
    try {
      delegate.connectionAcquired(connectionId, reused);
    } catch (RuntimeException e) {
      failed("connectionAcquired", e);
    }
  }

  @Override
  public void connectionReleased(long connectionId, boolean kept) {
    try {
      delegate.connectionReleased(connectionId, kept);
    } catch (RuntimeException e) {
      failed("connectionReleased", e);
    }
  }

  @Override
  public void connectionDiscarded(long connectionId, String reason) {
    try {
      delegate.connectionDiscarded(connectionId, reason);
    } catch (RuntimeException e) {
      failed("connectionDiscarded", e);
    }
  }

  @Override
  public void retry(long staleConnectionId, IOException cause) {
    try {
      delegate.retry(staleConnectionId, cause);
    } catch (RuntimeException e) {
      failed("retry", e);
    }
  }

  @Override
  public void commandStart(PptEndpoint endpoint, String command) {
    try {
      delegate.commandStart(endpoint, command);
    } catch (RuntimeException e) {
      failed("commandStart", e);
    }
  }

  @Override
  public void commandEnd(
      PptEndpoint endpoint, String command, long nanos, @Nullable Throwable failure) {
    try {
      delegate.commandEnd(endpoint, command, nanos, failure);
    } catch (RuntimeException e) {
      failed("commandEnd", e);
    }
  }

  @Override
  public void ejected(PptEndpoint endpoint, IOException cause, Duration backoff) {
    try {
      delegate.ejected(endpoint, cause, backoff);
    } catch (RuntimeException e) {
      failed("ejected", e);
    }
  }

  @Override
  public void probeStart(PptEndpoint endpoint) {
    try {
      delegate.probeStart(endpoint);
    } catch (RuntimeException e) {
      failed("probeStart", e);
    }
  }

  @Override
  public void probeFailed(PptEndpoint endpoint, IOException cause, Duration backoff) {
    try {
      delegate.probeFailed(endpoint, cause, backoff);
    } catch (RuntimeException e) {
      failed("probeFailed", e);
    }
  }

  @Override
  public void readmitted(PptEndpoint endpoint, Duration downFor) {
    try {
      delegate.readmitted(endpoint, downFor);
    } catch (RuntimeException e) {
      failed("readmitted", e);
    }
  }

  @Override
  public void failover(PptEndpoint from, PptEndpoint to, IOException cause) {
    try {
      delegate.failover(from, to, cause);
    } catch (RuntimeException e) {
      failed("failover", e);
    }
  }

  @Override
  public String toString() {
    return "GuardedListener(" + delegate + ")";
  }

  @Override
  public void resent(PptEndpoint endpoint, IOException cause) {
    try {
      delegate.resent(endpoint, cause);
    } catch (RuntimeException e) {
      failed("resent", e);
    }
  }
}
