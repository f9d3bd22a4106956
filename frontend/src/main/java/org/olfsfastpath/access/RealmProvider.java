package org.olfsfastpath.access;

import java.net.URI;
import org.jspecify.annotations.Nullable;

/**
 * The servlet container's login (upstream's {@code TomcatRealmIdP}): the container authenticated
 * the user (a realm and a {@code security-constraint} on the login path) and the web layer passes
 * the user's name in {@link Credentials#containerUser()}. It issues no tokens; its "login" sends
 * the user back, the container having asked for the password on the way.
 */
record RealmProvider(ProviderConfig.Realm config) implements Provider {
  @Override
  public boolean issues(String issuer) {
    return false;
  }

  @Override
  public Principal verify(String token) throws TokenRejectedException {
    throw new TokenRejectedException(TokenRejectedException.Reason.BAD_ISSUER, "no tokens");
  }

  @Override
  public URI authorize(LoginTransaction login, URI callback) {
    return URI.create(login.returnPath());
  }

  @Override
  public Principal complete(URI response, LoginTransaction login, URI callback)
      throws LoginFailedException {
    throw new LoginFailedException(LoginFailedException.Kind.BAD_STATE, "no callback", "");
  }

  @Override
  public @Nullable URI logout(URI after) {
    return null;
  }
}
