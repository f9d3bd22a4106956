package org.olfsfastpath.web;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.olfsfastpath.dap.VersionDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The version document ({@code /version}, {@code .ver}), built from each BES's {@code showVersion}
 * as fetched at start and again rarely, never per request: a version probe costs no BES message. A
 * BES that could not be asked is listed without its components and asked again soon; once every BES
 * has answered, the answers are refreshed every hour (a BES upgraded in place shows its new version
 * without a restart).
 */
public final class VersionService {
  private static final Logger log = LoggerFactory.getLogger(VersionService.class);

  /** How often answered versions are asked again. */
  static final Duration REFRESH = Duration.ofHours(1);

  /** How soon a BES that could not be asked is asked again. */
  static final Duration RETRY = Duration.ofSeconds(30);

  private final String serverVersion;
  private final Supplier<List<VersionDocument.Bes>> fetch;
  private volatile byte[] document;

  /**
   * @param serverVersion this front end's version
   * @param fetch asks every BES, e.g. {@code DapBackend::versions}
   * @param unasked the BES as listed before any has been asked
   */
  public VersionService(
      String serverVersion,
      Supplier<List<VersionDocument.Bes>> fetch,
      List<VersionDocument.Bes> unasked) {
    this.serverVersion = Objects.requireNonNull(serverVersion, "serverVersion == null");
    this.fetch = Objects.requireNonNull(fetch, "fetch == null");
    this.document = VersionDocument.render(serverVersion, unasked);
  }

  /** The current document. */
  public byte[] document() {
    return document;
  }

  /**
   * Asks every BES now and renders the document.
   *
   * @return whether every BES answered
   */
  public boolean refresh() {
    List<VersionDocument.Bes> answers = fetch.get();
    document = VersionDocument.render(serverVersion, answers);
    boolean complete = answers.stream().allMatch(bes -> bes.showVersion() != null);
    if (!complete) {
      log.info(
          "olfs-fastpath: not every BES answered showVersion; asking again in {} s",
          RETRY.toSeconds());
    }
    return complete;
  }

  /** Refreshes now, off the caller's thread, then on the schedule above, until shut down. */
  public void start(ScheduledExecutorService scheduler) {
    schedule(scheduler, Duration.ZERO);
  }

  private void schedule(ScheduledExecutorService scheduler, Duration delay) {
    try {
      scheduler.schedule(
          () -> {
            boolean complete;
            try {
              complete = refresh();
            } catch (RuntimeException e) {
              log.warn("olfs-fastpath: the version refresh failed: {}", e.toString());
              complete = false;
            }
            schedule(scheduler, complete ? REFRESH : RETRY);
          },
          delay.toMillis(),
          TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException shutDown) {
      // The web application is stopping.
    }
  }
}
