package org.olfsfastpath.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.access.AccessOptions;
import org.olfsfastpath.access.Authentication;
import org.olfsfastpath.access.Credentials;
import org.olfsfastpath.access.SessionKeys;
import org.olfsfastpath.access.UserAccessFile;

/** The access counters in the metrics and the status document: labels only, never a user. */
final class AccessMetricsTest {
  @TempDir Path dir;

  private Access access() throws Exception {
    Path file = dir.resolve("user-access.xml");
    Files.writeString(
        file,
        "<UserAuthenticationAndAccess><IdProvider class=\"opendap.auth.UrsIdP\"><isDefault/>"
            + "<UrsUrl>https://urs.earthdata.nasa.gov</UrsUrl><UrsClientId>app</UrsClientId>"
            + "<UrsClientAuthCode>YTpi</UrsClientAuthCode><UrsClientAppPublicKeys>{\"keys\":[]}"
            + "</UrsClientAppPublicKeys></IdProvider>"
            + "<PolicyDecisionPoint class=\"opendap.auth.SimplePDP\"><Policy"
            + " class=\"opendap.auth.RegexPolicy\"><role>x</role><resource>.*</resource>"
            + "<allowedAction>GET</allowedAction></Policy><Memberships/></PolicyDecisionPoint>"
            + "</UserAuthenticationAndAccess>");
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Access.build(
        AccessOptions.defaults(),
        UserAccessFile.read(file),
        SessionKeys.of(List.of(key)),
        "/opendap",
        Clock.systemUTC());
  }

  @Test
  void countersByProviderAndReason_inTheScrape_andTheStatusSection() throws Exception {
    Access access = access();
    Authentication bad = access.authenticate(new Credentials("Bearer not.a.token", null, null));
    access.decide(bad, "GET", "/opendap/x", null);
    access.decide(new Authentication.Anonymous(false), "GET", "/opendap/x", null);
    FrontEndMetrics metrics = new FrontEndMetrics();
    try {
      metrics.monitorAccess(access);
      String text = metrics.scrape();
      assertTrue(text.contains("olfs_access_refusals_total{reason=\"invalid_token\"} 1.0"), text);
      assertTrue(text.contains("olfs_access_refusals_total{reason=\"login_required\"} 1.0"), text);
      assertTrue(text.contains("olfs_logins_total{idp=\"urs\",result=\"ok\"} 0.0"), text);
      assertTrue(text.contains("olfs_token_checks_total{idp=\"urs\",result=\"ok\"} 0.0"), text);
      assertTrue(text.contains("olfs_provider_calls_total{idp=\"urs\"} 0.0"), text);
      assertTrue(text.contains("olfs_session_cookies_total{what=\"issued\"} 0.0"), text);
    } finally {
      metrics.close();
    }
    Map<String, Object> section = StatusSections.access(access);
    assertEquals(true, section.get("enabled"));
    assertEquals(List.of("urs"), section.get("providers"));
    assertEquals(Map.of("invalid_token", 1L, "login_required", 1L), section.get("refusals"));
    assertFalse(section.toString().contains("not.a.token"));
    assertEquals(Map.of("enabled", false), StatusSections.access(null));
  }
}
