package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSource.Child;

final class CatalogPageTest {
  private static DataSource directory(String path) {
    return new DataSource(path, false, Samples.T, 0, true, List.of(
        new Child("sub dir", false, Samples.T, 0, true),
        new Child("coads_climatology.nc", true, Samples.T, 3114044, false),
        new Child("README.txt", false, Samples.T, 120, false)));
  }

  private static String render(DataSource directory, Site site) {
    return Samples.text(CatalogPage.render(directory, site));
  }

  @Test
  void breadcrumbsLinkEveryDirectoryUpToTheRoot() {
    String page = render(directory("/nc/deep"), Samples.SITE);
    assertTrue(page.contains("<nav aria-label=\"Breadcrumb\"><ol class=\"crumbs\"><li><a"
        + " href=\"../../\">opendap</a></li><li><a href=\"../\">nc</a></li><li aria-current="
        + "\"page\">deep</li></ol></nav>"), page);
    assertTrue(page.contains("<tr class=\"up\"><td><a href=\"../\">../</a></td><td colspan=\"3\">"
        + "Parent directory</td></tr>"), page);
    assertTrue(page.contains("<h1>/nc/deep</h1>"), page);
  }

  @Test
  void root_hasNoParentLink() {
    String page = render(directory("/"), Samples.SITE);
    assertTrue(page.contains("<ol class=\"crumbs\"><li aria-current=\"page\">opendap</li></ol>"),
        page);
    assertFalse(page.contains("Parent directory"), page);
  }

  @Test
  void dataset_linksToTheDap4FormAndEveryResponse() {
    String page = render(directory("/nc"), Samples.SITE);
    assertTrue(page.contains("<tr class=\"data\"><td><a href=\"coads_climatology.nc.dmr.html\">"
        + "coads_climatology.nc</a></td><td><time datetime=\"2026-11-22T01:52:59Z\">"
        + "2026-11-22T01:52:59Z</time></td><td class=\"num\"><data value=\"3114044\""
        + " title=\"3,114,044 bytes\">3.0 MiB</data></td><td class=\"links\">"
        + "<a href=\"coads_climatology.nc.dmr.xml\">dmr.xml</a>"
        + "<a href=\"coads_climatology.nc.dap\">dap</a>"
        + "<a href=\"coads_climatology.nc.dds\">dds</a>"
        + "<a href=\"coads_climatology.nc.das\">das</a>"
        + "<a href=\"coads_climatology.nc.info\">info</a>"
        + "<a href=\"coads_climatology.nc.html\">html</a></td></tr>"), page);
    assertFalse(page.contains("coads_climatology.nc.file"), page);
  }

  @Test
  void dap2FormAndFileAccess() {
    String page = render(directory("/nc"), new Site("http://h/opendap", FormType.DAP2, true));
    assertTrue(page.contains("<td><a href=\"coads_climatology.nc.html\">coads_climatology.nc</a>"),
        page);
    assertTrue(page.contains("<a href=\"coads_climatology.nc.dmr.html\">dmr.html</a>"
        + "<a href=\"coads_climatology.nc.file\">file</a></td>"), page);
  }

  @Test
  void directoriesAndOtherFiles() {
    String page = render(directory("/nc"), Samples.SITE);
    assertTrue(page.contains("<tr class=\"dir\"><td><a href=\"sub%20dir/\">sub dir/</a></td>"
        + "<td><time datetime=\"2026-11-22T01:52:59Z\">2026-11-22T01:52:59Z</time></td>"
        + "<td class=\"num\">-</td><td class=\"links\"><a href=\"sub%20dir/catalog.xml\">thredds"
        + "</a></td></tr>"), page);
    assertTrue(page.contains("<tr class=\"file\"><td><a href=\"README.txt\">README.txt</a></td>"
        + "<td><time datetime=\"2026-11-22T01:52:59Z\">2026-11-22T01:52:59Z</time></td>"
        + "<td class=\"num\"><data value=\"120\" title=\"120 bytes\">120 B</data></td>"
        + "<td class=\"links\"></td></tr>"), page);
    assertTrue(page.contains("<p class=\"meta\">1 dataset, 1 directory, 1 other file \u00b7 <a"
        + " href=\"catalog.xml\">THREDDS catalog</a> \u00b7 <a href=\"contents.json\">JSON</a>"),
        page);
  }

  @Test
  void hostileNamesAreEscapedAndEncoded() {
    DataSource evil = new DataSource("/<b>", false, Samples.T, 0, true, List.of(
        new Child("\"><script>alert(1)</script>.nc", true, Samples.T, 1, false)));
    String page = render(evil, Samples.SITE);
    assertFalse(page.contains("<script>alert"), page);
    assertFalse(page.contains("<b>"), page);
    assertTrue(page.contains("<a href=\"%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E.nc"
        + ".dmr.html\">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.nc</a>"), page);
    assertTrue(page.contains("<li aria-current=\"page\">&lt;b&gt;</li>"), page);
    Map<String, Object> jsonLd = JsonCheck.jsonLd(page);
    assertEquals("/<b>", jsonLd.get("name"));
    assertEquals("\"><script>alert(1)</script>.nc",
        ((Map<?, ?>) ((List<?>) jsonLd.get("dataset")).get(0)).get("name"));
  }

  @Test
  void jsonLd_isADataCatalogOfTheDatasets() {
    Site site = new Site("http://h/opendap", FormType.DAP4, true);
    Map<String, Object> jsonLd = JsonCheck.jsonLd(render(directory("/nc"), site));
    assertEquals(Map.of("@context", "https://schema.org/", "@type", "DataCatalog", "name", "/nc",
        "url", "http://h/opendap/nc/", "dateModified", "2026-11-22T01:52:59Z",
        "dataset", List.of(Map.of("@type", "Dataset", "name", "coads_climatology.nc",
            "url", "http://h/opendap/nc/coads_climatology.nc.dmr.html",
            "dateModified", "2026-11-22T01:52:59Z",
            "distribution", Map.of("@type", "DataDownload",
                "contentUrl", "http://h/opendap/nc/coads_climatology.nc.file",
                "contentSize", "3114044")))), jsonLd);
  }

  @Test
  void jsonLd_rootUrlEndsInOneSlash() {
    Map<String, Object> jsonLd = JsonCheck.jsonLd(render(directory("/"), Samples.SITE));
    assertEquals("http://example.org/opendap/", jsonLd.get("url"));
    assertEquals("http://example.org/opendap/coads_climatology.nc.dmr.html",
        ((Map<?, ?>) ((List<?>) jsonLd.get("dataset")).get(0)).get("url"));
  }

  @Test
  void emptyDirectory() {
    DataSource empty = new DataSource("/e", false, Samples.T, 0, true, List.of());
    String page = render(empty, Samples.SITE);
    assertTrue(page.contains("<tr><td colspan=\"4\">This directory is empty.</td></tr>"), page);
    assertEquals(List.of(), JsonCheck.jsonLd(page).get("dataset"));
  }

  @Test
  void noScriptButJsonLd() {
    String page = render(directory("/nc"), Samples.SITE);
    assertFalse(page.contains("<script>"), page);
    assertTrue(page.contains("<script type=\"application/ld+json\">"), page);
  }

  @Test
  void aLeafIsNotADirectory() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CatalogPage.render(Samples.dataset("/a.nc", 1), Samples.SITE));
    assertEquals("/a.nc is not a directory", e.getMessage());
  }
}
