package org.olfsfastpath.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.spec.SpecException;

/** Allowed and refused origins, preflights, {@code *} against a list, and credentials. */
final class CorsPolicyTest {
  private static final String SITE = "https://viewer.example.org";

  @Test
  void byDefault_noOrigin_asUpstream() {
    CorsPolicy none = CorsPolicy.none();
    assertFalse(none.enabled());
    assertNull(none.allowOrigin(SITE));
    assertFalse(none.varyOrigin());
    assertFalse(none.preflight(SITE, "GET", null).allowed());
  }

  @Test
  void star_allowsEveryOrigin_withoutVary() {
    CorsPolicy any = CorsPolicy.from(Map.of("allowedOrigins", "*")).build();
    assertEquals("*", any.allowOrigin(SITE));
    assertEquals("*", any.allowOrigin("null"));
    assertNull(any.allowOrigin(null));
    assertFalse(any.varyOrigin());
    assertFalse(any.credentials());
  }

  @Test
  void aList_echoesTheOrigin_exactly_withVary() {
    CorsPolicy list =
        CorsPolicy.from(Map.of("allowedOrigins", SITE + ", http://127.0.0.1:8000")).build();
    assertEquals(SITE, list.allowOrigin(SITE));
    assertEquals("http://127.0.0.1:8000", list.allowOrigin("http://127.0.0.1:8000"));
    assertNull(list.allowOrigin("https://viewer.example.org:443"));
    assertNull(list.allowOrigin("http://viewer.example.org"));
    assertNull(list.allowOrigin("null"));
    assertTrue(list.varyOrigin());
  }

  @Test
  void preflight_allowsTheDapRequestHeaders_andRefusesOthers() {
    CorsPolicy list = CorsPolicy.newBuilder().allowedOrigins(List.of(SITE)).build();
    CorsPolicy.Preflight ok =
        list.preflight(SITE, "GET", "a-api-request-uuid, Range,if-none-match");
    assertTrue(ok.allowed());
    assertEquals(SITE, ok.allowOrigin());
    assertEquals("GET, HEAD, POST, OPTIONS", ok.allowMethods());
    assertEquals("a-api-request-uuid, range, if-none-match", ok.allowHeaders());
    assertEquals("600", ok.maxAge());
    assertFalse(list.preflight(SITE, "PUT", null).allowed());
    assertFalse(list.preflight(SITE, "GET", "x-custom").allowed());
    assertFalse(list.preflight(SITE, "GET", "authorization").allowed());
    assertFalse(list.preflight("https://evil.example", "GET", null).allowed());
  }

  @Test
  void credentials_echoTheOrigin_andAllowAuthorization() {
    CorsPolicy creds =
        CorsPolicy.newBuilder().allowedOrigins(List.of(SITE)).allowCredentials(true).build();
    assertEquals(SITE, creds.allowOrigin(SITE));
    assertTrue(creds.credentials());
    assertTrue(creds.varyOrigin());
    assertTrue(creds.preflight(SITE, "GET", "Authorization").allowed());
  }

  @Test
  void starWithCredentials_isRefusedAtStart() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                CorsPolicy.from(Map.of("allowedOrigins", "*", "allowCredentials", "true")).build());
    assertTrue(
        e.getMessage().startsWith("allowedOrigins * cannot be combined with allowCredentials"));
  }

  @Test
  void somethingThatIsNoOrigin_isRefused() {
    assertThrows(
        SpecException.class,
        () -> CorsPolicy.from(Map.of("allowedOrigins", "https://a.example/path")));
    assertThrows(SpecException.class, () -> CorsPolicy.from(Map.of("allowedOrigins", "a.example")));
  }

  @Test
  void exposedHeaders_nameTheDapHeaders() {
    String exposed = CorsPolicy.none().exposedHeaders();
    for (String header : List.of("XDODS-Server", "Content-Description", "ETag", "X-Request-Id")) {
      assertTrue(exposed.contains(header), header);
    }
  }
}
