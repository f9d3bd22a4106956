package org.olfsfastpath.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.access.AccessStats;

/**
 * The login and access rules' meters: function counters read from {@link Access#stats()} at each
 * scrape, each series named by provider and a fixed word (a result, a reason), never by a user, so
 * their number is bounded by the configuration.
 */
final class AccessMetrics {
  private AccessMetrics() {}

  /** Registers the meters of {@code access} in {@code registry}. */
  static void bind(MeterRegistry registry, Access access) {
    List<String> idps = access.providers().stream().map(Access.LoginLink::authContext).toList();
    for (String idp : idps) {
      for (String result : LOGIN_RESULTS) {
        access(access, "olfs.logins", "Logins by provider and result", s -> s.logins(), idp, result)
            .tag("idp", idp)
            .tag("result", result)
            .register(registry);
      }
      for (String result : TOKEN_RESULTS) {
        access(
                access,
                "olfs.token.checks",
                "Bearer token checks",
                s -> s.tokenChecks(),
                idp,
                result)
            .tag("idp", idp)
            .tag("result", result)
            .register(registry);
      }
      for (String result : List.of("ok", "failed")) {
        access(
                access,
                "olfs.key.fetches",
                "Fetches of a provider's JWKS",
                s -> s.keyFetches(),
                idp,
                result)
            .tag("idp", idp)
            .tag("result", result)
            .register(registry);
      }
      FunctionCounter.builder(
              "olfs.provider.calls",
              access,
              a ->
                  a.stats().providerCalls().entrySet().stream()
                      .filter(e -> e.getKey().startsWith(idp + "/"))
                      .mapToLong(Map.Entry::getValue)
                      .sum())
          .description("Calls made to a login provider (discovery, JWKS, token, profile)")
          .tag("idp", idp)
          .register(registry);
    }
    for (String reason : REFUSALS) {
      FunctionCounter.builder(
              "olfs.access.refusals", access, a -> a.stats().refusals().getOrDefault(reason, 0L))
          .description("Requests refused by the access rules, by reason")
          .tag("reason", reason)
          .register(registry);
    }
    for (String what : List.of("issued", "rejected")) {
      FunctionCounter.builder(
              "olfs.session.cookies",
              access,
              a -> a.stats().sessionCookies().getOrDefault(what, 0L))
          .description("Session cookies issued, and refused (tampered, expired, unknown key)")
          .tag("what", what)
          .register(registry);
    }
  }

  private static final List<String> LOGIN_RESULTS =
      List.of("ok", "no_login", "bad_state", "denied", "unreachable", "timeout", "bad_answer");

  private static final List<String> TOKEN_RESULTS =
      List.of(
          "ok",
          "cached",
          "expired",
          "not_yet_valid",
          "bad_signature",
          "unknown_key",
          "bad_issuer",
          "bad_audience",
          "malformed",
          "alg",
          "bad_client",
          "keys_unavailable");

  private static final List<String> REFUSALS =
      List.of(
          "login_required",
          "forbidden",
          "invalid_token",
          "unsupported_scheme",
          "session_invalid",
          "keys_unavailable");

  private static FunctionCounter.Builder<Access> access(
      Access access,
      String name,
      String description,
      Function<AccessStats.Snapshot, Map<String, Long>> family,
      String idp,
      String result) {
    String key = idp + "/" + result;
    return FunctionCounter.builder(name, access, a -> family.apply(a.stats()).getOrDefault(key, 0L))
        .description(description);
  }
}
