package org.olfsfastpath.access;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.BadJWSException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.jwt.proc.JWTClaimsSetVerifier;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.TokenRejectedException.Reason;

/**
 * Checks a signed JWT with Nimbus: the algorithm one of the expected asymmetric ones (so {@code
 * none} and HMAC with a public key never pass), the signature by a key the selector finds (never
 * one named by the token's own {@code jku}, {@code x5u} or {@code jwk}), then the claims: the
 * issuer exactly, the audience when the provider has one, the times with a minute of skew, and the
 * required claims present. Each refusal has its {@link Reason}. Thread-safe.
 */
final class JwtChecker {
  /** Tokens longer than this are refused before parsing: no provider issues them. */
  static final int MAX_TOKEN = 8192;

  static final long SKEW_SECONDS = 60;

  private final Set<JWSAlgorithm> algorithms;
  private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
  private final String provider;

  /**
   * @param provider the provider's auth context, for messages
   * @param keys finds the keys a token's header names
   * @param algorithms the algorithms accepted
   * @param issuer the exact {@code iss}
   * @param audience what {@code aud} must hold, or null for none (EDL has no {@code aud})
   * @param required the claims that must be present
   * @param clock the clock the times are checked against
   */
  JwtChecker(
      String provider,
      JWSKeySelector<SecurityContext> keys,
      Set<JWSAlgorithm> algorithms,
      String issuer,
      @Nullable String audience,
      Set<String> required,
      Clock clock) {
    this.provider = provider;
    this.algorithms = Set.copyOf(algorithms);
    processor.setJWSTypeVerifier(
        new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt")));
    processor.setJWSKeySelector(keys);
    processor.setJWTClaimsSetVerifier(new Claims(issuer, audience, required, clock));
  }

  /**
   * The claims of {@code token} once it is proven.
   *
   * @throws TokenRejectedException if it is not
   * @throws KeysUnavailableException if the provider's keys could not be fetched
   */
  JWTClaimsSet check(String token) throws TokenRejectedException, KeysUnavailableException {
    if (token.length() > MAX_TOKEN) {
      throw new TokenRejectedException(Reason.MALFORMED, "too long");
    }
    JWT jwt;
    try {
      jwt = JWTParser.parse(token);
    } catch (ParseException e) {
      throw new TokenRejectedException(Reason.MALFORMED, "not a JWT");
    }
    if (!(jwt instanceof SignedJWT signed)) {
      throw new TokenRejectedException(Reason.ALG, "not a signed JWT");
    }
    if (!algorithms.contains(signed.getHeader().getAlgorithm())) {
      throw new TokenRejectedException(Reason.ALG, "algorithm not accepted");
    }
    JOSEObjectType type = signed.getHeader().getType();
    if (type == null
        || !(type.equals(JOSEObjectType.JWT) || type.getType().equalsIgnoreCase("at+jwt"))) {
      throw new TokenRejectedException(Reason.MALFORMED, "typ is not JWT");
    }
    try {
      return processor.process(signed, null);
    } catch (Rejected e) {
      throw new TokenRejectedException(e.reason, String.valueOf(e.getMessage()));
    } catch (BadJWSException e) {
      throw new TokenRejectedException(Reason.BAD_SIGNATURE, "invalid signature");
    } catch (BadJWTException e) {
      throw new TokenRejectedException(Reason.MALFORMED, "claims refused");
    } catch (BadJOSEException e) {
      // No key of the provider's set has the token's key id (after at most one refetch).
      throw new TokenRejectedException(Reason.UNKNOWN_KEY, "no key with the token's key id");
    } catch (RateLimitReachedException e) {
      // The set was fetched moments ago and does not hold the key: refetching again is refused.
      throw new TokenRejectedException(Reason.UNKNOWN_KEY, "no key with the token's key id");
    } catch (KeySourceException e) {
      throw new KeysUnavailableException(
          provider + ": the provider's keys could not be fetched", e);
    } catch (JOSEException e) {
      throw new TokenRejectedException(Reason.BAD_SIGNATURE, "signature not checked");
    }
  }

  /** A claims refusal with its reason, thrown from inside the processor. */
  private static final class Rejected extends BadJWTException {
    private static final long serialVersionUID = 1L;
    private final transient Reason reason;

    Rejected(Reason reason, String message) {
      super(message);
      this.reason = reason;
    }
  }

  /** The claims checks, each refusal with its own reason, then Nimbus' own as a backstop. */
  private static final class Claims implements JWTClaimsSetVerifier<SecurityContext> {
    private final String issuer;
    private final @Nullable String audience;
    private final Set<String> required;
    private final Clock clock;
    private final DefaultJWTClaimsVerifier<SecurityContext> backstop;

    Claims(String issuer, @Nullable String audience, Set<String> required, Clock clock) {
      this.issuer = issuer;
      this.audience = audience;
      this.required = Set.copyOf(required);
      this.clock = clock;
      this.backstop =
          new DefaultJWTClaimsVerifier<>(
              audience == null ? null : Set.of(audience),
              new JWTClaimsSet.Builder().issuer(issuer).build(),
              required,
              null) {
            @Override
            protected Date currentTime() {
              return Date.from(clock.instant());
            }
          };
      backstop.setMaxClockSkew((int) SKEW_SECONDS);
    }

    @Override
    public void verify(JWTClaimsSet c, @Nullable SecurityContext context) throws BadJWTException {
      for (String name : required) {
        if (c.getClaim(name) == null) {
          throw new Rejected(Reason.MALFORMED, "claim " + name + " missing");
        }
      }
      if (!issuer.equals(c.getIssuer())) {
        throw new Rejected(Reason.BAD_ISSUER, "another issuer");
      }
      List<String> aud = c.getAudience();
      if (audience != null && (aud == null || !aud.contains(audience))) {
        throw new Rejected(Reason.BAD_AUDIENCE, "another audience");
      }
      Instant now = clock.instant();
      Date exp = c.getExpirationTime();
      if (exp != null && now.isAfter(exp.toInstant().plusSeconds(SKEW_SECONDS))) {
        throw new Rejected(Reason.EXPIRED, "expired");
      }
      Date nbf = c.getNotBeforeTime();
      if (nbf != null && now.plusSeconds(SKEW_SECONDS).isBefore(nbf.toInstant())) {
        throw new Rejected(Reason.NOT_YET_VALID, "not valid yet");
      }
      Date iat = c.getIssueTime();
      if (iat != null && now.plusSeconds(SKEW_SECONDS).isBefore(iat.toInstant())) {
        throw new Rejected(Reason.NOT_YET_VALID, "issued in the future");
      }
      backstop.verify(c, context);
    }
  }
}
