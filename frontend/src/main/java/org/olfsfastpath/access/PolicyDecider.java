package org.olfsfastpath.access;

import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Upstream's {@code SimplePDP}: an allow-list of {@link Policy} rules, the first that matches any
 * role of the user allows, and nothing else is allowed. A user with no role, and every anonymous
 * request, is judged as the role {@code ""}, so {@code <role>.*</role>} grants everyone. Immutable
 * and thread-safe.
 */
final class PolicyDecider {
  private static final Set<String> NO_ROLE = Set.of("");

  private final List<Policy> policies;

  PolicyDecider(List<Policy> policies) {
    this.policies = List.copyOf(policies);
  }

  /**
   * Whether {@code user} (null: anonymous) may send {@code method} for {@code resourceId} with
   * {@code query}.
   *
   * @param resourceId the canonical path with the context path, e.g. {@code /opendap/data/x.nc.dap}
   * @param query the raw query string, {@code ""} when there is none
   */
  boolean allows(@Nullable Principal user, String method, String resourceId, String query) {
    Set<String> roles = user == null || user.roles().isEmpty() ? NO_ROLE : user.roles();
    for (String role : roles) {
      for (Policy policy : policies) {
        if (policy.allows(role, method, resourceId, query)) {
          return true;
        }
      }
    }
    return false;
  }

  int size() {
    return policies.size();
  }
}
