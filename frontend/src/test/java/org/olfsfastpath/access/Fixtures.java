package org.olfsfastpath.access;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;

/** A user-access.xml with a restricted collection beside open data, and session keys. */
final class Fixtures {
  private Fixtures() {}

  static byte[] randomKey() {
    byte[] k = new byte[32];
    new SecureRandom().nextBytes(k);
    return k;
  }

  static SessionKeys keys() {
    return SessionKeys.of(List.of(randomKey()));
  }

  /**
   * Rules: everyone may read everything but {@code /opendap/restricted/}, which needs the role
   * {@code readers} (the OIDC group {@code restricted-readers}, or the EDL user {@code alice}).
   */
  static String rules(String providers) {
    return "<UserAuthenticationAndAccess>\n"
        + "<MaxSessionLife units=\"hours\">2</MaxSessionLife>\n"
        + providers
        + "<PolicyDecisionPoint class=\"opendap.auth.SimplePDP\">\n"
        + "  <Policy class=\"opendap.auth.RegexPolicy\">\n"
        + "    <role>.*</role>\n"
        + "    <resource>^/opendap/(?!restricted/).*$</resource>\n"
        + "    <allowedAction>GET</allowedAction><allowedAction>HEAD</allowedAction>\n"
        + "    <allowedAction>POST</allowedAction>\n"
        + "  </Policy>\n"
        + "  <Policy class=\"opendap.auth.RegexPolicy\">\n"
        + "    <role>readers</role>\n"
        + "    <resource>^/opendap/restricted/.*$</resource>\n"
        + "    <allowedAction>GET</allowedAction><allowedAction>HEAD</allowedAction>\n"
        + "    <allowedAction>POST</allowedAction>\n"
        + "  </Policy>\n"
        + "  <Memberships>\n"
        + "    <group id=\"edl_readers\"><user id=\"alice\" authContext=\"urs\"/></group>\n"
        + "    <role id=\"readers\"><group id=\"edl_readers\"/>"
        + "<group id=\"restricted-readers\"/></role>\n"
        + "  </Memberships>\n"
        + "</PolicyDecisionPoint>\n"
        + "</UserAuthenticationAndAccess>\n";
  }

  static String oidc(String issuer, boolean isDefault) {
    return "<IdProvider class=\"org.olfsfastpath.access.OidcIdP\">\n"
        + "  <authContext>keycloak</authContext>\n"
        + (isDefault ? "  <isDefault/>\n" : "")
        + "  <Issuer>"
        + issuer
        + "</Issuer>\n"
        + "  <ClientId>olfs-fastpath</ClientId>\n"
        + "  <ClientSecret>olfs-test-secret</ClientSecret>\n"
        + "</IdProvider>\n";
  }

  static String edl(String ursUrl, String jwks, String authCode, boolean isDefault) {
    return "<IdProvider class=\"opendap.auth.UrsIdP\">\n"
        + "  <authContext>urs</authContext>\n"
        + (isDefault ? "  <isDefault/>\n" : "")
        + "  <UrsUrl>"
        + ursUrl
        + "</UrsUrl>\n"
        + "  <UrsClientId>olfs-app</UrsClientId>\n"
        + "  <UrsClientAuthCode>"
        + authCode
        + "</UrsClientAuthCode>\n"
        + "  <UrsJwksUrl>"
        + jwks
        + "</UrsJwksUrl>\n"
        + "</IdProvider>\n";
  }

  static AccessConfig config(Path dir, String xml) throws IOException {
    Path file = dir.resolve("user-access.xml");
    Files.writeString(file, xml, StandardCharsets.UTF_8);
    return UserAccessFile.read(file);
  }

  static Access access(Path dir, String xml, AccessOptions options) throws IOException {
    return Access.build(options, config(dir, xml), keys(), "/opendap", Clock.systemUTC());
  }
}
