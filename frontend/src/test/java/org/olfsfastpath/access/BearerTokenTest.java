package org.olfsfastpath.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.access.TokenRejectedException.Reason;
import org.olfsfastpath.edl.EdlStandIn;
import org.olfsfastpath.edl.EdlTokens;

/**
 * Bearer tokens checked locally, each hostile one refused with its reason and a 401 (never a
 * redirect), a good one proven once and then kept: a second request costs no provider call.
 */
final class BearerTokenTest {
  @TempDir Path dir;
  private TestIssuer oidc;
  private EdlStandIn edl;
  private Access access;

  @BeforeEach
  void start() throws Exception {
    oidc = new TestIssuer();
    edl =
        EdlStandIn.start(
            0,
            Map.of("alice", "alice-pw"),
            new EdlStandIn.App("olfs-app", "app-pw", "http://127.0.0.1"));
    access =
        Fixtures.access(
            dir,
            Fixtures.rules(
                Fixtures.oidc(oidc.issuer().toString(), false)
                    + Fixtures.edl(
                        edl.url().toString(),
                        edl.jwksUrl().toString(),
                        new EdlStandIn.App("olfs-app", "app-pw", "").authCode(),
                        true)),
            AccessOptions.defaults());
  }

  @AfterEach
  void stop() {
    oidc.close();
    edl.close();
  }

  private Authentication bearer(String token) {
    return access.authenticate(new Credentials("Bearer " + token, null, null));
  }

  private Reason refused(String token) {
    Authentication a = bearer(token);
    Authentication.InvalidToken invalid = assertInstanceOf(Authentication.InvalidToken.class, a);
    Decision d = access.decide(a, "GET", "/opendap/restricted/x.nc.dap", null);
    Decision.Unauthorized u = assertInstanceOf(Decision.Unauthorized.class, d, "never a redirect");
    assertTrue(u.challenge().contains("error=\"invalid_token\""), u.challenge());
    assertTrue(!u.challenge().contains(token.substring(0, Math.min(20, token.length()))));
    return invalid.reason();
  }

  @Test
  void aGoodOidcToken_isProvenOnce_thenKept() {
    String token = oidc.sign(oidc.claims("carol", List.of("restricted-readers")).build());
    Authentication a = bearer(token);
    Principal p = assertInstanceOf(Authentication.Authenticated.class, a).user();
    assertEquals("carol", p.uid());
    assertEquals(java.util.Set.of("readers"), p.roles(), "the claimed group is in the role");
    Decision d = access.decide(a, "GET", "/opendap/restricted/x.nc.dap", null);
    assertTrue(assertInstanceOf(Decision.Allow.class, d).restricted());
    long calls = access.stats().totalProviderCalls();
    for (int i = 0; i < 100; i++) {
      assertInstanceOf(Authentication.Authenticated.class, bearer(token));
    }
    assertEquals(calls, access.stats().totalProviderCalls(), "kept tokens cost no provider call");
    assertEquals(1, oidc.jwksFetches.get());
    assertEquals(100L, access.stats().tokenChecks().get("keycloak/cached"));
  }

  @Test
  void aUserOutsideTheGroup_isForbidden_notSentToLogIn() {
    Authentication a = bearer(oidc.sign(oidc.claims("bob", List.of()).build()));
    assertInstanceOf(
        Decision.Forbidden.class, access.decide(a, "GET", "/opendap/restricted/x.nc.dap", ""));
    assertInstanceOf(Decision.Allow.class, access.decide(a, "GET", "/opendap/data/x.nc.dap", ""));
  }

