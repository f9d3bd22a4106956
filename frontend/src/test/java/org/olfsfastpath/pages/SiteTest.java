package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

final class SiteTest {
  @Test
  void serviceUrl_trailingSlashIsDropped() {
    assertEquals(
        "http://h:8080/opendap",
        new Site("http://h:8080/opendap/", FormType.DAP4, false).serviceUrl());
  }

  @Test
  void servicePath_endsInASlash() {
    assertEquals("/opendap/", Samples.SITE.servicePath());
    assertEquals("/", new Site("https://h", FormType.DAP2, false).servicePath());
    assertEquals("/a%20b/", new Site("https://h/a%20b", FormType.DAP2, false).servicePath());
  }

  @Test
  void url_encodesTheCatalogPath() {
    assertEquals("http://example.org/opendap/nc/a%20b.nc", Samples.SITE.url("/nc/a b.nc"));
    assertEquals("http://example.org/opendap/x", Samples.SITE.url("x"));
  }

  @Test
  void serviceUrl_relative() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new Site("/opendap", FormType.DAP4, false));
    assertEquals(
        "serviceUrl was \"/opendap\", must be an absolute http or https URL without"
            + " query or fragment",
        e.getMessage());
  }

  @Test
  void serviceUrl_withQuery() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new Site("http://h/opendap?x", FormType.DAP4, false));
    assertEquals(
        "serviceUrl was \"http://h/opendap?x\", must be an absolute http or https URL"
            + " without query or fragment",
        e.getMessage());
  }

  @Test
  void serviceUrl_unparsable() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new Site("http://h/a b", FormType.DAP4, false));
    assertEquals(
        "serviceUrl was \"http://h/a b\", must be an absolute http or https URL", e.getMessage());
  }

  @Test
  void formType_fromConfig() {
    assertEquals(FormType.DAP2, FormType.fromConfig(" DAP2 "));
    assertEquals(FormType.DAP4, FormType.fromConfig("dap4"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FormType.fromConfig("dap3"));
    assertEquals("DataRequestForm type was \"dap3\", must be dap2 or dap4", e.getMessage());
  }
}
