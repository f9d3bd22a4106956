package org.olfsfastpath.access;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One login under way, kept in the login cookie between the redirect to the provider and its
 * callback: what the callback must match ({@code state}, and for OpenID Connect the {@code nonce}
 * of the ID token and the PKCE verifier), where to go after, and by which provider. Immutable;
 * {@link #toString()} hides the values a callback is checked against.
 *
 * @param state the OAuth2 {@code state} the callback must carry
 * @param nonce the OpenID Connect nonce, or null (EDL)
 * @param codeVerifier the PKCE verifier, or null (EDL)
 * @param returnPath the checked path to go to after the login ({@link ReturnPath})
 * @param authContext the provider's auth context
 * @param started when the login began
 */
public record LoginTransaction(
    String state,
    @Nullable String nonce,
    @Nullable String codeVerifier,
    String returnPath,
    String authContext,
    Instant started) {
  @Override
  public String toString() {
    return "LoginTransaction[authContext="
        + authContext
        + ", returnPath="
        + returnPath
        + ", started="
        + started
        + "]";
  }
}