  @Test
  void hostileOidcTokens() throws Exception {
    JWTClaimsSet good = oidc.claims("carol", List.of("restricted-readers")).build();
    Instant now = Instant.now();
    assertEquals(
        Reason.ALG,
        refused(
            new PlainJWT(
                    new com.nimbusds.jose.PlainHeader.Builder().type(JOSEObjectType.JWT).build(),
                    good)
                .serialize()));
    // HS256 with the public key as the secret: algorithm confusion.
    SignedJWT hs =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.HS256)
                .type(JOSEObjectType.JWT)
                .keyID(oidc.key.getKeyID())
                .build(),
            good);
    hs.sign(new MACSigner(oidc.key.toPublicJWK().toRSAKey().toPublicKey().getEncoded()));
    assertEquals(Reason.ALG, refused(hs.serialize()));
    RSAKey other = TestIssuer.rsa("key-1");
    assertEquals(Reason.BAD_SIGNATURE, refused(TestIssuer.sign(good, other, "key-1")));
    assertEquals(Reason.UNKNOWN_KEY, refused(TestIssuer.sign(good, other, "key-unknown")));
    assertEquals(
        Reason.EXPIRED,
        refused(
            oidc.sign(
                oidc.claims("carol", List.of())
                    .issueTime(Date.from(now.minus(Duration.ofHours(2))))
                    .expirationTime(Date.from(now.minus(Duration.ofHours(1))))
                    .build())));
    assertEquals(
        Reason.NOT_YET_VALID,
        refused(
            oidc.sign(
                oidc.claims("carol", List.of())
                    .notBeforeTime(Date.from(now.plus(Duration.ofMinutes(10))))
                    .build())));
    assertEquals(
        Reason.BAD_AUDIENCE,
        refused(oidc.sign(oidc.claims("carol", List.of()).audience("another-client").build())));
    assertEquals(
        Reason.BAD_ISSUER,
        refused(
            oidc.sign(
                oidc.claims("carol", List.of())
                    .issuer("https://evil.example.org/realms/x")
                    .build())));
    assertEquals(Reason.MALFORMED, refused("garbled.not.ajwt"));
    assertEquals(Reason.MALFORMED, refused("x".repeat(10_240)));
    assertEquals(
        Reason.MALFORMED,
        refused(
            oidc.sign(oidc.claims("carol", List.of()).claim("preferred_username", null).build())));
    // An EDL-shaped token signed with the OIDC issuer's key.
    JWTClaimsSet edlClaims =
        new JWTClaimsSet.Builder()
            .issuer(EdlTokens.ISSUER)
            .claim("uid", "alice")
            .claim("client_id", "olfs-app")
            .issueTime(new Date())
            .expirationTime(Date.from(now.plusSeconds(600)))
            .build();
    SignedJWT forged =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.RS256)
                .type(JOSEObjectType.JWT)
                .customParam("sig", EdlTokens.KEY_ID)
                .build(),
            edlClaims);
    forged.sign(new com.nimbusds.jose.crypto.RSASSASigner(oidc.key));
    assertEquals(Reason.BAD_SIGNATURE, refused(forged.serialize()));
  }

  @Test
  void aStormOfUnknownKeyIds_costsTheProviderAtMostOneFetch() {
    RSAKey other = TestIssuer.rsa("x");
    bearer(oidc.sign(oidc.claims("carol", List.of()).build()));
    int before = oidc.jwksFetches.get();
    for (int i = 0; i < 50; i++) {
      JWTClaimsSet c = oidc.claims("carol", List.of()).jwtID("j" + i).build();
      assertEquals(Reason.UNKNOWN_KEY, refused(TestIssuer.sign(c, other, "made-up-" + i)));
    }
    assertTrue(oidc.jwksFetches.get() - before <= 1, "fetches: " + oidc.jwksFetches.get());
  }

  @Test
  void edlTokens_withEdlsHeader_andHostileOnes() throws Exception {
    String token = edl.userToken("alice");
    Authentication a = bearer(token);
    Principal p = assertInstanceOf(Authentication.Authenticated.class, a).user();
    assertEquals("alice", p.uid());
    assertEquals("urs", p.authContext());
    assertEquals("Bearer " + token, p.edlAuthorization());
    assertEquals("olfs-app", p.edlClientId(), "the server's UrsClientId, as upstream sends it");
    assertTrue(
        assertInstanceOf(
                Decision.Allow.class, access.decide(a, "GET", "/opendap/restricted/x.nc.dap", ""))
            .restricted());
    // The stand-in's own key but another sig: unknown key.
    SignedJWT otherSig =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.RS256)
                .type(JOSEObjectType.JWT)
                .customParam("sig", "edljwtpubkey_other")
                .build(),
            SignedJWT.parse(token).getJWTClaimsSet());
    otherSig.sign(new com.nimbusds.jose.crypto.RSASSASigner(edl.tokens().key()));
    assertEquals(Reason.UNKNOWN_KEY, refused(otherSig.serialize()));
    // A foreign key under EDL's sig.
    SignedJWT foreign =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.RS256)
                .type(JOSEObjectType.JWT)
                .customParam("sig", EdlTokens.KEY_ID)
                .build(),
            SignedJWT.parse(token).getJWTClaimsSet());
    foreign.sign(new com.nimbusds.jose.crypto.RSASSASigner(TestIssuer.rsa("z")));
    assertEquals(Reason.BAD_SIGNATURE, refused(foreign.serialize()));
    assertEquals(
        Reason.EXPIRED,
        refused(
            edl.tokens()
                .sign(
                    new JWTClaimsSet.Builder(SignedJWT.parse(token).getJWTClaimsSet())
                        .expirationTime(Date.from(Instant.now().minusSeconds(3600)))
                        .build())));
    assertEquals(
        Reason.MALFORMED,
        refused(
            edl.tokens()
                .sign(
                    new JWTClaimsSet.Builder(SignedJWT.parse(token).getJWTClaimsSet())
                        .claim("uid", null)
                        .build())));
  }

  @Test
  void aProviderWhoseKeysCannotBeFetched_is503_notARefusedToken() {
    String token = oidc.sign(oidc.claims("carol", List.of("restricted-readers")).build());
    oidc.close();
    Authentication a = bearer(token);
    assertEquals("keycloak", assertInstanceOf(Authentication.KeysUnavailable.class, a).provider());
    assertInstanceOf(
        Decision.Unavailable.class, access.decide(a, "GET", "/opendap/restricted/x.nc.dap", null));
    assertEquals(1L, access.stats().refusals().get("keys_unavailable"));
  }

  @Test
  void otherSchemes_areIgnored_unlessRejected() {
    Authentication basic =
        access.authenticate(new Credentials("Basic YWxpY2U6YWxpY2UtcHc=", null, null));
    assertInstanceOf(Authentication.Anonymous.class, basic, "a stray .netrc Basic is not a login");
    assertInstanceOf(
        Decision.LoginRequired.class,
        access.decide(basic, "GET", "/opendap/restricted/x.nc.dap", null));
    assertInstanceOf(Authentication.InvalidToken.class, bearer(""));
  }
}
