package org.olfsfastpath.access;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationRequest;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.TokenRejectedException.Reason;

/**
 * NASA Earthdata Login (upstream's {@code UrsIdP}) with its own shapes: tokens are RS256 JWTs whose
 * key id is in a {@code sig} header member (there is no {@code kid}), whose issuer is {@code
 * "Earthdata Login"} and which carry no audience, only the {@code client_id} of the application
 * they were made for; the login is plain OAuth2 (a {@code state}, no nonce, no PKCE), the code
 * exchanged with the operator's {@code UrsClientAuthCode} sent as it is in {@code Authorization:
 * Basic}, as upstream does; the uid comes from the access token when it can be checked locally,
 * else from the profile endpoint EDL names. With {@code RemoteTokenCheck} a token that cannot be
 * checked locally is asked about ({@code /oauth/tokens/user}), as upstream does for every token.
 */
final class EdlProvider implements Provider {
  private final ProviderConfig.Edl config;
  private final ProviderHttp http;
  private final Clock clock;
  private final Duration sessionLife;
  private final @Nullable JwtChecker tokens;

  EdlProvider(ProviderConfig.Edl config, ProviderHttp http, Clock clock, Duration sessionLife) {
    this.config = config;
    this.http = http;
    this.clock = clock;
    this.sessionLife = sessionLife;
    JWKSource<SecurityContext> keys = keys(config, http.stats());
    this.tokens =
        keys == null
            ? null
            : new JwtChecker(
                config.authContext(),
                new SigKeySelector(keys),
                Set.of(JWSAlgorithm.RS256),
                ProviderConfig.Edl.ISSUER,
                null,
                Set.of("exp", "iat", "uid"),
                clock);
  }

  private static @Nullable JWKSource<SecurityContext> keys(
      ProviderConfig.Edl config, AccessStats stats) {
    URI url = config.jwksUrl();
    if (url != null) {
      try {
        return KeySources.remote(url.toURL(), config.authContext(), stats);
      } catch (MalformedURLException e) {
        throw new AccessConfigException("UrsJwksUrl is not a URL: " + url);
      }
    }
    String json = config.publicKeys();
    if (json != null) {
      try {
        return new ImmutableJWKSet<>(JWKSet.parse(json));
      } catch (java.text.ParseException e) {
        throw new AccessConfigException("UrsClientAppPublicKeys is not a JWKS: " + e.getMessage());
      }
    }
    return null;
  }

  @Override
  public ProviderConfig.Edl config() {
    return config;
  }

  @Override
  public boolean issues(String issuer) {
    return ProviderConfig.Edl.ISSUER.equals(issuer);
  }

  @Override
  public Principal verify(String token) throws TokenRejectedException, KeysUnavailableException {
    JwtChecker checker = tokens;
    if (checker == null) {
      return remote(token);
    }
    JWTClaimsSet claims;
    try {
      claims = checker.check(token);
    } catch (TokenRejectedException e) {
      if (config.remoteTokenCheck()
          && (e.reason() == Reason.UNKNOWN_KEY || e.reason() == Reason.MALFORMED)) {
        return remote(token);
      }
      throw e;
    }
    Object client = claims.getClaim("client_id");
    if (!config.acceptedClientIds().isEmpty()
        && !(client instanceof String c && config.acceptedClientIds().contains(c))) {
      throw new TokenRejectedException(Reason.BAD_CLIENT, "made for another application");
    }
    Object uid = claims.getClaim("uid");
    if (!(uid instanceof String u) || u.isBlank()) {
      throw new TokenRejectedException(Reason.MALFORMED, "no uid");
    }
    return user(u, token, claims.getExpirationTime().toInstant());
  }

  private Principal user(String uid, String token, java.time.Instant expires) {
    return new Principal(
        uid, config.authContext(), Set.of(), Set.of(), token, config.clientId(), expires);
  }

  /** Upstream's check: ask EDL. A token it accepts holds for a few minutes (the cache's time). */
  private Principal remote(String token) throws TokenRejectedException, KeysUnavailableException {
    HTTPRequest request = new HTTPRequest(HTTPRequest.Method.POST, endpoint("/oauth/tokens/user"));
    request.setAuthorization("Basic " + config.clientAuthCode());
    request.setHeader("Content-Type", "application/x-www-form-urlencoded");
    request.setBody(
        "token="
            + URLEncoder.encode(token, StandardCharsets.UTF_8)
            + "&client_id="
            + URLEncoder.encode(config.clientId(), StandardCharsets.UTF_8));
    HTTPResponse response;
    try {
      response = http.send(config.authContext(), "tokens_user", request);
    } catch (LoginFailedException e) {
      throw new KeysUnavailableException(String.valueOf(e.getMessage()));
    }
    if (response.getStatusCode() != 200) {
      throw new TokenRejectedException(Reason.BAD_SIGNATURE, "refused by Earthdata Login");
    }
    String uid = uid(response);
    if (uid == null) {
      throw new TokenRejectedException(Reason.MALFORMED, "no uid from Earthdata Login");
    }
    return user(uid, token, clock.instant().plus(Access.VERIFIED_CACHE_TIME));
  }

