package org.olfsfastpath.access;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Who a request's credentials name, as {@link Access#authenticate} found. Immutable. */
public sealed interface Authentication {
  /** The user, or null for no one. */
  default @Nullable Principal user() {
    return null;
  }

  /**
   * No credentials, or a session cookie that is no longer good.
   *
   * @param clearSession whether the request's session cookie was refused and should be cleared
   */
  record Anonymous(boolean clearSession) implements Authentication {}

  /**
   * A user.
   *
   * @param user the user with roles
   * @param bearer whether a bearer token proved it (no cookie is ever set for it)
   */
  record Authenticated(Principal user, boolean bearer) implements Authentication {
    public Authenticated {
      Objects.requireNonNull(user, "user == null");
    }
  }

  /**
   * A bearer token that proves no one: 401, never a redirect.
   *
   * @param reason why
   */
  record InvalidToken(TokenRejectedException.Reason reason) implements Authentication {}

  /**
   * An {@code Authorization} scheme the provider is configured to refuse ({@code
   * RejectUnsupportedAuthzSchemes}).
   *
   * @param scheme the scheme's name as sent, letters only (never the credentials)
   */
  record UnsupportedScheme(String scheme) implements Authentication {}

  /**
   * The token's provider could not be asked for its keys: 503, the token may be good.
   *
   * @param provider the provider's auth context
   */
  record KeysUnavailable(String provider) implements Authentication {}
}
