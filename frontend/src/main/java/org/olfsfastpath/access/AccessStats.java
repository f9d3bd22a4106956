package org.olfsfastpath.access;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The login and access counters, each by its labels: logins by provider and result, token checks by
 * provider and result ({@code ok}, {@code cached}, or a {@link TokenRejectedException.Reason}),
 * refusals by reason, key fetches by provider and result, session cookies issued and rejected, and
 * every call made to a provider. The labels are fixed words and auth contexts, never a user or a
 * token. One per web application; thread-safe.
 */
public final class AccessStats {
  private final Map<String, LongAdder> logins = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> tokenChecks = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> refusals = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> keyFetches = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> sessionCookies = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> providerCalls = new ConcurrentHashMap<>();

  /**
   * The counters at one moment, each map keyed by its labels joined with {@code /} (e.g. {@code
   * urs/ok}), in label order.
   *
   * @param logins logins by {@code idp/result}
   * @param tokenChecks bearer token checks by {@code idp/result}
   * @param refusals refused requests by reason ({@code login_required}, {@code forbidden}, {@code
   *     invalid_token}, {@code unsupported_scheme}, {@code session_invalid}, {@code
   *     keys_unavailable})
   * @param keyFetches JWKS fetches by {@code idp/result}
   * @param sessionCookies session cookies {@code issued} and {@code rejected}
   * @param providerCalls calls to a provider by {@code idp/endpoint}
   */
  public record Snapshot(
      Map<String, Long> logins,
      Map<String, Long> tokenChecks,
      Map<String, Long> refusals,
      Map<String, Long> keyFetches,
      Map<String, Long> sessionCookies,
      Map<String, Long> providerCalls) {
    public Snapshot {
      logins = java.util.Collections.unmodifiableMap(new TreeMap<>(logins));
      tokenChecks = java.util.Collections.unmodifiableMap(new TreeMap<>(tokenChecks));
      refusals = java.util.Collections.unmodifiableMap(new TreeMap<>(refusals));
      keyFetches = java.util.Collections.unmodifiableMap(new TreeMap<>(keyFetches));
      sessionCookies = java.util.Collections.unmodifiableMap(new TreeMap<>(sessionCookies));
      providerCalls = java.util.Collections.unmodifiableMap(new TreeMap<>(providerCalls));
    }

    /** All calls made to providers. */
    public long totalProviderCalls() {
      return providerCalls.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  public void login(String idp, String result) {
    add(logins, idp + "/" + result);
  }

  public void tokenCheck(String idp, String result) {
    add(tokenChecks, idp + "/" + result);
  }

  public void refusal(String reason) {
    add(refusals, reason);
  }

  public void keyFetch(String idp, String result) {
    add(keyFetches, idp + "/" + result);
  }

  public void sessionCookie(String what) {
    add(sessionCookies, what);
  }

  public void providerCall(String idp, String endpoint) {
    add(providerCalls, idp + "/" + endpoint);
  }

  private static void add(Map<String, LongAdder> map, String key) {
    map.computeIfAbsent(key, k -> new LongAdder()).increment();
  }

  public Snapshot snapshot() {
    return new Snapshot(
        sum(logins),
        sum(tokenChecks),
        sum(refusals),
        sum(keyFetches),
        sum(sessionCookies),
        sum(providerCalls));
  }

  private static Map<String, Long> sum(Map<String, LongAdder> map) {
    Map<String, Long> out = new TreeMap<>();
    map.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }
}
