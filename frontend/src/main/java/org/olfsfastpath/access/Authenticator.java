package org.olfsfastpath.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.nimbusds.jwt.JWTParser;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.TokenRejectedException.Reason;

/**
 * Finds who a request's credentials name: a bearer token first (checked locally by the provider
 * whose issuer it names), then the session cookie, then the container's user. A proven token or
 * cookie is kept, by its whole value, until it expires or for {@link Access#VERIFIED_CACHE_TIME},
 * so a client that sends the same token again costs a map look-up, not a signature check. A stray
 * {@code Authorization: Basic} (a {@code .netrc} meant for the provider) is ignored unless a
 * provider has {@code RejectUnsupportedAuthzSchemes}. Thread-safe.
 */
final class Authenticator {
  private static final int MAX_KEPT = 10_000;

  private final List<Provider> providers;
  private final @Nullable Provider realm;
  private final @Nullable Provider remoteEdl;
  private final boolean rejectOtherSchemes;
  private final Memberships memberships;
  private final SessionCodec codec;
  private final AccessStats stats;
  private final Clock clock;
  private final Cache<String, Principal> verified;

  Authenticator(
      List<Provider> providers,
      Memberships memberships,
      SessionCodec codec,
      AccessStats stats,
      Clock clock) {
    this.providers = List.copyOf(providers);
    this.memberships = memberships;
    this.codec = codec;
    this.stats = stats;
    this.clock = clock;
    Provider r = null;
    Provider e = null;
    boolean reject = false;
    for (Provider p : providers) {
      if (p instanceof RealmProvider) {
        r = p;
      }
      if (p instanceof EdlProvider edl) {
        reject |= edl.config().rejectUnsupportedSchemes();
        e = edl.config().remoteTokenCheck() && e == null ? edl : e;
      }
    }
    this.realm = r;
    this.remoteEdl = e;
    this.rejectOtherSchemes = reject;
    this.verified =
        Caffeine.newBuilder()
            .maximumSize(MAX_KEPT)
            .ticker(() -> clock.millis() * 1_000_000L)
            .expireAfter(Expiry.<String, Principal>creating((key, user) -> keptFor(user)))
            .build();
  }

  private Duration keptFor(Principal user) {
    Duration left = Duration.between(clock.instant(), user.expires());
    return left.compareTo(Access.VERIFIED_CACHE_TIME) < 0 ? left : Access.VERIFIED_CACHE_TIME;
  }

  Authentication authenticate(Credentials credentials) {
    String authorization = credentials.authorization();
    if (authorization != null) {
      String a = authorization.strip();
      int space = a.indexOf(' ');
      String scheme = space < 0 ? a : a.substring(0, space);
      if (scheme.equalsIgnoreCase("Bearer")) {
        return bearer(space < 0 ? "" : a.substring(space + 1).strip());
      }
      if (rejectOtherSchemes) {
        return new Authentication.UnsupportedScheme(
            scheme.replaceAll("[^A-Za-z0-9-]", "").toLowerCase(Locale.ROOT));
      }
    }
    String cookie = credentials.sessionCookie();
    if (cookie != null && !cookie.isEmpty()) {
      return session(cookie);
    }
    String containerUser = credentials.containerUser();
    Provider r = realm;
    if (containerUser != null && r != null) {
      return new Authentication.Authenticated(
          withRoles(
              new Principal(
                  containerUser,
                  r.authContext(),
                  java.util.Set.of(),
                  java.util.Set.of(),
                  null,
                  null,
                  Instant.MAX)),
          false);
    }
    return new Authentication.Anonymous(false);
  }

  private Authentication bearer(String token) {
    Principal kept = verified.getIfPresent("b " + token);
    if (kept != null && clock.instant().isBefore(kept.expires())) {
      stats.tokenCheck(kept.authContext(), "cached");
      return new Authentication.Authenticated(kept, true);
    }
    String issuer = issuer(token);
    Provider provider = issuer == null ? remoteEdl : providerOf(issuer);
    if (provider == null) {
      Reason reason = issuer == null ? Reason.MALFORMED : Reason.BAD_ISSUER;
      stats.tokenCheck("unknown", reason.label());
      return new Authentication.InvalidToken(reason);
    }
    try {
      Principal user = withRoles(provider.verify(token));
      verified.put("b " + token, user);
      stats.tokenCheck(provider.authContext(), "ok");
      return new Authentication.Authenticated(user, true);
    } catch (TokenRejectedException e) {
      stats.tokenCheck(provider.authContext(), e.reason().label());
      return new Authentication.InvalidToken(e.reason());
    } catch (KeysUnavailableException e) {
      stats.tokenCheck(provider.authContext(), "keys_unavailable");
      return new Authentication.KeysUnavailable(provider.authContext());
    }
  }

  /** The token's {@code iss}, unverified (the check proves it or not), or null if not a JWT. */
  private static @Nullable String issuer(String token) {
    if (token.isEmpty() || token.length() > JwtChecker.MAX_TOKEN) {
      return null;
    }
    try {
      return JWTParser.parse(token).getJWTClaimsSet().getIssuer();
    } catch (ParseException e) {
      return null;
    }
  }

  /**
   * The provider of {@code issuer}. A token that is not a JWT goes to EDL's remote check when one
   * is configured, as upstream asks EDL about every token.
   */
  private @Nullable Provider providerOf(String issuer) {
    for (Provider p : providers) {
      if (p.issues(issuer)) {
        return p;
      }
    }
    return null;
  }

  private Authentication session(String cookie) {
    Principal kept = verified.getIfPresent("s " + cookie);
    if (kept != null && clock.instant().isBefore(kept.expires())) {
      return new Authentication.Authenticated(kept, false);
    }
    try {
      Principal opened = codec.openSession(cookie);
      if (!clock.instant().isBefore(opened.expires()) || !known(opened.authContext())) {
        throw new SessionCodec.RejectedException("expired or of no provider", true);
      }
      Principal user = withRoles(opened);
      verified.put("s " + cookie, user);
      return new Authentication.Authenticated(user, false);
    } catch (SessionCodec.RejectedException e) {
      stats.sessionCookie("rejected");
      stats.refusal("session_invalid");
      return new Authentication.Anonymous(true);
    }
  }

  private boolean known(String authContext) {
    for (Provider p : providers) {
      if (p.authContext().equals(authContext)) {
        return true;
      }
    }
    return false;
  }

  Principal withRoles(Principal user) {
    return user.withRoles(
        memberships.rolesOf(memberships.groupsOf(user.uid(), user.authContext(), user.groups())));
  }
}
