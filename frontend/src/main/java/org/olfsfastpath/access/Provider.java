package org.olfsfastpath.access;

import java.net.URI;
import org.jspecify.annotations.Nullable;

/**
 * An identity provider as requests use it: it checks its bearer tokens locally, sends a browser (or
 * a {@code .netrc} client) to log in, and turns the callback into a user. Values in, values out: no
 * servlet type, no response written. Thread-safe.
 */
sealed interface Provider permits EdlProvider, OidcProvider, RealmProvider {
  ProviderConfig config();

  default String authContext() {
    return config().authContext();
  }

  /** Whether a token whose unverified {@code iss} is {@code issuer} is this provider's. */
  boolean issues(String issuer);

  /**
   * The user a bearer token proves: uid, claimed groups, token expiry; no roles yet.
   *
   * @throws TokenRejectedException if it proves no one
   * @throws KeysUnavailableException if the keys to check it could not be fetched
   */
  Principal verify(String token) throws TokenRejectedException, KeysUnavailableException;

  /**
   * Where to send the user to log in for {@code login}, coming back to {@code callback}.
   *
   * @throws LoginFailedException if the provider's discovery document cannot be had
   */
  URI authorize(LoginTransaction login, URI callback) throws LoginFailedException;

  /**
   * The user of a callback: its {@code state} checked against {@code login}, its code exchanged.
   *
   * @param response the callback URL as received, with its query
   * @param callback the {@code redirect_uri} the login was started with
   * @throws LoginFailedException if it yields no user
   */
  Principal complete(URI response, LoginTransaction login, URI callback)
      throws LoginFailedException;

  /** Where to send the user after the local logout to end the provider's session, or null. */
  @Nullable URI logout(URI after);
}
