package org.olfsfastpath.edl;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.jspecify.annotations.Nullable;

/**
 * The stand-in's tokens, shaped as Earthdata Login's: RS256, the header {@code typ: JWT}, {@code
 * origin: Earthdata Login} and the key id in {@code sig} (no {@code kid}); the claims {@code type:
 * User}, {@code client_id}, {@code exp}, {@code iat}, {@code iss: Earthdata Login} and {@code uid}
 * (no {@code aud}, no {@code sub}), as a decoded development token of EDL's has them. Signed with
 * Nimbus by a key made at start. Thread-safe.
 */
public final class EdlTokens {
  /** The issuer EDL writes. */
  public static final String ISSUER = "Earthdata Login";

  /** The stand-in's key id, in the style of EDL's ({@code edljwtpubkey_ops}). */
  public static final String KEY_ID = "edljwtpubkey_standin";

  private final RSAKey key;
  private final Clock clock;

  EdlTokens(Clock clock) {
    this.clock = clock;
    try {
      this.key =
          new RSAKeyGenerator(2048)
              .keyID(KEY_ID)
              .keyUse(KeyUse.SIGNATURE)
              .algorithm(JWSAlgorithm.RS256)
              .generate();
    } catch (JOSEException e) {
      throw new IllegalStateException("no RSA key generator", e);
    }
  }

  /** A token for {@code uid}, made for {@code clientId}, valid for {@code life}. */
  public String mint(String uid, String clientId, Duration life) {
    Instant now = clock.instant();
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .claim("type", "User")
            .claim("client_id", clientId)
            .expirationTime(Date.from(now.plus(life)))
            .issueTime(Date.from(now))
            .issuer(ISSUER)
            .claim("uid", uid)
            .build();
    return sign(claims);
  }

  /** {@code claims} signed with the stand-in's key under EDL's header. */
  public String sign(JWTClaimsSet claims) {
    JWSHeader header =
        new JWSHeader.Builder(JWSAlgorithm.RS256)
            .type(JOSEObjectType.JWT)
            .customParam("origin", ISSUER)
            .customParam("sig", KEY_ID)
            .build();
    SignedJWT jwt = new SignedJWT(header, claims);
    try {
      jwt.sign(new RSASSASigner(key));
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot sign", e);
    }
    return jwt.serialize();
  }

  /** The uid of a token this stand-in made and that has not expired, or null. */
  @Nullable String uid(String token) {
    try {
      SignedJWT jwt = SignedJWT.parse(token);
      if (!jwt.verify(new RSASSAVerifier(key.toRSAPublicKey()))) {
        return null;
      }
      Date exp = jwt.getJWTClaimsSet().getExpirationTime();
      if (exp == null || exp.toInstant().isBefore(clock.instant())) {
        return null;
      }
      return jwt.getJWTClaimsSet().getStringClaim("uid");
    } catch (ParseException | JOSEException e) {
      return null;
    }
  }

  /** The public key set, as EDL publishes its own. */
  public String jwks() {
    return new JWKSet(key.toPublicJWK()).toString();
  }

  /** The key pair, for tests that sign tokens of their own with EDL's key. */
  public RSAKey key() {
    return key;
  }
}
