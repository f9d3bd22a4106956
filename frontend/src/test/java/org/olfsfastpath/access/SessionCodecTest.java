package org.olfsfastpath.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The session and login cookies: sealed, opened, and every way a cookie is refused. */
final class SessionCodecTest {
  private final byte[] k1 = Fixtures.randomKey();
  private final byte[] k2 = Fixtures.randomKey();
  private final SessionCodec codec = new SessionCodec(SessionKeys.of(List.of(k1)), "/opendap");

  private static Principal alice(Instant expires) {
    return new Principal(
        "alice", "urs", Set.of("g1"), Set.of("readers"), "edl-token", "olfs-app", expires);
  }

  @Test
  void roundTrip() throws Exception {
    Instant exp =
        Instant.now()
            .plus(Duration.ofHours(1))
            .with(java.time.temporal.ChronoField.NANO_OF_SECOND, 0);
    String cookie = codec.sealSession(alice(exp), Instant.now());
    assertTrue(cookie.length() < SessionCodec.MAX_COOKIE, "fits a browser's cookie");
    assertFalse(cookie.contains("alice"), "not readable");
    Principal p = codec.openSession(cookie);
    assertEquals("alice", p.uid());
    assertEquals("urs", p.authContext());
    assertEquals(Set.of("g1"), p.groups());
    assertEquals(Set.of(), p.roles(), "roles come from the rules at each request, not the cookie");
    assertEquals("edl-token", p.edlToken());
    assertEquals("olfs-app", p.edlClientId());
    assertEquals(exp, p.expires());
  }

  @Test
  void rotation_theOldKeyStillOpens_theNewOneSeals() throws Exception {
    String old = codec.sealSession(alice(Instant.now().plusSeconds(600)), Instant.now());
    SessionCodec rotated = new SessionCodec(SessionKeys.of(List.of(k2, k1)), "/opendap");
    assertEquals("alice", rotated.openSession(old).uid());
    String fresh = rotated.sealSession(alice(Instant.now().plusSeconds(600)), Instant.now());
    assertThrows(SessionCodec.RejectedException.class, () -> codec.openSession(fresh));
  }

  @Test
  void tampered_foreignKey_expired_andOtherKinds_areRefused() throws Exception {
    String cookie = codec.sealSession(alice(Instant.now().plusSeconds(600)), Instant.now());
    for (int i : new int[] {10, cookie.length() / 2, cookie.length() - 3}) {
      char c = cookie.charAt(i);
      String tampered = cookie.substring(0, i) + (c == 'A' ? 'B' : 'A') + cookie.substring(i + 1);
      assertThrows(SessionCodec.RejectedException.class, () -> codec.openSession(tampered));
    }
    SessionCodec foreign = new SessionCodec(SessionKeys.of(List.of(k2)), "/opendap");
    assertThrows(
        SessionCodec.RejectedException.class,
        () ->
            codec.openSession(
                foreign.sealSession(alice(Instant.now().plusSeconds(600)), Instant.now())));
    SessionCodec.RejectedException expired =
        assertThrows(
            SessionCodec.RejectedException.class,
            () ->
                codec.openSession(
                    codec.sealSession(
                        alice(Instant.now().minusSeconds(120)), Instant.now().minusSeconds(900))));
    assertTrue(expired.expired());
    SessionCodec otherContext = new SessionCodec(SessionKeys.of(List.of(k1)), "/other");
    assertThrows(
        SessionCodec.RejectedException.class,
        () ->
            codec.openSession(
                otherContext.sealSession(alice(Instant.now().plusSeconds(600)), Instant.now())));
    String login =
        codec.sealLogin(new LoginTransaction("s", null, null, "/opendap/", "urs", Instant.now()));
    assertThrows(SessionCodec.RejectedException.class, () -> codec.openSession(login));
    assertThrows(SessionCodec.RejectedException.class, () -> codec.openLogin(cookie));
    assertThrows(SessionCodec.RejectedException.class, () -> codec.openSession("garbage"));
    assertThrows(SessionCodec.RejectedException.class, () -> codec.openSession("x".repeat(20000)));
  }

  @Test
  void aSignedOrUnsecuredJwt_isNeverASession() {
    TestIssuerKey key = new TestIssuerKey();
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .issuer("olfs-fastpath")
            .audience("/opendap session")
            .subject("mallory")
            .claim("idp", "urs")
            .issueTime(new java.util.Date())
            .expirationTime(new java.util.Date(System.currentTimeMillis() + 600_000))
            .build();
    assertThrows(SessionCodec.RejectedException.class, () -> codec.openSession(key.signed(claims)));
    assertThrows(
        SessionCodec.RejectedException.class,
        () -> codec.openSession(new com.nimbusds.jwt.PlainJWT(claims).serialize()));
  }

  @Test
  void aLargeEdlToken_isLeftOut_ratherThanMakeACookieBrowsersDrop() throws Exception {
    Principal big =
        new Principal(
            "alice",
            "urs",
            Set.of(),
            Set.of(),
            "t".repeat(5000),
            "olfs-app",
            Instant.now().plusSeconds(600));
    String cookie = codec.sealSession(big, Instant.now());
    assertTrue(cookie.length() <= SessionCodec.MAX_COOKIE);
    assertEquals(null, codec.openSession(cookie).edlToken());
  }

  @Test
  void loginRoundTrip() throws Exception {
    LoginTransaction t =
        new LoginTransaction("st", "no", "ver", "/opendap/x", "keycloak", Instant.now());
    LoginTransaction back = codec.openLogin(codec.sealLogin(t));
    assertEquals("st", back.state());
    assertEquals("no", back.nonce());
    assertEquals("ver", back.codeVerifier());
    assertEquals("/opendap/x", back.returnPath());
    assertEquals("keycloak", back.authContext());
    assertFalse(t.toString().contains("st,"));
  }

  /** A signing key for the hostile cookies. */
  private static final class TestIssuerKey {
    private final com.nimbusds.jose.jwk.RSAKey key = TestIssuer.rsa("k");

    String signed(JWTClaimsSet claims) {
      return TestIssuer.sign(claims, key, "k");
    }
  }
}
