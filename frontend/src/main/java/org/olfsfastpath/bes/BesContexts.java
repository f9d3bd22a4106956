package org.olfsfastpath.bes;

import java.util.Objects;

/**
 * The per-client BES contexts the OLFS sends with each data request, fixed when the client is
 * built.
 *
 * @param uid the {@code uid} context (the OLFS sends {@code not_logged_in} for anonymous users)
 * @param besTimeoutSeconds the {@code bes_timeout} context in seconds, or 0 to send none
 * @param maxResponseSize the {@code max_response_size} context in bytes, or -1 to send none
 * @param maxVariableSize the {@code max_variable_size} context in bytes, or -1 to send none
 * @param sendEdlToken whether a user's Earthdata Login token and client id are sent ({@code
 *     edl_auth_token}, {@code edl_client_application_id}), as upstream sends them to an NGAP BES
 */
record BesContexts(
    String uid,
    long besTimeoutSeconds,
    long maxResponseSize,
    long maxVariableSize,
    boolean sendEdlToken) {
  static final String ANONYMOUS_UID = "not_logged_in";

  BesContexts {
    Objects.requireNonNull(uid, "uid == null");
  }

  /** Contexts that send the EDL token, as upstream does to every BES. */
  BesContexts(String uid, long besTimeoutSeconds, long maxResponseSize, long maxVariableSize) {
    this(uid, besTimeoutSeconds, maxResponseSize, maxVariableSize, true);
  }

  static BesContexts defaults() {
    return new BesContexts(ANONYMOUS_UID, 0, -1, -1, true);
  }
}
