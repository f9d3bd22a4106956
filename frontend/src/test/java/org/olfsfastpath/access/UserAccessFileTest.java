package org.olfsfastpath.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** user-access.xml read with upstream's meaning, and what stops the start. */
final class UserAccessFileTest {
  @TempDir Path dir;

  /**
   * Upstream's sample file (resources/hyrax/WEB-INF/conf/user-access.xml at 4f0e804c), abridged.
   */
  private static final String UPSTREAM_SAMPLE =
      "<UserAuthenticationAndAccess>\n"
          + "  <EnableAuthenticationControls><LoginBanner>Welcome To Hyrax!</LoginBanner>"
          + "</EnableAuthenticationControls>\n"
          + "  <MaxSessionLife units=\"days\">7</MaxSessionLife>\n"
          + "  <ShowUserInfoOnProfilePage />\n"
          + "  <UseReturnToUrlPostLogout />\n"
          + "  <IdProvider class=\"opendap.auth.UrsIdP\">\n"
          + "    <authContext>urs</authContext><isDefault />\n"
          + "    <UrsClientId>EDL_CLIENT_ID</UrsClientId>\n"
          + "    <UrsClientAuthCode>EDL_CLIENT_AUTH_CODE</UrsClientAuthCode>\n"
          + "    <UrsClientPublicKeys>EDL_CLIENT_PUBLIC_KEYS</UrsClientPublicKeys>\n"
          + "    <UrsUrl>EDL_SSO_ENDPOINT_URL</UrsUrl>\n"
          + "  </IdProvider>\n"
          + "  <PolicyDecisionPoint class=\"opendap.auth.SimplePDP\">\n"
          + "    <Policy class=\"opendap.auth.RegexPolicy\"><role>.*</role>"
          + "<resource>^.*((\\/docs\\/.*)|(\\/))$</resource><queryString>.*$</queryString>"
          + "<allowedAction>HEAD</allowedAction><allowedAction>GET</allowedAction></Policy>\n"
          + "    <Memberships><group id=\"urs_users\"><user idPattern=\"^(?!\\s*$).+\""
          + " authContext=\"urs\" /></group><role id=\"users\"><group id=\"urs_users\" /></role>"
          + "</Memberships>\n"
          + "  </PolicyDecisionPoint>\n"
          + "</UserAuthenticationAndAccess>\n";

  @Test
  void upstreamsSample_isRefused_forItsPlaceholders() {
    AccessConfigException e =
        assertThrows(AccessConfigException.class, () -> Fixtures.config(dir, UPSTREAM_SAMPLE));
    assertTrue(e.getMessage().contains("placeholder"), e.getMessage());
  }

  @Test
  void olfsXmlsLoginPaths_applyWhereEnableAuthenticationControlsNamesNone() throws IOException {
    String rules =
        "<PolicyDecisionPoint class=\"opendap.auth.SimplePDP\"><Memberships/>"
            + "</PolicyDecisionPoint></UserAuthenticationAndAccess>";
    Path file = dir.resolve("user-access.xml");
    java.nio.file.Files.writeString(file, "<UserAuthenticationAndAccess>" + rules);
    AccessConfig fromOlfsXml = UserAccessFile.read(file, "/signin", "/signout");
    assertEquals("/signin", fromOlfsXml.loginPath());
    assertEquals("/signout", fromOlfsXml.logoutPath());
    java.nio.file.Files.writeString(
        file,
        "<UserAuthenticationAndAccess><EnableAuthenticationControls><login>/enter</login>"
            + "</EnableAuthenticationControls>"
            + rules);
    AccessConfig both = UserAccessFile.read(file, "/signin", "/signout");
    assertEquals("/enter", both.loginPath(), "user-access.xml's own, as upstream since 2018");
    assertEquals("/signout", both.logoutPath());
    for (String bad : java.util.List.of("..", "a/../b", "log in", "/x/.")) {
      assertThrows(IllegalArgumentException.class, () -> AccessOptions.path(bad), bad);
    }
    assertEquals("/signin", AccessOptions.path("signin"));
  }

