package org.olfsfastpath.bes;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * No BES of a group can take the command: each was taken out of service after a failure and has not
 * yet passed a probe. Thrown at once, without a connect, so that a wedged or stopped BES costs a
 * request microseconds rather than a connect or handshake timeout; also thrown by the command whose
 * connect failure took the group's last BES out. A front end should answer 503 with {@code
 * Retry-After: }{@link #retryAfterSeconds()}.
 *
 * <p>Carries the BES whose probe comes first, when it went down, and the failure that took it out
 * (or that its last probe met) as the cause.
 */
public final class BesUnavailableException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient PptEndpoint endpoint;
  private final Instant downSince;
  private final Duration retryAfter;

  /**
   * @param message what is down and why, naming the BES
   * @param endpoint the BES whose next probe comes first
   * @param downSince when that BES was taken out of service
   * @param retryAfter the time until its next probe; rounded up to whole seconds, at least one
   * @param cause the failure that took it out, or that its last probe met
   */
  public BesUnavailableException(
      String message,
      PptEndpoint endpoint,
      Instant downSince,
      Duration retryAfter,
      IOException cause) {
    super(
        Objects.requireNonNull(message, "message == null"),
        Objects.requireNonNull(cause, "cause == null"));
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint == null");
    this.downSince = Objects.requireNonNull(downSince, "downSince == null");
    Objects.requireNonNull(retryAfter, "retryAfter == null");
    long seconds = retryAfter.getSeconds() + (retryAfter.getNano() > 0 ? 1 : 0);
    this.retryAfter = Duration.ofSeconds(Math.max(1, seconds));
  }

  /** The BES whose next probe comes first. */
  public PptEndpoint endpoint() {
    return endpoint;
  }

  /** When that BES was taken out of service. */
  public Instant downSince() {
    return downSince;
  }

  /** How long a client should wait before asking again: whole seconds, at least one. */
  public Duration retryAfter() {
    return retryAfter;
  }

  /** {@link #retryAfter()} in seconds, for a {@code Retry-After} header. */
  public long retryAfterSeconds() {
    return retryAfter.getSeconds();
  }

  /** The failure that took the BES out, or that its last probe met. */
  public IOException ejectionCause() {
    return (IOException) Objects.requireNonNull(getCause(), "cause");
  }
}
