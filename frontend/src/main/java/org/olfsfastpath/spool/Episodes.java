package org.olfsfastpath.spool;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs a spool that ran out once per episode, not once per response: a warning when the first
 * response of an episode falls back to streaming straight, and a line when the spool has room of
 * that kind again, with how many responses fell back meanwhile. A busy server whose disk budget is
 * used up for an hour logs two lines, not one per download.
 */
final class Episodes {
  /** Where the two lines of an episode go: the log, or a test's list. */
  interface Sink {
    /** The slf4j log of {@link Spool}. */
    Sink LOG =
        new Sink() {
          private final Logger log = LoggerFactory.getLogger(Spool.class);

          @Override
          public void started(String message) {
            log.warn(message);
          }

          @Override
          public void ended(String message) {
            log.info(message);
          }
        };

    void started(String message);

    void ended(String message);
  }

  /** By {@link Fallback#ordinal()}. */
  private final Episode[] episodes = new Episode[Fallback.values().length];

  private final Sink sink;

  Episodes(Sink sink) {
    this.sink = sink;
    for (int i = 0; i < episodes.length; i++) {
      episodes[i] = new Episode();
    }
  }

  /** A response fell back; the first of an episode is logged, with {@code detail}. */
  void fellBack(Fallback cause, String detail) {
    Episode episode = episodes[cause.ordinal()];
    episode.responses.incrementAndGet();
    if (episode.open.compareAndSet(false, true)) {
      sink.started(
          "olfs-fastpath: the spool's "
              + cause.warning()
              + ": responses whose clients"
              + " fall behind now stream straight from the BES, holding their BES connection until"
              + " their client has read them ("
              + detail
              + "); logged once until the spool has room"
              + " again");
    }
  }

  /** The spool found room of the kind {@code cause} lacked: ends its episode, if one is open. */
  void roomAgain(Fallback cause) {
    Episode episode = episodes[cause.ordinal()];
    if (episode.open.get() && episode.open.compareAndSet(true, false)) {
      sink.ended(
          "olfs-fastpath: the spool has room again after its "
              + cause.label()
              + " ran out; responses that streamed straight meanwhile: "
              + episode.responses.getAndSet(0));
    }
  }

  private static final class Episode {
    final AtomicBoolean open = new AtomicBoolean();
    final AtomicLong responses = new AtomicLong();
  }
}
