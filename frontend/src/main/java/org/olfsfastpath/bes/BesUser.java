package org.olfsfastpath.bes;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Who the BES serves a command for, as the upstream OLFS tells it: the {@code uid} context, and for
 * a user who logged in through Earthdata Login the token and the client id a BES may need to reach
 * restricted data in turn ({@code edl_auth_token}, {@code edl_client_application_id}). The token is
 * a secret: {@link #toString()} never shows it.
 *
 * @param uid the user's id, {@link #ANONYMOUS_UID} for a client that did not log in
 * @param edlToken the user's Earthdata Login access token, without {@code Bearer }, or null
 * @param edlClientId the Earthdata Login client id of this server, or null
 */
public record BesUser(String uid, @Nullable String edlToken, @Nullable String edlClientId) {
  /** The uid the upstream OLFS sends for a client that did not log in. */
  public static final String ANONYMOUS_UID = "not_logged_in";

  /** A client that did not log in. */
  public static final BesUser ANONYMOUS = new BesUser(ANONYMOUS_UID, null, null);

  public BesUser {
    Objects.requireNonNull(uid, "uid == null");
  }

  /** A user who logged in, with no token for the BES. */
  public static BesUser of(String uid) {
    return new BesUser(uid, null, null);
  }

  /** Whether this is a client that did not log in. */
  public boolean anonymous() {
    return uid.equals(ANONYMOUS_UID);
  }

  @Override
  public String toString() {
    return "BesUser{uid="
        + uid
        + (edlToken == null ? "" : ", edlToken=(hidden)")
        + (edlClientId == null ? "" : ", edlClientId=" + edlClientId)
        + "}";
  }
}
