package org.olfsfastpath.access;

import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.State;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** What every provider's callback and code exchange check alike. */
final class Callbacks {
  private Callbacks() {}

  /**
   * The code of a callback whose {@code state} is the login's.
   *
   * @throws LoginFailedException {@code BAD_STATE} for another or no state, {@code DENIED} for the
   *     provider's error
   */
  static AuthorizationCode code(URI response, LoginTransaction login) throws LoginFailedException {
    AuthorizationResponse parsed =
        parse(
            () -> AuthorizationResponse.parse(response),
            LoginFailedException.Kind.BAD_STATE,
            "not a provider's callback");
    State state = parsed.getState();
    if (state == null
        || !MessageDigest.isEqual(
            state.getValue().getBytes(StandardCharsets.UTF_8),
            login.state().getBytes(StandardCharsets.UTF_8))) {
      throw new LoginFailedException(
          LoginFailedException.Kind.BAD_STATE, "the callback's state is not the login's", "");
    }
    if (!parsed.indicatesSuccess()) {
      throw denied("the provider refused the login", parsed.toErrorResponse().getErrorObject());
    }
    return parsed.toSuccessResponse().getAuthorizationCode();
  }

  /**
   * The tokens of a code exchange's answer.
   *
   * @throws LoginFailedException {@code DENIED} with the provider's error code, or {@code
   *     BAD_ANSWER}
   */
  static AccessTokenResponse tokens(HTTPResponse answer, String idp) throws LoginFailedException {
    TokenResponse parsed =
        parse(
            () -> TokenResponse.parse(answer),
            LoginFailedException.Kind.BAD_ANSWER,
            idp + " token endpoint answered " + answer.getStatusCode() + " with no usable tokens");
    if (!parsed.indicatesSuccess()) {
      throw denied(
          idp + " refused the code (" + answer.getStatusCode() + ")",
          parsed.toErrorResponse().getErrorObject());
    }
    return parsed.toSuccessResponse();
  }

  /** A parse of what a provider sent. */
  @FunctionalInterface
  private interface Parse<T> {
    T parse() throws ParseException;
  }

  /** What {@code parse} reads, or a login failed as {@code kind} with {@code message}. */
  private static <T> T parse(Parse<T> parse, LoginFailedException.Kind kind, String message)
      throws LoginFailedException {
    try {
      return parse.parse();
    } catch (ParseException e) {
      throw new LoginFailedException(kind, message, "");
    }
  }

  /** {@code DENIED} with the provider's error code, when it gave one. */
  private static LoginFailedException denied(String message, ErrorObject error) {
    return new LoginFailedException(
        LoginFailedException.Kind.DENIED, message, error.getCode() == null ? "" : error.getCode());
  }
}
