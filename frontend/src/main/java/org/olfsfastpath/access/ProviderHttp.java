package org.olfsfastpath.access;

import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * Every call to a provider goes through here: with a connect and a read timeout (a provider that
 * hangs must not hold a request thread), counted by provider and endpoint, and its failure turned
 * into a {@link LoginFailedException} that names the provider and the endpoint, never the request's
 * credentials or the provider's body. Thread-safe.
 */
final class ProviderHttp {
  /** How long connecting to a provider may take. */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

  /** How long a provider may be silent in an answer. */
  static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

  /** The largest JWKS read. */
  static final int MAX_JWKS_BYTES = 512 * 1024;

  private final AccessStats stats;

  ProviderHttp(AccessStats stats) {
    this.stats = stats;
  }

  /**
   * Sends {@code request}, counted as {@code idp/endpoint}.
   *
   * @throws LoginFailedException {@code TIMEOUT} or {@code UNREACHABLE}
   */
  HTTPResponse send(String idp, String endpoint, HTTPRequest request) throws LoginFailedException {
    request.setConnectTimeout((int) CONNECT_TIMEOUT.toMillis());
    request.setReadTimeout((int) READ_TIMEOUT.toMillis());
    request.setFollowRedirects(false);
    stats.providerCall(idp, endpoint);
    try {
      return request.send();
    } catch (SocketTimeoutException e) {
      throw new LoginFailedException(
          LoginFailedException.Kind.TIMEOUT, idp + " " + endpoint + " did not answer in time", "");
    } catch (IOException e) {
      throw new LoginFailedException(
          LoginFailedException.Kind.UNREACHABLE,
          idp + " " + endpoint + " could not be reached: " + e.getClass().getSimpleName(),
          "");
    }
  }

  AccessStats stats() {
    return stats;
  }
}
