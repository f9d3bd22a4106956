package org.olfsfastpath.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Upstream's PDP semantics, and the answer each kind of refusal gets. */
final class DecisionTest {
  @TempDir Path dir;

  private static final String EDL =
      Fixtures.edl(
          "https://urs.earthdata.nasa.gov", "https://urs.earthdata.nasa.gov/jwks", "YTpi", true);

  private Access access(String providers, Map<String, String> options) throws Exception {
    return Fixtures.access(dir, Fixtures.rules(providers), AccessOptions.from(options));
  }

  private static Authentication user(Access a, String uid, String context, String... groups) {
    Principal p = new Principal(uid, context, Set.of(groups), Set.of(), null, null, Instant.MAX);
    // As the authenticator does: the rules' roles for the user.
    Memberships m = a.config().memberships();
    return new Authentication.Authenticated(
        p.withRoles(m.rolesOf(m.groupsOf(uid, context, p.groups()))), false);
  }

  @Test
  void anonymous_isSentToLogIn_forGetAndHead_only() throws Exception {
    Access a = access(EDL, Map.of());
    Authentication anon = new Authentication.Anonymous(false);
    assertEquals(
        "/login/urs",
        assertInstanceOf(
                Decision.LoginRequired.class,
                a.decide(anon, "GET", "/opendap/restricted/x.nc.dap", null))
            .loginPath());
    assertInstanceOf(
        Decision.LoginRequired.class, a.decide(anon, "HEAD", "/opendap/restricted/x.nc", ""));
    Decision post = a.decide(anon, "POST", "/opendap/restricted/x.nc.dap", "");
    assertEquals(
        "Bearer realm=\"/opendap\"",
        assertInstanceOf(Decision.Unauthorized.class, post).challenge());
    Decision.Allow open =
        assertInstanceOf(Decision.Allow.class, a.decide(anon, "GET", "/opendap/data/x.nc.dap", ""));
    assertFalse(open.restricted());
  }

  @Test
  void bearerOnly_or_noDefaultProvider_is401() throws Exception {
    Authentication anon = new Authentication.Anonymous(false);
    assertInstanceOf(
        Decision.Unauthorized.class,
        access(EDL, Map.of("anonymous", "401")).decide(anon, "GET", "/opendap/restricted/x", ""));
    assertInstanceOf(
        Decision.Unauthorized.class,
        access(EDL.replace("<isDefault/>", ""), Map.of())
            .decide(anon, "GET", "/opendap/restricted/x", ""));
  }

  @Test
  void memberships_byUidAndAuthContext_andGroupsFromClaims() throws Exception {
    Access a = access(EDL, Map.of());
    String r = "/opendap/restricted/x.nc.dap";
    assertInstanceOf(Decision.Allow.class, a.decide(user(a, "alice", "urs"), "GET", r, ""));
    assertInstanceOf(
        Decision.Forbidden.class,
        a.decide(user(a, "alice", "keycloak"), "GET", r, ""),
        "the same uid from another provider is another user");
    assertInstanceOf(Decision.Forbidden.class, a.decide(user(a, "bob", "urs"), "GET", r, ""));
    assertInstanceOf(
        Decision.Allow.class,
        a.decide(user(a, "bob", "keycloak", "restricted-readers"), "GET", r, ""));
    assertInstanceOf(
        Decision.Forbidden.class,
        a.decide(user(a, "alice", "urs"), "PROPFIND", r, ""),
        "a method outside upstream's enum never matches");
    assertInstanceOf(Decision.Forbidden.class, a.decide(user(a, "alice", "urs"), "DELETE", r, ""));
  }

  @Test
  void policies_matchWhole_firstMatchAllows_andTheEmptyRoleIsAnyoneWithout() {
    Policy anyone =
        new Policy(
            Pattern.compile(".*"), Pattern.compile("^/opendap/open/.*$"),
            Pattern.compile("^.*$"), Set.of("GET"));
    Policy queryBound =
        new Policy(
            Pattern.compile("readers"), Pattern.compile("/opendap/q/x"),
            Pattern.compile("a=1"), Set.of("GET"));
    PolicyDecider d = new PolicyDecider(java.util.List.of(anyone, queryBound));
    assertTrue(d.allows(null, "GET", "/opendap/open/x", ""));
    assertFalse(d.allows(null, "GET", "/opendap/open", ""), "whole match");
    assertFalse(d.allows(null, "GET", "x/opendap/open/x", ""));
    Principal reader =
        new Principal("r", "urs", Set.of(), Set.of("readers"), null, null, Instant.MAX);
    assertTrue(d.allows(reader, "GET", "/opendap/q/x", "a=1"));
    assertFalse(d.allows(reader, "GET", "/opendap/q/x", "a=1&b=2"));
    assertFalse(d.allows(reader, "GET", "/opendap/q/x/", "a=1"));
    PolicyDecider emptyRole =
        new PolicyDecider(
            java.util.List.of(
                new Policy(
                    Pattern.compile(""),
                    Pattern.compile(".*"),
                    Pattern.compile(".*"),
                    Set.of("GET"))));
    assertTrue(emptyRole.allows(null, "GET", "/x", ""), "anonymous has the role \"\"");
    assertFalse(emptyRole.allows(reader, "GET", "/x", ""), "a user with roles does not");
  }

  @Test
  void everyoneMustHaveId() throws Exception {
    Access a =
        Fixtures.access(
            dir,
            Fixtures.rules(EDL).replace("<MaxSessionLife", "<EveryOneMustHaveId/><MaxSessionLife"),
            AccessOptions.defaults());
    assertInstanceOf(
        Decision.LoginRequired.class,
        a.decide(new Authentication.Anonymous(false), "GET", "/opendap/data/x", ""));
    Decision.Allow allow =
        assertInstanceOf(
            Decision.Allow.class, a.decide(user(a, "bob", "urs"), "GET", "/opendap/data/x", ""));
    assertTrue(allow.restricted(), "nothing is public");
  }

  @Test
  void unsupportedScheme_isForbidden_whenTheProviderRejectsThem() throws Exception {
    Access a =
        access(
            EDL.replace("<isDefault/>", "<isDefault/><RejectUnsupportedAuthzSchemes/>"), Map.of());
    Authentication basic = a.authenticate(new Credentials("Basic c2VjcmV0OnZhbHVl", null, null));
    assertEquals("basic", assertInstanceOf(Authentication.UnsupportedScheme.class, basic).scheme());
    Decision.Forbidden f =
        assertInstanceOf(Decision.Forbidden.class, a.decide(basic, "GET", "/opendap/data/x", ""));
    assertFalse(f.message().contains("c2VjcmV0"));
  }

  @Test
  void aRefusedSessionCookie_isAnonymous_andCleared() throws Exception {
    Access a = access(EDL, Map.of());
    Authentication bad = a.authenticate(new Credentials(null, "eyJhbGciOiJkaXIifQ.x.y.z.w", null));
    assertTrue(assertInstanceOf(Authentication.Anonymous.class, bad).clearSession());
    assertEquals(1L, a.stats().refusals().get("session_invalid"));
  }
}