  @Test
  void upstreamsSample_withRealValues_reads_asUpstreamMeansIt() throws IOException {
    String xml =
        UPSTREAM_SAMPLE
            .replace("EDL_CLIENT_ID", "app")
            .replace("EDL_CLIENT_AUTH_CODE", "YXBwOnB3")
            .replace("EDL_CLIENT_PUBLIC_KEYS", "{\"keys\":[]}")
            .replace("EDL_SSO_ENDPOINT_URL", "https://urs.earthdata.nasa.gov");
    AccessConfig c = Fixtures.config(dir, xml);
    assertEquals("Welcome To Hyrax!", c.loginBanner());
    assertEquals("/login", c.loginPath());
    assertEquals(Duration.ofDays(7), c.maxSessionLife());
    ProviderConfig.Edl edl = (ProviderConfig.Edl) c.providers().get(0);
    assertEquals("urs", edl.authContext());
    assertTrue(edl.isDefault());
    assertEquals(
        "https://urs.earthdata.nasa.gov/.well-known/edl_ops_jwks.json",
        String.valueOf(edl.jwksUrl()));
    assertEquals("{\"keys\":[]}", edl.publicKeys());
    assertFalse(edl.toString().contains("YXBwOnB3"), "the auth code is never shown");
    assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("IdProvider/UrsClientPublicKeys")));
    assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("Policy/queryString")));
    assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("ShowUserInfoOnProfilePage")));
    assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("UseReturnToUrlPostLogout")));
    assertEquals(1, c.policies().size());
    assertEquals(".*$", c.policies().get(0).query().pattern());
  }

  @Test
  void upstreamsDefaults_whenTheFileSaysNothing() throws IOException {
    AccessConfig c = Fixtures.config(dir, Fixtures.rules(""));
    assertEquals("/login", c.loginPath());
    assertEquals("/logout", c.logoutPath());
    assertEquals("Welcome To The Burrow!", c.loginBanner());
    assertEquals(Duration.ofHours(2), c.maxSessionLife());
    assertEquals("^.*$", c.policies().get(0).query().pattern());
  }

  @Test
  void maxSessionLife_unitsByPrefix_asUpstream() throws IOException {
    for (String[] u :
        new String[][] {
          {"milliseconds", "PT0.005S"},
          {"seconds", "PT5S"},
          {"minutes", "PT5M"},
          {"hrs", "PT5H"},
          {"days", "PT120H"},
          {"weeks", "PT840H"},
          {"fortnights", "PT5S"}
        }) {
      AccessConfig c =
          Fixtures.config(
              dir,
              Fixtures.rules("")
                  .replace(
                      "<MaxSessionLife units=\"hours\">2</MaxSessionLife>",
                      "<MaxSessionLife units=\"" + u[0] + "\">5</MaxSessionLife>"));
      assertEquals(Duration.parse(u[1]), c.maxSessionLife(), u[0]);
    }
  }

  @Test
  void whatStopsTheStart() {
    String good = Fixtures.rules("");
    String[][] bad = {
      {
        "<Policy class=\"opendap.auth.RegexPolicy\">\n    <role>.*</role>",
        "<Policy class=\"opendap.auth.RegexPolicy\">\n    <role>(</role>"
      },
      {
        "<allowedAction>GET</allowedAction><allowedAction>HEAD",
        "<allowedAction>PROPFIND</allowedAction><allowedAction>HEAD"
      },
      {"opendap.auth.SimplePDP", "opendap.auth.RemotePDP"},
      {"<Memberships>", "<Unused>"},
      {"</Memberships>", "</Unused>"},
      {"<user id=\"alice\" authContext=\"urs\"/>", "<user id=\"alice\"/>"},
      {
        "<user id=\"alice\" authContext=\"urs\"/>",
        "<user id=\"alice\" idPattern=\"a\" authContext=\"urs\"/>"
      },
      {
        "<MaxSessionLife units=\"hours\">2</MaxSessionLife>",
        "<IdProvider class=\"opendap.auth.Other\"/>"
      },
      {
        "<MaxSessionLife units=\"hours\">2</MaxSessionLife>",
        "<IdProvider class=\"opendap.auth.UrsIdP\"><UrsUrl>https://edl.example.org</UrsUrl><UrsClientId>a</UrsClientId><UrsClientAuthCode>b</UrsClientAuthCode></IdProvider>"
      },
      {
        "<MaxSessionLife units=\"hours\">2</MaxSessionLife>",
        "<IdProvider class=\"opendap.auth.UrsIdP\"><UrsUrl>https://urs.earthdata.nasa.gov</UrsUrl><UrsClientId>a</UrsClientId></IdProvider>"
      },
      {
        "<MaxSessionLife units=\"hours\">2</MaxSessionLife>",
        "<IdProvider class=\"opendap.auth.TomcatRealmIdP\"><isDefault/></IdProvider><IdProvider class=\"opendap.auth.TomcatRealmIdP\"><authContext>r2</authContext><isDefault/></IdProvider>"
      },
      {
        "<MaxSessionLife units=\"hours\">2</MaxSessionLife>",
        "<MaxSessionLife>soon</MaxSessionLife>"
      },
    };
    for (String[] b : bad) {
      String xml = good.replace(b[0], b[1]);
      assertFalse(xml.equals(good), b[0]);
      assertThrows(AccessConfigException.class, () -> Fixtures.config(dir, xml), b[1]);
    }
    String noPdp =
        "<UserAuthenticationAndAccess><EveryOneMustHaveId/></UserAuthenticationAndAccess>";
    assertThrows(AccessConfigException.class, () -> Fixtures.config(dir, noPdp));
    assertThrows(
        AccessConfigException.class,
        () ->
            Fixtures.config(dir, "<!DOCTYPE x [<!ENTITY e \"e\">]><UserAuthenticationAndAccess/>"));
  }

  @Test
  void oidcProvider_defaults() throws IOException {
    AccessConfig c =
        Fixtures.config(
            dir, Fixtures.rules(Fixtures.oidc("https://id.example.org/realms/x", true)));
    ProviderConfig.Oidc o = (ProviderConfig.Oidc) c.providers().get(0);
    assertEquals("olfs-fastpath", o.audience());
    assertEquals("preferred_username", o.uidClaim());
    assertEquals("groups", o.groupsClaim());
    assertEquals(java.util.List.of("openid", "profile", "email"), o.scopes());
    assertFalse(o.toString().contains("olfs-test-secret"));
  }
}
