package org.olfsfastpath.access;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.TokenRejectedException.Reason;

/**
 * Any OpenID Connect provider (Keycloak, an institution's, a cloud one), found by its issuer: the
 * discovery document names the endpoints and the JWKS. It is fetched when first needed, not at
 * start, so a provider that is down does not stop the front end, and tried again at most every
 * {@link #RETRY} while it fails. Bearer tokens must be the issuer's, for the configured audience,
 * signed RS256 or ES256 by a key of its JWKS. Logins use the code flow with {@code state}, a nonce
 * checked in the ID token, and PKCE (S256); the client authenticates with {@code
 * client_secret_basic}.
 */
final class OidcProvider implements Provider {
  static final Duration RETRY = Duration.ofSeconds(10);
  private static final Set<JWSAlgorithm> ALGORITHMS =
      Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256);

  private final ProviderConfig.Oidc config;
  private final ProviderHttp http;
  private final Clock clock;
  private final Duration sessionLife;
  private final Object lock = new Object();
  private volatile @Nullable Discovered discovered;
  private @Nullable Instant lastTry;

  /** The discovery document and the checkers built on its JWKS. */
  private record Discovered(
      OIDCProviderMetadata metadata, JwtChecker tokens, JwtChecker idTokens) {}

  OidcProvider(ProviderConfig.Oidc config, ProviderHttp http, Clock clock, Duration sessionLife) {
    this.config = config;
    this.http = http;
    this.clock = clock;
    this.sessionLife = sessionLife;
  }

  @Override
  public ProviderConfig.Oidc config() {
    return config;
  }

  @Override
  public boolean issues(String issuer) {
    return config.issuer().toString().equals(issuer);
  }

  private Discovered discovered() throws LoginFailedException {
    Discovered d = discovered;
    if (d != null) {
      return d;
    }
    synchronized (lock) {
      d = discovered;
      if (d != null) {
        return d;
      }
      Instant now = clock.instant();
      Instant last = lastTry;
      if (last != null && now.isBefore(last.plus(RETRY))) {
        throw new LoginFailedException(
            LoginFailedException.Kind.UNREACHABLE,
            config.authContext() + " discovery failed moments ago",
            "");
      }
      lastTry = now;
      d = discover();
      discovered = d;
      return d;
    }
  }

  private Discovered discover() throws LoginFailedException {
    Issuer issuer = new Issuer(config.issuer());
    HTTPRequest get;
    try {
      get = new HTTPRequest(HTTPRequest.Method.GET, OIDCProviderMetadata.resolveURL(issuer));
    } catch (com.nimbusds.oauth2.sdk.GeneralException e) {
      throw new AccessConfigException(config.authContext() + ": Issuer is not usable");
    }
    HTTPResponse answer = http.send(config.authContext(), "discovery", get);
    OIDCProviderMetadata md;
    try {
      if (answer.getStatusCode() != 200) {
        throw new ParseException("status " + answer.getStatusCode());
      }
      md = OIDCProviderMetadata.parse(answer.getBodyAsJSONObject());
    } catch (ParseException e) {
      throw new LoginFailedException(
          LoginFailedException.Kind.BAD_ANSWER,
          config.authContext() + " discovery document not usable: " + e.getMessage(),
          "");
    }
    if (!issuer.equals(md.getIssuer()) || md.getJWKSetURI() == null) {
      throw new LoginFailedException(
          LoginFailedException.Kind.BAD_ANSWER,
          config.authContext() + " discovery document names another issuer or no JWKS",
          "");
    }
    JWKSource<SecurityContext> keys;
    try {
      keys = KeySources.remote(md.getJWKSetURI().toURL(), config.authContext(), http.stats());
    } catch (MalformedURLException e) {
      throw new LoginFailedException(
          LoginFailedException.Kind.BAD_ANSWER, config.authContext() + " jwks_uri not a URL", "");
    }
    JWSVerificationKeySelector<SecurityContext> selector =
        new JWSVerificationKeySelector<>(ALGORITHMS, keys);
    String iss = issuer.getValue();
    return new Discovered(
        md,
        new JwtChecker(
            config.authContext(),
            selector,
            ALGORITHMS,
            iss,
            config.audience(),
            Set.of("sub", "exp", "iat"),
            clock),
        new JwtChecker(
            config.authContext(),
            selector,
            ALGORITHMS,
            iss,
            config.clientId(),
            Set.of("sub", "exp", "iat", "nonce"),
            clock));
  }

  @Override
  public Principal verify(String token) throws TokenRejectedException, KeysUnavailableException {
    Discovered d;
    try {
      d = discovered();
    } catch (LoginFailedException e) {
      throw new KeysUnavailableException(String.valueOf(e.getMessage()), e);
    }
    return user(d.tokens().check(token));
  }

  private Principal user(JWTClaimsSet claims) throws TokenRejectedException {
    Object uid = claims.getClaim(config.uidClaim());
    if (!(uid instanceof String u) || u.isBlank()) {
      throw new TokenRejectedException(Reason.MALFORMED, "no " + config.uidClaim() + " claim");
    }
    Set<String> groups = new LinkedHashSet<>();
    if (claims.getClaim(config.groupsClaim()) instanceof List<?> list) {
      for (Object g : list) {
        if (g instanceof String s) {
          groups.add(s.startsWith("/") ? s.substring(1) : s);
        }
      }
    }
    return new Principal(
        u,
        config.authContext(),
        groups,
        Set.of(),
        null,
        null,
        claims.getExpirationTime().toInstant());
  }

  @Override
  public URI authorize(LoginTransaction login, URI callback) throws LoginFailedException {
    OIDCProviderMetadata md = discovered().metadata();
    return new AuthenticationRequest.Builder(
            new ResponseType(ResponseType.Value.CODE),
            new Scope(config.scopes().toArray(new String[0])),
            new ClientID(config.clientId()),
            callback)
        .endpointURI(md.getAuthorizationEndpointURI())
        .state(new State(login.state()))
        .nonce(new Nonce(Objects.requireNonNull(login.nonce(), "nonce")))
        .codeChallenge(
            new CodeVerifier(Objects.requireNonNull(login.codeVerifier(), "verifier")),
            CodeChallengeMethod.S256)
        .build()
        .toURI();
  }

  @Override
  public Principal complete(URI response, LoginTransaction login, URI callback)
      throws LoginFailedException {
    Discovered d = discovered();
    AuthorizationCode code = Callbacks.code(response, login);
    String verifier = login.codeVerifier();
    if (verifier == null || login.nonce() == null) {
      throw new LoginFailedException(LoginFailedException.Kind.BAD_STATE, "no PKCE or nonce", "");
    }
    HTTPRequest exchange =
        new TokenRequest.Builder(
                d.metadata().getTokenEndpointURI(),
                new ClientSecretBasic(
                    new ClientID(config.clientId()), new Secret(config.clientSecret())),
                new AuthorizationCodeGrant(code, callback, new CodeVerifier(verifier)))
            .build()
            .toHTTPRequest();
    HTTPResponse answer = http.send(config.authContext(), "token", exchange);
    TokenResponse parsed;
    try {
      parsed = OIDCTokenResponseParser.parse(answer);
    } catch (ParseException e) {
      throw new LoginFailedException(
          LoginFailedException.Kind.BAD_ANSWER,
          config.authContext() + " token endpoint answered " + answer.getStatusCode(),
          "");
    }
    if (!parsed.indicatesSuccess()) {
      ErrorObject error = parsed.toErrorResponse().getErrorObject();
      throw new LoginFailedException(
          LoginFailedException.Kind.DENIED,
          config.authContext() + " refused the code (" + answer.getStatusCode() + ")",
          error.getCode() == null ? "" : error.getCode());
    }
    if (!(parsed instanceof OIDCTokenResponse oidc)) {
      throw new LoginFailedException(
          LoginFailedException.Kind.BAD_ANSWER, config.authContext() + " sent no ID token", "");
    }
    JWT idToken = oidc.getOIDCTokens().getIDToken();
    try {
      JWTClaimsSet claims = d.idTokens().check(idToken.serialize());
      if (!Objects.equals(login.nonce(), claims.getStringClaim("nonce"))) {
        throw new TokenRejectedException(Reason.MALFORMED, "nonce is not the login's");
      }
      Principal fromIdToken = user(claims);
      return new Principal(
          fromIdToken.uid(),
          fromIdToken.authContext(),
          fromIdToken.groups(),
          Set.of(),
          null,
          null,
          clock.instant().plus(sessionLife));
    } catch (TokenRejectedException | java.text.ParseException e) {
      throw new LoginFailedException(
          LoginFailedException.Kind.DENIED,
          config.authContext() + " ID token refused: " + e.getMessage(),
          "");
    } catch (KeysUnavailableException e) {
      throw new LoginFailedException(
          LoginFailedException.Kind.UNREACHABLE, String.valueOf(e.getMessage()), "");
    }
  }

  @Override
  public @Nullable URI logout(URI after) {
    Discovered d = discovered;
    URI end = d == null ? null : d.metadata().getEndSessionEndpointURI();
    if (end == null) {
      return null;
    }
    return URI.create(
        end
            + (end.getQuery() == null ? "?" : "&")
            + "client_id="
            + URLEncoder.encode(config.clientId(), StandardCharsets.UTF_8)
            + "&post_logout_redirect_uri="
            + URLEncoder.encode(after.toString(), StandardCharsets.UTF_8));
  }
}
