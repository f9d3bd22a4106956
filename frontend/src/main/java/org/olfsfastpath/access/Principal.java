package org.olfsfastpath.access;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Who asks, once a provider vouched for them: the uid, the provider's auth context (upstream's
 * {@code authContext}, e.g. {@code urs}), the groups the provider's claims name, the roles the
 * rules give (from the Memberships and those groups) and until when the proof holds. For an
 * Earthdata Login user also the token and the application's client id, which the BES is sent for
 * signed URLs. Immutable; {@link #toString()} never shows the token.
 *
 * @param uid the user id, e.g. {@code alice}
 * @param authContext the provider's auth context, e.g. {@code urs} or {@code keycloak}
 * @param groups the groups the provider's claims name (empty for EDL)
 * @param roles the roles the Memberships give this user, from which the policies decide
 * @param edlToken the Earthdata Login access token (without a scheme), or null
 * @param edlClientId the EDL application's client id (the server's {@code UrsClientId}), or null
 * @param expires when the token or session that proved it ends
 */
public record Principal(
    String uid,
    String authContext,
    Set<String> groups,
    Set<String> roles,
    @Nullable String edlToken,
    @Nullable String edlClientId,
    Instant expires) {
  public Principal {
    Objects.requireNonNull(uid, "uid == null");
    Objects.requireNonNull(authContext, "authContext == null");
    groups = Set.copyOf(groups);
    roles = Set.copyOf(roles);
    Objects.requireNonNull(expires, "expires == null");
  }

  /** The value of the {@code edl_auth_token} context: {@code Bearer <token>}, or null. */
  public @Nullable String edlAuthorization() {
    return edlToken == null ? null : "Bearer " + edlToken;
  }

  /** The same user with {@code roles}. */
  Principal withRoles(Set<String> roles) {
    return new Principal(uid, authContext, groups, roles, edlToken, edlClientId, expires);
  }

  @Override
  public String toString() {
    return "Principal[uid="
        + uid
        + ", authContext="
        + authContext
        + ", groups="
        + groups
        + ", roles="
        + roles
        + ", edlToken="
        + (edlToken == null ? "none" : "(hidden)")
        + ", expires="
        + expires
        + "]";
  }
}