  @Override
  public URI authorize(LoginTransaction login, URI callback) {
    return new AuthorizationRequest.Builder(
            new ResponseType(ResponseType.Value.CODE), new ClientID(config.clientId()))
        .redirectionURI(callback)
        .state(new State(login.state()))
        .endpointURI(endpoint("/oauth/authorize"))
        .build()
        .toURI();
  }

  @Override
  public Principal complete(URI response, LoginTransaction login, URI callback)
      throws LoginFailedException {
    AuthorizationCode code = Callbacks.code(response, login);
    HTTPRequest exchange =
        new TokenRequest.Builder(
                endpoint("/oauth/token"),
                new ClientID(config.clientId()),
                new AuthorizationCodeGrant(code, callback))
            .build()
            .toHTTPRequest();
    // Sent as the operator wrote it, as upstream: Nimbus' client_secret_basic would URL-encode
    // the id and password first, which EDL may not expect.
    exchange.setAuthorization("Basic " + config.clientAuthCode());
    HTTPResponse answer = http.send(config.authContext(), "token", exchange);
    AccessTokenResponse tokens = Callbacks.tokens(answer, config.authContext());
    String access = tokens.getTokens().getAccessToken().getValue();
    String uid = null;
    if (this.tokens != null) {
      try {
        uid = verify(access).uid();
      } catch (TokenRejectedException | KeysUnavailableException e) {
        uid = null;
      }
    }
    if (uid == null) {
      uid = profileUid(access, tokens.getCustomParameters().get("endpoint"));
    }
    return user(uid, access, clock.instant().plus(sessionLife));
  }

  /** The uid from EDL's profile endpoint, as upstream reads it when it cannot check the token. */
  private String profileUid(String access, @Nullable Object endpoint) throws LoginFailedException {
    String path = endpoint instanceof String s && s.startsWith("/") && !s.startsWith("//") ? s : "";
    if (path.isEmpty()) {
      throw new LoginFailedException(
          LoginFailedException.Kind.BAD_ANSWER, "no profile endpoint in the token answer", "");
    }
    URI profile =
        URI.create(
            endpoint(path)
                + "?client_id="
                + URLEncoder.encode(config.clientId(), StandardCharsets.UTF_8));
    HTTPRequest get = new HTTPRequest(HTTPRequest.Method.GET, profile);
    get.setAuthorization("Bearer " + access);
    HTTPResponse answer = http.send(config.authContext(), "profile", get);
    String uid = answer.getStatusCode() == 200 ? uid(answer) : null;
    if (uid == null) {
      throw new LoginFailedException(
          LoginFailedException.Kind.BAD_ANSWER,
          "the profile answer " + answer.getStatusCode() + " has no uid",
          "");
    }
    return uid;
  }

  private static @Nullable String uid(HTTPResponse response) {
    try {
      Object uid = response.getBodyAsJSONObject().get("uid");
      return uid instanceof String s && !s.isBlank() ? s : null;
    } catch (ParseException e) {
      return null;
    }
  }

  @Override
  public @Nullable URI logout(URI after) {
    return null; // EDL publishes no logout endpoint for applications.
  }

  private URI endpoint(String path) {
    String base = config.ursUrl().toString();
    return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path);
  }

  /** Finds EDL's key by the id in the {@code sig} header member, or a {@code kid} if one is set. */
  private record SigKeySelector(JWKSource<SecurityContext> keys)
      implements JWSKeySelector<SecurityContext> {
    @Override
    public List<? extends Key> selectJWSKeys(JWSHeader header, @Nullable SecurityContext context)
        throws KeySourceException {
      Object sig = header.getCustomParam("sig");
      String id =
          header.getKeyID() != null ? header.getKeyID() : sig instanceof String s ? s : null;
      if (id == null || !JWSAlgorithm.RS256.equals(header.getAlgorithm())) {
        return List.of(); // no key id: refuse rather than try every key
      }
      JWKMatcher matcher =
          new JWKMatcher.Builder()
              .keyType(KeyType.RSA)
              .keyID(id)
              .keyUses(KeyUse.SIGNATURE, null)
              .algorithms(JWSAlgorithm.RS256, null)
              .build();
      List<Key> out = new ArrayList<>();
      for (JWK k : keys.get(new JWKSelector(matcher), context)) {
        try {
          out.add(k.toRSAKey().toPublicKey());
        } catch (JOSEException e) {
          // not a usable RSA key: skipped
        }
      }
      return out;
    }
  }
}
