package org.olfsfastpath.access;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An OpenID Connect issuer for the token tests: its discovery document and JWKS over HTTP on
 * 127.0.0.1, counting the JWKS fetches, and tokens signed by its key (or another).
 */
final class TestIssuer implements AutoCloseable {
  final RSAKey key = rsa("key-1");
  final HttpServer server;
  final AtomicInteger jwksFetches = new AtomicInteger();
  final AtomicInteger discoveryFetches = new AtomicInteger();

  TestIssuer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
    server.createContext(
        "/realms/test/.well-known/openid-configuration",
        x -> {
          discoveryFetches.incrementAndGet();
          String iss = issuer().toString();
          send(
              x,
              "{\"issuer\":\""
                  + iss
                  + "\",\"authorization_endpoint\":\""
                  + iss
                  + "/auth\",\"token_endpoint\":\""
                  + iss
                  + "/token\",\"jwks_uri\":\""
                  + iss
                  + "/certs\",\"end_session_endpoint\":\""
                  + iss
                  + "/logout\",\"response_types_supported\":[\"code\"],"
                  + "\"subject_types_supported\":[\"public\"],"
                  + "\"id_token_signing_alg_values_supported\":[\"RS256\"]}");
        });
    server.createContext(
        "/realms/test/certs",
        x -> {
          jwksFetches.incrementAndGet();
          send(x, new JWKSet(key.toPublicJWK()).toString());
        });
    server.start();
  }

  private static void send(com.sun.net.httpserver.HttpExchange x, String body) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().set("Content-Type", "application/json");
    x.sendResponseHeaders(200, b.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(b);
    }
    x.close();
  }

  URI issuer() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/realms/test");
  }

  static RSAKey rsa(String kid) {
    try {
      return new RSAKeyGenerator(2048)
          .keyID(kid)
          .keyUse(KeyUse.SIGNATURE)
          .algorithm(JWSAlgorithm.RS256)
          .generate();
    } catch (JOSEException e) {
      throw new AssertionError(e);
    }
  }

  /** Claims of a good access token for {@code user} in {@code groups}. */
  JWTClaimsSet.Builder claims(String user, List<String> groups) {
    Instant now = Instant.now();
    return new JWTClaimsSet.Builder()
        .issuer(issuer().toString())
        .audience("olfs-fastpath")
        .subject("sub-" + user)
        .claim("preferred_username", user)
        .claim("groups", groups)
        .issueTime(Date.from(now))
        .expirationTime(Date.from(now.plus(Duration.ofMinutes(5))));
  }

  String sign(JWTClaimsSet claims) {
    return sign(claims, key, key.getKeyID());
  }

  static String sign(JWTClaimsSet claims, RSAKey with, String kid) {
    SignedJWT jwt =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.RS256).type(JOSEObjectType.JWT).keyID(kid).build(),
            claims);
    try {
      jwt.sign(new RSASSASigner(with));
    } catch (JOSEException e) {
      throw new AssertionError(e);
    }
    return jwt.serialize();
  }

  private boolean closed;

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      server.stop(0);
    }
  }
}
