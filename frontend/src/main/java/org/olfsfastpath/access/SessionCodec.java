package org.olfsfastpath.access;

import com.nimbusds.jose.EncryptionMethod;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWEAlgorithm;
import com.nimbusds.jose.JWEHeader;
import com.nimbusds.jose.crypto.DirectEncrypter;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWEDecryptionKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.jwt.proc.ExpiredJWTException;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The session and login cookies: claims sealed as a JWE with the session key directly ({@code dir})
 * and AES-256-GCM, authenticated encryption, so a cookie can neither be read nor changed without
 * the key, and any front end holding the key opens any other's. Each kind has its own audience
 * ({@code <context path> session}, {@code <context path> login}), so a login cookie is never taken
 * for a session. A signed or unsecured JWT offered as a cookie is refused, since only decryption is
 * configured. Thread-safe.
 */
public final class SessionCodec {
  /** The session cookie's name. */
  public static final String SESSION_COOKIE = "olfs_session";

  /** The login cookie's name (a login under way). */
  public static final String LOGIN_COOKIE = "olfs_login";

  /** How long a login may take at the provider. */
  public static final Duration LOGIN_LIFE = Duration.ofMinutes(10);

  /** Browsers keep cookies up to 4096 bytes with their name and attributes. */
  static final int MAX_COOKIE = 3800;

  private static final String ISSUER = "olfs-fastpath";
  private static final long SKEW_SECONDS = 30;

  private final SessionKeys keys;
  private final String sessionAudience;
  private final String loginAudience;
  private final DefaultJWTProcessor<SecurityContext> sessions;
  private final DefaultJWTProcessor<SecurityContext> logins;

  /** Why a cookie was refused. */
  public static final class RejectedException extends Exception {
    private static final long serialVersionUID = 1L;
    private final boolean expired;

    RejectedException(String message, boolean expired) {
      super(message);
      this.expired = expired;
    }

    /** Whether it was sound but too old. */
    public boolean expired() {
      return expired;
    }
  }

  public SessionCodec(SessionKeys keys, String contextPath) {
    this.keys = keys;
    this.sessionAudience = contextPath + " session";
    this.loginAudience = contextPath + " login";
    this.sessions = processor(sessionAudience, Set.of("sub", "exp", "iat", "idp"));
    this.logins = processor(loginAudience, Set.of("exp", "iat", "state", "ret", "idp"));
  }

  private DefaultJWTProcessor<SecurityContext> processor(String audience, Set<String> required) {
    DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
    p.setJWEKeySelector(
        new JWEDecryptionKeySelector<>(
            JWEAlgorithm.DIR,
            EncryptionMethod.A256GCM,
            new ImmutableJWKSet<>(new JWKSet(List.copyOf(keys.keys())))));
    DefaultJWTClaimsVerifier<SecurityContext> v =
        new DefaultJWTClaimsVerifier<>(
            Set.of(audience), new JWTClaimsSet.Builder().issuer(ISSUER).build(), required, null);
    v.setMaxClockSkew((int) SKEW_SECONDS);
    p.setJWTClaimsSetVerifier(v);
    return p;
  }

  /**
   * The session cookie's value for {@code user}, valid until {@code user.expires()}. The EDL token
   * is left out if the cookie would be too large for a browser (the BES is then sent none).
   */
  public String sealSession(Principal user, Instant now) {
    JWTClaimsSet.Builder claims =
        new JWTClaimsSet.Builder()
            .issuer(ISSUER)
            .audience(sessionAudience)
            .subject(user.uid())
            .claim("idp", user.authContext())
            .claim("grp", List.copyOf(user.groups()))
            .issueTime(Date.from(now))
            .expirationTime(Date.from(user.expires()));
    String withToken =
        seal(claims.claim("edl", user.edlToken()).claim("edl_cid", user.edlClientId()).build());
    if (withToken.length() <= MAX_COOKIE || user.edlToken() == null) {
      return withToken;
    }
    return seal(claims.claim("edl", null).claim("edl_cid", null).build());
  }

  /**
   * The user of a session cookie: groups as the provider named them, no roles yet.
   *
   * @throws RejectedException if it is not a session cookie of ours, or has expired
   */
  public Principal openSession(String value) throws RejectedException {
    JWTClaimsSet c = open(sessions, value);
    try {
      List<String> groups = c.getStringListClaim("grp");
      Date exp = c.getExpirationTime();
      return new Principal(
          c.getSubject(),
          c.getStringClaim("idp"),
          groups == null ? Set.of() : new LinkedHashSet<>(groups),
          Set.of(),
          c.getStringClaim("edl"),
          c.getStringClaim("edl_cid"),
          exp.toInstant());
    } catch (ParseException | RuntimeException e) {
      throw new RejectedException("malformed session claims", false);
    }
  }

  /** The login cookie's value for {@code login}. */
  public String sealLogin(LoginTransaction login) {
    return seal(
        new JWTClaimsSet.Builder()
            .issuer(ISSUER)
            .audience(loginAudience)
            .claim("state", login.state())
            .claim("nonce", login.nonce())
            .claim("pkce", login.codeVerifier())
            .claim("ret", login.returnPath())
            .claim("idp", login.authContext())
            .issueTime(Date.from(login.started()))
            .expirationTime(Date.from(login.started().plus(LOGIN_LIFE)))
            .build());
  }

  /**
   * The login under way a login cookie holds.
   *
   * @throws RejectedException if it is not a login cookie of ours, or has expired
   */
  public LoginTransaction openLogin(String value) throws RejectedException {
    JWTClaimsSet c = open(logins, value);
    try {
      return new LoginTransaction(
          c.getStringClaim("state"),
          c.getStringClaim("nonce"),
          c.getStringClaim("pkce"),
          c.getStringClaim("ret"),
          c.getStringClaim("idp"),
          c.getIssueTime().toInstant());
    } catch (ParseException | RuntimeException e) {
      throw new RejectedException("malformed login claims", false);
    }
  }

  private String seal(JWTClaimsSet claims) {
    OctetSequenceKey key = keys.keys().get(0);
    EncryptedJWT jwe =
        new EncryptedJWT(
            new JWEHeader.Builder(JWEAlgorithm.DIR, EncryptionMethod.A256GCM)
                .keyID(key.getKeyID())
                .build(),
            claims);
    try {
      jwe.encrypt(new DirectEncrypter(key.toSecretKey("AES")));
    } catch (JOSEException e) {
      throw new IllegalStateException("the session key cannot seal: " + e.getMessage(), e);
    }
    return jwe.serialize();
  }

  private static JWTClaimsSet open(DefaultJWTProcessor<SecurityContext> p, String value)
      throws RejectedException {
    if (value.length() > 2 * MAX_COOKIE) {
      throw new RejectedException("too long", false);
    }
    try {
      return p.process(value, null);
    } catch (ExpiredJWTException e) {
      throw new RejectedException("expired", true);
    } catch (ParseException | BadJOSEException | JOSEException | RuntimeException e) {
      // The message says what failed (a tag mismatch, another audience) and holds no value.
      throw new RejectedException(
          e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()), false);
    }
  }

  /** The ids of the keys that open cookies, for the start log. */
  public List<String> keyIds() {
    return new ArrayList<>(keys.ids());
  }
}
