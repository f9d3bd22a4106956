package org.olfsfastpath.access;

import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.Nonce;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The login and logout flows as values: the web layer turns each result into a redirect and
 * cookies. A login keeps what its callback must match in the login cookie (sealed like the session,
 * so no server keeps it); the callback is refused without that cookie (a client with no cookie jar
 * would otherwise loop between the provider and here) or with another {@code state}. Thread-safe.
 */
record Logins(
    List<Provider> providers,
    SessionCodec codec,
    Authenticator authenticator,
    AccessStats stats,
    Clock clock,
    String contextPath) {
  Logins {
    providers = List.copyOf(providers);
  }

  @Nullable Provider provider(String authContext) {
    for (Provider p : providers) {
      if (p.authContext().equals(authContext)) {
        return p;
      }
    }
    return null;
  }

  Access.LoginStart start(Provider provider, @Nullable String returnPath, URI callback)
      throws LoginFailedException {
    boolean oidc = provider instanceof OidcProvider;
    LoginTransaction login =
        new LoginTransaction(
            new State().getValue(),
            oidc ? new Nonce().getValue() : null,
            oidc ? new CodeVerifier().getValue() : null,
            ReturnPath.check(returnPath, contextPath),
            provider.authContext(),
            clock.instant());
    URI to = provider.authorize(login, callback);
    return new Access.LoginStart(
        to, provider instanceof RealmProvider ? null : codec.sealLogin(login));
  }

  Access.LoginDone complete(
      Provider provider, URI response, @Nullable String loginCookie, URI callback)
      throws LoginFailedException {
    try {
      if (loginCookie == null || loginCookie.isEmpty()) {
        throw new LoginFailedException(
            LoginFailedException.Kind.NO_LOGIN, "the callback came without the login cookie", "");
      }
      LoginTransaction login;
      try {
        login = codec.openLogin(loginCookie);
      } catch (SessionCodec.RejectedException e) {
        throw new LoginFailedException(
            e.expired() ? LoginFailedException.Kind.NO_LOGIN : LoginFailedException.Kind.BAD_STATE,
            "the login cookie was refused: " + e.getMessage(),
            "");
      }
      if (!Objects.equals(login.authContext(), provider.authContext())) {
        throw new LoginFailedException(
            LoginFailedException.Kind.BAD_STATE, "the login was begun with another provider", "");
      }
      Principal user = authenticator.withRoles(provider.complete(response, login, callback));
      String session = codec.sealSession(user, clock.instant());
      stats.login(provider.authContext(), "ok");
      stats.sessionCookie("issued");
      return new Access.LoginDone(user, session, login.returnPath());
    } catch (LoginFailedException e) {
      stats.login(provider.authContext(), e.kind().name().toLowerCase(Locale.ROOT));
      throw e;
    }
  }

  /**
   * Where to go after a logout: the provider's end of session (OpenID Connect) coming back to the
   * page, else the page itself; the page is the return path when the provider has {@code
   * UseReturnToUrlPostLogout}, else the context root.
   *
   * @param base the service's absolute root, e.g. {@code http://127.0.0.1:8080}, for the provider
   */
  URI logout(@Nullable Principal user, @Nullable String returnPath, String base) {
    Provider provider = user == null ? null : provider(user.authContext());
    String page =
        provider != null && provider.config().returnToPageAfterLogout()
            ? ReturnPath.check(returnPath, contextPath)
            : contextPath + "/";
    URI after = URI.create(page);
    if (provider == null) {
      return after;
    }
    URI end = provider.logout(URI.create(base + page));
    return end != null ? end : after;
  }
}
