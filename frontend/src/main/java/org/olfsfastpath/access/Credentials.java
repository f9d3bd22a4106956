package org.olfsfastpath.access;

import org.jspecify.annotations.Nullable;

/**
 * What a request carries that may name a user, as the web layer read it: no servlet type, so the
 * rules are tested without a container. Immutable; {@link #toString()} shows none of the values.
 *
 * @param authorization the {@code Authorization} header as sent, or null
 * @param sessionCookie the value of the session cookie ({@link SessionCodec#SESSION_COOKIE}), or
 *     null
 * @param containerUser the user the servlet container authenticated (a Tomcat realm), or null
 */
public record Credentials(
    @Nullable String authorization,
    @Nullable String sessionCookie,
    @Nullable String containerUser) {
  /** A request with nothing that names a user. */
  public static final Credentials NONE = new Credentials(null, null, null);

  @Override
  public String toString() {
    return "Credentials[authorization="
        + (authorization == null ? "none" : "(hidden)")
        + ", sessionCookie="
        + (sessionCookie == null ? "none" : "(hidden)")
        + ", containerUser="
        + containerUser
        + "]";
  }
}
