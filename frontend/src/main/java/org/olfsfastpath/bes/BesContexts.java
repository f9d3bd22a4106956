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
 */
record BesContexts(String uid, long besTimeoutSeconds, long maxResponseSize, long maxVariableSize) {
  static final String ANONYMOUS_UID = "not_logged_in";

  BesContexts {
    Objects.requireNonNull(uid, "uid == null");
  }

  static BesContexts defaults() {
    return new BesContexts(ANONYMOUS_UID, 0, -1, -1);
  }
}
