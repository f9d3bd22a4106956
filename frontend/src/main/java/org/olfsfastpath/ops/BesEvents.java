package org.olfsfastpath.ops;

import java.io.IOException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesEventListener;
import org.olfsfastpath.ppt.PptEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the web layer does with the BES layer's events: times every command into the metrics, and
 * tells the operator in the log when a probe of a BES out of service failed or a command failed
 * over to another BES (the group itself logs taking a BES out of service and bringing it back).
 * Called on request and probe threads; never blocks.
 */
public final class BesEvents implements BesEventListener {
  private static final Logger log = LoggerFactory.getLogger(BesEvents.class);

  /** Receives each BES command's time. */
  @FunctionalInterface
  public interface CommandTimer {
    CommandTimer NONE = (bes, command, nanos, ok) -> {};

    void record(String bes, String command, long nanos, boolean ok);
  }

  private final CommandTimer timer;

  public BesEvents(CommandTimer timer) {
    this.timer = timer;
  }

  @Override
  public void commandEnd(
      PptEndpoint endpoint, String command, long nanos, @Nullable Throwable failure) {
    timer.record(endpoint.toString(), command, nanos, failure == null);
  }

  @Override
  public void probeFailed(PptEndpoint endpoint, IOException cause, Duration backoff) {
    log.info(
        "olfs-fastpath: BES {} still out of service ({}); next probe in {} ms",
        endpoint,
        cause.toString(),
        backoff.toMillis());
  }

  @Override
  public void failover(PptEndpoint from, PptEndpoint to, IOException cause) {
    log.info(
        "olfs-fastpath: a command failed on BES {} ({}); sent to {} instead",
        from,
        cause.toString(),
        to);
  }
}
