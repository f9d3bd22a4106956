package org.olfsfastpath.access;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Upstream's {@code <Memberships>}: groups of users, each user written as a uid (or a uid pattern)
 * with an auth context (or a pattern of them), and roles made of groups. A user's groups are those
 * of the Memberships they match plus the groups their provider's claims name (an OpenID Connect
 * {@code groups} claim), so that a role can be made of either; their roles are the roles holding
 * one of those groups. Immutable.
 *
 * @param groups each group id with the rules of its members, in file order
 * @param roles each role id with the group ids it holds, in file order
 */
public record Memberships(Map<String, List<Member>> groups, Map<String, Set<String>> roles) {
  /** Nobody is in any group, and no role holds one. */
  public static final Memberships NONE = new Memberships(Map.of(), Map.of());

  /**
   * One {@code <user>} of a group: both patterns must match whole. A literal {@code id} or {@code
   * authContext} is quoted, as upstream does.
   *
   * @param uid the uid pattern
   * @param authContext the auth context pattern
   */
  public record Member(Pattern uid, Pattern authContext) {
    public Member {
      Objects.requireNonNull(uid, "uid == null");
      Objects.requireNonNull(authContext, "authContext == null");
    }

    boolean matches(String uidValue, String authContextValue) {
      return uid.matcher(uidValue).matches() && authContext.matcher(authContextValue).matches();
    }
  }

  public Memberships {
    groups = Map.copyOf(groups);
    roles = Map.copyOf(roles);
  }

  /** The groups of {@code uid} from {@code authContext}: the Memberships' plus {@code claimed}. */
  Set<String> groupsOf(String uid, String authContext, Set<String> claimed) {
    Set<String> out = new LinkedHashSet<>(claimed);
    for (Map.Entry<String, List<Member>> group : groups.entrySet()) {
      for (Member member : group.getValue()) {
        if (member.matches(uid, authContext)) {
          out.add(group.getKey());
          break;
        }
      }
    }
    return out;
  }

  /** The roles that hold one of {@code userGroups}. */
  Set<String> rolesOf(Set<String> userGroups) {
    Set<String> out = new LinkedHashSet<>();
    for (Map.Entry<String, Set<String>> role : roles.entrySet()) {
      for (String group : role.getValue()) {
        if (userGroups.contains(group)) {
          out.add(role.getKey());
          break;
        }
      }
    }
    return out;
  }
}
