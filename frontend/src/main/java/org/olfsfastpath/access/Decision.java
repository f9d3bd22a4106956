package org.olfsfastpath.access;

import org.jspecify.annotations.Nullable;

/**
 * What a request may have, as {@link Access#decide} found: the web layer answers each with its
 * status (the table in docs/security.md). Immutable.
 */
public sealed interface Decision {
  /**
   * Served.
   *
   * @param user the user, or null for anonymous
   * @param restricted whether an anonymous request would not be served: the answer is then private,
   *     never kept by a shared cache
   */
  record Allow(@Nullable Principal user, boolean restricted) implements Decision {}

  /**
   * Anonymous and the resource needs a user: 302 to the default provider's login.
   *
   * @param loginPath the path below the context, e.g. {@code /login/urs}
   */
  record LoginRequired(String loginPath) implements Decision {}

  /**
   * 401 with {@code WWW-Authenticate}.
   *
   * @param challenge the header's value, e.g. {@code Bearer realm="/opendap",
   *     error="invalid_token"}
   * @param message what the error body says
   */
  record Unauthorized(String challenge, String message) implements Decision {}

  /**
   * 403 with a DAP error body.
   *
   * @param message what the error body says (names no rule)
   */
  record Forbidden(String message) implements Decision {}

  /**
   * 503 with {@code Retry-After}: the provider's keys could not be fetched.
   *
   * @param message what the error body says
   */
  record Unavailable(String message) implements Decision {}
}
