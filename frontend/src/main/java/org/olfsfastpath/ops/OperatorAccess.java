package org.olfsfastpath.ops;

import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.web.FrontEndSettings;

/**
 * Who may use the operator endpoints (cache invalidation, metrics): a request from a loopback
 * address that carries no proxy header ({@code Forwarded}, {@code X-Forwarded-For}), or one from
 * anywhere with {@code Authorization: Bearer <token>} when an admin token is configured. Immutable.
 */
final class OperatorAccess {
  private final byte @Nullable [] token;

  private OperatorAccess(byte @Nullable [] token) {
    this.token = token;
  }

  /** The rule with the admin token of {@code settings}, if it has one. */
  static OperatorAccess of(FrontEndSettings settings) {
    return of(settings.adminToken());
  }

  /** The rule with {@code token}, or loopback only when it is empty. */
  static OperatorAccess of(Optional<String> token) {
    return new OperatorAccess(token.map(t -> t.getBytes(StandardCharsets.UTF_8)).orElse(null));
  }

  /** Whether {@code req} may use an operator endpoint. */
  boolean allows(HttpServletRequest req) {
    String authorization = req.getHeader("Authorization");
    if (token != null && authorization != null && authorization.startsWith("Bearer ")) {
      byte[] offered =
          authorization.substring("Bearer ".length()).strip().getBytes(StandardCharsets.UTF_8);
      return MessageDigest.isEqual(token, offered);
    }
    // A proxy on this host would make every client look local: trust loopback only without one.
    if (req.getHeader("Forwarded") != null || req.getHeader("X-Forwarded-For") != null) {
      return false;
    }
    return isLoopback(req.getRemoteAddr());
  }

  private static boolean isLoopback(String address) {
    if (address == null || address.isEmpty() || !address.matches("[0-9a-fA-F:.]+")) {
      return false;
    }
    try {
      // A literal address: no name lookup happens.
      return InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
