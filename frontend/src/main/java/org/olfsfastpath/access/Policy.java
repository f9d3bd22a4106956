package org.olfsfastpath.access;

import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One of upstream's {@code RegexPolicy} rules: it allows a request when a role of the user, the
 * resource and the query each match their pattern whole and the method is one of the allowed
 * actions. Upstream matched the resource against the raw request URI; here it is matched against
 * the canonical one (the context path, the decoded catalog path, the suffix), so that {@code %69}
 * for {@code i} or a {@code ..} cannot step around a rule written for upstream. Immutable.
 *
 * @param role the pattern a role must match whole ({@code ""} is the role of anyone with none,
 *     anonymous users included, as upstream)
 * @param resource the pattern the canonical path must match whole, e.g. {@code
 *     ^/opendap/restricted/.*$}
 * @param query the pattern the raw query string ({@code ""} when none) must match whole
 * @param methods the allowed HTTP methods, from upstream's enum {@link #METHODS}
 */
public record Policy(Pattern role, Pattern resource, Pattern query, Set<String> methods) {
  /** The methods upstream's {@code allowedAction} accepts; any other never matches. */
  public static final Set<String> METHODS =
      Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

  /** Upstream's default query pattern: anything. */
  static final String ANY_QUERY = "^.*$";

  public Policy {
    Objects.requireNonNull(role, "role == null");
    Objects.requireNonNull(resource, "resource == null");
    Objects.requireNonNull(query, "query == null");
    methods = Set.copyOf(methods);
  }

  /** Whether this rule allows {@code roleName} the request. */
  boolean allows(String roleName, String method, String resourceId, String queryString) {
    return methods.contains(method)
        && role.matcher(roleName).matches()
        && resource.matcher(resourceId).matches()
        && query.matcher(queryString).matches();
  }

  @Override
  public String toString() {
    return "Policy[role="
        + role.pattern()
        + ", resource="
        + resource.pattern()
        + ", query="
        + query.pattern()
        + ", methods="
        + methods
        + "]";
  }
}
